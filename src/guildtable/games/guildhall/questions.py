"""The questions of Appendix A and the engine's bookkeeping steps, as small ints, with their names, the verbs of
their notation and the context slot that holds cards in transit. Also the few numbers the rules fix.

A stack entry is a plain tuple `(kind, seat, *context)`; see `rules.py`.
"""

from __future__ import annotations

from guildtable.games.guildhall.content import CONTENT, Level

WIN_VP = 20  # GH-113
HAND_REFILL = 6  # GH-38
SETUP_HAND = 9  # GH-16
SETUP_PLACE = 3  # GH-16
CAP = 3  # GH-53

# Question kinds (asked) --------------------------------------------------------------------------------------------
(
    SP_DISCARD,
    SP_PLACE,
    ACTION,
    PLAY_CARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    BUY_CARD,
    PAY,
    USE_ABILITY,
    TARGET,
    ROB_PICK,
    PLACE_NEXT,
    HUNT_GIVE,
    HUNT_CHAPTER,
    HUNT_TAKE,
    PED_TAKE,
    PED_GIVE,
    BRICK_PUT,
    TAX_GIVE,
    TAX_TARGET,
    TC_CHAPTER,
    SW_GIVE,
    SW_TAKE,
    TAKE_CARD,
    LAYOUT,
    CAP_DISCARD,
    TOP,
    # Bookkeeping kinds (run by the engine) -------------------------------------------------------------------------
    NEXT_ACTION,
    END_TURN,
    FINISH_TURN,
    PLACE_QUEUE,
    PED_RECEIVE,
) = range(32)
AUTO = frozenset((NEXT_ACTION, END_TURN, FINISH_TURN, PLACE_QUEUE, PED_RECEIVE))
KIND_NAMES = (
    "setup_discard",
    "setup_place",
    "action",
    "play_card",
    "level",
    "discard_draw",
    "buy",
    "pay",
    "use_ability",
    "target",
    "robber_pick",
    "place_order",
    "hunter_give",
    "hunter_chapter",
    "hunter_take",
    "peddler_take",
    "peddler_give",
    "bricklayer_put_back",
    "tax_give",
    "tax_target",
    "take_chapter",
    "swap_give",
    "swap_take",
    "take_card",
    "lay_out",
    "cap",
    "discard_top",
    "next_action",
    "end_turn",
    "finish_turn",
    "place_queue",
    "peddler_receive",
)
KIND_OF = {name: kind for kind, name in enumerate(KIND_NAMES)}
# Which context slot of a stack entry holds cards in transit (for conservation and snapshots).
TRANSIT_SLOT = {PLACE_NEXT: 4, PLACE_QUEUE: 4, HUNT_GIVE: 4, PED_TAKE: 5, PED_GIVE: 4, PED_RECEIVE: 2, TOP: 2}
# The length of each stack entry, kind and seat included (checked when a snapshot is read).
ARITY = (2, 3, 2, 2, 4, 2, 2, 4, 3, 4, 4, 5, 5, 3, 4, 6, 6, 3, 2, 3, 3, 3, 5, 3, 2, 2, 3, 2, 2, 2, 5, 4)

VERB = {
    SP_DISCARD: "discard",
    SP_PLACE: "place",
    ACTION: "play",
    PLAY_CARD: "play",
    DD_SELECT: "discard",
    PAY: "pay",
    ROB_PICK: "take",
    PLACE_NEXT: "place",
    HUNT_GIVE: "give",
    HUNT_TAKE: "take",
    PED_TAKE: "take",
    PED_GIVE: "give",
    BRICK_PUT: "put",
    TAX_GIVE: "give",
    SW_GIVE: "give",
    SW_TAKE: "take",
    TAKE_CARD: "take",
    LAYOUT: "lay",
    CAP_DISCARD: "discard",
    TOP: "top",
}

# Purposes of a TARGET question.
T_ROB, T_PED, T_TAKE_CHAPTER, T_SWAP, T_TAKE_CARD = range(5)
TARGET_RULE = ("GH-65", "GH-88", "GH-102", "GH-103", "GH-106")

LEVELS: tuple[tuple[Level, ...], ...] = tuple(p.levels for p in CONTENT.professions)
PRESTIGE = CONTENT.prestige
HUNTER = next((i for i, p in enumerate(CONTENT.professions) if p.levels[0].kind == "hunter"), -1)


def level_of(lv: int) -> Level:
    """The level an ability context names: `lv = profession * 8 + level index`; index 7 is the single scaled Tax
    Collector ability (tax_collector_model=single_scaled, GH-D1), whose VP are settled when it is chosen."""
    prof, index = divmod(lv, 8)
    if index == 7:
        return Level(0, "tax", vp=0)
    return LEVELS[prof][index]
