"""Guilds of London's guided first game (issue 34, `Game.tutorial`): the first two rounds of a 2-player game on a fixed
deal, the learner (seat 0, Blue at a tutorial table) against a scripted Red, up to the first tile scoring and past it.
It meets the rules a first game meets: keeping a mayoral reward card (GL-31), the three uses of an action card,
recruit, move by symbol and effect (GL-57, GL-60, GL-61, GL-62), coins (GL-63), stopping and drawing (GL-58), passing
(GL-56), the hand limit (GL-67), turn order by VP (GL-50), the minimum and the Beadle (GL-73), negotiation with
neutrals (GL-75), the vote (GL-77), first-place rewards taken part by part (GL-82, GL-105, GL-107), second place and
its token (GL-83), masters (GL-85), the Beadle's move (GL-86) and, as "if the game ended now", the final scoring's
arithmetic (GL-100, GL-101).

A whole game is 16 rounds with 2 players, far beyond five minutes, so the lesson stops at the start of round 3 with
the learner to move; the table goes on against the bot for a player who wants to finish it. Every number a text says
is read from the engine when the step is shown; so are the names of tiles and cards (they are translated content).

The deal (`SETUP`): the learner starts; the 20 guild tiles lie as `CITY` reads (rows from the north, west to east)
around the small Guildhall and the four buildings; the action deck is stacked as the script plays it; the Beadle starts
on the Lamplighters, the tile with the lowest precedence number.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from guildtable.games.guilds_of_london import flow
from guildtable.games.guilds_of_london.actions import CARD_OF_NUMBER, REWARD_OF_ID, TILE_OF_ID
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.games.guilds_of_london.words import reward_name, tile_label, tile_name
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.protocol import State
from guildtable.kernel.tutorial import Step, Tutorial, Unreached

_ = domain("guilds_of_london").gettext

GREEN, RED = 0, 1
CITY = (
    *("bridge_wardens", "bell_ringers", "map_engravers", "lighthouse_keepers", "pageant_masters"),
    *("paviors", "sail_stitchers", "lamplighters", "thimble_makers"),
    *("psalter_binders", "tea_blenders"),
    *("gingerbread_makers", "tide_wardens", "puppet_makers", "globe_makers"),
    *("hop_pickers", "sugar_sculptors", "anchorsmiths", "lock_keepers", "perfumers"),
)
"""The guild tiles in reading order of the free cells of the 5 × 5 city (GL-39, GL-D5)."""
GREEN_HAND = (2, 7, 78, 34, 46, 62)
RED_HAND = (3, 61, 69, 70, 47, 35)
DRAWS = (1, 4, 65, 66, 5, 6, 12, 14, 19, 31)
"""The action cards drawn in the lesson, in order: Green's 2, Red's 2, Red's 2, Green's 4 (the pass)."""
REWARD_DEAL = ("mayor_10", "mayor_05", "mayor_19", "mayor_01", "mayor_02", "mayor_03")


def _tokens() -> list[str]:
    """The reward tokens in draw order (one on each of the 24 tiles in reading order, GL-27): the Puppet Makers, the
    tile the learner comes second on, carries a plain 2 VP token."""
    bag = [kind.id for kind in CONTENT.tokens for _copy in range(kind.copies)]
    bag.remove("tok_vp2")
    bag.insert(17, "tok_vp2")  # the Puppet Makers are the 18th tile in reading order
    return bag


SETUP: Mapping[str, object] = {
    "start_order": [GREEN, RED],
    "tile_pool": [*CITY, *(t.id for t in CONTENT.tiles if t.kind == "guild" and t.id not in CITY)],
    "action_deck": [
        *GREEN_HAND,
        *RED_HAND,
        *DRAWS,
        *(c.number for c in CONTENT.cards if c.number not in {*GREEN_HAND, *RED_HAND, *DRAWS}),
    ],
    "reward_deck": [*REWARD_DEAL, *(c.id for c in CONTENT.rewards if c.id not in REWARD_DEAL)],
    "tokens": _tokens(),
    "plantation": "ulster",
    "buildings_2p": {
        "N": "gesellschaftssaal",
        "E": "church_st_lawrence_jewry",
        "S": "lord_mayors_parade",
        "W": "university_of_london",
    },
}

Fields = Callable[[State], Mapping[str, object]]


def _position(state: State) -> GuildsPosition:
    assert isinstance(state, GuildsPosition)
    return state


def _tile(tile_id: str) -> int:
    return TILE_OF_ID[tile_id]


def _card(number: int) -> str:
    """An action card's name as the reader reads it ("Quick Step")."""
    return _(CONTENT.cards[CARD_OF_NUMBER[number]].name)


def names(state: State) -> Mapping[str, object]:
    """The tiles, cards and the mayoral card the texts name, in the reader's language."""
    return {
        "lamp": tile_name(_tile("lamplighters")),
        "puppet": tile_name(_tile("puppet_makers")),
        "thimble": tile_name(_tile("thimble_makers")),
        "beadle_tile": tile_name(_position(state).beadle) if _position(state).beadle >= 0 else "",
        "mayor": reward_name(CONTENT.rewards[REWARD_OF_ID["mayor_10"]].name),
        "lamp_label": tile_label(_tile("lamplighters")),
    }


def card(number: int) -> Fields:
    def fields(state: State) -> Mapping[str, object]:
        return {**names(state), "card": _card(number)}

    return fields


def _figures(tile_id: str) -> Fields:
    """{green} and {red}: each side's liverymen on the tile now (GL-77: they vote; neutrals and the Beadle do not)."""

    def fields(state: State) -> Mapping[str, object]:
        position = _position(state)
        tile = _tile(tile_id)
        return {
            **names(state),
            "green": position.fig[tile * 4 + GREEN],
            "red": position.fig[tile * 4 + RED],
            "minimum": CONTENT.tiles[tile].minimum,
        }

    return fields


def _minimum(state: State) -> Mapping[str, object]:
    """{minimum}: the Lamplighters' minimum, {count}: the figures there now, the Beadle included (GL-73)."""
    position = _position(state)
    tile = _tile("lamplighters")
    figures = sum(position.fig[tile * 4 + p] for p in range(position.num_players)) + (position.beadle == tile)
    return {**names(state), "minimum": CONTENT.tiles[tile].minimum, "count": figures}


def _red_turn(state: State) -> Mapping[str, object]:
    """{red_vp}: Red's VP after its first turn; {hand}: the learner's hand; {lamp_red}, {puppet_red}: Red's
    liverymen on the two tiles."""
    position = _position(state)
    return {
        **names(state),
        "red_vp": position.vp[RED],
        "lamp_red": position.fig[_tile("lamplighters") * 4 + RED],
        "puppet_red": position.fig[_tile("puppet_makers") * 4 + RED],
    }


def _hand(state: State) -> Mapping[str, object]:
    position = _position(state)
    return {**names(state), "cards": len(position.hands[GREEN]), "limit": 7 + position.limit_bonus, "card": _card(31)}


def _first_reward(state: State) -> Mapping[str, object]:
    """{vp}: the VP part of the Lamplighters' first-place reward (GL-82)."""
    tile = CONTENT.tiles[_tile("lamplighters")]
    vp = next(CONTENT.effects[e].amount for e in tile.first if CONTENT.effects[e].kind == "vp")
    return {**names(state), "vp": vp}


def _master(state: State) -> Mapping[str, object]:
    """{green_vp}: the learner's VP after first place."""
    return {**names(state), "green_vp": _position(state).vp[GREEN]}


def _second(state: State) -> Mapping[str, object]:
    """The Puppet Makers' result: Red's VP and the learner's second-place VP from the tile and its token (GL-83)."""
    position = _position(state)
    result = next(r for r in position.results if r["tile"] == "puppet_makers")
    tile = CONTENT.tiles[_tile("puppet_makers")]
    token = next(kind for kind in CONTENT.tokens if kind.id == "tok_vp2")
    return {
        **names(state),
        "red_votes": result["counts"][RED],
        "green_votes": result["counts"][GREEN],
        "second_vp": tile.second_vp,
        "token_vp": token.vp,
        "green_vp": position.vp[GREEN],
        "red_vp": position.vp[RED],
    }


def _if_ended(state: State) -> Mapping[str, object]:
    """The final scoring (GL-100, GL-101) played on a copy of the position: what the learner's mayoral card and
    masters side by side would add if the game ended now, and both totals."""
    ended = _position(state.clone())
    flow.final_scoring(ended, [])
    final = ended.final
    assert final is not None
    mayor = next(entry["vp"] for entry in final["reward_cards"][GREEN] if entry["card"] == "mayor_10")
    return {
        **names(state),
        "green_vp": _position(state).vp[GREEN],
        "mayor_vp": mayor,
        "pairs": final["master_pairs"][GREEN],
        "green_total": ended.vp[GREEN],
        "red_total": ended.vp[RED],
    }


STEPS = (
    Step(
        N_(
            "Welcome! You are Blue, playing against Red. The tiles around the Guildhall are London's guilds. Your"
            " 4 liverymen (your pawns) wait on the Guildhall in the middle."
        ),
        highlight=("guildhall",),
        rules=("GL-36", "GL-37"),
    ),
    Step(
        N_(
            "A tile is scored once it holds as many figures as its minimum, the number in its corner: {minimum} on"
            " {lamp}. The silver Beadle standing there counts as a figure too."
        ),
        highlight=("lamplighters",),
        fields=_minimum,
        rules=("GL-15", "GL-28", "GL-73"),
    ),
    Step(
        N_(
            "First keep one of your 3 mayoral reward cards: it scores at the end for the tiles you are master of."
            " Keep {mayor}, which pays for tiles with a minimum of 2."
        ),
        move="keep mayor_10",
        highlight=("mayor_10",),
        wrong=N_("This lesson plays for small tiles like {lamp}, which need only 2 figures."),
        fields=names,
        replies=("keep mayor_01",),
        rules=("GL-31", "GL-100"),
    ),
    Step(
        N_(
            "Below the board are your 6 action cards. Each card is played in one of three ways: recruit a"
            " liveryman, move one to a tile showing the card's symbol, or use the card's effect."
        ),
        highlight=tuple(str(number) for number in GREEN_HAND),
        rules=("GL-57",),
    ),
    Step(
        N_("{card} shows the compasses, like {lamp}. Use it to move: choose Move on that card."),
        move="move #2",
        highlight=("2",),
        wrong=N_("The compasses on {card} can take a liveryman onto {lamp}, which is close to its minimum."),
        fields=card(2),
        rules=("GL-61",),
    ),
    Step(
        N_("Take the liveryman from the Guildhall."),
        move="from guildhall",
        highlight=("guildhall",),
        rules=("GL-61",),
    ),
    Step(
        N_("Put it on {lamp}."),
        move="to lamplighters",
        highlight=("lamplighters",),
        wrong=N_("Only 2 figures are needed on {lamp}, and the Beadle is already one of them."),
        fields=names,
        rules=("GL-61", "GL-73"),
    ),
    Step(
        N_(
            "Now {count} figures stand on {lamp}, which is its minimum, so it will be scored at the end of round 2"
            " (with 2 players, tiles are scored every second round). Next, recruit with {card}: a liveryman comes"
            " from your supply onto the Guildhall."
        ),
        move="recruit #78",
        highlight=("78",),
        wrong=N_("{card} has no effect of its own: it is only good for recruiting or moving."),
        fields=lambda state: {**_minimum(state), "card": _card(78)},
        rules=("GL-60", "GL-69"),
    ),
    Step(
        N_(
            "Now an effect. {card} moves up to 2 liverymen to any tiles, whatever their symbols, but it costs 1"
            ' coin. Choose "Use the effect" on it.'
        ),
        move="effect #7",
        highlight=("7",),
        wrong=N_("The lesson wants the effect of {card}: two moves for one card."),
        fields=card(7),
        rules=("GL-62",),
    ),
    Step(
        N_("A coin is another card from your hand, discarded. Pay with {card}."),
        move="discard #34",
        highlight=("34",),
        wrong=N_("Any other card pays; the lesson keeps the rest for later."),
        fields=card(34),
        rules=("GL-63",),
    ),
    Step(
        N_("First move: take a liveryman from the Guildhall."),
        move="from guildhall",
        highlight=("guildhall",),
        wrong=N_("The lesson brings a new liveryman from the Guildhall and leaves {lamp} as it is."),
        fields=names,
        rules=("GL-62",),
    ),
    Step(
        N_("Put it on {lamp} too, so you lead there."),
        move="to lamplighters",
        highlight=("lamplighters",),
        wrong=N_("The lesson strengthens {lamp}, which will be scored first."),
        fields=names,
        rules=("GL-77",),
    ),
    Step(
        N_("Second move: another liveryman from the Guildhall."),
        move="from guildhall",
        highlight=("guildhall",),
        wrong=N_("The lesson brings a new liveryman from the Guildhall and leaves {lamp} as it is."),
        fields=names,
        rules=("GL-62",),
    ),
    Step(
        N_("Put it on {puppet}, another tile with a minimum of 2."),
        move="to puppet_makers",
        highlight=("puppet_makers",),
        wrong=N_("The lesson sends this one to {puppet}."),
        fields=names,
        rules=("GL-62",),
    ),
    Step(
        N_("Choose Stop: the cards you played go to the discard pile and you draw 2 new cards."),
        move="stop",
        wrong=N_("The lesson keeps your other cards for the next rounds."),
        replies=(
            *("move #3", "from guildhall", "to lamplighters"),
            *("move #69", "from guildhall", "to puppet_makers"),
            *("move #70", "from guildhall", "to puppet_makers"),
            *("effect #61", "stop"),
            *("move #65", "from guildhall", "to puppet_makers", "stop"),
        ),
        rules=("GL-58",),
    ),
    Step(
        N_(
            "Red sent {lamp_red} liveryman to {lamp} and {puppet_red} to {puppet}, and gained {red_vp} VP with a"
            " card's effect. Each round the player with the most VP goes first, so Red began round 2."
        ),
        highlight=("lamplighters", "puppet_makers"),
        fields=_red_turn,
        rules=("GL-50", "GL-54"),
    ),
    Step(
        N_("You have what you need on {lamp}. Pass: play no card this round and draw 4 cards instead."),
        move="pass",
        wrong=N_("The lesson passes here, to show what passing gives: 4 new cards."),
        fields=names,
        rules=("GL-56",),
    ),
    Step(
        N_(
            "You now hold {cards} cards, more than the hand limit of {limit}, so you discard one at the end of your"
            " turn. Discard {card}."
        ),
        move="discard #31",
        highlight=("31",),
        wrong=N_("Any card will do; the lesson lets {card} go."),
        fields=_hand,
        replies=("neutral Green", "stop"),
        rules=("GL-67", "GL-68"),
    ),
    Step(
        N_(
            "Round 2 is over: now every tile with its minimum is scored, row by row from the top. First"
            " {lamp}. Negotiation: Red placed one of its neutral liverymen there to send one of yours back to the"
            " Guildhall. It is {green} to {red}."
        ),
        highlight=("lamplighters",),
        fields=_figures("lamplighters"),
        rules=("GL-70", "GL-75"),
    ),
    Step(
        N_("Your turn to negotiate: place a neutral and send Red's liveryman back to the Guildhall."),
        move="neutral Red",
        highlight=("lamplighters",),
        wrong=N_("Without a neutral it stays {green} to {red}, a tie, and the tile would not be scored."),
        fields=_figures("lamplighters"),
        rules=("GL-75", "GL-79"),
    ),
    Step(
        N_(
            "The vote: whoever has the most liverymen on the tile wins; neutrals and the Beadle do not vote. You"
            " have {green}, Red {red}: you win. On a tie, each adds 1 for every neighbouring tile with their master."
        ),
        highlight=("lamplighters",),
        fields=_figures("lamplighters"),
        rules=("GL-77", "GL-78"),
    ),
    Step(
        N_(
            "First place pays the reward printed on the tile, one part after another, and you may take or skip"
            " each part. Take the {vp} VP."
        ),
        move="take",
        highlight=("lamplighters",),
        wrong=N_("Every part of this reward helps you: take it."),
        fields=_first_reward,
        rules=("GL-82", "GL-104"),
    ),
    Step(
        N_("Take the move too: it may go to any unscored tile, whatever its symbols."),
        move="take",
        highlight=("lamplighters",),
        wrong=N_("Every part of this reward helps you: take it."),
        rules=("GL-82", "GL-105"),
    ),
    Step(
        N_("Move a liveryman from the Guildhall."),
        move="from guildhall",
        highlight=("guildhall",),
        wrong=N_("Your liveryman on {lamp} is about to become its master: leave it there."),
        fields=names,
        rules=("GL-105",),
    ),
    Step(
        N_("Put it on {thimble}, next to {lamp}: masters side by side score at the end."),
        move="to thimble_makers",
        highlight=("thimble_makers", "lamplighters"),
        wrong=N_("The lesson plans a pair of masters: {thimble} lies next to {lamp}."),
        fields=names,
        rules=("GL-101", "GL-105"),
    ),
    Step(
        N_("Take the last part too: recruit 2 liverymen from your supply onto the Guildhall."),
        move="take",
        highlight=("lamplighters",),
        wrong=N_("Every part of this reward helps you: take it."),
        replies=("stop",),
        rules=("GL-107",),
    ),
    Step(
        N_(
            "Your liveryman on {lamp} is its master now: the tile turned over, and everyone else on it went back to"
            " the Guildhall. You have {green_vp} VP. The Beadle moved on to {beadle_tile}, the oldest tile not yet"
            " scored."
        ),
        highlight=("lamplighters",),
        fields=_master,
        rules=("GL-85", "GL-86"),
    ),
    Step(
        N_(
            "Now {puppet}: Red has {red}, you {green}. One neutral would still leave Red ahead, so place"
            " none: stop negotiating."
        ),
        move="stop",
        highlight=("puppet_makers",),
        wrong=N_("Red would still win, and you would lose second place."),
        fields=_figures("puppet_makers"),
        replies=("take", "take", "recruit #35", "stop"),
        rules=("GL-75", "GL-83"),
    ),
    Step(
        N_(
            "Red won {puppet}, {red_votes} to {green_votes}, and is its master. You came second: {second_vp} VP, plus"
            " the reward token lying on the tile, worth {token_vp} VP. You have {green_vp} VP, Red {red_vp}."
        ),
        highlight=("puppet_makers",),
        fields=_second,
        rules=("GL-83", "GL-84", "GL-85"),
    ),
    Step(
        N_(
            "That was a whole round, and the game goes on to round 16. At the end, every mayoral reward card pays"
            " for the tiles you are master of, and every pair of your masters side by side 1 VP. If it ended now:"
            " {green_vp} VP + {mayor_vp} for {mayor} + {pairs} for pairs = {green_total}; Red {red_total}."
        ),
        highlight=("lamplighters", "thimble_makers"),
        fields=_if_ended,
        rules=("GL-46", "GL-100", "GL-101", "GL-102"),
    ),
)

UNREACHED = (
    Unreached(
        N_(
            "The plantation: in rounds 4, 8, 12 and 16 the players with the most liverymen there win its rewards"
            " (Ulster's first place: choose 1 of 3 mayoral reward cards)."
        ),
        "scoring",
        ("GL-89", "GL-90", "GL-94"),
    ),
    Unreached(
        N_("In those rounds the Beadle also moves to the oldest tile not yet scored."),
        "scoring",
        ("GL-98",),
    ),
    Unreached(
        N_("With 3 or 4 players new tiles join the city every few rounds, and tiles are scored every round."),
        "turn",
        ("GL-69", "GL-96"),
    ),
    Unreached(
        N_("In the last round nobody draws cards; with 2 players the game also ends once every tile is scored."),
        "end",
        ("GL-59", "GL-95"),
    ),
    Unreached(
        N_(
            "Some action cards work all turn long or only at its end, and some cost liverymen instead of coins; the"
            " master of the University of London may hold 8 cards."
        ),
        "turn",
        ("GL-63", "GL-64", "GL-67", "GL-D25"),
    ),
    Unreached(
        N_("Some reward tokens are kept and spent on a later turn, for example for an extra move."),
        "scoring",
        ("GL-83", "GL-D38"),
    ),
    Unreached(
        N_("Equal VP at the end: the player with more mayoral reward cards wins."),
        "end",
        ("GL-103",),
    ),
)

TUTORIAL = Tutorial(
    seat=GREEN,
    players=2,
    steps=STEPS,
    setup=SETUP,
    unreached=UNREACHED,
    opponent="easy",
    minutes=6,
)
