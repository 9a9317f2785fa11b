"""``python -m service.cli``: the ``planilla`` command."""

from service.cli import main

main()
