"""Everything that touches the outside, one package per bounded context with the same nouns as ``domain/``:
``game``, ``tournament``, ``duplicate``, ``lexicon``, ``trust``, ``hall``, ``gcg``; above them ``access``
(tokens, seat codes, idempotency, the service's application) and the doors ``api`` (HTTP) and ``cli``.
At the root only what every context shares: ``settings`` (where the events live), ``store_check`` (whether
a store can be used as given, said in one line before anything is created), ``store_health``
(when the store cannot write), ``actor`` (who records a fact, the clock), ``principal`` (who a request
speaks for) and ``hub`` (wake-ups after each save).

May import: domain, projections
"""
