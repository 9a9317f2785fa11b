"""What every command model shares: field types, the example helper, and a row of the dispatch table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, NamedTuple
from uuid import UUID

from pydantic import ConfigDict, Field

from service.application import Actor, GamesApplication

Tile = Annotated[str, Field(min_length=1, max_length=3, pattern=r"^(\?|[A-ZÑÇ][A-ZÑÇ·]{0,2})$",
                             description="A tile as on a rack: A, Ñ, CH, L·L, NY, QU; ? for a blank.")]
Tiles = Annotated[list[Tile], Field(max_length=7)]
Seat = Annotated[int | None, Field(ge=0, le=7, description="The acting seat; a player token's own seat by default.")]
Version = Annotated[int, Field(ge=1, le=1_000_000, description="The version the sender last saw (409 if stale).")]
Text = Annotated[str, Field(min_length=1, max_length=500)]


def cfg(example: dict[str, Any]) -> ConfigDict:
    """A command model's config: unknown fields refused, one example, and strict types: a number a person
    gives (a seat, minutes late, points, a version) must be a JSON integer and a yes/no a JSON boolean, so
    ``true``, ``"5"``, ``"05"`` or ``5.0`` is refused (400) rather than read as 1 or 5."""
    return ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [example]})


Call = Callable[[GamesApplication, UUID, Any, Actor, int | None], int]


class Row(NamedTuple):
    """Who may send a command, and how it reaches the application (the acting seat resolved already).

    ``seat_field`` names the field that says which seat acts (``seat``, or ``noticed_by``,
    ``sheet``, ``asked_by``): a player token may fill it only with its own seat.
    """

    who: Literal["seat", "players", "officials"]
    call: Call
    seat_field: str = "seat"


def v(c: Any) -> dict[str, int]:
    """The ``expected_version`` keyword of a command."""
    return {"expected_version": c.expected_version}
