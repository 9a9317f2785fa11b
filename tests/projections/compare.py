"""Read models as plain data, to compare what incremental processing and a rebuild produced."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from projections.models import READ_MODEL_TABLES
from projections.store import ReadStore


class JsonText(str):
    """A JSON column's text as stored, equal to another when the texts are equal or, failing that, when they hold
    the same JSON value (keys in any order): most rows are written the same way both times, and comparing their
    text spares decoding and encoding every row (the 300-game rebuild's frames are 30,000 of them)."""

    __hash__ = None  # type: ignore[assignment]  (equal values may have different texts: never a key)

    def __eq__(self, other: object) -> bool:
        if str.__eq__(self, other) is True:
            return True
        if not isinstance(other, str):
            return NotImplemented
        return _normal(self) == _normal(other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self) -> str:
        return f"JsonText({str.__repr__(self)})"


def contents(store: ReadStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model table's rows (tracking included), in primary-key order, JSON values as ``JsonText``."""
    out = {}
    with store.connect() as conn:
        for table in READ_MODEL_TABLES:
            keys = list(table.primary_key.columns)
            json_columns = [isinstance(c.type, sa.JSON) for c in table.columns]
            columns = [sa.cast(c, sa.Text).label(c.name) if is_json else c
                       for c, is_json in zip(table.columns, json_columns)]
            rows = conn.execute(sa.select(*columns).order_by(*keys)).all()
            out[table.name] = [tuple(_plain(v, is_json) for v, is_json in zip(row, json_columns)) for row in rows]
    return out


def counts(store: ReadStore) -> dict[str, int]:
    """How many rows each read-model table holds."""
    with store.connect() as conn:
        return {t.name: conn.execute(sa.select(sa.func.count()).select_from(t)).scalar() for t in READ_MODEL_TABLES}


def _normal(text: str) -> str:
    return json.dumps(json.loads(text), sort_keys=True)


def _plain(value: Any, is_json: bool) -> Any:
    if is_json:
        return None if value is None or value == "null" else JsonText(value)
    return str(value) if value is not None and not isinstance(value, (int, str, bool, float)) else value
