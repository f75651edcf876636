from django.contrib import admin

from .models import User


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    list_display = ("display_name", "email", "is_guest", "is_staff", "date_joined")
    search_fields = ("display_name", "email")
    list_filter = ("is_guest", "is_staff")
