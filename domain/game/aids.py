"""The one playing aid a tablet may show, and only where allowed: the tiles a player has not seen.

FILE 27 lets a player count the tiles left in the bag at any time; a list of every unseen tile goes
further, and the device articles forbid aids (FILE 5.4: no device "que pueda representar ventaja";
FILE 5.5: phones only as clock and lexicon; FISC I.5: no electronic devices unless the organisers
allow them). So the profile setting ``conduct.unseen_tiles_shown`` is off in every profile, and a
game shows the list only when its organisers allowed it at creation (``details.unseen_tiles``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.tiles import BLANK, full_bag


def unseen_tiles_allowed(game: Any) -> bool:
    """True when this game's tablets may show each player the tiles they have not seen."""
    given = (game.details or {}).get("unseen_tiles")
    return game.book.conduct.unseen_tiles_shown if given is None else bool(given)


def unseen_by(game: Any, seat: int) -> list[str]:
    """The tiles ``seat`` has not seen, sorted: the full set less the board, the tiles set aside and the
    known tiles on their own rack (the rivals' racks count as unseen, as the bag does)."""
    pool = Counter(full_bag(game.tileset))
    for cell in game.board:
        if cell is not None:
            pool[BLANK if cell.islower() else cell] -= 1
    for tile in list(game.set_aside) + list(game.racks[seat]):
        pool[tile] -= 1
    order = {t: i for i, t in enumerate([*game.tileset.letters, BLANK])}
    return sorted((+pool).elements(), key=lambda t: order.get(t, len(order)))
