"""``/docs``: the browsable contract (Swagger UI), served from this machine, never from a CDN.

FastAPI's own page loads Swagger UI's script and styles from a public CDN, so in a hall without
internet the console the README promises is a blank page. Here the same page is built on the
assets of an installed package (``swagger-ui-bundle-v2``: Swagger UI 5, which reads OpenAPI 3.1),
served under ``/docs/assets``. None of these routes is part of the contract.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from starlette.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

DOCS = "/docs"
ASSETS = "/docs/assets"
OAUTH2_REDIRECT = "/docs/oauth2-redirect"


def install(app: FastAPI) -> None:
    """Add ``/docs``, its OAuth2 redirect page and its assets to ``app`` (created with ``docs_url=None``)."""
    app.mount(ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")

    @app.get(DOCS, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} - console",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
                                   oauth2_redirect_url=OAUTH2_REDIRECT,
                                   # no badge fetched from the public validator: nothing leaves the hall
                                   swagger_ui_parameters={"validatorUrl": None})

    @app.get(OAUTH2_REDIRECT, include_in_schema=False)
    async def oauth2_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()
