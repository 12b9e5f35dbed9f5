"""`guildtable bot-connect`: play as a bot account on a guildtable server (issue 37), the Bot API's reference client.

It follows the bot's event stream, takes the seats offered to it and plays every game it sits at with `--bot` (any
bot spec; `random` plays every game), thinking only on what its seat's view shows. It runs until the token is revoked,
or until `--games` games have ended.
"""

from __future__ import annotations

import typer

from guildtable.cli.common import console, fail
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import N_, ngettext
from guildtable.kernel.i18n import gettext as _

# The command's help (`guildtable bot-connect --help`), translated when shown.
HELP = N_("Play as a bot account on a guildtable server: take the seats offered to it and play them with a bot.")


def bot_connect(
    token: str = typer.Option(..., envvar="GUILDTABLE_BOT_TOKEN", help=N_("The bot account's API token (gtb_...).")),
    server: str = typer.Option("http://127.0.0.1:8000", help=N_("The server's address.")),
    bot: str = typer.Option("hard", help=N_("The bot spec that chooses the moves (random plays every game).")),
    games: int | None = typer.Option(
        None, min=1, help=N_("Stop after this many games (default: go on until stopped).")
    ),
    decline: bool = typer.Option(False, "--decline", help=N_("Decline the seats offered instead of taking them.")),
    seed: int = typer.Option(0, help=N_("Seed of the bot.")),
) -> None:
    from guildtable.client import BotClient, play_forever, player_for

    try:
        player_for(bot, seed)  # an unknown spec fails here, before connecting
        with BotClient(server, token) as client:
            name = client.account()["name"]
            hello = _("Connected to {server} as {name}, playing with {bot}.", server=server, name=name, bot=bot)
            console.print(hello, soft_wrap=True, markup=False)

            def ended(table: str, last: dict[str, object]) -> None:
                console.print(_("Game {table} is over.", table=table), soft_wrap=True, markup=False)

            count = play_forever(
                client, lambda: player_for(bot, seed), accept=lambda _event: not decline, games=games, on_end=ended
            )
    except GuildtableError as error:
        fail(str(error))
    console.print(ngettext("{n} game played.", "{n} games played.", count))
