"""How the routers' routes reach an app: their operation ids, and the routes added as they are.

FastAPI 0.16x keeps an included router nested and, on an app's first request, builds every route's
parameters, models and validators again for that app (about 0.5 s of CPU an app: a server's first answer, and
every app a test builds). The routers here are module-level, with no prefix, tag or setting given at the
include, so their routes, built once at import, are the app's routes as they stand: ``mount`` adds them
directly. Each router names its operations as the contract does (``operation_id``), which an include took from
the app.
"""

from __future__ import annotations

from typing import Any

from fastapi.routing import APIRoute


def operation_id(route: APIRoute) -> str:
    """Stable operation ids, ``<tag>-<function name>`` (full-stack-fastapi-template)."""
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def mount(app: Any, router: Any) -> None:
    """``router``'s routes on ``app``, in order, the same objects (see the module's note)."""
    app.router.routes.extend(router.routes)
