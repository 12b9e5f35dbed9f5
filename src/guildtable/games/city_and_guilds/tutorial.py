"""City and Guilds' guided first game (issue 34, `Game.tutorial`): a whole game on a small practice city of three
blocks, the learner Blue against a scripted Red and Green, that meets every rule a first game meets: the setup round
(CG-14), placing next to a tile (CG-8, CG-16), a building with one figure and a step on its guild's track (CG-17,
CG-26, CG-27), a market (CG-20), a minstrel house with its figure (CG-21), the white and black block markers (CG-29),
a building with two figures (CG-17), block scoring with two and with three players present (CG-31 to CG-33), guild
control (CG-34, CG-35), a tavern that completes a block (CG-36, CG-37), the final chains (CG-38 to CG-44) and the
penalty for unused figures (CG-45). Every number a text says is read from the engine when the step is shown.

The deal: Blue starts; the hands and the face-down pile are fixed (`SETUP`) and the city is `MAP`, so the game is the
same every time. The small map keeps the lesson to about five minutes; "Play your first real game" uses the real map.
The texts name the seats as the table does (the kernel's seat colours: the learner Blue, then Red and Green), not by
the rulebook's colours in `content.SEAT_NAMES`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    DRAWABLE,
    GUILD_CONTROL_POINTS,
    GUILDS,
    MARKET_POINTS,
    MINSTREL_POINTS,
    TAVERN_POINTS,
    TILE_CODES,
    ceil_half,
)
from guildtable.games.city_and_guilds.scoring import block_value
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import State
from guildtable.kernel.tutorial import Step, Tutorial, Unreached

MAP = "\n".join(
    (
        "; The tutorial's practice city: 3 blocks, 14 lots",
        ".........",
        ".AAA.BBB.",
        ".AAA..B..",
        ".........",
        ".CC......",
        ".CC......",
        ".........",
    )
)
BLUE, RED, GREEN = 0, 1, 2
HANDS = [["BA", "BA", "BA"], ["MBA", "WE", "WE"], ["WE", "BA", "CA"]]
TOP = ["MBA", "SM", "MWE", "CA", "CA", "MIN", "SM", "MWE", "WE", "SM", "MCA", "SM", "WE", "MSM", "SM"]
"""The top of the face-down pile, in the order it is turned up into the display; the rest follows in a fixed order."""
_REST_ORDER = ("SM", "MSM", "MWE", "MCA", "WE", "CA", "BA", "MBA", "MIN")


def _supply() -> list[str]:
    dealt = Counter(code for hand in HANDS for code in hand) + Counter(TOP)
    rest = Counter(TILE_CODES[tile] for tile in DRAWABLE) - dealt
    return TOP + sorted(rest.elements(), key=_REST_ORDER.index)


SETUP: Mapping[str, object] = {"start_player": BLUE, "hands": HANDS, "supply": _supply()}

Fields = Callable[[State], Mapping[str, object]]


def _position(state: State) -> CityAndGuildsPosition:
    assert isinstance(state, CityAndGuildsPosition)
    return state


def _paid(state: State, source: str, why: str) -> dict[int, int]:
    """The points each seat was credited under `source` with reasons starting `why` (the end sheet's ledger)."""
    paid: dict[int, int] = {}
    for kind, seat, amount, reason in _position(state).ledger:
        if kind == source and reason.startswith(why):
            paid[seat] = paid.get(seat, 0) + amount
    return paid


def _seats(paid: Mapping[int, int], prefix: str) -> dict[str, object]:
    return {f"{prefix}{name}": paid.get(seat, 0) for seat, name in enumerate(("you", "red", "green"))}


def scored(letter: str) -> Fields:
    """A scored block's fields: {value} (CG-32), {markets}, each seat's block points {you}, {red}, {green} (CG-33)
    and guild points {g_you}, {g_red}, {g_green} (CG-35)."""

    def fields(state: State) -> Mapping[str, object]:
        position = _position(state)
        block = position.board.block_letters.index(letter)
        value, markets, minstrels, taverns = block_value(position.tiles, position.board.block_lots[block])
        return {
            "value": value,
            "base": BLOCK_BASE,
            "market": MARKET_POINTS * markets,
            "minstrel": MINSTREL_POINTS * minstrels,
            "tavern": TAVERN_POINTS * taverns,
            "half": ceil_half(value),
            "quarter": ceil_half(ceil_half(value)),
            **_seats(_paid(state, "block", f"block {letter} "), ""),
            **_seats(_paid(state, "guild", f"block {letter}:"), "g_"),
        }

    return fields


def _rates(state: State) -> Mapping[str, object]:
    """What a block is worth (CG-32) and what guild control pays (CG-35)."""
    first, second, _third = GUILD_CONTROL_POINTS
    return {
        "base": BLOCK_BASE,
        "per_market": MARKET_POINTS,
        "per_bonus": MINSTREL_POINTS,
        "first": first,
        "second": second,
    }


def track(guild: str) -> Fields:
    """A guild track's fields: each seat's investment value {you}, {red}, {green} (CG-26)."""

    def fields(state: State) -> Mapping[str, object]:
        values = _position(state).values[GUILDS.index(guild)]
        return _seats(dict(enumerate(values)), "")

    return fields


def value_of(letter: str) -> Fields:
    """{value}: the value an open block has so far (CG-32)."""

    def fields(state: State) -> Mapping[str, object]:
        position = _position(state)
        block = position.board.block_letters.index(letter)
        return {"value": block_value(position.tiles, position.board.block_lots[block])[0]}

    return fields


def _hand(state: State) -> Mapping[str, object]:
    return {"tiles": len(_position(state).hands[BLUE]), "figures": _position(state).figures[BLUE]}


def _chains(state: State) -> Mapping[str, object]:
    """The final guild scoring (CG-40, CG-44): the bakers' scoring chain and what it paid."""
    final = _position(state).final
    assert final is not None
    bakers = final["guilds"]["BAKER"]
    paid = _seats({int(row[0]): int(row[1]) for row in bakers["points"]}, "")
    return {
        "size": bakers["size"],
        "blocks": bakers["blocks"],
        "bonus": bakers["value"] - bakers["size"],
        "value": bakers["value"],
        **paid,
        **_seats(_paid(state, "final", "final "), "all_"),
    }


def _end(state: State) -> Mapping[str, object]:
    """The penalty for unused figures (CG-45) and the final scores (CG-46)."""
    position = _position(state)
    return {
        "unused": position.figures[BLUE],
        **_seats(_paid(state, "penalty", ""), "pen_"),
        **_seats({seat: int(score) for seat, score in enumerate(position.scores())}, "total_"),
    }


def _both(*parts: Fields) -> Fields:
    def fields(state: State) -> Mapping[str, object]:
        merged: dict[str, object] = {}
        for part in parts:
            merged.update(part(state))
        return merged

    return fields


def _replies(*moves: str) -> tuple[str, ...]:
    return tuple(move for turn in moves for move in turn.split("|"))


STEPS = (
    Step(
        N_(
            "Welcome! You are Blue, building a city with Red and Green. This practice city has three blocks, A, B"
            " and C, made of square lots (the real city has eight)."
            " When a block's last lot is filled, it is scored at once."
        ),
        highlight=("A", "B", "C"),
        rules=("CG-7", "CG-31"),
    ),
    Step(
        N_(
            "First comes the setup round: each player puts one tile into a block nobody has started, with no figure on"
            " it. Your hand holds {tiles} tiles. Choose a baker building."
        ),
        move="BA",
        highlight=("BA",),
        wrong=N_("The lesson starts block A with a baker building."),
        fields=_hand,
        rules=("CG-14", "CG-15"),
    ),
    Step(
        N_("Place it on lot A1."),
        move="A1",
        highlight=("A1",),
        wrong=N_("Any lot of an empty block is allowed now, but the lesson starts in the corner of block A."),
        rules=("CG-14",),
    ),
    Step(
        N_(
            "After every turn you take one tile from the display, so you hold 3 again. Take the baker market: you will"
            " use it soon."
        ),
        move="take MBA",
        highlight=("MBA",),
        wrong=N_("The lesson wants the baker market, for a later turn."),
        replies=_replies("MBA|B3|take CA", "WE|C3|take CA"),
        rules=("CG-24", "CG-12"),
    ),
    Step(
        N_(
            "Red started block B and Green block C. Now the real game begins: every tile must go next to a tile"
            " already placed, in its own block or straight across a street."
        ),
        highlight=("B3", "C3"),
        rules=("CG-8", "CG-16"),
    ),
    Step(
        N_("Choose another baker building."),
        move="BA",
        highlight=("BA",),
        wrong=N_("The lesson places a baker building first."),
        rules=("CG-16",),
    ),
    Step(
        N_("Place it on lot A2, next to your first tile."),
        move="A2",
        highlight=("A2",),
        wrong=N_("The lesson builds next to your tile on lot A1."),
        rules=("CG-8", "CG-16"),
    ),
    Step(
        N_(
            "A building takes your figures. Choose Invest: one figure goes on the building, and your marker moves 1"
            " step up the baker guild's track."
        ),
        move="invest",
        highlight=("invest", "BAKER"),
        wrong=N_("The lesson invests now; you will place two figures later."),
        rules=("CG-17", "CG-26"),
    ),
    Step(
        N_("Take the minstrel house from the display."),
        move="take MIN",
        highlight=("MIN",),
        wrong=N_("The lesson wants the minstrel house, for a later turn."),
        replies=_replies("WE|A4|invest|take SM", "BA|B2|invest|take MWE"),
        rules=("CG-24",),
    ),
    Step(
        N_(
            "Your figure made you first in block A: you hold its white marker. Red's figure in A holds the black"
            " marker (2nd place). Green invested in the bakers too: you both stand at {you}, and you rank ahead because"
            " you got there first."
        ),
        highlight=("A", "BAKER"),
        fields=track("BAKER"),
        rules=("CG-29", "CG-27"),
    ),
    Step(
        N_(
            "A market takes no figure, but moves your marker 2 steps up its guild's track and adds 2 to its block's"
            " value. Choose your baker market."
        ),
        move="MBA",
        highlight=("MBA",),
        wrong=N_("The lesson places the baker market now."),
        rules=("CG-20", "CG-32"),
    ),
    Step(
        N_("Place it on lot A3."),
        move="A3",
        highlight=("A3",),
        wrong=N_("The lesson keeps your baker tiles together in a row: lot A3."),
        replies=(),
        rules=("CG-20",),
    ),
    Step(
        N_("Take the smith building (any tile would do this time)."),
        move="take SM",
        highlight=("SM",),
        wrong=N_("Any tile is allowed; the lesson takes the smith building so that the game goes as scripted."),
        replies=_replies("WE|B4|double|take WE", "CA|C4|invest|take SM"),
        rules=("CG-24",),
    ),
    Step(
        N_(
            "You are at {you} on the baker track now, Green at {green}. Red put two figures on a building in block B"
            " instead of investing: more figures beat Green's one, so Red took B's white marker and Green got the"
            " black one."
        ),
        highlight=("BAKER", "B", "B4"),
        fields=track("BAKER"),
        rules=("CG-17", "CG-28", "CG-29"),
    ),
    Step(
        N_(
            "A minstrel house adds 5 to its block's value, and you may put one figure on it. Choose your minstrel"
            " house."
        ),
        move="MIN",
        highlight=("MIN",),
        wrong=N_("The lesson places the minstrel house now."),
        rules=("CG-21", "CG-32"),
    ),
    Step(
        N_("Place it on lot A5, in your block."),
        move="A5",
        highlight=("A5",),
        wrong=N_("The lesson puts the minstrel house in block A, where you lead."),
        rules=("CG-16",),
    ),
    Step(
        N_(
            "Put a figure on it: a minstrel house with your figure counts like a building of yours, so you stay ahead"
            " in block A, now worth {value}."
        ),
        move="figure",
        highlight=("figure", "A5"),
        wrong=N_("The lesson puts a figure on the minstrel house to strengthen your lead in block A."),
        fields=value_of("A"),
        rules=("CG-21", "CG-28"),
    ),
    Step(
        N_("Take the candle market."),
        move="take MCA",
        highlight=("MCA",),
        wrong=N_("Any tile is allowed; the lesson takes the candle market so that the game goes as scripted."),
        replies=_replies("CA|C1|invest|take SM", "CA|C2|invest|notavern|take WE"),
        rules=("CG-24",),
    ),
    Step(
        N_(
            "Green filled block C, so C was scored. A block is worth {base}, +{per_market} per market, +{per_bonus} per"
            " minstrel house or tavern: C is worth {value}. Only Green and Red have figures there. The first (more"
            " buildings, then more figures) gets half the value, rounded up, plus 1: Green {green}."
            " The second gets half of that half, rounded up, plus 1: Red {red}."
        ),
        highlight=("C",),
        fields=_both(_rates, scored("C")),
        rules=("CG-31", "CG-32", "CG-33"),
    ),
    Step(
        N_(
            "The guild with the most tiles in a block controls it: the candle makers in C. The 1st and 2nd on the"
            " candle track got {first} and {second} more: Green {g_green}, Red {g_red}. Green could then have placed"
            " a tavern, but chose not to."
        ),
        highlight=("C", "CANDLE"),
        fields=_both(scored("C"), _rates),
        rules=("CG-34", "CG-35", "CG-36"),
    ),
    Step(
        N_("Choose your last baker building."),
        move="BA",
        highlight=("BA",),
        wrong=N_("The lesson places the baker building now."),
        rules=("CG-16",),
    ),
    Step(
        N_("Place it on lot B1, across the street from your market: it fills block B."),
        move="B1",
        highlight=("B1",),
        wrong=N_("The lesson fills block B on lot B1, next to your baker market across the street."),
        rules=("CG-8", "CG-31"),
    ),
    Step(
        N_(
            "Choose Double: two figures and no step on the track. Two figures beat Green's one in block B, and every"
            " figure you have not placed at the end costs you a point."
        ),
        move="double",
        highlight=("double", "B1"),
        wrong=N_("The lesson wants two figures here, to beat Green in block B."),
        rules=("CG-17", "CG-29", "CG-45"),
    ),
    Step(
        N_(
            "Block B is full and worth {value}. Three players have figures there, so the 1st gets half, the 2nd a"
            " quarter, the 3rd an eighth, rounded up, with no +1. Red was there first with two figures and keeps the"
            " white marker, as a tie does not take it: {red}. Your two figures beat Green's one, so you took the"
            " black marker: {you}. Green is 3rd: {green}."
        ),
        highlight=("B",),
        fields=scored("B"),
        rules=("CG-29", "CG-30", "CG-33"),
    ),
    Step(
        N_(
            "The bakers control block B, so you, 1st on their track, got {g_you} there though you are not 1st in the"
            " block, and Green {g_green}."
        ),
        highlight=("B", "BAKER"),
        fields=scored("B"),
        rules=("CG-34", "CG-35"),
    ),
    Step(
        N_(
            "You completed a block, so you may place a tavern on any lot next to a tile: it adds 5 to its block's"
            " value. Put it on lot A6: it fills your block A, which is scored at once."
        ),
        move="A6",
        highlight=("A6",),
        wrong=N_("The lesson puts the tavern in block A, where it adds 5 to your own block and completes it."),
        rules=("CG-36", "CG-37"),
    ),
    Step(
        N_(
            "Block A: {base} + {market} (market) + {minstrel} (minstrel house) + {tavern} (tavern) = {value}. You and"
            " Red have figures there: you get {half} + 1 = {you}, Red {red}. The bakers control A too: you"
            " {g_you} more, Green {g_green}."
        ),
        highlight=("A",),
        fields=scored("A"),
        rules=("CG-32", "CG-33", "CG-35", "CG-37"),
    ),
    Step(
        N_(
            "Every lot is full, so the game is over. Each guild now scores its longest chain of touching tiles: one"
            " point per tile plus a bonus for the blocks it spans. Your bakers run from A1 across the street to B3:"
            " {size} tiles over {blocks} blocks, {size} + {bonus} = {value}. The 1st on the track gets it all: you"
            " {you}; the 2nd half: Green {green}."
        ),
        highlight=("A1", "A2", "A3", "B1", "B2", "B3", "BAKER"),
        fields=_chains,
        rules=("CG-38", "CG-39", "CG-40", "CG-41", "CG-44"),
    ),
    Step(
        N_(
            "Last, each figure not placed costs 1 point: you kept {unused}, so {pen_you}. Final scores: you"
            " {total_you}, Red {total_red}, Green {total_green}. On the real map everyone places about 20 tiles, so"
            " figures run short there: choose between investing and a second figure with care."
        ),
        fields=_end,
        rules=("CG-43", "CG-45", "CG-46"),
    ),
)

UNREACHED = (
    Unreached(
        N_("At the start everyone draws 4 tiles and returns one, and the start player is chosen at random."),
        "setup",
        ("CG-11", "CG-13"),
    ),
    Unreached(
        N_(
            "A step on a track holds at most 3 markers: when it is full you cannot invest there, and a building must"
            " take two figures."
        ),
        "turn",
        ("CG-18", "CG-26"),
    ),
    Unreached(
        N_("A player with no figures left may still place a building: it stays without figures."),
        "turn",
        ("CG-19",),
    ),
    Unreached(
        N_("When the supply runs out, the display shrinks and may leave a player without a tile to take."),
        "turn",
        ("CG-25",),
    ),
    Unreached(
        N_("A tie for 3rd place in a block pays nobody, and a tie between guilds means no guild scores that block."),
        "scoring",
        ("CG-30", "CG-34"),
    ),
    Unreached(N_("Equal final scores share the win."), "end", ("CG-46",)),
)

TUTORIAL = Tutorial(
    seat=BLUE,
    players=3,
    steps=STEPS,
    setup=SETUP,
    options={"map": MAP},
    unreached=UNREACHED,
    opponent="easy",
    minutes=5,
)
