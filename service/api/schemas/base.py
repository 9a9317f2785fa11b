"""What the contract's schema modules share: the example helper, the example ids, and the types of a game's
fields that more than one resource carries (``game_schemas``, ``gcg_schemas``, ``event_schemas``).

Shape only is checked in the schemas (types, lengths, patterns); the game's rules are the aggregate's, and
answer 422. Every model carries an example, which ``openapi/openapi.json`` shows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from service.api.commands.base import Whole

from domain.profiles import PROFILES

Profile = Literal[tuple(PROFILES)]  # type: ignore[valid-type]
Status = Literal["in_progress", "ended", "closed"]
TableNumber = Annotated[Whole, Field(ge=1, le=100_000)] | Annotated[str, Field(min_length=1, max_length=20)] | None
#: A UUID as Python's ``uuid.UUID`` reads it from a body: 32 hexadecimal digits, grouped by hyphens or not.
UUID_PATTERN = r"^[0-9a-fA-F]{8}(-?[0-9a-fA-F]{4}){3}-?[0-9a-fA-F]{12}$"
GAME_ID = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
TOKEN = "pl_4q5rJ0b3m1xW0kZ8yT2vN6cH9sD7fG1aL3eR5uI8oP0"
HASH = "9b0f6c1e3a5d7f9b1c3e5a7d9f1b3c5e7a9d1f3b5c7e9a1d3f5b7c9e1a3d5f7b"


def _example(value: dict[str, Any]) -> ConfigDict:
    return ConfigDict(extra="forbid", json_schema_extra={"examples": [value]})
