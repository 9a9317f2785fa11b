"""The round's rack: its vowels and consonants, the draw from a seed, and when the bag can give no more.

FISC II.3 and AJS 3.2.4: the judge completes the previous round's remainder to seven tiles (fewer when
the bag has no more); through round 15 a valid rack holds at least two vowels and two consonants, from
round 16 one of each, and one of each to the end once all the vowels or all the consonants but one are
gone; a blank counts as a vowel or as a consonant. When no valid rack can be had, the game ends
(FISC II.6, AJS 3.2.7), as it does when every vowel or every consonant has been used.

The draw is pure: ``draw`` is given a seed (the service makes it with a CSPRNG, or takes the seed a
federation published for every site) and draws from it deterministically, so anyone can draw again
from the recorded seed and get the same tiles and the same rejected draws.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import NamedTuple, Sequence

from domain.tiles import BLANK, TileSet

RACK = 7
MAX_ATTEMPTS = 10_000


class Mix(NamedTuple):
    """How many vowels, consonants and blanks some tiles hold."""

    vowels: int
    consonants: int
    blanks: int


def mix(tiles: Sequence[str], tileset: TileSet) -> Mix:
    vowels = tileset.vowels
    v = sum(1 for t in tiles if t in vowels)
    b = sum(1 for t in tiles if t == BLANK)
    return Mix(v, len(tiles) - v - b, b)


def is_valid(tiles: Sequence[str], minimum: int, tileset: TileSet) -> bool:
    """At least ``minimum`` vowels and ``minimum`` consonants, each blank counted as either (FISC II.3)."""
    v, c, b = mix(tiles, tileset)
    return max(0, minimum - v) + max(0, minimum - c) <= b


def scarce(pool: Sequence[str], tileset: TileSet) -> bool:
    """All the vowels or all the consonants but one are gone from the bag and the rack (FISC II.3)."""
    v, c, _ = mix(pool, tileset)
    return v <= 1 or c <= 1


def can_give(pool: Sequence[str], minimum: int, tileset: TileSet) -> bool:
    """Whether some rack of ``min(7, len(pool))`` tiles from ``pool`` is valid."""
    if len(pool) <= RACK:
        return bool(pool) and is_valid(pool, minimum, tileset)
    v, c, b = mix(pool, tileset)
    for nb in range(min(b, RACK) + 1):
        for nv in range(min(v, RACK - nb) + 1):
            nc = RACK - nb - nv
            if nc <= c and max(0, minimum - nv) + max(0, minimum - nc) <= nb:
                return True
    return False


def exhausted(pool: Sequence[str], tileset: TileSet) -> str | None:
    """``vowels_used`` or ``consonants_used`` when none of them is left (FISC II.6, AJS 3.2.7), else None."""
    v, c, _ = mix(pool, tileset)
    if v == 0:
        return "vowels_used"
    if c == 0:
        return "consonants_used"
    return None


class Draw(NamedTuple):
    """A draw: the rack (the remainder first, when kept), the tiles taken from the bag (the whole rack after a
    rejection), and each rejected rack in order."""

    rack: tuple[str, ...]
    drawn: tuple[str, ...]
    rejected: tuple[tuple[str, ...], ...]


def draw(bag: Sequence[str], remainder: Sequence[str], minimum: int, tileset: TileSet, seed: str,
         round_no: int) -> Draw | None:
    """Complete ``remainder`` from ``bag`` with the generator seeded by ``seed`` and the round; an invalid
    rack goes back whole and seven are drawn again (the "whole_rack" redraw). None when no valid rack can
    be had from the bag and the remainder."""
    pool = sorted([*bag, *remainder])
    if not can_give(pool, minimum, tileset):
        return None
    rng = Random(f"{seed}/{round_no}")
    rejected: list[tuple[str, ...]] = []
    keep = list(remainder)
    left = sorted(bag)
    for _ in range(MAX_ATTEMPTS):
        need = min(RACK - len(keep), len(left))
        taken = rng.sample(left, need)
        rack = (*keep, *taken)
        if is_valid(rack, minimum, tileset):
            return Draw(tuple(rack), tuple(taken), tuple(rejected))
        rejected.append(tuple(rack))
        keep, left = [], pool
    return None  # pragma: no cover - can_give said a valid rack exists; 10,000 misses in a row is not seen


def fits(bag: Sequence[str], remainder: Sequence[str], rack: Sequence[str]) -> bool:
    """Whether a judge's rack can come from the bag and the remainder together (which tiles it must hold is
    ``holds``)."""
    return not (Counter(rack) - Counter([*bag, *remainder]))


def holds(rack: Sequence[str], remainder: Sequence[str]) -> bool:
    """Whether ``rack`` holds every tile of the previous round's ``remainder`` (FISC II.3, AJS 3.2.4: the judge
    adds tiles from the bag to the remainder). Only a rack holding it may be returned as invalid; after that
    the whole rack is back in the bag and the next draw is free of it (``Redraw.WHOLE_RACK``)."""
    return not (Counter(remainder) - Counter(rack))
