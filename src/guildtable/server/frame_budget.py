"""Every WebSocket frame a client sends is paid for from a budget, control frames included (issue 30 finding 1).

uvicorn answers a PING in its protocol layer, so the app never sees one and its message rate (`--message-rate`) never
counted them: one spectator sending PINGs as fast as it could (about 84,000 a second, never reading the PONGs) took 85%
of the server's CPU, and a player at another table waited 1.9 s instead of 1 ms for each move. Here each connection
has a token bucket of `--frame-rate` frames (`100/second`: 100 at once, refilled at 100 a second), and every frame it
sends takes one: text, binary, continuation, PING, PONG and CLOSE alike. A client that has none left is failed with
1008 (policy violation): the PONGs owed for its last frames are not sent, nothing more it sends is read, and the app
hears that it left.

`guildtable serve` hands uvicorn `BudgetedWebSockets(rate)` as its `ws` protocol (`cli/serve.py`); uvicorn calls it
for each connection upgraded to a WebSocket. It is uvicorn's `websockets-sansio` protocol with the counting added; it
leans on that class's `conn`, `handle_events` and `queue`, which is one reason uvicorn's version is pinned.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from limits import parse
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame

POLICY_VIOLATION = 1008
# A client's frame is 6 bytes at least (2 of header, 4 of mask). One read may hold 256 KiB, some 43,000 PINGs, which
# websockets would parse and answer in one go before the budget is looked at: it is handed the bytes a slice at a time,
# each too short to hold more than a few frames beyond what the budget has left, and the rest of a read is dropped
# once the budget is spent. A slice is never shorter than SHORTEST_SLICE, or a client keeping its budget near empty
# could have a large message handed over six bytes at a time.
SMALLEST_FRAME = 6
SHORTEST_SLICE = 512


@dataclass(slots=True)
class FrameBudget:
    """A token bucket: `capacity` frames at once, refilled at `per_second`."""

    capacity: float
    per_second: float
    tokens: float
    last: float

    @classmethod
    def of(cls, rate: str, now: float) -> FrameBudget:
        """The full bucket of a rate such as `100/second` (`limits` syntax); ValueError for anything else."""
        item = parse(rate)
        if item.amount < 1:
            raise ValueError(f"a frame rate allows at least one frame, not {rate!r}")
        return cls(float(item.amount), item.amount / item.get_expiry(), float(item.amount), now)

    def left(self, now: float) -> float:
        """The tokens in the bucket now."""
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        return self.tokens

    def spend(self, frames: int, now: float) -> bool:
        """Take `frames` tokens; False (and nothing taken) when there are not that many."""
        if frames > self.left(now):
            return False
        self.tokens -= frames
        return True


class BudgetedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websockets protocol, counting each frame the client sends against its `FrameBudget`."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
        *,
        frame_rate: str,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.budget = FrameBudget.of(frame_rate, self.loop.time())
        self.over_budget = False

    def data_received(self, data: bytes) -> None:
        start = 0
        while start < len(data) and not self.over_budget:
            end = start + max(SHORTEST_SLICE, SMALLEST_FRAME * int(self.budget.left(self.loop.time()) + 1))
            super().data_received(data[start:end])
            start = end

    def handle_events(self) -> None:
        # The frames are counted before any is handled: websockets has parsed them (and queued the PONGs) already.
        frames = sum(1 for event in self.conn.events if isinstance(event, Frame))
        if frames and not self.budget.spend(frames, self.loop.time()):
            self.refuse()
            return
        super().handle_events()

    def refuse(self) -> None:
        """Fail the connection with 1008, as uvicorn fails one whose keepalive PING went unanswered."""
        self.over_budget = True
        self.conn.events_received()  # the frames over budget are not handled,
        self.conn.data_to_send()  # nor their PONGs sent
        self.conn.fail(POLICY_VIOLATION, "too many frames")
        self.transport.write(b"".join(self.conn.data_to_send()))
        if not self.close_sent:
            self.queue.put_nowait(
                {"type": "websocket.disconnect", "code": POLICY_VIOLATION, "reason": "too many frames"}
            )
        self.close_sent = True
        self.transport.close()
        # A client that never reads keeps the close frame in our write buffer, and the socket open, for ever.
        self.loop.call_later(self.close_timeout, self.transport.abort)


@dataclass(frozen=True, slots=True)
class BudgetedWebSockets:
    """What `uvicorn.Config(ws=...)` calls for each WebSocket connection. A class would do, but the rate is a `serve`
    option, and with `--workers` uvicorn pickles its config into each process: this object travels with it."""

    frame_rate: str

    def __call__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> BudgetedWebSocketProtocol:
        return BudgetedWebSocketProtocol(config, server_state, app_state, _loop, frame_rate=self.frame_rate)
