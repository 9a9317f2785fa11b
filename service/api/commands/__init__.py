"""The commands a game takes over HTTP: what every command model shares (``base``), the tablets' and
the arbiter's commands (``tablet``, ``arbiter``) and the tagged union with its dispatch table
(``dispatch``).

May import: domain, service.game
"""
