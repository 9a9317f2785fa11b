"""The hall: its certificate authority for ``planilla serve --tls`` (``tls``), the plain-HTTP door to the
authority's page (``door``), the public broadcast's delay (``broadcast``) and what the public board
shows of a game (``public_board``).

May import: domain, projections, service, service.game
"""
