"""The game context: the games' use cases on the eventsourcing application (``application``, the arbiter's
in ``arbiter``, the tablets' in ``tablets``, the round's time in ``round_time``), the store beneath them
(``store``: cache, locks, snapshots; ``deferred``: commands prepared on the loop; ``commit``: group
commit; ``pgstore``: the PostgreSQL recorder; ``sqlitestore``: the SQLite one, which checkpoints the
write-ahead log in a thread of its own; ``folder_changes``: its data folder's changes, which the store watch
sleeps on), the virtual ``bag``, the hall's ``seating``, what a
caller sees of a game (``views``), and games to GCG and back (``gcg_record``).

May import: domain, projections, service, service.gcg, service.trust
"""
