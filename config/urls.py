from django.contrib import admin
from django.urls import include, path, register_converter

from games.web import webapp

from .converters import DatabaseId, TableCode

register_converter(DatabaseId, "id")
register_converter(TableCode, "code")  # before the apps' patterns below are read

urlpatterns = [
    path("admin/", admin.site.urls),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("favicon.ico", webapp.favicon, name="favicon"),
    path("accounts/", include("accounts.urls")),
    path("pads/", include("scoresheets.urls")),
    path("groups/", include("groups.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("", include("games.urls")),
    path("dev/", include("games.web.dev_urls")),  # the mail viewer: it answers where settings allow it
]
