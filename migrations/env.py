"""Alembic environment: the target is ``projections.store.target_metadata()``.

``ReadStore.migrate`` hands its open connection over in ``config.attributes["connection"]`` (an
in-memory database has only that one); the ``alembic`` command line uses ``sqlalchemy.url``
from ``alembic.ini`` or ``-x url=...``. Only tables of the metadata are compared, so the event
store's own tables in a shared PostgreSQL database are never touched by autogenerate.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from projections.store import target_metadata

config = context.config
metadata = target_metadata()


def include_name(name, type_, parent_names):
    """Compare only the tables this metadata owns."""
    return type_ != "table" or name in metadata.tables


def configure(**kwargs) -> None:
    context.configure(target_metadata=metadata, compare_type=True, render_as_batch=True,
                      include_name=include_name, **kwargs)


def url() -> str:
    return context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")


def run_offline() -> None:
    configure(url=url(), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(url(), poolclass=NullPool)
    with engine.connect() as connection:
        configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
