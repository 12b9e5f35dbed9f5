"""`guildtable serve`: the web platform on http://127.0.0.1:8000, storing games in SQLite (or PostgreSQL)."""

from __future__ import annotations

import typer

from guildtable.cli.common import console


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 to let other devices join)."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str | None = typer.Option(
        None,
        help="SQLAlchemy database URL: sqlite:///path.sqlite3 or postgresql+psycopg://user@host/db "
        "(default: a SQLite file in your data directory).",
    ),
    bot_delay: float = typer.Option(0.6, min=0.0, help="Seconds a bot waits before moving, so people can follow."),
    ws_compression: bool = typer.Option(
        False, help="Compress WebSocket messages (permessage-deflate): less bandwidth, about a third more server CPU."
    ),
    log_level: str = typer.Option("info", help="uvicorn log level."),
) -> None:
    """Serve the lobby, the game pages and the API (documented at /docs)."""
    import uvicorn

    from guildtable.server import create_app
    from guildtable.server.store import default_db_url

    url = db or default_db_url()
    app = create_app(url, bot_delay=bot_delay)
    shown = url.split("@")[-1] if "@" in url else url  # never print a database password
    console.print(f"guildtable: http://{host}:{port}  (database {shown})", soft_wrap=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_per_message_deflate=ws_compression,
    )
