"""Read models: the Game's events turned into SQL tables that are cheap to read (docs/projections.md).

``store.ReadStore`` is the database (``wal`` puts a new SQLite file in WAL mode, for the federation's stores
too), ``projector.Projector`` keeps it up to date exactly once,
``queries`` reads scoresheets, settlements, status and the directors' index, ``replay`` the board
after any event, ``audit`` the hash-linked trail straight from the event store.

May import: domain
"""
