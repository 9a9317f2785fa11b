"""The options every store-using command shares: ``--data`` or ``--database-url``."""

from __future__ import annotations

from typing import Optional

DATA_HELP = "Data folder for the embedded SQLite store (events.sqlite3, readmodels.sqlite3; default: ./data)."
URL_HELP = "Database URL instead of a data folder: postgresql://user@host:port/db[?schema=name] or sqlite:///path."


def store_of(data: Optional[str], database_url: Optional[str]) -> str:
    """Where the events live: ``--database-url`` if given, else the data folder (default ``./data``)."""
    return database_url or data or "data"


def one_store(data: Optional[str], database_url: Optional[str]) -> str:
    """As ``store_of``, refusing both at once (a usage error, exit 2)."""
    if data and database_url:
        import typer

        raise typer.BadParameter("give --data or --database-url, not both", param_hint="--data")
    return store_of(data, database_url)
