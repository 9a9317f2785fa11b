"""One router per resource.

May import: domain, pages, projections, service, service.access, service.api.commands, service.api.common,
    service.api.middleware, service.api.schemas, service.api.streams, service.duplicate, service.game,
    service.federation, service.gcg, service.hall, service.tournament, service.trust
"""
