"""The reader's language: chosen from ``Accept-Language`` for each request, and the refusals said in it.

The service speaks ``es``, ``ca`` and ``en`` (the catalogues of domain/messages). A request's language is the one of
ours with the highest weight in its ``Accept-Language`` (``es-ES`` counts as ``es``, ``ca-ES-valencia`` as ``ca``);
with no header, ``*``, or only languages we do not speak, it is English: the language every refusal is raised in,
and the one scripts and the existing clients have always read (docs/languages.md). The language is kept in a
context variable set by ``service.api.middleware.language`` for the whole request, so the error table, and any
route that writes a refusal into its answer, say it without being handed the request.
"""

from __future__ import annotations

from contextvars import ContextVar

from domain.errors import said_in

SPOKEN = ("es", "ca", "en")
DEFAULT = "en"
LANGUAGE: ContextVar[str] = ContextVar("planilla_language", default=DEFAULT)
#: What an error answer says about its language (the contract declares both).
VARY = "Accept-Language"


def negotiate(header: str | None) -> str:
    """The language of ours ``header`` weighs highest (the first of equal weights), else English."""
    best, best_q = DEFAULT, 0.0
    for part in (header or "").split(",")[:20]:
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if primary in SPOKEN and q > best_q:
            best, best_q = primary, q
    return best


def current() -> str:
    """The language of the request being answered."""
    return LANGUAGE.get()


def said(text: object) -> object:
    """A refusal's message in the request's language (a plain English message stays as it is)."""
    return said_in(text, current())


def headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The headers of an answer in the request's language: ``Content-Language`` and ``Vary``."""
    return {**(extra or {}), "Content-Language": current(), "Vary": VARY}
