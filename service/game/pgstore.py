"""The event store's PostgreSQL recorder, writing a batch of events in one round trip.

The library's recorder inserts in a pipeline: ``BEGIN``, ``SET LOCAL lock_timeout``, ``LOCK TABLE
… IN EXCLUSIVE MODE``, ``NOTIFY``, the ``INSERT … RETURNING``, a sync to read the new notification
ids, then ``COMMIT``: two round trips, and after each the writer thread waits to take the
interpreter's lock back from a busy event loop (bench/README.md). Here the same statements run
inside one PL/pgSQL function called in autocommit mode, so the batch is one statement, one round
trip, and one transaction, with the same guarantees:

- **the table lock**: taken inside the function and held to its commit, so notification ids are
  committed in the order they were issued and a reader of the log never passes a gap that fills
  in later (the reason the library takes it);
- **all or nothing**: one statement in autocommit is one transaction; a duplicate
  ``(originator_id, originator_version)`` fails the whole batch with the library's
  ``IntegrityError``, as before;
- **the notification** to subscribers, sent at commit.

The events travel as four arrays, one a column, not as one array of the library's composite type: psycopg dumps a
composite field by field in Python (20 microseconds of the writer's interpreter time an event, against 10 as
arrays of plain values, measured at 1, 10 and 30 events), and the writer holds the interpreter's lock meanwhile.

The library ships a similar function (``POSTGRES_ENABLE_DB_FUNCTIONS``), but without the table
lock, and under one name per schema whatever the table; this one is named after its table.

``LoopConnection`` calls the same function from an event loop, on a connection of that loop's own
(``psycopg.AsyncConnection``): the group commit's writer on the loop (``service.game.loop_writer``)
sends a batch and the loop goes on until the answer is there, so no thread waits to take the
interpreter's lock back from the busy loop between the call and its answer (bench/README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

#: Seconds a loop's connection may take to open (a server that does not answer fails the batch over to the pool
#: rather than holding the loop's writer until the system's TCP timeout): within a caller's 8 s bound.
CONNECT_TIMEOUT = 5


def columns(stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    """The function's four arguments: the events' ids, versions, topics and states, one array each."""
    return ([e.originator_id for e in stored_events], [e.originator_version for e in stored_events],
            [e.topic for e in stored_events], [e.state for e in stored_events])


class OneTripRecorder(PostgresApplicationRecorder):
    """``PostgresApplicationRecorder`` whose ``insert_events`` is one call of a function of its own."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.insert_function = f"{self.events_table_name}_insert"
        schema, table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        function = Identifier(self.insert_function)
        self.sql_create_statements.append(SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{function}("
            "ids uuid[], versions bigint[], topics text[], states bytea[]) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
            "BEGIN "
            "    SET LOCAL lock_timeout = '{lock_timeout}s'; "
            "    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
            "    NOTIFY {channel}; "
            "    RETURN QUERY "
            "    INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
            "    SELECT * FROM unnest(ids, versions, topics, states) "
            "    RETURNING notification_id; "
            "END; $BODY$").format(
                schema=schema, function=function, table=table, lock_timeout=self.datastore.lock_timeout,
                channel=Identifier(self.channel_name)))
        self.sql_insert_one_trip = SQL(
            "SELECT * FROM {schema}.{function}(%s::uuid[], %s::bigint[], %s::text[], %s::bytea[]) "
            "AS t(notification_id)").format(schema=schema, function=function)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.sql_insert_one_trip, columns(stored_events), prepare=True)
            return [row["notification_id"] for row in curs.fetchall()]

    def loop_connection(self) -> LoopConnection:
        """A connection for the running event loop's writer, opened at its first batch."""
        return LoopConnection(self)


class LoopConnection:
    """One event loop's own connection to the store, writing a batch through the recorder's function.

    Opened at the first batch, with the connection settings of the library's pool, in autocommit (the function's
    call is its own transaction, as on the pool's connections). Any failure closes it, so the next batch opens a
    fresh one; the caller writes the failed batch again through the library's pool (``LoopWriter``), which retries
    a lost connection, writes a batch with a taken version entry by entry and names store conditions.
    """

    def __init__(self, recorder: OneTripRecorder) -> None:
        self.recorder = recorder
        self._conn: psycopg.AsyncConnection[Any] | None = None

    async def insert_events(self, stored_events: Sequence[StoredEvent]) -> list[int]:
        """Write the batch (one statement, one transaction); its notification ids in order."""
        if self._conn is None or self._conn.closed:
            settings = dict(self.recorder.datastore.pool.kwargs)
            settings.pop("row_factory", None)
            self._conn = await psycopg.AsyncConnection.connect(**settings, autocommit=True,
                                                               connect_timeout=CONNECT_TIMEOUT)
        try:
            async with self._conn.cursor() as curs:
                await curs.execute(self.recorder.sql_insert_one_trip, columns(stored_events), prepare=True)
                return [row[0] for row in await curs.fetchall()]
        except BaseException:  # noqa: BLE001 - a failed or cancelled call leaves the connection in doubt
            self.close()
            raise

    def close(self) -> None:
        """Close the connection now, from any thread (its loop may be closed already): nothing is under way on it."""
        conn, self._conn = self._conn, None
        if conn is not None and not conn.closed:
            conn.pgconn.finish()
