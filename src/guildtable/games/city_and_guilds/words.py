"""The plain words a City and Guilds player reads: tiles, guilds, lots and blocks in words, the question on turn
(CG-11, CG-14, CG-16 to CG-24, CG-36) and each legal answer as a label for a button.

Never notation (`invest`, `notavern`, `take MCA`) and never rule IDs: those stay in `actions.py` and in a refusal's
rule field. Reads plain values, not a state, so that every caller passes what it knows.
"""

from __future__ import annotations

from guildtable.games.city_and_guilds.content import BUILDING_STEPS, GUILDS, MINSTREL, TILE_NAMES


def tile_words(tile: int) -> str:
    """1 -> "weaver building", 5 -> "weaver market", 8 -> "minstrel house"."""
    return TILE_NAMES[tile]


def a_tile(tile: int) -> str:
    name = TILE_NAMES[tile]
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def guild_words(guild: int) -> str:
    """2 -> "candle" (the guild of candle makers)."""
    return GUILDS[guild].lower()


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def lot_words(name: str) -> str:
    """ "A5" -> "lot A5": the name printed beside the lot on the map."""
    return f"lot {name}"


# --- the question on turn ------------------------------------------------------------------------------------------
RETURN_PROMPT = "Setup: choose one of your four tiles to give back face down to the supply"
SETUP_PICK_PROMPT = "Setup round: choose a tile to place in an empty block, away from every tile already placed"
PICK_PROMPT = "Choose a tile from your hand to place"
DRAW_PROMPT = "Take a tile from the display into your hand"
MINSTREL_PROMPT = "Minstrel house: put one of your figures on it, or leave it empty"


def lot_prompt(tile: int, setup: bool) -> str:
    """CG-14 / CG-16: "Choose a lot next to a tile already placed for your weaver market"."""
    where = "in an empty block, not next to any tile," if setup else "next to a tile already placed"
    return f"Choose a lot {where} for your {tile_words(tile)}, or put it back"


def building_prompt(guild: int) -> str:
    """CG-17."""
    return (
        f"{capital(guild_words(guild))} building: put 1 figure on it and move {BUILDING_STEPS} up the "
        f"{guild_words(guild)} track, or put 2 figures on it"
    )


def tavern_prompt(mandatory: bool) -> str:
    """CG-36."""
    choice = "" if mandatory else ", or do without"
    return f"You completed a block: place a tavern (+5 to its block's value) on a lot next to a placed tile{choice}"


# --- labels --------------------------------------------------------------------------------------------------------
def pick_label(tile: int) -> str:
    return f"Place {a_tile(tile)}"


def lot_label(tile: int, lot_name: str, completes: str | None) -> str:
    """ "Put your weaver market on lot A5", with "(completes block A)" when it fills the block's last lot."""
    own = "a tavern" if tile > MINSTREL else f"your {tile_words(tile)}"
    done = f" (completes block {completes})" if completes else ""
    return f"Put {own} on {lot_words(lot_name)}{done}"


def invest_label(guild: int) -> str:
    return f"Invest: 1 figure, +{BUILDING_STEPS} on the {guild_words(guild)} track"


DOUBLE_LABEL = "Double: 2 figures, no investment"
FIGURE_LABEL = "Put a figure on the minstrel house"
NO_FIGURE_LABEL = "Leave the minstrel house empty"
NO_TAVERN_LABEL = "No tavern"


def take_label(tile: int) -> str:
    return f"Take {a_tile(tile)} from the display"


def return_label(tile: int) -> str:
    return f"Give back {a_tile(tile)}"


def put_back_label(tile: int) -> str:
    return f"Put the {tile_words(tile)} back in your hand"
