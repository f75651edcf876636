"""What a table's open pages are told besides new versions: the table is gone, a seat was taken away,
a rematch was asked for (the end screen redraws its invitation).

Mixed into the table's consumer. The page shows the sentence in place of the
board (``static/js/live.js``); a removed seat's notice reaches only that
player's pages.
"""

from __future__ import annotations


class NoticesMixin:
    async def game_gone(self, event: dict) -> None:
        await self.send_json({"gone": event["message"]})

    async def game_removed(self, event: dict) -> None:
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and user.pk == event["user_id"]:
            await self.send_json({"removed": event["message"]})

    async def game_rematch(self, event: dict) -> None:
        await self.send_json({"rematch": True})
