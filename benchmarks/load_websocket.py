"""Load benchmark (not a test): N concurrent bot-vs-bot games through the WebSocket API on loopback.

Each game has two human seats, each driven by its own WebSocket client that picks a random legal move from the
`legal` list it was sent. The latency of a move is the time from sending it to receiving the mover's update with
the new version (so it includes the commit to the database and the broadcast). Reports moves/s and p50/p99.

It shares the machine's cores with the servers it measures, so it spends as little as it can: it runs on uvloop, as
they do, its sockets are aiohttp's (whose frame reader is compiled), and it reads each message lazily (pysimdjson),
building only the fields a bot needs rather than every legal move offered. Together these took it from 0.45 to
about 0.2 ms of CPU per move.

    .venv/bin/python benchmarks/load_websocket.py --games 100
    .venv/bin/python benchmarks/load_websocket.py --url http://127.0.0.1:8000 --games 100   # a running server
    .venv/bin/python benchmarks/load_websocket.py --games 100 --processes 2 \
        --db postgresql+psycopg://user:pw@127.0.0.1/db --redis redis://127.0.0.1:6389/0         # several processes

With `--processes N` (and `--redis`), N server processes share the database and game i is played through process
i mod N (as a proxy that keeps a table's clients together would send them); `--split` puts a game's two seats on two
different processes instead, so every move also crosses Redis to reach the other seat. Errors (a move refused, a
dropped socket) end that game and are counted.

`--spectators K` adds K spectator sockets to every game (they read every update); `--rounds R` has each pair of
players play R games one after another (all tables made beforehand), and `--warmup S` leaves untimed the moves sent
in the first S seconds, when every game's first move leaves at once. The report ends with where the machine's CPU
went while the games were played: per move, the server processes, this load generator, and PostgreSQL and Redis
when they run on this machine (they share its cores).

Every client here shares one loopback address, which the server's per-address limits (tables created, moves,
sockets open) would soon stop: the started server lifts exactly those (see LIFTED), while every other limit keeps its
default, so the figures show what the limits cost honest players who each come from their own address.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import httpx
import orjson
import simdjson
import uvloop

from guildtable.server.collector import SurvivorsFrozen
from guildtable.server.health import Health, LoopLag, Pauses, health
from guildtable.server.local import local_server

# The per-address limits that one benchmark client would hit where 200 players from 200 addresses would not.
LIFTED = (
    "--create-rate",
    "100000/minute",
    "--move-rate",
    "1000000/minute",
    "--connect-rate",
    "100000/minute",
    "--max-sockets",
    "100000",
)


async def watch(url: str, ready: asyncio.Event, stop: asyncio.Event) -> int:
    """A spectator: says hello without a token and reads every update until the game's players are done."""
    received = 0
    async with _session() as session, session.ws_connect(url) as ws:
        await ws.send_str(orjson.dumps({"type": "hello", "token": None}).decode())
        await _receive(ws)
        ready.set()
        while not stop.is_set():
            try:
                await _receive(ws, timeout=0.5)
            except TimeoutError:
                continue
            received += 1
    return received


def _session() -> aiohttp.ClientSession:
    """A client for one game's sockets: aiohttp, whose frame reader is compiled (the pure-Python client had cost
    this load generator a third more CPU per move), waiting up to two minutes for a socket to open, as a thousand
    opening at once may."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, connect=120))


async def _receive(ws: aiohttp.ClientWebSocketResponse, timeout: float | None = None) -> str:
    """The next text message; a socket that closes instead ends the game as an error."""
    message = await ws.receive(timeout)
    if message.type is not aiohttp.WSMsgType.TEXT:
        raise RuntimeError(f"the socket closed ({message.type.name}, {message.data!r})")
    return str(message.data)


@dataclass(frozen=True, slots=True)
class Seen:
    """What a player's client needs of a message: its kind, version, whose turn it is, and, on its own turn, one
    legal action chosen at random (or the refusal's words)."""

    kind: str
    version: int
    terminal: bool
    current_player: int | None
    choice: object = None
    detail: str = ""


_PARSER = simdjson.Parser()


def read(raw: str, rng: random.Random) -> Seen:
    """One message, read as a bot reads it: the parser builds nothing but the fields asked for (a message offers up
    to a hundred legal moves, and building them all had been a third of this load generator's CPU time)."""
    message = _PARSER.parse(raw)
    kind = message["type"]
    if kind == "error":
        return Seen(kind, -1, False, None, detail=str(message.get("detail")))
    if kind not in ("state", "update"):
        return Seen(kind, -1, False, None)
    legal = message["legal"]
    choice = legal[rng.randrange(len(legal))]["action"].as_dict() if len(legal) else None
    return Seen(kind, message["version"], message["terminal"], message["current_player"], choice)


# Two people's seats, taken by the creator at once (issue 30: an invite only takes a seat; its secret plays it).
SEATS = [{"kind": "human", "take": True}, {"kind": "human", "take": True}]


async def play_game(
    bases: tuple[str, str],
    table: dict,
    seed: int,
    start: asyncio.Event,
    latencies: list[tuple[float, float]],
    think: float,
    spectators: int = 0,
) -> int:
    # Each seat's secret (both seats taken at creation); a server from before issue 30 answers with invites only.
    secrets = {entry["seat"]: entry["secret"] for entry in table.get("secrets", [])}
    tokens = secrets or {invite["seat"]: invite["token"] for invite in table["invites"]}
    urls = [base.replace("http", "ws", 1) + f"/ws/tables/{table['id']}" for base in bases]
    rng = random.Random(seed)
    moves = 0
    stop = asyncio.Event()
    readies = [asyncio.Event() for _ in range(spectators)]
    watchers = [asyncio.create_task(watch(urls[index % 2], ready, stop)) for index, ready in enumerate(readies)]
    async with _session() as session, session.ws_connect(urls[0]) as blue, session.ws_connect(urls[1]) as red:
        sockets = {0: blue, 1: red}
        latest = {}
        for seat, ws in sockets.items():
            await ws.send_str(orjson.dumps({"type": "hello", "token": tokens[seat]}).decode())
            latest[seat] = read(await _receive(ws), rng)
        for ready in readies:
            await ready.wait()
        await start.wait()  # every game connected: measure only the moves
        while not latest[0].terminal:
            mover = latest[0].current_player
            mine = latest[mover]
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            started = time.perf_counter()
            await sockets[mover].send_str(
                orjson.dumps({"type": "move", "version": mine.version, "action": mine.choice}).decode()
            )
            for seat, ws in sockets.items():
                while True:
                    message = read(await _receive(ws), rng)
                    if message.kind == "update" and message.version > mine.version:
                        break
                    if message.kind == "error":
                        raise RuntimeError(message.detail)
                if seat == mover:
                    latencies.append((started, time.perf_counter() - started))
                latest[seat] = message
            moves += 1
    stop.set()
    await asyncio.gather(*watchers)
    return moves


async def run(
    bases: list[str],
    games: int,
    game: str,
    think: float,
    split: bool = False,
    servers: tuple[int, ...] = (),
    spectators: int = 0,
    rounds: int = 1,
    warmup: float = 0.0,
) -> None:
    timed: list[tuple[float, float]] = []
    count = len(bases)
    tables: list[list[dict]] = [[] for _ in range(games)]
    clients = [httpx.AsyncClient(base_url=base, timeout=60) for base in bases]
    for _round in range(rounds):
        for index in range(games):
            # Each table is made through the process its first seat plays through (as its creator would be).
            response = await clients[index % count].post("/api/tables", json={"game": game, "seats": SEATS})
            if response.status_code == 422 and "take" in response.text:  # a server from before issue 30
                response = await clients[index % count].post("/api/tables", json={"game": game, "seats": [{}, {}]})
            tables[index].append(response.json())
    for http in clients:
        await http.aclose()
    start = asyncio.Event()

    async def play_games(index: int, slot: list[dict]) -> int:
        """One player pair's games, one after another (the next begins as the last ends)."""
        pair = (bases[index % count], bases[(index + int(split)) % count])
        moves = 0
        for round_, table in enumerate(slot):
            moves += await play_game(pair, table, index * 1000 + round_, start, timed, think, spectators)
        return moves

    players = [asyncio.create_task(play_games(index, slot)) for index, slot in enumerate(tables)]
    # This load generator's own stalls are in every latency it measures: it holds every seat's last message, so it
    # uses the servers' collector policy (its own collections had stalled it for up to 300 ms at 1,000 games), and
    # times what stalls remain beside the servers'.
    SurvivorsFrozen().start()
    pauses, lag = Pauses(), LoopLag()
    lagging = asyncio.create_task(lag.watch_forever())
    await asyncio.sleep(0.5 + games * (1 + spectators) * 0.02)
    before = cpu_shares(servers)
    started = time.perf_counter()
    pauses.start()
    start.set()
    results = await asyncio.gather(*players, return_exceptions=True)
    elapsed = time.perf_counter() - started
    pauses.stop()
    lagging.cancel()
    after = cpu_shares(servers)
    counts = [result for result in results if isinstance(result, int)]
    errors = len(results) - len(counts)
    # Moves sent in the first `warmup` seconds are played but not timed: every game's first move leaves at once.
    ordered = sorted(latency for sent, latency in timed if sent >= started + warmup)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    total = sum(counts)
    pace = f", bots thinking {think * 1000:.0f} ms on average" if think else ", bots answering at once"
    where = f" on {count} server processes" + (" (seats split)" if split and count > 1 else "")
    if spectators:
        where += f", {spectators} spectators a game"
    if rounds > 1:
        where += f", {rounds} games in a row each"
    if warmup:
        where += f" (moves of the first {warmup:g} s not timed)"
    print(f"{games} concurrent {game} games{pace}{where}: {total} moves in {elapsed:.1f} s, {errors} errors")
    print(f"throughput: {total / elapsed:.0f} moves/s")
    print(f"move latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms (max {ordered[-1] * 1000:.1f} ms)")
    if total:
        spent = {name: after[name] - before.get(name, 0.0) for name in after}
        shares = ", ".join(f"{name} {seconds * 1000 / total:.2f} ms" for name, seconds in spent.items())
        print(f"CPU per move while playing ({sum(spent.values()) / elapsed:.2f} cores busy): {shares}")
    print(f"stalls of the load generator: {describe(health(pauses, lag, 0, 0))}")
    async with httpx.AsyncClient(timeout=60) as http:
        for number, base in enumerate(bases, 1):
            report = Health.model_validate((await http.get(f"{base}/api/health")).json())
            print(f"stalls of server {number} (its whole life): {describe(report)}")


def describe(report: Health) -> str:
    """A process's event-loop lag and garbage collections in one line."""
    lag = report.loop_lag
    collections = ", ".join(
        f"gen {entry.generation} {entry.collections}× (longest {entry.longest_ms:.0f}, total {entry.total_ms:.0f} ms,"
        f" {entry.collected} objects freed)"
        for entry in report.gc
    )
    return f"loop lag p99 {lag.p99_ms:.0f} ms, longest {lag.longest_ms:.0f} ms; collections {collections}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux), to tell the server's share of the load from the clients'."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # it ended between listing and reading
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_shares(servers: tuple[int, ...]) -> dict[str, float]:
    """CPU seconds so far of the started servers, this load generator, and any PostgreSQL and Redis on this machine:
    where the machine's cores go while the games are played."""
    spent = {"servers": sum(cpu_seconds(pid) for pid in servers), "load generator": time.process_time()}
    for name, command in (("PostgreSQL", "postgres"), ("Redis", "redis-server")):
        pids = [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]
        spent[name] = sum(cpu_seconds(pid) for pid in pids if _command(pid).startswith(command))
    return spent


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", default="city-blocks")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a client bot waits before moving")
    parser.add_argument("--url", help="a running server (default: start one on a free port with a fresh SQLite db)")
    parser.add_argument("--db", help="database URL for the started servers (default: a temporary SQLite file)")
    parser.add_argument("--redis", help="Redis URL: the started servers join one platform (needed for --processes)")
    parser.add_argument("--processes", type=int, default=1, help="server processes to start on the database")
    parser.add_argument("--split", action="store_true", help="a game's two seats play through two processes")
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets watching each game")
    parser.add_argument("--rounds", type=int, default=1, help="games each pair of players plays one after another")
    parser.add_argument("--warmup", type=float, default=0.0, help="seconds at the start whose moves are not timed")
    args = parser.parse_args()
    if args.url:
        uvloop.run(
            run(
                [args.url.rstrip("/")],
                args.games,
                args.game,
                args.think,
                spectators=args.spectators,
                rounds=args.rounds,
                warmup=args.warmup,
            )
        )
        return
    if args.processes > 1 and not args.redis:
        parser.error("--processes needs --redis (and a --db that every process shares)")
    extra = LIFTED + (("--redis", args.redis) if args.redis else ())
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        db = args.db or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        servers = [stack.enter_context(local_server(db, bot_delay=0.6, extra=extra)) for _ in range(args.processes)]
        pids = tuple(process.pid for _, process in servers)
        bases = [base for base, _ in servers]
        uvloop.run(
            run(bases, args.games, args.game, args.think, args.split, pids, args.spectators, args.rounds, args.warmup)
        )
        server_cpu = sum(cpu_seconds(process.pid) for _, process in servers)
        print(f"server CPU time: {server_cpu:.1f} s; client CPU time: {time.process_time():.1f} s")


if __name__ == "__main__":
    main()
