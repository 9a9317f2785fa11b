"""Alembic migrations of the read models (and of any other table in ``SQLModel.metadata``)."""
