from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="pads"),
    path("blank/<slug:slug>/", views.pad_blank, name="pad_blank"),
    path("game/<code:code>/", views.pad_game, name="pad_game"),
    path("sheets/new/", views.sheet_new, name="sheet_new"),
    path("sheets/<str:token>/", views.sheet, name="sheet"),
    path("sheets/<str:token>/undo/", views.sheet_undo, name="sheet_undo"),
    path("sheets/<str:token>/pdf/", views.sheet_pdf, name="sheet_pdf"),
]
