"""The City and Guilds rules page's positions (`Game.examples`), each built from the engine with its caption."""

from __future__ import annotations

from typing import cast

from guildtable.games.city_and_guilds.content import GUILDS
from guildtable.games.city_and_guilds.rules import CityAndGuildsState
from guildtable.games.city_and_guilds.words import guild_words
from guildtable.kernel.examples import _, listing, ngettext, scores, seat_names, sentences
from guildtable.kernel.protocol import Example, Game, PlayoutFactory


def examples(game: Game[CityAndGuildsState], playout: PlayoutFactory) -> list[Example]:
    names = seat_names(3)

    def turn_start(state: CityAndGuildsState) -> bool:
        decision = state.view(None)["decision"]
        return bool(decision and decision["kind"] == "pick")

    players = playout(game.new_state(3, seed=2), 2)
    setup = players.until(lambda state: not state.view(None)["setup_round"] and turn_start(state))
    blocks = [entry["block"] for entry in setup.view(None)["blocks"] if entry["empty"] < entry["lots"]]

    scored = players.until(lambda state: bool(state.view(None)["ledger"]) and turn_start(state))
    view = scored.view(None)
    block = next(entry for entry in view["blocks"] if entry["scored"])
    # a ledger row is [source, seat, points, why]
    paid = [(cast(int, seat), cast(int, points)) for kind, seat, points, _why in view["ledger"] if kind == "block"]
    control = [entry for entry in view["ledger"] if entry[0] == "guild"]
    guild = next((index for index, key in enumerate(GUILDS) if control and key in cast(str, control[0][3])), None)
    guild_text = (
        _(
            "The {guild} guild controls this block, so the players ranked highest on its investment track score "
            "{shares}.",
            guild=guild_words(guild),
            shares=scores(names, [(cast(int, seat), cast(int, points)) for _kind, seat, points, _why in control]),
        )
        if guild is not None
        else _("No guild has more tiles there than every other, so nobody scores for guild control.")
    )

    end = players.until(lambda state: False)
    final = end.view(None)
    totals = [int(score) for score in end.scores()]
    winners = [names[seat] for seat in end.winners()]
    return [
        Example(
            "setup",
            _("After the setup round"),
            sentences(
                ngettext(
                    "Each player has placed one tile in a block of its own (block {blocks}), with no figures on it.",
                    "Each player has placed one tile in a block of its own (blocks {blocks}), with no figures on it.",
                    len(blocks),
                    blocks=listing(blocks),
                ),
                _("The display below the map shows the three tiles anyone may take after placing."),
            ),
            setup,
            names,
        ),
        Example(
            "block",
            _("Block {block} is scored", block=block["block"]),
            sentences(
                _("The last lot of block {block} is filled.", block=block["block"]),
                _(
                    "Its value is {value} (8, plus 2 for each market and 5 for each minstrel house or tavern).",
                    value=block["value"],
                ),
                _("The players ranked by their figures there score {shares}.", shares=scores(names, paid)),
                guild_text,
            ),
            scored,
            names,
        ),
        Example(
            "end",
            _("The end of a game"),
            sentences(
                _("Every lot is full."),
                ngettext(
                    "After the guild chains are paid and unused figures cost a point each, the scores are {scores}: "
                    "{winners} wins.",
                    "After the guild chains are paid and unused figures cost a point each, the scores are {scores}: "
                    "{winners} share the win.",
                    len(winners),
                    scores=scores(names, enumerate(totals)),
                    winners=listing(winners),
                ),
                _("Taverns were placed as bonuses.") if final["taverns_left"] < 4 else "",
            ),
            end,
            names,
        ),
    ]
