"""The terminal view, the bots and the registry: the game is playable through the generic tools."""

from __future__ import annotations

import re

from rich.console import Console

from guildtable.bots.greedy import GreedyBot
from guildtable.bots.random_bot import RandomBot
from guildtable.games.guilds_of_london import GAME
from guildtable.kernel import Rng
from guildtable.kernel.registry import get_game


def render(view: dict, seat: int | None) -> str:  # type: ignore[type-arg]
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.render_text(view, seat))
    return console.export_text()


def test_registered_under_its_name() -> None:
    assert get_game("guilds-of-london") is GAME
    assert get_game("guilds_of_london") is GAME


def test_text_view_shows_city_guildhall_plantation_track_and_own_hand_only() -> None:
    state = GAME.new_state(3, seed=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    text = render(state.view(0), 0)
    assert "GUILDHALL" in text and "Plantation" in text and "Round" in text
    assert "Your hand" in text and "Stand-in content" in text
    assert "needs " in text
    spectator = render(state.view(None), None)
    assert "Your hand" not in spectator


def test_text_view_of_a_finished_game_shows_final_scoring() -> None:
    state = GAME.new_state(2, seed=5)
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    text = render(state.view(1), 1)
    assert "Final scoring" in text and "Winners" in text


def test_random_and_greedy_bots_finish_games() -> None:
    for players in (2, 4):
        state = GAME.new_state(players, seed=players)
        bots = [GreedyBot(seed) if seed % 2 == 0 else RandomBot(seed) for seed in range(players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        assert state.winners()


def test_prompts_name_the_question() -> None:
    state = GAME.new_state(3, seed=1)
    assert "reward card" in state.prompt()
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert "turn" in state.prompt().lower()
    assert state.legal_notations()[0] == "pass"


def test_balance_report_counts_tiles_effects_and_reward_cards() -> None:
    """The balance tool: tile win rates, effect uses (by winners), reward-card means and named outliers."""
    from guildtable.cli.balance import BalanceReport, format_report, play_one, random_bots, summary
    from guildtable.games.guilds_of_london.game import GuildsOfLondon

    report = BalanceReport()
    for seed in range(2):
        play_one(GuildsOfLondon(), 3, seed, report, random_bots(3, seed))
    assert report.games == 2
    assert sum(report.tile_in_play.values()) >= 60
    assert sum(len(v) for v in report.reward_scores.values()) >= 6  # one kept at setup, maybe more
    text = format_report(report)
    assert "Tiles" in text and "Mayoral reward cards" in text
    assert summary(report)["games"] == 2


def test_balance_command_prints_the_report_and_refuses_player_counts_the_game_does_not_have() -> None:
    """`guildtable balance`: the report of greedy-bot games; a bad `--players` is one line, never a traceback."""
    from typer.testing import CliRunner

    from guildtable.cli.app import app

    runner = CliRunner()
    result = runner.invoke(app, ["balance", "--games", "1", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "1 games with greedy bots" in result.output and "Tiles: won / games in play" in result.output
    for players, words in [("5", "2–4 players"), ("2,x", "separated by commas")]:
        refused = runner.invoke(app, ["balance", "--players", players])
        assert refused.exit_code == 2 and words in refused.output and "Traceback" not in refused.output


def test_gl_15_16_42_text_view_names_tiles_in_full_marks_owners_by_letter_and_shows_card_texts() -> None:
    """GL-15, GL-16, GL-42, GL-44: the terminal shows each tile's whole name, figures and masters by the owner's
    letter as well as colour, and the seat's own action and reward cards with what they do."""
    from gl_helpers import GH, cleared, ensure_in_play, put

    state = cleared(3, seed=2)
    church = ensure_in_play(state, "church_st_lawrence_jewry")
    parade = ensure_in_play(state, "lord_mayors_parade", keep=(church,))
    state.back[parade] = 1
    put(state, 2, parade)  # Blue is master
    put(state, 1, church, 2)
    put(state, 0, GH, 3)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    console = Console(width=240, record=True, color_system=None)
    console.print(GAME.render_text(view, seat))
    text = console.export_text()
    words = set(text.split())
    for tile in view["city"]:
        assert set(tile["short_name"].split()) <= words, tile["short_name"]
    assert "♛B" in text and "R2" in text and "G3" in text
    assert "G Green, R Red, B Blue" in text
    glossary = GAME.glossary()
    for card in view["hand"]:
        assert f"#{card['number']} {card['name']}: {card['text']}" in text
    for card_id in view["reward_cards"]:
        assert f"{glossary[card_id].name}: {glossary[card_id].text}" in text
    assert "_" not in text and not re.search(r"\b(GL|Q)-\w*\d", text)
