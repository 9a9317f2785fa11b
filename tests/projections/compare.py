"""Read models as plain data, to compare what incremental processing and a rebuild produced."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from projections.models import READ_MODEL_TABLES
from projections.store import ReadStore


def contents(store: ReadStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model table's rows (tracking included), in primary-key order, JSON values normalised."""
    out = {}
    with store.connect() as conn:
        for table in READ_MODEL_TABLES:
            keys = list(table.primary_key.columns)
            rows = conn.execute(sa.select(table).order_by(*keys)).all()
            out[table.name] = [tuple(_plain(v) for v in row) for row in rows]
    return out


def counts(store: ReadStore) -> dict[str, int]:
    """How many rows each read-model table holds."""
    with store.connect() as conn:
        return {t.name: conn.execute(sa.select(sa.func.count()).select_from(t)).scalar() for t in READ_MODEL_TABLES}


def _plain(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True)
    return str(value) if value is not None and not isinstance(value, (int, str, bool, float)) else value
