"""The refusals' words: one catalogue entry per message key, in English, Spanish and Catalan (docs/languages.md).

Plain Python data, so that the domain renders its English message without reading a file; the service picks the
reader's language when it answers.
"""
