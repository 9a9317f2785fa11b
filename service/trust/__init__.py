"""Keys and attestations: players' ECDSA P-256 and the service's Ed25519 key (``keys``, through the
``cryptography`` library), the ``planilla-audit/2`` export and round seals (``attest``); their offline
check is ``domain.game.attested``.

May import: domain
"""
