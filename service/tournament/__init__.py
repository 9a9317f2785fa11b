"""The tournament context: its use cases on the games' store (``application``) and the live standings'
feed (``feed``).

May import: domain, service, service.game
"""
