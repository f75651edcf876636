from django.conf import settings
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("pads/", include("scoresheets.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("", include("games.urls")),
]

if settings.DEBUG:
    urlpatterns += [path("dev/", include("games.dev_urls"))]
