"""The database's tables, as SQLAlchemy describes them: what the migrations make, and what every query names.

This module holds no query. A change here is a new migration in `server/migrations/versions/`, and
`tests/server/test_server_migrations.py` checks that a database at the newest revision matches `metadata`.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text, false

# What the migrations make (server/migrations/versions/): a change here is a new migration there.
metadata = MetaData()

tables = Table(
    "gt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    # Seeds that fit (below 2**63, the first tables'); -1 where only `seed_text` holds the seed.
    Column("seed", BigInteger, nullable=False),
    # The seed as decimal digits: table seeds are 129-bit numbers (kernel.rng.new_table_seed), beyond any SQL integer.
    Column("seed_text", String(80), nullable=True),
    Column("options", Text, nullable=False),
    Column("setup", Text, nullable=True),
    Column("created", String(32), nullable=False),
    Column("rematch", String(32), nullable=True),
    # Whether the table counts for the ratings (issue 16); casual tables, every table before ratings, do not.
    Column("rated", Boolean, nullable=False, server_default=false()),
    # The pace (issue 16) as JSON; None: untimed (every table before paces). `pace_kind` is "live" or "turn".
    Column("pace", Text, nullable=True),
    Column("pace_kind", String(8), nullable=True),
    # When the last human seat was taken (seconds since the epoch): a paced table's clocks run from then.
    Column("started", Float, nullable=True),
    # Paced tables only, written with every row: when the seat on turn runs out of time (None once the game is
    # over), that seat, and the ply its turn began at.
    Column("deadline", Float, nullable=True),
    Column("to_move", Integer, nullable=True),
    Column("turn_ply", Integer, nullable=True),
    Index("ix_gt_tables_deadline", "deadline"),
)

seats = Table(
    "gt_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),
    Column("name", String(64), nullable=False),
    # The invite token: it takes the seat once (join), then only shows that the seat is taken.
    Column("token", String(64), nullable=True),
    # The seat secret handed to the joining player alone (issue 30): it moves, reads the hand, resigns.
    Column("secret", String(64), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
    # The account the seat's player plays as (None: a guest, who has the invite link only).
    Column("account_id", String(32), nullable=True),
    Index("ix_gt_seats_account_id", "account_id"),
)

moves = Table(
    "gt_moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    # When it was stored (seconds since the epoch; None for moves stored before clocks existed).
    Column("at", Float, nullable=True),
)

uploads = Table(
    "gt_uploads",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("record", Text, nullable=False),
    Column("created", String(32), nullable=False),
)

accounts = Table(
    "gt_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    # What the name looks like (issue 30: `names.lookalike_key`, TR39's skeleton of the casefolded name): "Ada",
    # "ADA" and "Ａda" are one account.
    Column("name_key", String(128), nullable=False),
    # An argon2id hash (with its salt and parameters): the password itself is never stored.
    Column("password_hash", String(256), nullable=False),
    Column("created", String(32), nullable=False),
    # Where "your turn" mails go (None: nowhere), and which: "off", "turn" (each turn) or "digest" (one a day).
    Column("email", String(254), nullable=True),
    Column("notify", String(8), nullable=False, server_default="off"),
    # Issue 30: whether the address's owner confirmed it (None: no address). "unconfirmed", "due" (a confirmation
    # mail is to be sent), "sent" (at `confirm_at`, with the SHA-256 of its link's token), "confirmed", "limit" (not
    # sent: the address or the account had its confirmation mails of the day) or "refused" (by the mail server).
    Column("email_status", String(12), nullable=True),
    Column("confirm_hash", String(64), nullable=True),
    Column("confirm_at", Float, nullable=True),
    # The confirmation mails this account caused on `confirm_day` (UTC "YYYY-MM-DD").
    Column("confirm_day", String(10), nullable=True),
    Column("confirm_count", Integer, nullable=False, server_default="0"),
    # Issue 33: the language its mails are written in ("en" or "de"), taken from the pages the account uses (the
    # page it signed up from, the language it switches to while signed in) and changed in its settings.
    Column("language", String(8), nullable=False, server_default="en"),
    # Issue 37: a bot account's owner (the account that made it); None for a person's account. A bot account has no
    # password (it cannot sign in): it plays through the Bot API with the tokens its owner issues it.
    Column("owner_id", String(32), nullable=True),
    Index("ix_gt_accounts_name_key", "name_key", unique=True),
    # Sign-in finds an account by its exact name first (two accounts older than the look-alike keys may look alike).
    Index("ix_gt_accounts_name", "name"),
    Index("ix_gt_accounts_confirm_hash", "confirm_hash"),
    Index("ix_gt_accounts_email_status", "email_status"),
    Index("ix_gt_accounts_owner_id", "owner_id"),
)

mail_addresses = Table(
    "gt_mail_addresses",
    metadata,
    # Issue 30: every address mail went to, casefolded: its unsubscribe token (the link in each of its mails), whether
    # it was unsubscribed (when), and how many mails (and confirmation mails) it got on `day` (UTC "YYYY-MM-DD").
    Column("address", String(254), primary_key=True),
    Column("token", String(64), nullable=False),
    Column("stopped", Float, nullable=True),
    Column("day", String(10), nullable=False, server_default=""),
    Column("sent", Integer, nullable=False, server_default="0"),
    Column("confirmations", Integer, nullable=False, server_default="0"),
    Index("ix_gt_mail_addresses_token", "token", unique=True),
)

sessions = Table(
    "gt_sessions",
    metadata,
    # The SHA-256 of the cookie's token: whoever reads the database cannot sign in with what they read.
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("created", String(32), nullable=False),
    Column("expires", String(32), nullable=False),
    Index("ix_gt_sessions_account_id", "account_id"),
    Index("ix_gt_sessions_expires", "expires"),
)

ratings = Table(
    "gt_ratings",
    metadata,
    # An account's id, or "bot:<level>" for a bot level (random, greedy, easy, medium, hard).
    Column("subject", String(40), primary_key=True),
    Column("game", String(64), primary_key=True),
    # openskill's Plackett-Luce estimate: the skill and its uncertainty.
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(32), nullable=False),
)

rated_games = Table(
    "gt_rated_games",
    metadata,
    # One row per finished rated table, written in the transaction that rates it: a table is rated at most once,
    # however many processes see its end.
    Column("table_id", String(32), primary_key=True),
    Column("rated_at", String(32), nullable=False),
    # The table ended with a seat that could not be rated (a guest, one player in two seats): nobody's rating moved.
    Column("skipped", Boolean, nullable=False),
)

mail_sent = Table(
    "gt_mail_sent",
    metadata,
    # One row per "your turn" mail (kind "turn") or reminder ("reminder"), written before the mail is sent: of
    # several processes only the one whose insert succeeds sends it; a failed send deletes the row again.
    Column("account_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("turn_ply", Integer, primary_key=True),
    Column("kind", String(8), primary_key=True),
    Column("sent_at", Float, nullable=False),
)

digest_sent = Table(
    "gt_digest_sent",
    metadata,
    # One row per daily summary, the same way: at most one per account and UTC day ("YYYY-MM-DD").
    Column("account_id", String(32), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("sent_at", Float, nullable=False),
)

analyses = Table(
    "gt_analyses",
    metadata,
    # One analysis per replay (issue 19): a finished table's id or an uploaded record's.
    Column("replay_id", String(32), primary_key=True),
    Column("spec", String(200), nullable=False),
    # "running" (`done` of `total` moves judged so far) or "done" (`result` holds it as JSON).
    Column("status", String(8), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("result", Text, nullable=True),
    # When its process last wrote it (seconds since the epoch): a running row nobody updates is taken over.
    Column("updated", Float, nullable=False),
)

bot_tokens = Table(
    "gt_bot_tokens",
    metadata,
    # Issue 37: a bot account's API token. `id` is public (the owner revokes a token by it); the token itself is shown
    # once and only its SHA-256 is kept, so whoever reads the database cannot play with what they read.
    Column("id", String(32), primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("account_id", String(32), nullable=False),
    # What the token may do, comma-separated: "play" (accept seats, move, undo, resign) and "read" (the streams).
    Column("scopes", String(32), nullable=False),
    Column("label", String(64), nullable=False, server_default=""),
    Column("created", String(32), nullable=False),
    Index("ix_gt_bot_tokens_token_hash", "token_hash", unique=True),
    Index("ix_gt_bot_tokens_account_id", "account_id"),
)

bot_invitations = Table(
    "gt_bot_invitations",
    metadata,
    # Issue 37: a seat offered to a bot account by whoever holds the seat's invite link, until the bot accepts
    # (it joins the seat) or declines (the row goes).
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("created", String(32), nullable=False),
    Index("ix_gt_bot_invitations_account_id", "account_id"),
)
