"""The federation's public log of round seals and its witnesses (issue 29, "The public log and its witnesses").

``keys``: Ed25519 keys for a log (signed-note type 0x01) and a witness (cosignature type 0x04), kept in PEM
files, through the ``cryptography`` library. ``log``: the append-only Merkle log of round seals on the federation's
store, its signed checkpoints (C2SP tlog-checkpoint), inclusion and consistency proofs, and asking witnesses
to cosign. ``witness``: the C2SP tlog-witness process (``planilla witness serve``) and its durable state.
``verify``: a checkpoint against a log key and a quorum of witness keys, and a seal's inclusion in it.
The formats and proofs themselves are pure: ``domain.tlog``.

The archive (issue 29, "The archive"): ``store`` (PostgreSQL or SQLite through plain SQL, a connection per
thread), ``archive`` (officers, enrolled halls and events, pushed games, seals and results, alarms),
``push`` (a push signed by the hall's service key, and its authentication), ``http`` (the stateless service
``planilla federation serve``), ``bundle`` (a game's proof bundle, made and checked offline), ``outbox`` (the
hall's store-and-forward queue of pushes and the thread that drains it), ``results`` (a tournament's results
as the hall pushes them, with its standings: attested, not logged), ``pages`` (the public pages, rendered without
a script: the frame, events, an event's games), ``pages_people`` (an event's standings, a player's history,
search), ``pages_officers`` (the officers' page), ``queries`` (what those pages read: players known by
federation id and never merged by name, hidden players, refused pushes), ``ratings`` (the rating officer's
export files, and a federation's formula plugged in as data), ``duplicates`` (a finished duplicate as the hall
pushes it and the archive keeps it: attested, not logged). ``replay`` (an archived game's history turned back into the
Game's events and replayed with the hall's ``state_at`` and sheet projector), ``pages_replay`` (its public page).

May import: domain, projections, service.duplicate, service.game, service.tournament, service.trust
"""
