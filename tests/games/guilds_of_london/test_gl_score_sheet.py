"""Issue 33 item 8: Guilds of London's score sheet traces every point to the tile, vote, token, plantation vote,
action card, reward card or pair of masters that gave it (as City and Guilds' does), instead of one "Scored during the
game" line; it names every player's masters alike ("Lamplighters and Tea Blenders", never "your masters"); and the
game log names action cards without their numbers ("(#57)")."""

from __future__ import annotations

import json
import random
import re

import pytest
from gl_helpers import PL, at, card_index, cleared, first_card_with, give_cards, make_master, put, run
from test_gl_scoring import quiet, swap_to

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT, SYMBOL_BIT
from guildtable.games.guilds_of_london.flow import final_scoring
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import BadRecord
from guildtable.kernel.i18n import use_language
from guildtable.kernel.scoresheet import ScoreSheetJSON

RED, BLUE = 1, 2
NAMES = ("Ann", "Bob", "Cy", "Di")


def played_out(players: int, seed: int) -> tuple[GuildsState, list[str]]:
    """A whole game of random moves; the state at its end and every log line a spectator read, in both languages."""
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, GuildsState)
    rng = random.Random(f"sheet-{players}-{seed}")
    lines: list[str] = []
    while not state.is_terminal:
        for event in state.apply(rng.choice(state.legal_actions())):
            for language in ("en", "de"):
                with use_language(language):
                    lines.append(GAME.describe_event(event, NAMES[:players]))
    return state, lines


def sheet(state: GuildsState, language: str = "en") -> ScoreSheetJSON:
    with use_language(language):
        return state.score_sheet().to_json()


def lines_of(shown: ScoreSheetJSON, title: str) -> dict[str, list[float]]:
    category = next(c for c in shown["categories"] if c["title"] == title)
    return {entry["label"]: entry["points"] for entry in category["lines"]}


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (3, 5), (4, 3)])
def test_gl_whole_games_sheet_itemises_every_point_in_plain_words(players: int, seed: int) -> None:
    """Issue 33 item 8: at the end of whole games every VP has its source (the ledger adds up to the VP track), the
    sheet has no lump "Scored during the game" and no unitemised "Other points", and every title and line is plain
    words: no id, no card number, no "your"/"you" (the sheet is public: the columns say whose points they are)."""
    state, _lines = played_out(players, seed)
    for seat in range(players):
        assert sum(vp for s, vp, _kind, _what in state.ledger if s == seat) == state.vp[seat]
    for language in ("en", "de"):
        shown = sheet(state, language)
        assert shown["totals"] == [float(v) for v in state.vp]
        words = [c["title"] for c in shown["categories"]] + [
            e["label"] for c in shown["categories"] for e in c["lines"]
        ]
        assert "Scored during the game" not in words and "Other points" not in words and "Übrige Punkte" not in words
        for text in words:
            assert not re.search(r"#\d|\b[a-z]+_[a-z0-9_]+\b|\b(your?|dein\w*|du)\b", text, re.IGNORECASE), text
    titles = [c["title"] for c in sheet(state)["categories"]]
    assert titles[-1] == "Mayoral reward cards" or "Masters side by side (1 VP a pair)" in titles


def test_gl_83_d14_sheet_gives_a_tile_line_per_vote_and_a_token_line_for_its_token() -> None:
    """Issue 33 item 8, GL-82, GL-83, GL-D14: the first place's VP and the second place's printed VP are on the tile's
    line, each in its player's column; the token taken for second place has a line of its own naming the tile."""
    state = quiet(3)
    target = swap_to(state, "globe_makers", -1, 1)  # first: move 1, recruit 2, 2 VP; second: 1 VP (+ move 1)
    state.token[target] = next(k.index for k in CONTENT.tokens if k.id == "tok_vp3")  # Gold Chain, 3 VP
    put(state, RED, target, 2)
    put(state, BLUE, target, 1)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    for answer in (A.SKIP, A.SKIP, A.TAKE, A.SKIP):  # Red: skip the move and the recruits, take 2 VP; Blue: no move
        state.apply(answer)
    assert state.vp == [0, 2, 4]
    assert state.ledger == (
        (RED, 2, "first", "globe_makers"),
        (BLUE, 1, "second", "globe_makers"),
        (BLUE, 3, "token", "tok_vp3 globe_makers"),
    )
    shown = sheet(state)
    assert lines_of(shown, "Tiles scored (first and second place)") == {"Globe Makers": [0.0, 2.0, 1.0]}
    assert lines_of(shown, "Reward tokens (second place)") == {"Gold Chain (on Globe Makers)": [0.0, 0.0, 3.0]}
    german = sheet(state, "de")
    assert [c["title"] for c in german["categories"]] == [
        "Gewertete Plättchen (1. und 2. Platz)",
        "Belohnungsmarker (2. Platz)",
    ]


def test_gl_64_sheet_credits_a_lasting_effect_to_its_action_card_by_name() -> None:
    """Issue 33 item 8, GL-64: a VP from a card's "each time" effect (Livery Dinner: a move onto a crown tile) is on
    that card's line, by its name and without its number."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, A.GUILDHALL, 2)
    dinner = first_card_with("livery_dinner")
    give_cards(state, seat, [dinner])
    state.apply(A.PLAY + card_index(dinner) * 3 + A.EFFECT)
    state.apply(A.SOURCE + A.GUILDHALL)
    crown = next(a for a in state.legal_actions() if CONTENT.tiles[a - A.DEST].front & SYMBOL_BIT["crown"])
    state.apply(crown)
    assert state.vp[seat] == 1 and state.ledger == ((seat, 1, "card", str(dinner)),)
    points = [0.0] * 3
    points[seat] = 1.0
    assert lines_of(sheet(state), "Action card effects") == {"Livery Dinner": points}
    assert lines_of(sheet(state, "de"), "Effekte von Aktionskarten") == {"Zunftessen": points}


def test_gl_90_sheet_names_the_plantation_vote_by_its_round() -> None:
    """Issue 33 item 8, GL-90: the plantation's VP are on the line of the vote's round."""
    state = cleared(3, options={"plantation_side": "virginia"})  # most liverymen: 4 VP and draw 2
    state.neutrals = [0, 0, 0]
    state.round = 6
    put(state, RED, PL, 2)
    run(state, Q.PlantationVote(-1))
    assert state.vp[RED] == 4 and state.ledger == ((RED, 4, "plantation", "6 left"),)
    assert lines_of(sheet(state), "Plantation votes") == {"Round 6": [0.0, 4.0, 0.0]}


def test_gl_101_sheet_names_each_pair_of_masters_for_every_player_alike() -> None:
    """Issue 33 (bug "your masters" for every player), GL-100, GL-101: the adjacent masters' line names the two tiles,
    in their owner's column, never "your masters"; a reward card that gave nothing still has its line."""
    state = cleared(3)
    a, b = at(state, -1, 1), at(state, 0, 1)
    make_master(state, RED, a)
    make_master(state, RED, b)
    state.rewards[0] = []
    state.rewards[RED] = [next(c.index for c in CONTENT.rewards if c.id == "mayor_21")]  # 1 VP a controlled tile
    state.rewards[BLUE] = [next(c.index for c in CONTENT.rewards if c.id == "mayor_16")]  # special buildings: none
    final_scoring(state, [])
    pair = f"{CONTENT.tiles[a].id} {CONTENT.tiles[b].id}"
    assert (RED, 1, "pairs", pair) in state.ledger
    shown = sheet(state)
    names = [CONTENT.tiles[a].name, CONTENT.tiles[b].name]
    (label, points), *_ = lines_of(shown, "Masters side by side (1 VP a pair)").items()
    assert points == [0.0, 1.0, 0.0] and "your" not in label.lower()
    assert all(re.sub(r"^The Worshipful Company of (the )?", "", name) in label for name in names), label
    assert lines_of(shown, "Mayoral reward cards") == {
        "Alderman of the Wards": [0.0, 2.0, 0.0],
        "Keeper of the Great Buildings": [0.0, 0.0, 0.0],
    }
    assert all("your" not in json.dumps(shown).lower() for shown in (shown, sheet(state, "de")))
    assert not re.search(r"\bdein", json.dumps(sheet(state, "de"), ensure_ascii=False))


def test_gl_sheet_snapshot_keeps_the_sources_and_an_older_one_still_adds_up() -> None:
    """Issue 33 item 8: the snapshot keeps where the points came from; a snapshot from before (no "ledger") still
    gives a sheet that adds up, its points under "Other points"; a malformed ledger is refused, naming the field."""
    state, _lines = played_out(3, 4)
    data = json.loads(json.dumps(state.snapshot()))
    again = GAME.from_snapshot(data)
    assert isinstance(again, GuildsState) and again.ledger == state.ledger
    assert sheet(again) == sheet(state)
    del data["ledger"]
    older = GAME.from_snapshot(data)
    assert isinstance(older, GuildsState)
    shown = sheet(older)
    assert lines_of(shown, "Other points") == {"Other points": [float(v) for v in state.vp]}
    data["ledger"] = [[0, 1, "card"]]
    with pytest.raises(BadRecord) as refused:
        GAME.from_snapshot(data)
    assert refused.value.field == "ledger[0]"


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 1)])
def test_gl_log_names_action_cards_without_their_numbers(players: int, seed: int) -> None:
    """Issue 33 item 8: no log line shows a card number ("Escort (#85)"), in English or German; a card played for its
    effect quotes the card's own words, so its "your" is the card's."""
    _state, lines = played_out(players, seed)
    assert lines and not [line for line in lines if re.search(r"#\d", line)]
    plays = [line for line in lines if "for its effect: " in line]
    assert plays and all(re.search(r"for its effect: “[^”]+”$", line) for line in plays), plays[:3]
    german = [line for line in lines if "für ihren Effekt: " in line]
    assert german and all(re.search(r"für ihren Effekt: „[^“]+“$", line) for line in german), german[:3]
