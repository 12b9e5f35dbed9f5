"""Why the better move was better (issue 33): one sentence in the game's own words on what the best move found gains
over the move played (points, a majority, a card), for every judged move that was not the best.

The sentence comes from the game (`Game.explain_choice`, each game's `advice.py`), which compares two positions: the
one after the move played and the one after the better move, each followed by the rest of the mover's turn. They are
made the way the judgement is (`judge.py`), from the mover's information set: in each of a few worlds, a
determinization of the position from the mover's point of view, both moves are played and the rest of the turn is
played by the greedy bot (the same seed for both), up to the first move left to chance (a card drawn). What the mover
could not see is made up anew in every world, so a sentence can never tell how the hidden cards truly lay; and a
sentence is kept only when most worlds agree on it, so it does not rest on a lucky draw either. Nothing agreed on (or
nothing the game finds worth saying): no sentence, and the page says the difference shows only later in the game.

Every sentence is written once per language when the move is judged (in a worker process), so the replay page
serves each reader's own without judging again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import Rng, State
from guildtable.kernel.i18n import LANGUAGES, PSEUDO, use_language
from guildtable.kernel.seats import displayed_seat_names

# The worlds each explanation is looked for in, and the most decisions the rest of a turn may take in one of them.
WORLDS = 5
TURN_LIMIT = 40
# Every language a sentence is written in (the pseudo-locale too: its tests read the replay page).
WRITTEN_IN = (*LANGUAGES, PSEUDO)


def after_turn(world: State, action: int, seat: int, seed: int) -> State:
    """`world` after `seat` plays `action` and the greedy bot plays the rest of `seat`'s turn. It stops when another
    seat is asked, when the game ends, or after a move that left something to chance or showed something hidden (a
    card drawn: `Game.takes_back`), so that what follows is what the choice made sure of, not a lucky draw."""
    state = world.clone()
    game = state.game
    certain = game.takes_back(state.apply(action))
    bot = GreedyBot(seed)
    for _step in range(TURN_LIMIT):
        if not certain or state.is_terminal or state.current_player != seat:
            break
        certain = game.takes_back(state.apply(bot.choose(state)))
    return state


def sentences(state: State, seat: int, played: int, better: int, names: Sequence[str], seed: int) -> dict[str, str]:
    """What `better` gains over `played` for `seat` at `state` (the true position: only its determinizations are
    read), as one sentence per language ({} when the worlds agree on none), naming the seats by their stored `names`
    as the reader sees them."""
    game = state.game
    rng = Rng(seed)
    found: list[dict[str, str]] = []
    for world_number in range(WORLDS):
        world = state.determinize(seat, rng.spawn())
        turn_seed = seed * 31 + world_number
        after_played = after_turn(world, played, seat, turn_seed)
        after_better = after_turn(world, better, seat, turn_seed)
        written = {}
        for language in WRITTEN_IN:
            with use_language(language):
                shown = displayed_seat_names(names)  # as the replay names the seats ("Blue (Computer, casual)")
                written[language] = game.explain_choice(world, after_played, after_better, seat, shown).strip()
        found.append(written)
    votes = Counter(written[LANGUAGES[0]] for written in found)
    sentence, count = votes.most_common(1)[0]
    if not sentence or 2 * count <= WORLDS:
        return {}
    return next(written for written in found if written[LANGUAGES[0]] == sentence)
