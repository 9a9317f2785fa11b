"""Who may do what: access tokens, seat codes and idempotency records as stored aggregates (``tokens``,
``seat_codes``, ``idempotency``: their modules never move, their topics are stored), a seat's binding
(``binding``) and the service's application (``application``: games plus tokens, the revocation
watch, the live listeners).

May import: domain, service, service.game, service.hall, service.trust
"""
