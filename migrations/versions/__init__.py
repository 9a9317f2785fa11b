"""Migration scripts, oldest first: ``0001`` creates the read models."""
