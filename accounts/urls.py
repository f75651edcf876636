from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import views
from .forms import EmailAuthenticationForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("profile/email/", views.change_email, name="change_email"),
    path("verify/send/", views.send_verification, name="send_verification"),
    path("verify/<str:token>/", views.verify_email, name="verify_email"),
    path("time-zone/", views.time_zone, name="time_zone"),
    path("profile/data/", views.my_data, name="my_data"),
    path("profile/close/", views.close_account, name="close_account"),
    path(
        "login/",
        auth_views.LoginView.as_view(authentication_form=EmailAuthenticationForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password/reset/",
        views.PasswordResetView.as_view(
            success_url=reverse_lazy("password_reset_done"),
            email_template_name="registration/password_reset_email.txt",
            subject_template_name="registration/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("password_reset_complete")),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(success_url=reverse_lazy("profile")),
        name="password_change",
    ),
]
