"""Invariants of random legal games for every profile, driven only through the aggregate's commands."""

import copy
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.game import Game
from domain.game.chain import record_of, verify_chain
from domain.game.errors import GameClosed
from domain.profiles import PROFILES
from domain.tiles import full_bag
from tests.factories import meta, play_random_game
from tests.scenes import play_with_incidents

PROFILE_IDS = sorted(PROFILES)
SEEDS = st.integers(0, 2**32 - 1)


def state(game):
    return {k: copy.deepcopy(v) for k, v in vars(game).items() if k not in {"_pending_events", "_modified_on"}}


def accounted(game):
    """Bag, racks, board and set-aside together hold the whole set, each tile once (virtual bag: racks known)."""
    everything = game.board_tiles() + Counter(game.set_aside) + game.unseen()
    for rack in game.racks:
        everything += Counter(rack)
    assert everything == Counter(full_bag(game.tileset))
    assert sum(game.unseen().values()) == game.bag_count()
    assert all(len(r) == n for r, n in zip(game.racks, game.rack_counts))


def scores_add_up(game):
    """Each running score is the sum of that player's recorded turn scores (FILE 40)."""
    for seat in range(len(game.players)):
        assert game.scores[seat] == sum(t["score"] for t in game.turns if t["seat"] == seat)


def replays_as_seen(game, seen):
    """Replaying the game's events gives the state seen live at every version, and the chain verifies."""
    events = game.collect_events()
    replayed = None
    for event in events:
        replayed = event.mutate(replayed)
        if replayed.version in seen:
            assert state(replayed) == seen[replayed.version], f"version {replayed.version}"
    assert verify_chain(record_of(e) for e in events) is None


@pytest.mark.parametrize("profile", PROFILE_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_random_game_keeps_tiles_and_scores_and_replays_at_every_version(profile, seed):
    """All 100 tiles in exactly one place; scores = sum of events; replay = live at every version."""
    seen = {}

    def check(game):
        accounted(game)
        scores_add_up(game)
        seen[game.version] = state(game)

    game = play_random_game(profile, seed, check=check)
    assert game.phase == "ended"
    replays_as_seen(game, seen)


@pytest.mark.parametrize("profile", PROFILE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_settlement_adds_up_and_closed_game_accepts_nothing(profile, seed):
    """Final score = running score + rack adjustment; after every signature, every command is refused (FILE 43)."""
    game = play_random_game(profile, seed)
    settlement = game.settlement
    assert settlement is not None
    for row in settlement["players"]:
        assert row["final_score"] == (game.scores[row["seat"]] + row["rack_adjustment"] - row["time_penalty"]
                                      - row["sanctions"] + row["result_adjustment"])
    assert sum(r["rack_adjustment"] for r in settlement["players"]) in (0, None) or settlement["cause"] != "out"
    for seat in range(len(game.players)):
        game.sign(seat, f"sig-{seat}", meta(f"player:{seat}"))
    assert game.phase == "closed"
    before = game.version
    attempts = [
        lambda: game.pass_turn(game.turn, meta()),
        lambda: game.sign(0, "again", meta()),
        lambda: game.draw_tiles(0, meta(), count=1),
        lambda: game.place_tiles(game.turn, "H8", "AS", meta()),
        lambda: game.end_game("director", meta()),
        lambda: game.challenge(1, meta()),
    ]
    for attempt in attempts:
        with pytest.raises(GameClosed):
            attempt()
    assert game.version == before


@pytest.mark.parametrize("profile", PROFILE_IDS)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_state_is_json_native_so_a_snapshot_comes_back_equal(profile, seed):
    """Snapshot state survives a JSON round trip unchanged: no tuples, sets or int keys."""
    game = play_random_game(profile, seed)
    snapshot = Game.Snapshot.take(game)
    raw = {k: v for k, v in snapshot.state.items() if not k.startswith("_")}
    assert json.loads(json.dumps(raw)) == raw
    restored = snapshot.mutate(None)
    assert state(restored) == state(game)


@pytest.mark.parametrize("profile", PROFILE_IDS)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_tiles_scores_replay_and_snapshot_hold_through_the_arbiters_incidents(profile, seed):
    """Overdraws and their corrections (every procedure), underdraws, lost turns, SENYORS, clock readings and
    stops, sanctions and sheet entries: every tile is still in one place, each score is the sum of its turns,
    the replay equals the live game at every version, the chain verifies, a snapshot comes back equal, and
    every settled row adds up."""
    seen = {}

    def check(game):
        accounted(game)
        scores_add_up(game)
        actions = game.next_actions()
        assert actions and all(callable(getattr(Game, a["type"], None)) for a in actions), actions
        seen[game.version] = state(game)

    game = play_with_incidents(profile, seed, check=check)
    assert game.phase == "ended"
    replays_as_seen(game, seen)
    snapshot = Game.Snapshot.take(game)
    raw = {k: v for k, v in snapshot.state.items() if not k.startswith("_")}
    assert json.loads(json.dumps(raw)) == raw and state(snapshot.mutate(None)) == state(game)
    for row in game.settlement["players"]:
        assert row["final_score"] == (game.scores[row["seat"]] + row["rack_adjustment"] - row["time_penalty"]
                                      - row["sanctions"] + row["result_adjustment"])
        assert row["sanctions"] == game.sanction_points()[row["seat"]]
