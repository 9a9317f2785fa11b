"""Every application on one store shares its name: the library names a subclass after itself unless it says
otherwise, and names the store's tables after that name (PostgreSQL's ``planilla_events``), so a projector
child running ``GamesApplication`` and a server running ``ServiceApplication`` must both say "Planilla"."""

from service.access.application import ServiceApplication
from service.game.application import GamesApplication
from service.game.store import GameStore


def test_every_application_class_on_the_store_is_named_planilla():
    assert GameStore.name == GamesApplication.name == ServiceApplication.name == "Planilla"
