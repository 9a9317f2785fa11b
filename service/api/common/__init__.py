"""What routes, streams and middleware share: the dependencies (``deps``), one table from errors to HTTP
(``errors``), the error responses each route documents (``responses``), store reads bounded in time
(``store_reads``).

May import: domain, service, service.access, service.api.commands, service.api.schemas, service.game
"""
