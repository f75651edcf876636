"""The mail viewer's pages (games.web.dev_views): they answer in DEBUG and in the embedded default only."""

from django.urls import path

from games.web import dev_views

urlpatterns = [
    path("mail/", dev_views.mailbox, name="dev_mailbox"),
    path("mail/<str:name>/<int:number>/", dev_views.mail_message, name="dev_mail_message"),
    path("mail/<str:name>/<int:number>/body/", dev_views.mail_body, name="dev_mail_body"),
]
