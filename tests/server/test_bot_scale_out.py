"""Issue 37 on a platform of two processes (PostgreSQL + Redis): the bot follows its streams through one server while
the person plays through the other, a full rated game. Skipped without the services, as the other scale-out tests."""

from __future__ import annotations

import threading
from typing import Any

from test_bot_play import owner_with_bot, play_as_person, table_for_ada_and_bot
from test_server_scale_out import platform, server

from guildtable.client import BotClient, SpecPlayer, play_forever

__all__ = ["platform"]  # the fixture, used by name


def test_a_bot_on_one_process_plays_a_rated_game_against_a_person_on_the_other(platform: tuple[str, str]) -> None:
    db_url, redis_url = platform
    with (
        server(db_url, redis_url, "--bot-rate", "100000/minute") as (person_url, _first),
        server(db_url, redis_url, "--bot-rate", "100000/minute") as (bot_url, _second),
    ):
        http, token = owner_with_bot(person_url)
        ended: list[dict[str, Any]] = []
        with BotClient(bot_url, token) as bot:
            playing = threading.Thread(
                target=lambda: play_forever(
                    bot, lambda: SpecPlayer("greedy"), games=1, on_end=lambda _t, last: ended.append(last)
                )
            )
            playing.start()
            table_id, secret = table_for_ada_and_bot(http, rated=True)
            last = play_as_person(person_url, table_id, secret, rated=True)
            playing.join(120)
        assert not playing.is_alive() and ended and ended[0]["terminal"]
        assert last["result"]["rating"] == "rated"
        assert [(seat["name"], seat["bot"]) for seat in last["seats"]] == [("Blue", False), ("Deep Blocks", True)]
