"""Whole games worked out beforehand for the benches' tablets: the bot of ``tests/application/script.py`` plays each
on an in-memory store, and every command it sent becomes a request body, with the tiles it drew, for a ``replay``
bag (every tile given), so no play has to be searched for while a bench runs."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the bot comes from tests/application/script.py

from domain.game import events as ev  # noqa: E402
from service.game.application import GamesApplication  # noqa: E402
from service.settings import settings_env  # noqa: E402
from tests.application.script import Bot, long_game  # noqa: E402


class RecordingBot(Bot):
    """The bot, remembering which events each command recorded."""

    def send(self, method: str, *args: Any, **kwargs: Any) -> int:
        before = self.version
        after = super().send(method, *args, **kwargs)
        self.steps[-1] = (self.steps[-1], before, after)  # type: ignore[call-overload]
        return after


def scripted_game(seed: int) -> list[tuple[str | int, dict[str, Any]]]:
    """One complete game as (sender, command body) pairs; sender is a seat or ``"director"``."""
    app = GamesApplication(settings_env("memory"), rng=random.Random(seed))
    import tests.application.script as script

    original = script.Bot
    script.Bot = RecordingBot  # long_game builds its bot from the module
    try:
        bot = long_game(app, seed=seed)
    finally:
        script.Bot = original
    events = list(app.repository.event_store.get(bot.game_id))
    out: list[tuple[str | int, dict[str, Any]]] = []
    for step, before, after in bot.steps:  # type: ignore[misc]
        produced = events[before:after]
        sender: str | int = int(step.by.actor.split(":")[1]) if step.by.actor.startswith("player:") else "director"
        body = _body(step, produced)
        out.append((sender, body))
        draws = [e for e in produced if isinstance(e, ev.TilesDrawn)]
        if step.method != "draw_tiles":  # the virtual bag's refill after an acceptance: explicit in a replay
            out += [(d.seat, {"type": "draw_tiles", "seat": d.seat, "tiles": list(d.tiles)}) for d in draws]
    app.close()
    return out


def _body(step: Any, produced: list[Any]) -> dict[str, Any]:
    method, args, kwargs = step.method, step.args, step.kwargs
    if method == "draw_for_start":
        return {"type": method, "tiles": list(produced[0].tiles)}
    if method == "draw_tiles":
        return {"type": method, "seat": args[0], "tiles": list(produced[0].tiles)}
    if method == "place_tiles":
        return {"type": method, "seat": args[0], "coordinates": args[1], "word": args[2]}
    if method == "exchange_tiles":
        done = next(e for e in produced if isinstance(e, ev.TilesExchanged))
        return {"type": method, "seat": args[0], "tiles": list(done.returned), "drawn": list(done.drawn)}
    if method == "rule_challenge":
        return {"type": method, "valid": args[0], "authority": args[1]}
    if method == "sign":
        return {"type": method, "seat": args[0], "signature": args[1]}
    if method == "decide_off_centre":
        return {"type": method, "seat": args[0], "accept": args[1]}
    return {"type": method, "seat": args[0], **kwargs}  # accept, challenge, pass_turn
