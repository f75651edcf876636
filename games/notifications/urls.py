from django.urls import path

from games.notifications import views

urlpatterns = [
    path("", views.prefs, name="notify_prefs"),
    path("holidays/", views.add_holiday, name="notify_add_holiday"),
    path("holidays/<id:holiday_id>/delete/", views.delete_holiday, name="notify_delete_holiday"),
    path("mute/<code:code>/", views.mute, name="notify_mute"),
    path("unsubscribe/<str:token>/", views.unsubscribe_link, name="notify_unsubscribe"),
]
