"""Every step the service offers a seat has a control on the tablet (issue 28).

The games are walked through the aggregate's commands in every profile (the start, the deal, plays, exchanges,
passes, challenges the arbiter or the players rule, appeals, overdraws, SENYORS, sanctions, the end racks, the
signatures, the closed game); every action ``next_actions`` lists for a player (role ``player``) must be in the
page's map (pages/static/js/offers.js: a control, or a report the page sends by itself), and every control the
map names must be drawn by the page's panels and wired to a handler. The walk must reach every entry of the map
too, so the map holds nothing the service never offers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domain.errors import PlacementError
from domain.game import Game
from domain.profiles import PROFILES
from tests.factories import deal, meta, new_game
from tests.scenes import DIRECTOR, play_with_incidents, started

JS = Path(__file__).resolve().parents[2] / "pages" / "static" / "js"
STATIC = JS.parent


def _object(source: str, name: str) -> dict[str, str]:
    """A flat ``export const NAME = { key: 'value', ... }`` of a page module, read as data."""
    body = re.search(r"export const " + name + r" = \{(.*?)\n?\};", source, re.S).group(1)
    body = re.sub(r"//[^\n]*", "", body)
    return dict(re.findall(r"['\"]?([\w-]+)['\"]?\s*:\s*'([^']*)'", body))


OFFERS = (JS / "offers.js").read_text(encoding="utf-8")
CONTROLS = _object(OFFERS, "CONTROLS")
SENT_BY_PAGE = _object(OFFERS, "SENT_BY_PAGE")
DRAWN = "".join((JS / name).read_text(encoding="utf-8") for name in ("panels.js", "steps.js"))
WIRED = "".join((JS / name).read_text(encoding="utf-8") for name in ("controls.js", "steps.js"))


def player_actions(game: Game, seen: set[tuple[str, str]]) -> None:
    for action in game.next_actions():
        if action["role"] == "player":
            seen.add((action["type"], game.profile))


def walk(profile: str) -> set[tuple[str, str]]:
    """The player actions one profile's games list, walked through many waiting states."""
    seen: set[tuple[str, str]] = set()
    look = lambda g: player_actions(g, seen)  # noqa: E731
    look(Game.create(profile, ["Ana", "Bea"], meta("director:test")))  # before the start (FILE 4)
    for seed in (1, 2, 3):  # random games with the arbiter's incidents: overdraws, SENYORS, sanctions, challenges
        game = play_with_incidents(profile, seed, check=look)
        look(game)
        for seat in range(len(game.players)):
            if game.phase == "ended" and str(seat) not in game.signatures and game.settlement is not None:
                game.sign(seat, game.players[seat], meta(f"player:{seat}"))
                look(game)
    # A first play off the centre: the opponent decides where the profile says so (FILE 20; FISC I.6 refuses it).
    game = started(profile)
    try:
        game.place_tiles(0, "D4", "CASA", meta("player:0"))
        look(game)
    except PlacementError:
        pass
    # A challenge, its ruling (by the players where they rule, FILE 41.1) and an appeal (FILE 41.2).
    game = started(profile)
    game.place_tiles(0, "H8", "CASA", meta("player:0"))
    look(game)
    game.challenge(1, meta("player:1"))
    look(game)
    if game.players_rule():
        game.rule_challenge(True, None, meta("player:1"), seat=1)
        look(game)
        game.confirm_ruling(0, meta("player:0"))
    else:
        game.rule_challenge(True, "test lexicon", DIRECTOR)
    look(game)
    if game.appellants():
        game.appeal(game.appellants()[0], "look again", meta())
        look(game)
        if game.players_rule():
            game.rule_appeal(True, None, meta("player:0"), seat=0)
            look(game)
    # A standing sanction, appealed where the profile has a tribunal (FILE 47, FISE 49).
    if game.book.conduct.min_sanction_points:
        game = started(profile)
        game.sanction(0, game.book.conduct.min_sanction_points, "talk", DIRECTOR)
        look(game)
    # A physical bag to its end: the end racks are declared (the service does not know them).
    game = started(profile, bag_mode="physical")
    for _ in range(8):  # scoreless turns end the game where the profile says so (FILE 44.2)...
        if game.phase == "playing":
            game.pass_turn(game.turn, meta(f"player:{game.turn}"))
    if game.phase == "playing":  # ... elsewhere the director ends it (FILE 44.5)
        game.end_game("director", DIRECTOR)
    look(game)
    return seen


WALKED = {kind: profile for profile in sorted(PROFILES) for kind, profile in walk(profile)}


@pytest.mark.parametrize("kind", sorted(WALKED))
def test_every_action_offered_to_a_player_has_a_control_or_is_sent_by_the_page(kind):
    assert kind in CONTROLS or kind in SENT_BY_PAGE, (
        f"{kind} is offered to a player ({WALKED[kind]}) but the tablet has no control for it (offers.js)")


def test_the_walk_reaches_every_entry_of_the_map():
    assert set(CONTROLS) | set(SENT_BY_PAGE) <= set(WALKED), sorted(set(CONTROLS) | set(SENT_BY_PAGE) - set(WALKED))


@pytest.mark.parametrize("kind", sorted(CONTROLS))
def test_each_control_is_drawn_and_wired(kind):
    control = CONTROLS[kind]
    drawn = f'id="{control}"' in DRAWN or re.search(r'class="[^"]*\b' + re.escape(control) + r'\b', DRAWN)
    wired = re.search(r"""['"]?""" + re.escape(control) + r"""['"]?: \(""", WIRED)
    assert drawn, f"no control {control!r} drawn for {kind}"
    assert wired, f"no handler for {control!r} ({kind})"


def test_the_articles_the_tablet_names_are_the_profiles_own():
    """FILE 4.1 and 4.3, FISC I.5, Molins 2...: the page's maps of articles say what the profiles say."""
    articles = json.loads((STATIC / "profile_articles.json").read_text(encoding="utf-8"))
    start = _object(OFFERS, "START_ARTICLE")
    assert start == {p: articles[p]["start.draw_tie"] for p in PROFILES}
    pairing = _object(OFFERS, "PAIRING_ARTICLE")
    from domain.profiles.kinds import Adjudicator, Starter
    assert set(pairing) == {p for p, book in PROFILES.items() if book.start.starter == Starter.PAIRING_LIST}
    assert all(v in articles[p]["start.starter"] for p, v in pairing.items())
    players = _object(OFFERS, "PLAYERS_RULE")
    rule = {Adjudicator.PLAYERS_APP, Adjudicator.ARBITER_OR_PLAYERS}
    assert players == {p: articles[p]["challenge.adjudicator"] for p, book in PROFILES.items()
                       if book.challenge.adjudicator in rule}
