"""Domain errors: every refusal carries a machine-readable code, the rule's article and the field.

Its message is a ``Message`` when it was raised with a key (``msg("game.bag_too_few", count=6)``, or
``DomainError(key=..., params=...)``): English text, as every ``str`` reads it, that also knows its key and parameters,
so the service can say it in the reader's language (docs/languages.md). A plain English string still works: it is
said as it is, in English, in every language.
"""

from __future__ import annotations

from typing import Any


def _catalogue():
    """The message catalogue, imported on the first message: a run that raises none (``planilla gcg verify`` of
    files that add up) does not pay for the catalogue's import."""
    from domain.messages import catalogue

    return catalogue


class Message(str):
    """A refusal's text in English that keeps its catalogue key and parameters, to be said in another language."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, params: dict[str, Any] | None = None) -> Message:
        params = dict(params or {})
        english = _catalogue().render(key, {name: str(value) if isinstance(value, Message) else value
                               for name, value in params.items()})
        text = super().__new__(cls, english if english is not None else f"{key} {params}")
        text.key, text.params = key, params
        return text

    def __reduce__(self) -> Any:  # copied or pickled, it stays a Message
        return (Message, (self.key, self.params))

    def said_in(self, lang: str) -> str:
        """The text in ``lang`` (``es``, ``ca``, ``en``); a parameter that is itself a Message is said in it too."""
        params = {name: said_in(value, lang) for name, value in self.params.items()}
        return _catalogue().render(self.key, params, lang) or str(self)


def msg(key: str, /, **params: Any) -> Message:
    """The message of ``key`` in the catalogue (domain/messages), with its parameters."""
    return Message(key, params)


def word(kind: str, code: str) -> str:
    """A code said as a word (``word("role", "spectator")``: spectator, espectador, espectador) when the catalogue has
    ``kind.code``; else the code itself."""
    key = f"{kind}.{code}"
    return Message(key) if key in _catalogue().CATALOGUE else code


def said_in(text: object, lang: str) -> object:
    """``text`` in ``lang`` when it is a Message; anything else (a plain English string, a number) as it is."""
    if isinstance(text, Message) and lang in _catalogue().LANGUAGES:
        return text.said_in(lang)
    return text


class DomainError(Exception):
    """Raised when an input or a command breaks a rule of the game or of the notation."""

    code = "domain_error"

    def __init__(
        self,
        message: str | None = None,
        *,
        key: str | None = None,
        params: dict[str, Any] | None = None,
        code: str | None = None,
        article: str | None = None,
        field: str | None = None,
        position: int | None = None,
    ) -> None:
        if key is not None:
            message = Message(key, params)
        super().__init__(message)
        self.message: str = message or ""
        if code is not None:
            self.code = code
        self.article = article
        self.field = field
        self.position = position

    def to_dict(self) -> dict[str, object]:
        """The error as a plain dict: code, article, field, position, message."""
        return {
            "code": self.code,
            "article": self.article,
            "field": self.field,
            "position": self.position,
            "message": self.message,
        }


class NotationError(DomainError):
    """Raised when a word, rack or coordinate cannot be read in the tile set's notation."""

    code = "notation"


class PlacementError(DomainError):
    """Raised when a play breaks a placement rule (line, contiguity, connection, first play)."""

    code = "placement"
