"""Benchmark (not a test) of issue 30 finding 1: how long another table's move takes while sockets flood PINGs.

    .venv/bin/python benchmarks/ws_ping_flood.py                      # one attacker, 150 moves (or 30 s) a phase
    .venv/bin/python benchmarks/ws_ping_flood.py --attackers 4 --moves 300

It starts two servers, one after the other, each on a fresh SQLite file: first one whose frame budget is lifted
(`--frame-rate 1000000000/second`, which is how every server was before issue 30: PINGs were never counted), then one
with the default budget. On each, one pair of players plays City Blocks through two WebSockets, one move at a time (a
new table when a game ends) at a person's pace at most (20 moves a second: the message rate holds each socket to
20), timing each move from sending it to the mover's update. First quietly, then while K attacker processes each open
a spectator socket, flood it with PINGs without ever reading, and open another as soon as one is closed, as a real
attacker would. The attackers come from 127.0.0.2 and the players from 127.0.0.1, so each side has its own
per-address budgets (the attackers' connection rate and sockets-per-address cap keep their defaults; the players'
move and table rates are lifted). It prints the median and p90 of each phase and the server's CPU share.

The machine's cores are shared by the server, the players and the attackers: the attackers are meant to be as fast as
they can, so the figures are those of a server on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import socket
import statistics
import tempfile
import time
from multiprocessing.synchronize import Event
from pathlib import Path

import httpx
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed, InvalidState
from websockets.protocol import State
from websockets.sync.client import ClientConnection, connect
from websockets.uri import parse_uri

from guildtable.server.local import local_server

LIFTED = "1000000000/second"
# The players' own per-address limits, lifted: they make more moves and tables in a minute than one person would.
PLAYERS = ("--move-rate", "100000/minute", "--create-rate", "10000/minute")
ATTACKER_ADDRESS = "127.0.0.2"
PACE = 0.05  # seconds between two moves at least


def flood(base_url: str, table_id: str, attack: str, stop: Event) -> None:
    """An attacker: a spectator socket that floods PINGs and never reads, and another one whenever it is closed
    (`ping`); the same with one socket only (`ping-once`: the issue's attacker); or sockets that say hello and leave,
    one after another, with no PING (`connect`: what reconnecting costs by itself)."""
    url = base_url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    host, port = base_url.removeprefix("http://").split(":")
    opened = 0
    while not stop.is_set() and not (attack == "ping-once" and opened):
        opened += 1
        protocol = ClientProtocol(parse_uri(url))
        protocol.send_request(protocol.connect())
        try:
            with socket.create_connection((host, int(port)), timeout=5, source_address=(ATTACKER_ADDRESS, 0)) as raw:
                raw.sendall(b"".join(protocol.data_to_send()))
                while protocol.state is State.CONNECTING:
                    protocol.receive_data(raw.recv(65536))
                protocol.send_text(json.dumps({"type": "hello", "token": None}).encode())
                raw.sendall(b"".join(protocol.data_to_send()))
                if attack == "connect":
                    continue
                protocol.send_ping(b"")
                burst = b"".join(protocol.data_to_send()) * 1000
                raw.settimeout(None)  # a server that stops reading holds the flood up; stopping kills the process
                while not stop.is_set():
                    raw.sendall(burst)
        except (OSError, EOFError, InvalidState):
            continue  # closed (over budget, or refused at once): open another


def _tokens(table: dict) -> dict[int, str]:
    """Each seat's secret (a seat taken at creation); an older server's answer has invite tokens only."""
    secrets = {entry["seat"]: entry["secret"] for entry in table.get("secrets", [])}
    return secrets or {entry["seat"]: entry["token"] for entry in table["invites"]}


def _next(socket_: ClientConnection, after: int, deadline: float) -> dict:
    """The next state or update newer than version `after` (an error ends the benchmark; TimeoutError once the phase's
    deadline has passed)."""
    while True:
        message = json.loads(socket_.recv(timeout=max(0.001, deadline - time.perf_counter())))
        if message["type"] == "error":
            raise RuntimeError(message["detail"])
        if message["type"] in ("state", "update") and message["version"] > after:
            return dict(message)


def play(base_url: str, http: httpx.Client, moves: int, seconds: float) -> tuple[list[float], str]:
    """Moves of one player pair, one at a time and `PACE` apart at least, until `moves` are made or `seconds` have
    passed: each one's round trip in seconds, and why the pair stopped early, if it did (a move still unanswered at
    the end, or a connection the server dropped)."""
    timings: list[float] = []
    timings_at: float | None = None
    deadline = time.perf_counter() + seconds
    try:
        while len(timings) < moves and time.perf_counter() < deadline:
            seats = [{"take": True}, {"take": True}]
            table = http.post("/api/tables", json={"game": "city-blocks", "seats": seats}).json()
            tokens = _tokens(table)
            url = base_url.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"
            # No keepalive PINGs of their own: a slow server would have them give up, and the point is how slow.
            with (
                connect(url, open_timeout=seconds, ping_interval=None) as blue,
                connect(url, open_timeout=seconds, ping_interval=None) as red,
            ):
                sockets = {0: blue, 1: red}
                latest = {}
                for seat, ws in sockets.items():
                    ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
                    latest[seat] = _next(ws, -1, deadline)
                while not latest[0]["terminal"] and len(timings) < moves and time.perf_counter() < deadline:
                    mover = latest[0]["current_player"]
                    version = latest[mover]["version"]
                    action = latest[mover]["legal"][0]["action"]
                    time.sleep(max(0.0, (timings_at or 0.0) + PACE - time.perf_counter()))
                    started = timings_at = time.perf_counter()
                    sockets[mover].send(json.dumps({"type": "move", "version": version, "action": action}))
                    latest[mover] = _next(sockets[mover], version, deadline)
                    timings.append(time.perf_counter() - started)
                    latest[1 - mover] = _next(sockets[1 - mover], version, deadline)
    except TimeoutError:
        return timings, "an answer still awaited when the phase ended"
    except (ConnectionClosed, httpx.HTTPError, OSError) as error:
        return timings, f"the server dropped the players ({type(error).__name__})"
    return timings, ""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _report(name: str, timings: list[float], stopped: str, cpu: float, elapsed: float) -> None:
    ordered = sorted(timings)
    if ordered:
        p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
        line = f"{len(ordered)} moves, median {statistics.median(ordered) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"
    else:
        line = "no move answered"
    print(f"  {name}: {line} in {elapsed:.1f} s{'; ' + stopped if stopped else ''}; server CPU {cpu / elapsed:.0%}")


def measure(frame_rate: str, attack: str, attackers: int, moves: int, seconds: float) -> None:
    """Both phases on a fresh server with this frame budget."""
    context = multiprocessing.get_context("spawn")
    with (
        tempfile.TemporaryDirectory() as folder,
        local_server(f"sqlite:///{Path(folder) / 'db.sqlite3'}", extra=("--frame-rate", frame_rate, *PLAYERS)) as (
            url,
            server,
        ),
        httpx.Client(base_url=url, timeout=60) as http,
    ):
        play(url, http, 10, seconds)  # warm up: first pages of code, first tables
        for phase, count in (("quiet", 0), (f"{attackers} attacker(s), {attack}", attackers)):
            stop = context.Event()
            target = http.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()["id"]
            flooders = [context.Process(target=flood, args=(url, target, attack, stop)) for _ in range(count)]
            for process in flooders:
                process.start()
            time.sleep(1.0 if count else 0.0)  # let the flood begin before the moves are timed
            cpu, started = _cpu_seconds(server.pid), time.perf_counter()
            timings, stopped = play(url, http, moves, seconds)
            elapsed = time.perf_counter() - started
            _report(phase, timings, stopped, _cpu_seconds(server.pid) - cpu, elapsed)
            stop.set()
            for process in flooders:
                process.join(10)
                if process.is_alive():
                    process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attackers", type=int, default=1, help="attacker processes")
    parser.add_argument("--attack", choices=("ping", "ping-once", "connect"), default="ping", help="what they do")
    parser.add_argument("--moves", type=int, default=150, help="moves timed in each phase")
    parser.add_argument("--seconds", type=float, default=30.0, help="longest a phase lasts")
    parser.add_argument("--frame-rate", default=None, help="the budget of the second server (default: serve's)")
    args = parser.parse_args()
    print(f"without a frame budget (--frame-rate {LIFTED}, as before issue 30):")
    measure(LIFTED, args.attack, args.attackers, args.moves, args.seconds)
    from guildtable.server.limits import ServerLimits

    rate = args.frame_rate or ServerLimits().frame_rate
    print(f"with the frame budget (--frame-rate {rate}):")
    measure(rate, args.attack, args.attackers, args.moves, args.seconds)


if __name__ == "__main__":
    main()
