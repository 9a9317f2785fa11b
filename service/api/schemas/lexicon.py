"""The lexicons loaded in the service's data folder (``GET /v1/lexicons``): what the judge's desk offers for a
computed master, and whether its verdicts are advisory (docs/lexicon.md)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from service.api.schemas.base import _example

SHA = "3c9f1b2a7e5d4c6b8a0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3"


class LexiconInfo(BaseModel):
    """One compiled word list: its name, tile set, whether the organiser declared it official, its source's digest."""

    model_config = _example({"name": "disc-wcatalan", "tileset": "catalan", "official": False, "advisory": True,
                             "sha256": SHA, "source": "catalan", "words": 541016})
    name: str = Field(description="the name a computed master gives (`lexicon`)")
    tileset: str = Field(description="the tile set it is spelt in: a game in another set cannot use it")
    official: bool = Field(description="loaded with `--official`: the organiser declared it the federation's list")
    advisory: bool = Field(description="not official: every verdict it gives is advisory, and says so")
    sha256: str = Field(description="the SHA-256 of the list it was compiled from (recorded with each verdict)")
    source: str = Field(description="the list's file name")
    words: int = Field(description="how many distinct words (as tiles) it holds")


class LexiconList(BaseModel):
    model_config = _example({"lexicons": [LexiconInfo.model_config["json_schema_extra"]["examples"][0]],  # type: ignore[index]
                             "count": 1})
    lexicons: list[LexiconInfo]
    count: int
