"""The glossary (`GuildsOfLondon.glossary`): every piece of the content — action cards by number, mayoral reward cards,
tiles and tokens by id, the plantation sides — with its name, what it does and its details in words, built from the
content data."""

from __future__ import annotations

import json
import re

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.kernel.glossary import glossary_json

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
RULE_ID = re.compile(r"\b(GL|Q)-\w*\d")


def labels(key: str) -> dict[str, str]:
    return {detail.label: detail.text for detail in GAME.glossary()[key].details}


def test_gl_2_3_11_12_13_4_every_piece_has_an_entry_in_words() -> None:
    """GL-2, GL-3 (45 tiles), GL-12 (105 action cards), GL-13 (21 reward cards), GL-11 (tokens), GL-4 (plantation
    sides): each has an entry with a name and a text; nothing shows an id, a short code or a rule ID."""
    glossary = GAME.glossary()
    keys = (
        {str(card.number) for card in CONTENT.cards}
        | {card.id for card in CONTENT.rewards}
        | {tile.id for tile in CONTENT.tiles}
        | {token.id for token in CONTENT.tokens}
        | {f"plantation:{side.side}" for side in CONTENT.plantations}
    )
    assert set(glossary) == keys and len(keys) == 105 + 21 + 45 + 13 + 2
    for key, piece in glossary.items():
        assert piece.name and piece.text, key
        for text in (piece.name, piece.text, *(d.label for d in piece.details), *(d.text for d in piece.details)):
            assert not SNAKE.search(text), (key, text)
            assert not RULE_ID.search(text), (key, text)
    json.dumps(glossary_json(glossary))


def test_gl_18_63_action_cards_show_cost_symbols_and_family_from_the_data() -> None:
    """GL-18, GL-63, GL-17: an action card's entry is its name and effect text, with its cost in coins (and
    liverymen), its symbols with their colours, its family and its copies (the dots)."""
    for card in CONTENT.cards:
        entry = GAME.glossary()[str(card.number)]
        assert entry.name == card.name and entry.text == card.text
        details = labels(str(card.number))
        assert {"Cost", "Symbols", "Family", "Copies"} <= set(details)
        assert all(symbol in details["Symbols"] for symbol in card.symbol_names)
    assert labels("37")["Cost"] == "1 coin (discard 1 other action card)"
    assert labels("1")["Cost"] == "Free" and labels("1")["Symbols"] == "compasses (red)"
    assert labels("73")["Cost"] == (
        "Return 1 of your liverymen from the Guildhall, an unscored tile or the plantation to the general supply"
    )


def test_gl_15_82_83_tiles_show_minimum_symbols_and_both_rewards_in_words() -> None:
    """GL-15, GL-82, GL-83, GL-D14, GL-D34: a tile's entry gives its minimum, symbols and first- and second-place
    rewards as sentences (no "recruit 2" codes); the University tells its master's hand limit."""
    for tile in CONTENT.tiles:
        details = labels(tile.id)
        assert details["Minimum"] == f"{tile.minimum} figures"
        assert {"Symbols", "First place", "Second place"} <= set(details)
        assert f"Gain {tile.second_vp} VP" in details["Second place"]
    lamplighters = labels("lamplighters")
    assert lamplighters["First place"] == (
        "Gain 1 VP, move 1 of your liverymen or masters to another unscored tile and recruit 2 liverymen from the "
        "general supply to the Guildhall. You may take or leave each part."
    )
    assert labels("university_of_london")["Master"] == "While you are its master, your hand limit is 1 higher"
    assert labels("gog_magog")["Players"] == "Not used with 2 players"


def test_gl_13_100_reward_cards_show_their_condition_and_vp() -> None:
    """GL-13, GL-100, GL-D37: a mayoral reward card's entry is its name, its condition and its VP."""
    for card in CONTENT.rewards:
        entry = GAME.glossary()[card.id]
        assert entry.name == card.name and entry.text == card.text
        assert labels(card.id)["VP"].startswith(f"{card.params['vp_each']} VP each")
    assert labels("mayor_18")["VP"] == "2 VP each, at most 14 VP"


def test_gl_90_93_d38_plantation_sides_and_tokens() -> None:
    """GL-90 to GL-94, GL-D38: both plantation rewards with the liverymen they send home; tokens with their VP and
    when they act."""
    ulster = labels("plantation:ulster")
    assert ulster["Left reward (most liverymen)"].startswith("Draw 3 mayoral reward cards, keep 1")
    assert ulster["Left reward (most liverymen)"].endswith(
        "then return 2 liverymen from the plantation to the general supply."
    )
    assert GAME.glossary()["plantation:virginia"].name == "Virginia Plantation"
    ship = labels("tok_ship")
    assert ship["VP"] == "1" and ship["Use"].startswith("Keep it")
    assert GAME.glossary()["tok_ledger"].text == "While you keep this token, your hand limit is 1 higher."
