"""The contract's bodies by resource (``game``, ``event``, ``read``, ``token``, ``gcg``, ``health``,
``seat``, ``public``, ``duplicate``, ``tournament``, ``round``) and what they share (``base``). Class
names stay unique across modules: FastAPI would name clashing ones by module.

May import: domain, service.access, service.api.commands
"""
