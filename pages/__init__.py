"""The pages people hold: static ES modules, styles and catalogues, served by ``service.api.routes.pages``.

This package holds no Python logic: the rules stay in the service, and the pages only show what
the service answers and send what a person entered.
"""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
