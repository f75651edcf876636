from django.contrib import admin

from .models import ScoreSheet


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ("token", "kind", "owner", "version", "updated_at")
    list_filter = ("kind",)
    search_fields = ("token", "names")
    raw_id_fields = ("owner",)
