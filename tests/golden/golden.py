"""Golden playthroughs (issue 31, item 1): every game's behaviour, frozen as readable text.

For every game, every player count, several seeds (`SEEDS`) and a few option sets (`VARIANTS`, which between them give
every option a value other than its default), a seeded random player plays one game to its natural end, and each
step is written down: who moves, the legal actions (a hash of the integers, and one of every legal move's structured
form, notation and label in English and German), the prompt and the chosen action's label in both languages, its
notation, every event with the seats that may see it (a hash of its JSON and its log line in both languages), a hash
of every seat's view (and the spectator's; English and German together), a hash of every seat's observation tensor
(the pure-Python encoder, so no build changes it) and the scores. The opening and the end add the snapshot, and the
end the winners, returns, score breakdown, score sheet and the replay of the game's record.

`tests/golden/test_golden.py` plays each case again and compares it with the committed file line by line. After a
deliberate change, regenerate with `make golden` (or `python tests/golden/golden.py --regenerate`) and review the
diff of the files like code: each changed line is a changed behaviour.

Moves come from `random.Random(f"{game}-{players}-{seed}")` choosing among `legal_actions()`, so the files depend on
nothing but the engines. Hashes are the first 16 hex digits of the SHA-256 of canonical JSON (sorted keys, no spaces,
UTF-8), or for a tensor of its shape and its little-endian float32 bytes.

Seeds: City Blocks plays ten at its one player count; the longer games fewer, to keep the suite near 35 s of CPU
and 17 MB of text (README.md): City and Guilds six (about 0.35 s and 200 kB a game), Guilds of London five (its views
are the slowest to build: up to 1.3 s a game at 4 players) and Guildhall four (the longest games: up to 500 moves and
550 kB). Each adds its option sets on top.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from guildtable.kernel import Event, Game, State
from guildtable.kernel.i18n import use_language
from guildtable.kernel.records import parse_record, record_of, replay_record
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import Encoder, new_encoder

T = TypeVar("T")

FORMAT_VERSION = 1
"""Raised when the layout of the files changes (not when a game's behaviour does)."""
HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "de")
MAX_STEPS = 20_000
"""A game that has not ended after this many moves is a bug, not a long game."""

SEEDS: dict[str, tuple[int, ...]] = {
    "city-blocks": tuple(range(1, 11)),
    "city-and-guilds": tuple(range(1, 7)),
    "guildhall": tuple(range(1, 5)),
    "guilds-of-london": tuple(range(1, 6)),
}
"""The seeds played with the default options, at every player count of the game."""

CUSTOM_MAP = (
    "; City and Guilds: a small map of our own for the golden playthroughs (7 blocks, 36 lots)\n"
    "............\n"
    ".AAA.+BBBB..\n"
    ".AA#..BB..C.\n"
    "..........C.\n"
    ".DDD..*..CC.\n"
    ".DD...EEE.C.\n"
    "......EE....\n"
    ".FFFF....GG.\n"
    "..F#.+..GGG.\n"
    "............\n"
)


@dataclass(frozen=True)
class Variant:
    """Options other than the defaults, played at some player counts with one seed."""

    tag: str  # in the file name: `<players>p-seed<seed>-<tag>.txt`
    options: Mapping[str, Any]
    players: tuple[int, ...]
    seeds: tuple[int, ...] = (1,)


VARIANTS: dict[str, tuple[Variant, ...]] = {
    "city-blocks": (Variant("no-court-via-rebuild", {"court_via_rebuild": False}, (2,), (1, 2)),),
    "city-and-guilds": (
        Variant(
            "open-hands",
            {
                "open_hands": True,
                "chain_bonus_8": 35,
                "final_payout": "half_quarter_eighth",
                "two_player_bonus_second": "s2_from_first_with_bonus",
            },
            (3, 5),
        ),
        Variant(
            "custom-map",
            {
                "tavern_mandatory": True,
                "chain_selection": "max_value",
                "building_without_figures": "forbidden",
                "map": CUSTOM_MAP,
            },
            (3, 5),
        ),
    ),
    "guildhall": (
        Variant(
            "per-value",
            {
                "small_game_removal": "per_value",
                "discard_draw_caps_hand": False,
                "robber_random": "any_then_discard",
                "placement_order": "deck_order",
            },
            (2, 4),
        ),
        Variant(
            "single-scaled",
            {"tax_collector_model": "single_scaled", "max_turns": 40, "start_player": "1"},
            (2, 4),
        ),
    ),
    "guilds-of-london": (
        Variant(
            "east-90",
            {
                "compass_cell": "east",
                "compass_rotation": 90,
                "two_player_buildings": "all_random",
                "unresolved_vote": "turn_order_wins",
                "plantation_side": "ulster",
            },
            (2, 4),
        ),
        Variant(
            "fixed-180",
            {"compass_rotation": 180, "two_player_buildings": "fixed", "plantation_side": "virginia"},
            (2, 3),
        ),
        Variant("rotation-270", {"compass_rotation": 270}, (4,)),
    ),
}
"""Per game, the option sets played besides the defaults. Guildhall's `profession_set` has one value only."""


@dataclass(frozen=True)
class Case:
    """One playthrough: a game, a player count, a seed and options (a variant's tag names them in the file name)."""

    game: str
    players: int
    seed: int
    tag: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        suffix = f"-{self.tag}" if self.tag else ""
        return f"{self.game}/{self.players}p-seed{self.seed}{suffix}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def play(self) -> str:
        return playthrough(self.game, self.players, self.seed, self.options)


def cases() -> list[Case]:
    """Every playthrough, in a stable order: game, then the defaults by player count and seed, then the variants."""
    found: list[Case] = []
    for game in all_games():
        found += [Case(game.name, players, seed) for players in game.player_counts for seed in SEEDS[game.name]]
        for variant in VARIANTS.get(game.name, ()):
            found += [
                Case(game.name, players, seed, variant.tag, variant.options)
                for players in variant.players
                for seed in variant.seeds
            ]
    return found


# --- hashing and text ------------------------------------------------------------------------------------------------
def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """The first 16 hex digits of the SHA-256 of `value` as canonical JSON."""
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()[:16]


def tensor_digest(tensor: npt.NDArray[Any]) -> str:
    """The first 16 hex digits of the SHA-256 of a tensor's shape and little-endian float32 bytes."""
    data = hashlib.sha256(canonical(list(tensor.shape)).encode("ascii"))
    data.update(np.ascontiguousarray(tensor.astype("<f4")).tobytes())
    return data.hexdigest()[:16]


def one_line(text: str) -> str:
    """`text` on one line: backslashes and line breaks escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def in_languages(make: Callable[[], T]) -> dict[str, T]:
    """`make()` built in each language."""
    result: dict[str, T] = {}
    for language in LANGUAGES:
        with use_language(language):
            result[language] = make()
    return result


# --- one playthrough -------------------------------------------------------------------------------------------------
class Writer:
    """The lines of one playthrough file."""

    def __init__(self, game: Game, state: State, encoder: Encoder) -> None:
        self.game = game
        self.state = state
        self.encoder = encoder
        self.seats: list[int | None] = [None, *range(state.num_players)]
        self.lines: list[str] = []

    def add(self, key: str, value: object) -> None:
        self.lines.append(f"{key} = {value}")

    def texts(self, key: str, texts: Mapping[str, str]) -> None:
        for language in LANGUAGES:
            self.add(f"{key}.{language}", one_line(texts[language]))

    def position(self) -> None:
        """Every seat's view and tensor, and the scores: what the position is to each seat."""
        state = self.state
        views = in_languages(lambda: state.views(self.seats))
        pairs = zip(self.seats, views[LANGUAGES[0]], views[LANGUAGES[1]], strict=True)
        self.add("views", " ".join(f"{_seat(seat)}:{digest([en, de])}" for seat, en, de in pairs))
        tensors = [self.encoder.build(state, seat) for seat in range(state.num_players)]
        self.add("tensors", " ".join(f"{seat}:{tensor_digest(tensor)}" for seat, tensor in enumerate(tensors)))
        self.add("scores", canonical(state.scores()))

    def step(self, number: int, action: int) -> None:
        state, game = self.state, self.game
        seat = state.current_player
        notation = one_line(state.action_to_notation(action))
        self.lines += ["", f"# move {number}: seat {seat} plays {action} {notation}"]
        legal = state.legal_actions()
        moves = in_languages(state.legal_moves)
        self.add("legal", f"{len(legal)} {digest(legal)}, moves {digest([moves[language] for language in LANGUAGES])}")
        self.texts("prompt", in_languages(state.prompt))
        self.texts("label", in_languages(lambda: state.action_label(action)))
        with use_language(LANGUAGES[0]):
            events = state.apply(action)
        self.add("undoable", "yes" if game.takes_back(events) else "no")
        for event in events:
            self.event(event)
        self.position()

    def event(self, event: Event) -> None:
        """An event: who may see it, its kind, a hash of its JSON and its log line (when it has one)."""
        who = "all" if event.seats is None else ",".join(str(seat) for seat in sorted(event.seats))
        self.add("event", f"{who} {event.kind} {digest(event.to_json())}")
        texts = in_languages(lambda: self.game.describe_event(event))
        if any(texts.values()):
            self.texts("  log", texts)


def _seat(seat: int | None) -> str:
    return "s" if seat is None else str(seat)


def playthrough(game: str, players: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """The text of one golden playthrough (see the module docstring)."""
    ours = get_game(game)
    given = dict(options or {})
    choices = random.Random(f"{ours.name}-{players}-{seed}")
    with use_language(LANGUAGES[0]):
        state = ours.new_state(players, seed=seed, options=given)
    encoder = new_encoder(ours, players, compiled=False)
    out = Writer(ours, state, encoder)
    out.lines += ["# guildtable golden playthrough: tests/golden/README.md says how to read and regenerate it"]
    out.add("format", FORMAT_VERSION)
    out.add("game", ours.name)
    out.add("players", players)
    out.add("seed", seed)
    out.add("options", canonical(given))
    out.add("moves chosen by", f'random.Random("{ours.name}-{players}-{seed}").choice(legal actions)')
    out.add("action space", ours.num_distinct_actions(players))
    out.add("tensor size", encoder.size)
    out.add("seats", ", ".join(_seat_names(ours, players)))
    out.lines += ["", "# opening"]
    out.add("snapshot", digest(state.snapshot()))
    out.position()
    number = 0
    while not state.is_terminal:
        number += 1
        if number > MAX_STEPS:
            raise AssertionError(f"{ours.name} {players}p seed {seed}: no end after {MAX_STEPS} moves")
        out.step(number, choices.choice(state.legal_actions()))
    out.lines += ["", f"# end after {number} moves"]
    out.add("winners", canonical(state.winners()))
    out.add("returns", canonical(state.returns()))
    out.add("breakdown", digest(state.score_breakdown()))
    sheets = in_languages(lambda: state.score_sheet().to_json())
    out.add("score sheet", digest([sheets[language] for language in LANGUAGES]))
    out.add("snapshot", digest(state.snapshot()))
    out.add("record", _record_replay(state))
    return "\n".join(out.lines) + "\n"


def _seat_names(game: Game, players: int) -> Iterable[str]:
    return (f"{seat} {name}" for seat, name in enumerate(game.seat_names[:players]))


def _record_replay(state: State) -> str:
    """That the game's record replays to the same final scores and winners (replay_record checks the result)."""
    record = record_of(state)
    replayed = replay_record(parse_record(record))
    if replayed.scores() != state.scores() or replayed.winners() != state.winners():
        raise AssertionError(f"the record replays to {replayed.scores()}, the game ended {state.scores()}")
    return f"{len(record['actions'])} actions replay to the same scores and winners"


# --- comparing and regenerating --------------------------------------------------------------------------------------
REGENERATE = "make golden  (or: .venv/bin/python tests/golden/golden.py --regenerate)"


def first_difference(expected: str, actual: str, name: str, limit: int = 40) -> str:
    """Where the committed file (`expected`) and the new playthrough first differ (the move, or the opening or the
    end), and a unified diff of them cut after `limit` lines."""
    old, new = expected.splitlines(), actual.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    sections = ("# move ", "# opening", "# end ")
    section = next((line for line in reversed(old[: first + 1]) if line.startswith(sections)), "# the header")
    diff = list(difflib.unified_diff(old, new, f"committed/{name}.txt", f"now/{name}.txt", lineterm=""))
    shown = [f"first difference at line {first + 1}, in {section.lstrip('# ')}", *diff[:limit]]
    if len(diff) > limit:
        shown.append(f"... ({len(diff) - limit} more diff lines)")
    return "\n".join(shown)


def stray_files(known: Sequence[Case]) -> list[Path]:
    """Playthrough files that no case writes (left by a case that is gone)."""
    wanted = {case.path for case in known}
    return sorted(path for path in HERE.glob("*/*.txt") if path not in wanted)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check the golden playthroughs (tests/golden/README.md).")
    parser.add_argument("--regenerate", action="store_true", help="rewrite the files (and remove stray ones)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    chosen = [case for case in cases() if not args.game or case.game in args.game]
    failed = 0
    for case in chosen:
        text = case.play()
        old = case.path.read_text(encoding="utf-8") if case.path.exists() else None
        if old == text:
            continue
        if args.regenerate:
            case.path.parent.mkdir(parents=True, exist_ok=True)
            case.path.write_text(text, encoding="utf-8")
            print(f"{'wrote' if old is None else 'changed'} {case.name}.txt")
        else:
            failed += 1
            print(first_difference(old or "", text, case.name) if old else f"missing {case.name}.txt")
    for path in stray_files(cases()) if not args.game else []:
        if args.regenerate:
            path.unlink()
            print(f"removed {path.relative_to(HERE)}")
        else:
            failed += 1
            print(f"stray {path.relative_to(HERE)}")
    if failed:
        print(f"{failed} playthrough(s) differ; to accept: {REGENERATE}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
