"""Pages that exist only in DEBUG: the mail the site would have sent."""

from django.urls import path

from games.web import dev_views

urlpatterns = [
    path("mail/", dev_views.mailbox, name="dev_mailbox"),
    path("mail/<str:name>/", dev_views.mail_message, name="dev_mail_message"),
]
