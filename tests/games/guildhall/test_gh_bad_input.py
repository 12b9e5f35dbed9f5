"""Bad input: every kind of illegal answer a person can type is refused with IllegalAction naming the rule, and the
state is exactly as before. Malformed records, snapshots, setups and options are refused naming the field."""

from __future__ import annotations

import json

import pytest
from gh_positions import play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.conformance import canonical


def refused(state: GuildhallState, text: str, rule: str | None = None) -> IllegalAction:
    before = canonical(state.snapshot())
    with pytest.raises(IllegalAction) as error:
        state.apply(state.action_from_notation(text))
    assert canonical(state.snapshot()) == before, f"{text!r} changed the state"
    assert error.value.message
    if rule is not None:
        assert error.value.rule == rule, (text, error.value)
    return error.value


@pytest.mark.parametrize(
    "text",
    ["", "   ", "fly", "play purple Wizard", "level x", "level 9", "target P7", "row 0", "row 6", "chapter Wizard"],
)
def test_gh_unreadable_text_is_refused(text: str) -> None:
    state = scenario(hands={0: ["red Robber"]})
    with pytest.raises(IllegalAction):
        state.action_from_notation(text)


def test_gh_wrong_answers_at_the_action_question() -> None:
    """GH-24, GH-29, GH-43, GH-55: only play (or a playable card at once) / discard-draw / buy, and only when
    legal."""
    state = scenario(halls={0: ["red Robber"]}, hands={0: ["red Robber"]})
    refused(state, "play", "GH-29")
    refused(state, "play red Robber", "GH-55")
    refused(state, "play blue Robber", "GH-29")
    refused(state, "buy", "GH-43")
    for text in ("level 0", "target P2", "row 1", "done", "decline", "use", "chapter Robber"):
        refused(state, text, "GH-24")


def test_gh_wrong_cards_when_playing() -> None:
    """GH-27, GH-29, GH-55."""
    state = scenario(
        halls={0: ["blue Scholar"]},
        hands={0: ["red Robber", "blue Robber", "blue Scholar", "red Scholar"]},
    )
    play(state, "play")
    refused(state, "play green Hunter", "GH-29")
    refused(state, "play blue Scholar", "GH-55")
    refused(state, "discard-draw", "GH-29")
    play(state, "play red Robber", "decline", "play")
    refused(state, "play blue Robber", "GH-27")


def test_gh_wrong_levels() -> None:
    """GH-32, GH-34."""
    state = scenario(halls={0: ["red Peddler", "blue Peddler"]}, hands={0: ["yellow Peddler"]}, deck_size=60, spare=0)
    play(state, "play", "play yellow Peddler")
    refused(state, "level 4", "GH-32")
    refused(state, "level 2", "GH-34")  # no hand cards left to give
    refused(state, "level 0", "GH-34")
    refused(state, "use", "GH-32")
    refused(state, "red Robber", "GH-32")


def test_gh_wrong_discards_and_buys() -> None:
    """GH-37, GH-39, GH-43, GH-44."""
    hand = ["red Robber"] * 4 + ["blue Robber"] * 3
    state = scenario(hands={0: hand}, completed={0: ["Scholar"]}, row=["p9_plain", *["p5_plain"] * 4])
    play(state, "discard-draw")
    refused(state, "discard green Hunter", "GH-37")
    refused(state, "done", "GH-39")
    state = scenario(completed={0: ["Scholar"]}, row=["p9_plain", *["p5_plain"] * 4])
    play(state, "buy")
    refused(state, "row 1", "GH-43")
    play(state, "row 2")
    refused(state, "pay red Robber", "GH-44")
    refused(state, "chapter Scholar", "GH-44")


def test_gh_wrong_targets_and_robber_picks() -> None:
    """GH-D13, GH-65, GH-66, GH-D10."""
    state = scenario(
        4,
        halls={0: ["red Robber", "blue Robber", "red Hunter"]},
        hands={0: ["green Robber"], 1: ["red Hunter", "blue Scholar"], 2: ["green Peddler"], 3: []},
        deck_size=50,
        spare=0,
    )
    play(state, "play", "play green Robber", "level 2")
    refused(state, "target P1", "GH-D13")
    refused(state, "target P4", "GH-65")  # an empty hand
    play(state, "target P2")
    refused(state, "take purple Tax Collector", "GH-66")
    refused(state, "take red Hunter", "GH-D10")


def test_gh_wrong_hunter_and_peddler_answers() -> None:
    """GH-76, GH-80, GH-87, GH-57."""
    state = scenario(
        halls={0: ["red Hunter", "blue Robber"], 1: ["green Scholar"]},
        hands={0: ["yellow Hunter", "red Peddler", "green Scholar", "blue Robber"]},
        discard=["blue Robber", "purple Bricklayer"],
    )
    play(state, "play", "play yellow Hunter", "level 0")
    refused(state, "give green Scholar", "GH-80")
    play(state, "give red Hunter")
    refused(state, "take blue Robber", "GH-76")
    refused(state, "take red Hunter", "GH-80")
    play(state, "take purple Bricklayer", "play", "play red Peddler", "level 0", "take green Scholar")
    refused(state, "give purple Peddler", "GH-87")


def test_gh_wrong_answers_keep_the_cap_question() -> None:
    """GH-53: the cap question accepts only a card of a completed chapter."""
    state = scenario(completed={0: ["Robber", "Scholar", "Hunter", "Peddler"]}, stack=[["cap", 0]])
    refused(state, "discard red Tax Collector", "GH-53")
    refused(state, "discard-draw", "GH-53")
    play(state, "discard blue Hunter")
    assert len(state.completed[0]) == 3


def test_gh_bad_json_actions() -> None:
    state = scenario(hands={0: ["red Robber"]})
    for data in ({"type": "warp"}, {"type": "level", "level": 9}, {"type": "target"}, [], {"type": "card", "card": 3}):
        with pytest.raises(IllegalAction):
            state.action_from_json(data)  # type: ignore[arg-type]
    assert state.action_from_json({"type": "play"}) == state.action_from_notation("play")


def test_gh_bad_integers() -> None:
    state = scenario()
    for bad in (-1, 999, "play", 1.0, None, True):
        with pytest.raises(IllegalAction):
            state.apply(bad)


def test_gh_moves_after_the_end() -> None:
    """GH-113: nothing can be played after the game is over."""
    state = scenario(tokens={0: 20}, actions_left=0)
    play(state, "discard-draw", "done")
    assert state.is_terminal and state.legal_actions() == []
    with pytest.raises(IllegalAction) as error:
        play(state, "discard-draw")
    assert error.value.rule == "GH-113"


def test_gh_bad_options() -> None:
    for options in (
        {"robber_random": "sometimes"},
        {"max_turns": -1},
        {"max_turns": "many"},
        {"nonsense": 1},
        {"discard_draw_caps_hand": "maybe"},
        {"start_player": "9"},
    ):
        with pytest.raises(BadOptions):
            GAME.new_state(2, seed=1, options=options)


def test_gh_bad_snapshots_name_the_field() -> None:
    snap = json.loads(json.dumps(GAME.new_state(2, seed=1).snapshot()))
    cases = [
        ("deck", lambda s: s["hands"][0].append("red Robber")),  # 121 cards (GH-1)
        ("deck[0]", lambda s: s["deck"].__setitem__(0, "plaid Robber")),
        ("halls[0][1]", lambda s: s["halls"].__setitem__(0, ["red Robber", "red Robber"])),
        ("stack[0]", lambda s: s["stack"].__setitem__(0, ["dance", 0])),
        ("stack[0]", lambda s: s["stack"].__setitem__(0, ["pay", 0])),
        ("row[0]", lambda s: s["row"].__setitem__(0, "p99")),
        ("game", lambda s: s.__setitem__("game", "chess")),
    ]
    for field, mutate in cases:
        broken = json.loads(json.dumps(snap))
        mutate(broken)
        with pytest.raises(BadRecord) as error:
            GAME.from_snapshot(broken)
        assert error.value.field.startswith(field.split("[")[0]), (field, error.value)


def test_gh_every_illegal_answer_to_every_question_is_refused() -> None:
    """Every integer answer that is not legal, at the first position of each question kind met in random games
    (2-4 players), raises IllegalAction with a rule and a message and changes nothing."""
    from guildtable.games.guildhall.actions import NUM_ACTIONS
    from guildtable.kernel import Rng

    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_state(players, seed=seed)
            rng = Rng(seed + 40)
            while not state.is_terminal:
                kind = state.view(None)["decision"]["kind"]
                if kind not in seen:
                    seen.add(kind)
                    legal = set(state.legal_actions())
                    before = canonical(state.snapshot())
                    for action in range(NUM_ACTIONS):
                        if action in legal:
                            continue
                        with pytest.raises(IllegalAction) as error:
                            state.apply(action)
                        assert error.value.rule.startswith("GH-") and error.value.message, (kind, action)
                    assert canonical(state.snapshot()) == before
                state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 15


def test_gh_each_kinds_refusal_handler_accepts_exactly_its_legal_answers() -> None:
    """GH-24 and the rule of every question: the refusal each question kind declares in `HANDLERS`, called as the
    kernel calls it, accepts exactly the legal answers and refuses every other with what `why_illegal` says (the
    state answers a legal action from its kept legal answers without asking the handler)."""
    from guildtable.games.guildhall.actions import NUM_ACTIONS
    from guildtable.kernel import Rng

    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_state(players, seed=seed)
            rng = Rng(seed + 40)
            while not state.is_terminal:
                question = state.stack[-1]
                if question.kind not in seen:
                    seen.add(question.kind)
                    refuse = GuildhallState.handlers.refuse[type(question)]
                    legal = set(state.legal_actions())
                    for action in range(NUM_ACTIONS):
                        refusal = refuse(state, question, action)
                        assert (refusal is None) == (action in legal), (question.kind, action)
                        assert refusal == state.why_illegal(action), (question.kind, action)
                state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 15
