"""The schema comes from the Alembic migrations: a new database is upgraded to head and matches the store's tables,
a database made by `create_all` before migrations existed is stamped at the baseline and upgraded, keeping its games,
a database of the release before accounts (revision 0001) gets them without losing a game, and one of the release
before ratings (0002) gets them, its tables casual, and one before e-mail notifications (0004) keeps its accounts, their
mail off (issue 16)."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, insert, inspect, text

from guildtable.kernel.registry import get_game
from guildtable.server import migrations
from guildtable.server.storage.accounts import StoredAccount
from guildtable.server.storage.database import now
from guildtable.server.storage.mail_choices import MailChoice
from guildtable.server.storage.ratings import RatedAlready
from guildtable.server.storage.schema import metadata, moves, seats, tables
from guildtable.server.storage.store import Store
from guildtable.server.storage.tables import StoredSeat, StoredTable
from guildtable.server.tables import Table


def at_baseline(url: str, *, stamped: bool = True) -> Engine:
    """A database as the release before accounts left it: the baseline's tables at revision 0001 (`stamped` False:
    as `create_all` made them before migrations existed, with no alembic_version)."""
    engine = create_engine(url)
    with engine.begin() as db:
        command.upgrade(migrations.config(db), migrations.BASELINE)
        if not stamped:
            db.execute(text("DROP TABLE alembic_version"))
    return engine


def test_a_new_database_is_at_head_and_matches_the_stores_tables(db_url: str) -> None:
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    with store.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    store.close()
    assert differences == []


def test_opening_a_database_twice_changes_nothing(db_url: str) -> None:
    Store(db_url).close()
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    store.close()


def test_a_database_made_by_create_all_is_stamped_at_the_baseline_and_keeps_its_games(db_url: str) -> None:
    """What the release before migrations left: the tables and their rows, no alembic_version."""
    engine = at_baseline(db_url, stamped=False)
    with engine.begin() as db:
        db.execute(
            insert(tables).values(
                id="old", game="city-blocks", seed=5, seed_text="5", options="{}", created=now(), rematch=None
            )
        )
        db.execute(insert(seats).values(table_id="old", seat=0, kind="human", name="Ada", token="tok", joined=True))
        db.execute(insert(seats).values(table_id="old", seat=1, kind="greedy", name="Bot", token=None, joined=True))
        db.execute(insert(moves).values(table_id="old", ply=0, action=33, notation="first"))
    assert migrations.current(engine) is None
    engine.dispose()
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    loaded = store.tables.load_table("old")
    assert loaded is not None and loaded.actions == [33] and loaded.seats[0].name == "Ada"
    seat = [StoredSeat(0, "human", "Blue", "t", False), StoredSeat(1, "human", "Red", "u", False)]
    store.tables.create_table(StoredTable("new", "city-blocks", 9, {}, None, now(), None, seat, []))
    assert store.tables.load_table("new") is not None
    store.close()


def played_game(moves_at_most: int = 400) -> tuple[list[int], list[str]]:
    """A City Blocks game played to its end (or `moves_at_most` moves) by always taking the first legal move."""
    state = get_game("city-blocks").new_state(2, seed=5)
    actions, notations = [], []
    while not state.is_terminal and len(actions) < moves_at_most:
        action = state.legal_actions()[0]
        notations.append(state.action_to_notation(action))
        state.apply(action)
        actions.append(action)
    return actions, notations


def test_a_database_at_0001_with_a_played_game_gets_accounts_and_keeps_the_game(db_url: str) -> None:
    """Issue 16: revision 0002 adds the accounts and sessions and the seats' account, and every game played before
    it replays to the same position (on SQLite and, when CI has it, PostgreSQL)."""
    actions, notations = played_game()
    engine = at_baseline(db_url)
    with engine.begin() as db:
        db.execute(
            insert(tables).values(
                id="played", game="city-blocks", seed=5, seed_text="5", options="{}", created=now(), rematch=None
            )
        )
        for seat, name in enumerate(("Ada", "Grace")):
            db.execute(
                insert(seats).values(
                    table_id="played", seat=seat, kind="human", name=name, token=f"t{seat}", joined=True
                )
            )
        db.execute(
            insert(moves),
            [
                {"table_id": "played", "ply": ply, "action": action, "notation": notation}
                for ply, (action, notation) in enumerate(zip(actions, notations, strict=True))
            ],
        )
    assert migrations.current(engine) == migrations.BASELINE
    engine.dispose()

    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    schema = inspect(store.engine)
    assert schema.has_table("gt_accounts") and schema.has_table("gt_sessions")
    assert "account_id" in {column["name"] for column in schema.get_columns("gt_seats")}
    loaded = store.tables.load_table("played")
    assert loaded is not None and loaded.actions == actions
    assert [(seat.name, seat.account_id) for seat in loaded.seats] == [("Ada", None), ("Grace", None)]
    table = Table.rebuild(loaded)
    replayed = get_game("city-blocks").new_state(2, seed=5)
    for action in actions:
        replayed.apply(action)
    assert table.version == len(actions)
    assert table.terminal == replayed.is_terminal
    assert table.state.view(None) == replayed.view(None) and table.state.scores() == replayed.scores()
    # The old game's seats can now be an account's.
    store.accounts.create_account(StoredAccount("acc", "Ada", "$argon2id$hash", now()), "ada")
    assert store.seats.bind_seat("played", 0, "acc")
    assert [(seat.table_id, seat.seat, seat.token) for seat in store.seats.account_seats("acc")] == [
        ("played", 0, "t0")
    ]
    store.close()


def test_a_database_at_0002_with_a_played_game_gets_ratings_and_keeps_the_game(db_url: str) -> None:
    """Issue 16: revision 0003 adds the ratings, the rated games and the tables' `rated` (false: every table played
    before was casual); a finished game of an account played before it loads, replays and can be rated."""
    actions, notations = played_game()
    engine = create_engine(db_url)
    with engine.begin() as db:
        command.upgrade(migrations.config(db), "0002")
        db.execute(
            text(
                "INSERT INTO gt_tables (id, game, seed, seed_text, options, created, rematch) "
                "VALUES ('played', 'city-blocks', 5, '5', '{}', :created, NULL)"
            ),
            {"created": now()},
        )
        for seat, name in enumerate(("Ada", "Grace")):
            db.execute(
                text(
                    "INSERT INTO gt_seats (table_id, seat, kind, name, token, joined, account_id) "
                    "VALUES ('played', :seat, 'human', :name, :token, :joined, :account)"
                ),
                {
                    "seat": seat,
                    "name": name,
                    "token": f"t{seat}",
                    "joined": True,
                    "account": "acc" if seat == 0 else None,
                },
            )
        db.execute(
            insert(moves),
            [
                {"table_id": "played", "ply": ply, "action": action, "notation": notation}
                for ply, (action, notation) in enumerate(zip(actions, notations, strict=True))
            ],
        )
    assert migrations.current(engine) == "0002"
    engine.dispose()

    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    schema = inspect(store.engine)
    assert schema.has_table("gt_ratings") and schema.has_table("gt_rated_games")
    loaded = store.tables.load_table("played")
    assert loaded is not None and loaded.actions == actions and loaded.rated is False
    assert [(seat.name, seat.account_id) for seat in loaded.seats] == [("Ada", "acc"), ("Grace", None)]
    table = Table.rebuild(loaded)
    assert table.version == len(actions) and table.rated is False
    # The new tables work on the old database: a rating is written once per table.
    store.ratings.record_rated_game("played", "city-blocks", ["acc"], lambda before: [(26.0, 8.0)])
    assert [(rating.subject, rating.games) for rating in store.ratings.ratings_of("acc")] == [("acc", 1)]
    try:
        store.ratings.record_rated_game("played", "city-blocks", ["acc"], lambda before: [(27.0, 7.0)])
    except RatedAlready:
        pass
    else:
        raise AssertionError("a table was rated twice")
    assert store.ratings.ratings_of("acc")[0].mu == 26.0
    store.close()


def test_0002_goes_back_down_to_the_baseline_keeping_the_games(sqlite_url: str) -> None:
    """Issue 16: the accounts' and the ratings' migrations can be undone; the tables, seats and moves stay."""
    store = Store(sqlite_url)
    seat = [StoredSeat(0, "human", "Ada", "t", True), StoredSeat(1, "human", "Grace", "u", True)]
    store.tables.create_table(StoredTable("kept", "city-blocks", 9, {}, None, now(), None, seat, []))
    store.moves.add_move("kept", 0, played_game(1)[0][0], "first")
    with store.engine.begin() as db:
        command.downgrade(migrations.config(db), migrations.BASELINE)
    assert migrations.current(store.engine) == migrations.BASELINE
    schema = inspect(store.engine)
    assert not schema.has_table("gt_accounts") and not schema.has_table("gt_sessions")
    assert not schema.has_table("gt_ratings") and not schema.has_table("gt_rated_games")
    with store.engine.connect() as db:
        assert db.execute(text("SELECT count(*) FROM gt_moves WHERE table_id = 'kept'")).scalar() == 1
        assert db.execute(text("SELECT name FROM gt_seats WHERE table_id = 'kept' ORDER BY seat")).scalars().all() == [
            "Ada",
            "Grace",
        ]
    store.close()


def test_a_database_made_by_create_all_of_todays_tables_is_stamped_at_head(db_url: str) -> None:
    """Issue 16: `create_all` of the store's tables as they are now (tools, tests) already has the accounts: the
    database is stamped at the head rather than at the baseline, whose next migration would make them again."""
    engine = create_engine(db_url)
    metadata.create_all(engine)
    engine.dispose()
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    store.accounts.create_account(StoredAccount("acc", "Ada", "$argon2id$hash", now()), "ada")
    assert store.accounts.account_named("ada") is not None
    store.close()


def test_a_database_at_0004_with_accounts_gets_mail_settings_off_and_keeps_its_accounts(db_url: str) -> None:
    """Issue 16: revision 0005 adds an account's e-mail address (none) and notifications ("off": nobody gets mail
    they did not ask for) and the tables of sent mails; the accounts, their sessions and seats stay as they were."""
    engine = create_engine(db_url)
    with engine.begin() as db:
        command.upgrade(migrations.config(db), "0004")
        db.execute(
            text(
                "INSERT INTO gt_accounts (id, name, name_key, password_hash, created) "
                "VALUES ('acc', 'Ada', 'ada', '$argon2id$hash', :created)"
            ),
            {"created": now()},
        )
        db.execute(
            text(
                "INSERT INTO gt_sessions (token_hash, account_id, csrf, created, expires) "
                "VALUES ('hash', 'acc', 'csrf', :created, '9999-12-31T00:00:00+00:00')"
            ),
            {"created": now()},
        )
    assert migrations.current(engine) == "0004"
    engine.dispose()

    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    schema = inspect(store.engine)
    assert schema.has_table("gt_mail_sent") and schema.has_table("gt_digest_sent")
    found = store.accounts.account_named("ada")
    assert found is not None and found.id == "acc" and found.password_hash == "$argon2id$hash"
    session = store.sessions.session("hash")
    assert session is not None and session.account.name == "Ada"
    assert store.mail_choices.mail_choice("acc") == MailChoice(None, "off")
    store.mail_choices.set_mail_choice("acc", MailChoice("ada@example.org", "turn"))
    assert store.mail_choices.mail_choice("acc") == MailChoice("ada@example.org", "turn")
    mail = store.turn_mail
    assert mail.claim_mail("acc", "t", 3, "turn", 1.0) and not mail.claim_mail("acc", "t", 3, "turn", 2.0)
    assert mail.claim_digest("acc", "2026-06-03", 1.0) and not mail.claim_digest("acc", "2026-06-03", 2.0)
    store.close()


def test_0005_goes_back_down_to_0004_keeping_the_accounts(sqlite_url: str) -> None:
    """Issue 16: the mail migration can be undone; the accounts stay."""
    store = Store(sqlite_url)
    store.accounts.create_account(StoredAccount("acc", "Ada", "$argon2id$hash", now()), "ada")
    store.mail_choices.set_mail_choice("acc", MailChoice("ada@example.org", "digest"))
    with store.engine.begin() as db:
        command.downgrade(migrations.config(db), "0004")
    schema = inspect(store.engine)
    assert not schema.has_table("gt_mail_sent") and not schema.has_table("gt_digest_sent")
    assert {"email", "notify"}.isdisjoint(column["name"] for column in schema.get_columns("gt_accounts"))
    with store.engine.connect() as db:
        assert db.execute(text("SELECT name FROM gt_accounts")).scalars().all() == ["Ada"]
    store.close()
