"""Who at a table gets no e-mail from it because their address is not confirmed, told on the table.

An e-mail game stalls on a player whose turn mails never go; the table says so to the two people
who can do something about it: that player (with the way to confirm) and the host. Only names are
shown, never an address.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.models import Game, Seat


def unconfirmed_notes(game: Game, seats: list[Seat], user) -> list[dict]:
    """For ``user`` viewing the table: ``{"name", "mine"}`` per person there whose address awaits
    confirming, the host seeing everyone's (her own too), a player only their own."""
    if user is None or not user.is_authenticated or game.status == Game.Status.FINISHED:
        return []
    if game.game_kind.policy(game).one_sitting:  # a solo run sends no mail anyway
        return []
    is_host = game.host_id == user.pk
    names = {s.user_id: s.name for s in seats if s.user_id and not s.left and not s.is_bot}
    if is_host:
        names.setdefault(user.pk, user.display_name)
    asked = set(names) if is_host else {user.pk} & set(names)
    if not asked:
        return []
    waiting = (
        get_user_model()
        .objects.filter(pk__in=asked, is_active=True, email_verified=False)
        .exclude(email="")
        .exclude(email__isnull=True)
        .values_list("pk", flat=True)
    )
    mine = [{"name": names[pk], "mine": pk == user.pk} for pk in waiting]
    return sorted(mine, key=lambda note: (not note["mine"], note["name"]))
