from django.contrib import admin

from . import privacy
from .models import User


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    list_display = ("display_name", "email", "email_verified", "is_guest", "is_staff", "date_joined")
    search_fields = ("display_name", "email", "pending_email")
    list_filter = ("is_guest", "email_verified", "is_staff")

    # Deleting here closes the account as its owner would: its games stay (games.tables.departures).
    def delete_model(self, request, obj: User) -> None:
        privacy.close_account(obj.pk, keep_names=False)

    def delete_queryset(self, request, queryset) -> None:
        for user_id in queryset.values_list("pk", flat=True):
            privacy.close_account(user_id, keep_names=False)
