"""A URLconf of its own, for tests/config/test_links.py."""

from django.http import HttpResponse
from django.urls import path

urlpatterns = [path("elsewhere/<str:code>/", lambda request, code: HttpResponse(), name="poll")]
