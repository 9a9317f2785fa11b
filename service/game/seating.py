"""The tablets at each table for the hall console: which devices hold each seat and when each was last
heard from, and the two alerts they raise.

- ``second_device``: a seat held by more than one live device (one writer per seat; the game's
  ``device_warnings`` say the same to the tablets);
- ``silent``: while the game is in play, a seat whose every bound device has been silent for more
  than ``silent_after`` seconds (counted from its binding when it was never heard in this process).

Bindings come from the games (the application's cached aggregates: no copy of a game is made); when
each device was last heard from comes from memory (``service.api.middleware.heard``), never from an event.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any
from uuid import UUID

from projections.hall import ordered

#: Seconds without a word from a seat's tablet before the hall says it is silent (the default).
SILENT_AFTER = 60


def _seconds(at: str | None) -> float | None:
    if not at:
        return None
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _iso(seconds: float | None) -> str | None:
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def with_tablets(tables: list[dict[str, Any]], devices_of: Any, heard_of: Any, now: float,
                 silent_after: int = SILENT_AFTER) -> list[dict[str, Any]]:
    """Each table with ``seats`` (per seat its live devices: device, token id, bound at, last heard, silent
    seconds, connected) and the ``second_device`` and ``silent`` alerts; ordered again, alerts first."""
    for table in tables:
        live = devices_of(UUID(table["game_id"]))
        seats = []
        for seat, player in enumerate(table["players"]):
            held = []
            for d in (d for d in live if d["seat"] == seat):
                last, connected = heard_of(d["device"])
                bound = _seconds(d.get("bound_at"))
                since = max(x for x in (last, bound, 0.0) if x is not None)
                held.append({"device": d["device"], "token_id": d["token_id"], "bound_at": d.get("bound_at"),
                             "last_heard_at": _iso(last), "connected": connected,
                             "silent_seconds": 0 if connected else max(0, int(now - since))})
            seats.append({"seat": seat, "player": player, "devices": held})
        table["seats"] = seats
        alerts = list(table["alerts"])
        if any(len({d["device"] for d in s["devices"]}) > 1 for s in seats):
            alerts.append("second_device")
        in_play = table["status"] == "in_progress" and table["state"] not in ("signing", "ended", "closed")
        if in_play and any(s["devices"] and min(d["silent_seconds"] for d in s["devices"]) > silent_after
                           for s in seats):
            alerts.append("silent")
        table["alerts"] = alerts
    return ordered(tables)
