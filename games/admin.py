"""Staff views of games. The state snapshot and the seed stay out: hidden
information leaves the server only through an engine's view."""

from __future__ import annotations

from django.contrib import admin, messages

from games.models import Game, Move, Notification, Seat
from games.play.replay import replay


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("position", "name", "user", "is_bot", "awaiting", "left")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("code", "kind", "status", "players", "move_count", "host", "updated_at")
    list_filter = ("kind", "status")
    search_fields = ("code", "host__display_name", "host__email")
    fields = (
        "code",
        "kind",
        "status",
        "options",
        "host",
        "players",
        "version",
        "move_count",
        "created_at",
        "started_at",
        "finished_at",
    )
    readonly_fields = fields
    inlines = [SeatInline]
    actions = ["check_replay"]

    @admin.action(description="Replay from the move log and compare with the snapshot")
    def check_replay(self, request, queryset) -> None:
        for game in queryset.exclude(state=None):
            if replay(game) == game.state:
                self.message_user(request, f"{game.code}: replays to its snapshot.", messages.SUCCESS)
            else:
                self.message_user(request, f"{game.code}: does NOT replay to its snapshot.", messages.ERROR)

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "seat", "summary", "created_at")
    search_fields = ("game__code",)
    fields = ("game", "number", "seat", "summary", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = (
        "kind",
        "claim",
        "user",
        "game",
        "created_at",
        "due_at",
        "sent_at",
        "skipped",
        "attempts",
        "last_error",
    )
    list_filter = ("kind", "claim", "skipped")
    search_fields = ("user__email", "game__code")
    readonly_fields = (
        "dedupe_key",
        "claim",
        "seat",
        "turn",
        "created_at",
        "due_at",
        "claimed_at",
        "sent_at",
        "attempts",
        "last_error",
    )
