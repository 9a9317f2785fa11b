"""The hall: its certificate authority for ``planilla serve --tls`` (``tls``), the plain-HTTP door to the
authority's page (``door``), the public broadcast's delay (``broadcast``) and what the public board
shows of a game (``public_board``); how the hall server's processes wait for one another's end without waking
(``process_end``).

May import: domain, projections, service, service.game
"""
