"""The virtual bag: the one place where tiles are drawn at random, never inside the domain.

In a ``virtual`` game every rack is known, so the tiles the game has not seen are exactly the
bag. The application draws from them with its generator (``secrets.SystemRandom`` in service)
and hands the exact tiles to the aggregate. Physical and replay bags pass the caller's tiles on.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from domain.errors import msg
from domain.game import Game
from domain.game.aggregate import RACK
from domain.game.errors import RackError, RuleViolation


def draw(game: Game, count: int, given: list[str] | None, rng: Random, *, cap: bool = False) -> list[str]:
    """The caller's tiles outside a virtual bag; inside one, ``count`` at random (``cap``: at most the bag)."""
    if game.bag_mode != "virtual":
        return list(given or [])
    if given is not None:
        raise RuleViolation(msg("service.virtual_bag_draws_tiles"), code="virtual_bag", field="tiles")
    bag = sorted(game.unseen().elements())  # sorted, so a seeded generator repeats its draws
    if count > len(bag) and not cap:
        raise RackError(msg("service.only_tiles_left_bag", n_bag=len(bag)), field="count", article="FILE 27")
    return rng.sample(bag, min(count, len(bag)))


def refill_count(game: Game, seat: int) -> int:
    """How many tiles bring the player back to seven, as far as the bag allows (FILE 32)."""
    return max(0, min(RACK - game.rack_counts[seat], game.bag_count()))


def pick(game: Game, way: dict[str, object], rng: Random) -> list[str]:
    """The tiles an overdraw correction takes at random: from the tiles just drawn or from the whole rack
    (``Game.overdraw_procedure`` says which and how many)."""
    seat = game.overdraw["seat"]
    pool = game.overdraw["drawn"] if way["pool"] == "drawn" else game.racks[seat]
    return rng.sample(sorted(pool), int(way["size"]))


def redraw(game: Game, shown: list[str], rng: Random) -> list[str]:
    """Seven tiles from the bag with the shown rack put back in it first (Molins 16 SENYORS)."""
    pool = sorted((game.unseen() + Counter(shown)).elements())
    return rng.sample(pool, min(RACK, len(pool)))
