"""The ``planilla`` command line: ``main`` (the entry point, which runs ``gcg verify`` without Typer) and one
module per command group (``gcg``, ``projections``, ``audit``, ``serve``, ``token``, ``lexicon``,
``tournament``, ``witness`` with ``log``), the store options they share in ``store``.

May import: domain, projections, service, service.access, service.api, service.duplicate, service.federation,
    service.game, service.gcg, service.lexicon, service.tournament, service.trust
"""
