"""The duplicate context: duplicate games' use cases on the games' store (``application``: seeds, the
computed master on a loaded lexicon, a duplicate's history for the audit export).

May import: domain, service.game, service.lexicon
"""
