"""The kinds of decision on a Guilds of London state's `pending` stack (the kernel's `Decision.kind`), and what each
one's context holds.

The stack holds two kinds of `Decision`: questions (a seat answers them with an action) and steps (the engine runs
them by itself, e.g. "score the tile at position 5 of this reading order"). Only names: which answers are legal is
in legal.py, what an answer or a step does in flow.py.
"""

from __future__ import annotations

# Questions (a seat answers) ------------------------------------------------------------------------------------------
SETUP_KEEP = "setup_keep"  # Q-S1
TURN = "turn"  # Q-T1 / Q-T2 / Q-T3
PAY = "pay_coins"  # Q-T4 (remaining,)
RETURN = "return_liveryman"  # Q-T4 (remaining, from_bits)
MOVE_FROM = "move_from"  # Q-G1 (mask, remaining, up_to)
MOVE_TO = "move_to"  # Q-G2 (mask, remaining, up_to, source)
SEND_FROM = "send_from"  # Q-G5 (remaining, up_to)
BEADLE_TO = "beadle_to"  # move_beadle
HAND_CHECK = "hand_limit"  # Q-T5
NEGOTIATE = "negotiate"  # Q-N1 / Q-N2 (location,)
FIRST = "first_reward"  # Q-R1 (tile, index)
SECOND = "second_reward"  # Q-R2 (tile, index)
KEEP = "reward_keep"  # Q-G3 (drawn...)
UNDER = "reward_under"  # Q-G4 (rest...)
QUESTIONS = frozenset(
    {SETUP_KEEP, TURN, PAY, RETURN, MOVE_FROM, MOVE_TO, SEND_FROM, BEADLE_TO, HAND_CHECK, NEGOTIATE}
    | {FIRST, SECOND, KEEP, UNDER}
)
# Steps (the engine runs them) ----------------------------------------------------------------------------------------
SETUP_DONE = "setup_done"
NEXT_TURN = "next_turn"
END_TURN = "end_turn"  # (passed,)
FINISH_TURN = "finish_turn"  # (passed,)
TURN_OVER = "turn_over"
FX = "effect"  # (effect index, symbol mask, why)
CARD_FX = "card_effect"  # (card, triggered index)
SCORE_FROM = "score_from"  # (index, *reading order)
OFFER = "offer_neutrals"  # (location,)
VOTE = "vote"  # (tile,)
SECOND_PLACE = "second_place"  # (tile,)
FLIP = "flip"  # (tile,)
GROWTH_CHECK = "growth_check"
PLANT_VOTE = "plantation_vote"
PLANT_RETURN = "plantation_return"  # (count,)
END_CHECK = "end_check"
ADD_TILES = "add_tiles"
BEADLE_MOVE = "beadle_growth"
NEW_ROUND = "new_round"
