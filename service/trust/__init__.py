"""Keys and attestations: players' ECDSA P-256 and the service's Ed25519 key (``keys``, through the
``cryptography`` library), the ``planilla-audit/2`` export, round seals and players' receipts (``attest``);
their offline check is ``domain.game.attested`` and ``domain.game.receipt``, and one export's whole report
(the verdict on its hands, the receipt, what it cannot answer) is ``verdict``.

May import: domain
"""
