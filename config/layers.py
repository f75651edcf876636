"""The layer rule a list cannot keep: game folders found by their engine, checked by import-linter.

A game is a package directly under ``games`` with an ``engine`` module. The platform (every
other project module) imports no game folder, so no list of games is kept anywhere; a game
folder imports only itself, the modules its contract names (``game_may_import``), the standard
library and installed packages — which keeps games apart as well.
"""

from __future__ import annotations

import grimp
from importlinter import Contract, ContractCheck, fields, output


class GameFoldersContract(Contract):
    """``type = "game_folders"``: options ``games`` (the package holding game folders),
    ``shared`` (game-side packages the platform may not import either, such as the decks) and
    ``game_may_import`` (the platform packages a game may use)."""

    type_name = "game_folders"

    games = fields.StringField()
    shared = fields.ListField(subfield=fields.StringField(), required=False)
    game_may_import = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        folders = game_folders(graph, str(self.games))
        shared = [str(name) for name in (self.shared or [])]
        game_side = folders + shared
        allowed = [str(name) for name in self.game_may_import] + shared
        roots = set(self.session_options["root_packages"])
        breaches = []
        for importer in sorted(graph.modules):
            own = _within(importer, folders)
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                if imported.split(".")[0] not in roots:
                    continue  # the standard library and installed packages
                if own is None and not _within(importer, game_side) and _within(imported, game_side):
                    breaches.append((importer, imported, "the platform imports a game"))
                elif own is not None and not (_within(imported, [own]) or _within(imported, allowed)):
                    breaches.append((importer, imported, "a game imports outside its contract"))
        return ContractCheck(kept=not breaches, metadata={"breaches": breaches, "games": folders})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported, why in check.metadata["breaches"]:
            output.print_error(f"{importer} -> {imported} ({why})")
        output.new_line()
        output.print(f"Game folders found: {', '.join(check.metadata['games'])}")


def game_folders(graph: grimp.ImportGraph, games: str) -> list[str]:
    """The packages directly under ``games`` that hold an ``engine`` module."""
    return sorted(child for child in graph.find_children(games) if f"{child}.engine" in graph.modules)


def _within(module: str, packages: list[str]) -> str | None:
    """The package of ``packages`` that ``module`` is or lies in, if any."""
    for package in packages:
        if module == package or module.startswith(package + "."):
            return package
    return None
