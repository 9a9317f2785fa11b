"""``python -m service.cli``: the ``planilla`` command."""

from service.cli.main import main

main()
