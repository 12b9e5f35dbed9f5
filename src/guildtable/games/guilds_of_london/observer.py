"""The Guilds of London observation tensor (2–4 players): every tile of the city with its position, side,
liverymen, master, Beadle and token, the Guildhall and the plantation, each player's counts and tokens, the cards
in front, in the discard pile and in the observer's hand, its mayoral reward cards, the round track and the question
on turn.

Read from the fields `view.view` is made of (GL-42 to GL-44, GL-D27, GL-D28): the whole public table, the observer's
hand, reward cards, the reward cards it drew and the ones it put under the reward deck, and the open question as its
prompt tells the deciding seat. Never another hand, another player's reward cards, the order of the action deck or
the reward deck, the tile pool or the face-down tokens.

Tiles, action cards, reward cards and tokens are numbered as in the content data (`tile_index`, `card_index`, ...).
"""

from __future__ import annotations

from itertools import compress
from operator import ne

import numpy as np
import numpy.typing as npt

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import xy
from guildtable.games.guilds_of_london.questions import (
    ASKED,
    FirstReward,
    MoveFrom,
    MoveTo,
    Negotiate,
    Pay,
    ReturnLiveryman,
    RewardKeep,
    RewardUnder,
    SecondReward,
    SendFrom,
)
from guildtable.games.guilds_of_london.state import GuildsOptions, GuildsPosition
from guildtable.kernel import State
from guildtable.kernel.layout import LayoutBuilder
from guildtable.kernel.observation import Encoder, Groups, Memo, copies, relative_seats
from guildtable.kernel.protocol import Tensor

TILES, CARDS, REWARDS, TOKENS = A.N_TILES, A.N_CARDS, A.N_REWARDS, A.N_TOKENS
LOCATIONS = A.N_LOCATIONS  # the tiles, then the Guildhall, then the plantation
QUESTIONS = tuple(kind.kind for kind in ASKED)
"""The questions a seat answers, by kind name, in the order of the `question` slice."""
QUESTION_INDEX = {kind: index for index, kind in enumerate(ASKED)}
"""A question's class -> its place in the `question` slice."""
COUNTED = (Pay, ReturnLiveryman, MoveFrom, MoveTo, SendFrom)
"""Questions whose prompt says how many are left (their `remaining`)."""
DRAWN = (RewardKeep, RewardUnder)
"""Questions about the reward cards the seat drew (their `cards`)."""
PARTS = max(max(len(tile.first), len(tile.second_extra)) for tile in CONTENT.tiles)
MOST_ROUNDS = max(track.rounds for track in CONTENT.tracks.values())
PLANTATIONS = tuple(side.side for side in CONTENT.plantations)
REACH = 12  # positions are shown from -12 to 12 cells from the first tile; farther ones at the edge
ROTATIONS = (0, 90, 180, 270)
BUILDING_DEALS = ("church_east_random_rest", "all_random", "fixed")
VP_SCALE = 100.0
SUPPLY_SCALE = 20.0
NEUTRALS_SCALE = 4.0
HAND_SCALE = 12.0
REWARDS_SCALE = 6.0
PLAYED_SCALE = 12.0
COUNT_SCALE = 5.0
FIGURE_SCALES = (6.0,) * TILES + (20.0, 8.0)
"""Liverymen and masters per location are divided by these: on a tile, in the Guildhall, on the plantation."""
TOKEN_COPIES = float(sum(kind.copies for kind in CONTENT.tokens))


class GuildsOfLondonEncoder(Encoder):
    compiled_name = "guildtable.games.guilds_of_london.observer_twin"

    def __init__(self, players: int) -> None:
        n = players
        build = LayoutBuilder("guilds-of-london", n)
        self.in_play = build.add("tile_in_city", TILES, "the tile lies in the city (GL-19)")
        self.master_side = build.add("tile_master_side", TILES, "the tile shows its master side (scored, GL-16)")
        self.masters = build.add("tile_master", (TILES, n), "per tile, one-hot: whose master stands on it (GL-16)")
        self.beadle = build.add("tile_beadle", TILES, "one-hot: the tile the Beadle stands on")
        self.tokens = build.add("tile_token", (TILES, TOKENS), "per tile, one-hot: the reward token lying on it")
        self.question = build.add("question", len(QUESTIONS), f"one-hot: the open question [{', '.join(QUESTIONS)}]")
        self.to_move = build.add("to_move", n, "one-hot: who answers the open question (you, then the next seats)")
        self.location = build.add(
            "question_location",
            LOCATIONS,
            "one-hot, when you answer: the tile, Guildhall or plantation your prompt names (the figure moving, the "
            "negotiation, the tile rewarding you)",
        )
        self.part = build.add("question_part", PARTS, "one-hot, when you answer: the part of the tile reward offered")
        self.order = build.add(
            "turn_order", (n, n), "per player, one-hot: their place in the turn order (GL-50, GL-51, GL-54)"
        )
        self.taken = build.add("turn_taken", n, "per player: has taken their turn this round")
        self.active = build.add("active_player", n, "one-hot: whose turn it is")
        self.kept = build.add(
            "tokens_kept", (n, 2, TOKENS), "per player: the tokens they keep, row k set for more than k of a kind"
        )
        self.hand = build.add("hand", CARDS, "your hand, by action card")
        self.in_front = build.add("cards_in_front", CARDS, "the action cards played this turn (GL-63)")
        self.discard = build.add("discard_pile", CARDS, "the action cards in the discard pile")
        self.rewards = build.add("reward_cards", REWARDS, "your mayoral reward cards (GL-42)")
        self.under = build.add("under_reward_deck", REWARDS, "the reward cards you put under the reward deck (GL-D28)")
        self.drawn = build.add("drawn_reward_cards", REWARDS, "the reward cards you drew and are choosing among")
        self.round = build.add("round", MOST_ROUNDS, f"one-hot: the round, 1..{MOST_ROUNDS} (GL-47)")
        self.round_flags = build.add(
            "round_kind", 3, "[a grey round (growth at its end, GL-88), a scoring round, the last round (GL-59)]"
        )
        self.plantation = build.add("plantation_side", len(PLANTATIONS), f"one-hot: [{', '.join(PLANTATIONS)}]")
        self.seat = build.add("seat", n, "one-hot: your seat (Green, Red, Blue, Yellow)")
        self.flags = build.add(
            "options",
            2 + len(ROTATIONS) + len(BUILDING_DEALS),
            "[compass_cell=east, unresolved_vote=turn_order_wins, one-hot compass_rotation 0/90/180/270, one-hot "
            f"two_player_buildings {'/'.join(BUILDING_DEALS)}] (GL-D3, GL-D6)",
        )
        self.over = build.add("game_over", 1, "the game is over (GL-95)")
        half = f"(x + {REACH}) / {2 * REACH}, (y + {REACH}) / {2 * REACH}"
        self.tile_positions = build.add("tile_position", (TILES, 2), f"per tile in the city: [{half}], within [0, 1]")
        self.guildhall_positions = build.add("guildhall_position", (2, 2), "the Guildhall's two cells, as above")
        self.tile_figures = build.add(
            "tile_figures", (TILES, n), f"per tile, per player: liverymen and masters there / {FIGURE_SCALES[0]:g}"
        )
        self.guildhall_figures = build.add(
            "guildhall_figures", n, f"per player: liverymen in the Guildhall / {FIGURE_SCALES[TILES]:g}"
        )
        self.plantation_figures = build.add(
            "plantation_figures", n, f"per player: liverymen on the plantation / {FIGURE_SCALES[TILES + 1]:g}"
        )
        self.players_numbers = build.add(
            "players",
            (n, 5),
            f"per player: [VP / {VP_SCALE:g}, supply / {SUPPLY_SCALE:g}, neutrals / {NEUTRALS_SCALE:g}, hand size / "
            f"{HAND_SCALE:g}, reward cards / {REWARDS_SCALE:g}], each at most 1 (GL-42 counts are public)",
        )
        build.add("hand_limit", 1, f"your hand limit / {HAND_SCALE:g} (GL-67)")
        build.add(
            "piles",
            5,
            f"[action deck / {CARDS}, reward deck / {REWARDS}, tile pool / {TILES}, token supply / {TOKEN_COPIES:g}, "
            f"cards played this turn / {PLAYED_SCALE:g}]",
        )
        build.add("question_count", 1, f"when you answer: how many are left to pay, return or move / {COUNT_SCALE:g}")
        super().__init__(build.build())
        self.players = n
        self._relative = relative_seats(n)
        # Per seat, per entry of the state's `fig` (location * 4 + player): where that count goes in the tensor.
        self._figure_index = tuple(
            tuple(
                self._figure_slot(spot // 4, relative[spot % 4] if spot % 4 < n else 0) for spot in range(4 * LOCATIONS)
            )
            for relative in self._relative
        )
        # Per tile, the index each token kind sets (-1, no token: the last entry, nothing).
        self._token_cells = tuple(
            (*((self.tokens + tile * TOKENS + kind,) for kind in range(TOKENS)), ()) for tile in range(TILES)
        )
        self._memo: tuple[tuple[tuple[int, ...], ...], tuple[npt.NDArray[np.intp], Tensor]] = (
            (),
            (np.zeros(0, np.intp), np.zeros(0, np.float32)),
        )

    parts = 13
    IN_PLAY, MASTERS, TOKEN, FIGURES, KEPT, HAND, IN_FRONT, DISCARD, REWARDS, UNDER, POSITIONS, REST, OPTIONS = range(
        parts
    )

    def groups(self, observations: npt.NDArray[np.float32]) -> Groups:
        """The tiles: per tile, whether it lies in the city and shows its master side, whose master stands on it, the
        Beadle, its reward token, its place and each player's figures on it, and which tile it is; a tile is worth 1
        while it lies in the city (0 outside). The context is everything else: the question, the turn order, the
        hand, the cards, the round, the Guildhall and the plantation, the players' numbers."""
        n = self.layout.players
        count = len(observations)

        def tiles(start: int, width: int) -> npt.NDArray[np.float32]:
            return observations[:, start : start + TILES * width].reshape(count, TILES, width)

        features = np.concatenate(
            [
                tiles(self.in_play, 1),
                tiles(self.master_side, 1),
                tiles(self.masters, n),
                tiles(self.beadle, 1),
                tiles(self.tokens, TOKENS),
                tiles(self.tile_positions, 2),
                tiles(self.tile_figures, n),
                np.broadcast_to(np.eye(TILES, dtype=np.float32), (count, TILES, TILES)),
            ],
            axis=2,
        )
        context = np.concatenate(
            [
                observations[:, self.question : self.tile_positions],
                observations[:, self.guildhall_positions : self.tile_figures],
                observations[:, self.guildhall_figures :],
            ],
            axis=1,
        )
        return Groups(
            np.ascontiguousarray(features, dtype=np.float32),
            np.ascontiguousarray(observations[:, self.in_play : self.in_play + TILES]),
            np.ascontiguousarray(context),
        )

    def build(self, state: State, seat: int) -> Tensor:
        assert isinstance(state, GuildsPosition)
        n = self.players
        relative = self._relative[seat]
        order = [(seat + k) % n for k in range(n)]
        memo = self.memo(seat)
        in_play = state.in_play
        memo.part(self.IN_PLAY, in_play, lambda: [self.in_play + tile for tile in in_play])
        masters = [self.master_side + tile for tile in compress(in_play, map(state.back.__getitem__, in_play))]
        for tile in compress(in_play, map(state.back.__getitem__, in_play)):
            master = state.master_of(tile)
            if master >= 0:
                masters.append(self.masters + tile * n + relative[master])
        memo.indices(self.MASTERS, masters)
        memo.cells(self.TOKEN, state.token, self._token_cells)
        self._figures(memo, state.fig, self._figure_index[seat])
        memo.part(self.KEPT, tuple(state.kept), lambda: self._kept(state, order))
        hand = state.hands[seat]
        memo.part(self.HAND, hand, lambda: [self.hand + card for card in hand])
        memo.part(self.IN_FRONT, state.in_front, lambda: [self.in_front + card for card in state.in_front])
        memo.part(self.DISCARD, state.discard, lambda: [self.discard + card for card in state.discard])
        rewards = state.rewards[seat]
        memo.part(self.REWARDS, rewards, lambda: [self.rewards + card for card in rewards])
        memo.part(
            self.UNDER,
            (state.reward_deck, state.reward_known),
            lambda: [
                self.under + card
                for card, who in zip(state.reward_deck, state.reward_known, strict=True)
                if who == seat
            ],
        )
        self._positions(memo, state)
        rest: list[int] = []
        if state.beadle >= 0:
            rest.append(self.beadle + state.beadle)
        count = 0.0
        question = state.stack[-1] if state.stack else None
        if question is not None:
            rest += (self.question + QUESTION_INDEX[type(question)], self.to_move + relative[question.seat])
            if question.seat == seat:
                # The location the prompt names: the figure moving, the negotiation, the tile rewarding the seat.
                if isinstance(question, MoveTo):
                    rest.append(self.location + question.source)
                elif isinstance(question, Negotiate):
                    rest.append(self.location + question.location)
                elif isinstance(question, (FirstReward, SecondReward)):
                    rest += (self.location + question.tile, self.part + question.part)
                if isinstance(question, COUNTED):
                    count = min(1.0, question.remaining / COUNT_SCALE)
                if isinstance(question, DRAWN):
                    rest += [self.drawn + card for card in set(question.cards)]
        else:
            rest.append(self.over)
        rest += [self.order + relative[player] * n + place for place, player in enumerate(state.order())]
        rest += [self.taken + relative[player] for player in range(n) if state.taken >> player & 1]
        if state.active >= 0:
            rest.append(self.active + relative[state.active])
        track = state.track
        rest.append(self.round + min(state.round, MOST_ROUNDS) - 1)
        if state.round in track.grey:
            rest.append(self.round_flags)
        if state.round in track.scoring:
            rest.append(self.round_flags + 1)
        if state.is_last_round():
            rest.append(self.round_flags + 2)
        rest.append(self.plantation + state.plantation)
        rest.append(self.seat + seat)
        memo.indices(self.REST, rest)
        memo.part(self.OPTIONS, state.options, lambda: self._options(state.options))
        numbers: list[float] = []
        for player in order:
            numbers += (
                min(1.0, state.vp[player] / VP_SCALE),
                min(1.0, state.supply[player] / SUPPLY_SCALE),
                min(1.0, state.neutrals[player] / NEUTRALS_SCALE),
                min(1.0, len(state.hands[player]) / HAND_SCALE),
                min(1.0, len(state.rewards[player]) / REWARDS_SCALE),
            )
        numbers += (
            min(1.0, state.hand_limit(seat) / HAND_SCALE),
            len(state.deck) / CARDS,
            len(state.reward_deck) / REWARDS,
            len(state.pool) / TILES,
            min(1.0, len(state.token_supply) / TOKEN_COPIES),
            min(1.0, state.played / PLAYED_SCALE),
            count,
        )
        memo.numbers(self.players_numbers, numbers)
        return memo.tensor()

    def _options(self, options: GuildsOptions) -> list[int]:
        ones = [self.flags + 2 + ROTATIONS.index(options["compass_rotation"])]
        ones.append(self.flags + 2 + len(ROTATIONS) + BUILDING_DEALS.index(options["two_player_buildings"]))
        if options["compass_cell"] == "east":
            ones.append(self.flags)
        if options["unresolved_vote"] == "turn_order_wins":
            ones.append(self.flags + 1)
        return ones

    def _kept(self, state: GuildsPosition, order: list[int]) -> list[int]:
        ones: list[int] = []
        for k, player in enumerate(order):
            ones += copies(state.kept[player], self.kept + k * 2 * TOKENS, TOKENS, 2)
        return ones

    @staticmethod
    def _figures(memo: Memo, fig: list[int], spots: tuple[int, ...]) -> None:
        """Liverymen and masters per location (the tiles, then the Guildhall, then the plantation) and player:
        only the counts that changed are written."""
        old = memo.keys[GuildsOfLondonEncoder.FIGURES]
        if fig == old:
            return
        view = memo.view
        changed = compress(range(len(fig)), fig if type(old) is not list else map(ne, old, fig))
        for spot in changed:
            view[spots[spot]] = min(1.0, fig[spot] / FIGURE_SCALES[spot >> 2])
        memo.keys[GuildsOfLondonEncoder.FIGURES] = fig.copy()

    def _figure_slot(self, location: int, relative: int) -> int:
        if location < TILES:
            return self.tile_figures + location * self.players + relative
        return (self.guildhall_figures if location == A.GUILDHALL else self.plantation_figures) + relative

    def _positions(self, memo: Memo, state: GuildsPosition) -> None:
        """Write `tile_position` and `guildhall_position`. Tiles never move once laid, so the values are kept for the
        last layout seen (a memo of a pure function of the table: nothing of a position is remembered that the table
        does not show), and the memo's tensor is rewritten only when the layout changed."""
        cells = state.cell_of
        key = tuple(cells), tuple(state.in_play), tuple(state.guildhall_cells)
        if key == memo.keys[self.POSITIONS]:
            return
        memo_key, (index, values) = self._memo
        if key != memo_key:
            found: list[int] = []
            numbers: list[float] = []
            for tile in state.in_play:
                found += (self.tile_positions + 2 * tile, self.tile_positions + 2 * tile + 1)
                numbers += _position(cells[tile])
            for k, cell in enumerate(state.guildhall_cells[:2]):
                found += (self.guildhall_positions + 2 * k, self.guildhall_positions + 2 * k + 1)
                numbers += _position(cell)
            index, values = np.array(found, np.intp), np.array(numbers, np.float32)
            self._memo = (
                key,
                (index, values),
            )  # one assignment, so another thread never sees a key with the wrong answer
        running = memo.running
        running[np.array(memo.ones[self.POSITIONS], np.intp)] = 0.0
        running[index] = values
        memo.ones[self.POSITIONS] = index.tolist()
        memo.keys[self.POSITIONS] = key


def _position(cell: int) -> tuple[float, float]:
    x, y = xy(cell)
    span = 2 * REACH
    return min(1.0, max(0.0, (x + REACH) / span)), min(1.0, max(0.0, (y + REACH) / span))


def encoder(players: int) -> GuildsOfLondonEncoder:
    return GuildsOfLondonEncoder(players)
