"""The only package that knows HTTP. At its root the composition: ``app`` (``create_app``), ``serve``
(``planilla serve`` on uvicorn), ``config``, ``contract`` (``openapi/openapi.json``), ``console``
(``/docs``), ``fast_path`` (the command route's hot path), the projector child: ``projector_process`` (started,
watched, stopped), ``projector_fork`` (its first start, forked) and ``projector_child`` (its work). Rooms: ``routes``
(one router per resource), ``schemas`` (the bodies by resource), ``commands`` (the command bodies
and their dispatch table), ``streams`` (game, hall and public streams, the fan-out and its writer
process), ``middleware`` (body limit, timeouts, last heard, every failure answered), ``common``
(dependencies, the error table, documented responses, bounded store reads).

May import: projections, service, service.access, service.api.common, service.api.middleware,
    service.api.routes, service.api.streams, service.duplicate, service.federation, service.game, service.hall,
    service.tournament, service.trust
"""
