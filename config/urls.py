from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from games import webapp

urlpatterns = [
    path("admin/", admin.site.urls),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("favicon.ico", webapp.favicon, name="favicon"),
    path("accounts/", include("accounts.urls")),
    path("pads/", include("scoresheets.urls")),
    path("groups/", include("groups.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("", include("games.urls")),
]

if settings.DEBUG:
    urlpatterns += [path("dev/", include("games.dev_urls"))]
