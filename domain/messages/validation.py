"""Refusals of validation: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
}
