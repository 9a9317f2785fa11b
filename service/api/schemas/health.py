"""The service's health: whether the event store answers and writes, and the read models' lag."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from service.api.schemas.base import _example


class Health(BaseModel):
    """Whether the event store answers and writes, and how fast."""

    model_config = _example({"status": "ok", "store": {"reachable": True, "kind": "sqlite", "latency_ms": 0.4,
                                                       "writes": "ok", "last_write_error": None},
                             "projections": {"reachable": True, "running": True, "lag": 0, "error": None}})
    status: Literal["ok", "degraded"] = Field(description="`degraded`: the store answers but cannot write now "
                                                          "(`store.writes`: `failing` or `stalled`).")
    store: dict[str, Any] = Field(description="`reachable`, `kind`, `latency_ms`; `writes` (`ok`, `failing`, "
                                              "`stalled`) and `last_write_error` (`code`, `message`, `detail`, "
                                              "`at`) or null.")
    projections: dict[str, Any] = Field(description="The read models: reachable, the projector running, `lag` "
                                                    "(stored events not yet projected), its last error.")
    public: dict[str, Any] | None = Field(None, description=(
        "The public board's streams: `streams` open, `held_by_writer` (written by the writer process), `writer` "
        "(`process`: a writer process writes the plain-HTTP streams; `restarting`: it ended and is starting again, "
        "this process writes meanwhile; `loop`: this process writes them all), `writer_restarts`, `dropped` (viewers "
        "cut as too slow to read)."))
