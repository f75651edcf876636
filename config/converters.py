"""The site's own URL converters, registered once by config.urls before any pattern reads them."""

from __future__ import annotations

from games.tables.invites import normalize_code


class DatabaseId:
    """A row's id in a URL (``<id:group_id>``): at most 18 digits, below every database's largest
    integer, so a longer number is an address that matches nothing (the site's 404) instead of a
    query the database refuses (SQLite raises OverflowError on numbers past 2**63)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int | str) -> str:
        return str(value)


class TableCode:
    """A table's code in a URL (``<code:code>``), read as people pass it on ("7pv-uar",
    "7PV UAR"): the view gets it as stored. A code that is only separators matches nothing."""

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        code = normalize_code(value)
        if not code:
            raise ValueError("not a table code")
        return code

    def to_url(self, value: str) -> str:
        return str(value)
