"""The store: one database, opened (and upgraded by the migrations), and its parts, one per concern.

Every part shares the store's engine; each of its calls is one transaction (or one read), as it always was, and no
call spans two parts. Callers name the part: `store.tables.load_table(...)`, `store.accounts.create_account(...)`.
"""

from __future__ import annotations

from guildtable.server import migrations
from guildtable.server.storage.accounts import Accounts
from guildtable.server.storage.analyses import Analyses
from guildtable.server.storage.bots import Bots
from guildtable.server.storage.database import make_engine
from guildtable.server.storage.mail_addresses import MailAddresses
from guildtable.server.storage.mail_choices import MailChoices
from guildtable.server.storage.moves import MoveLog
from guildtable.server.storage.ratings import Ratings
from guildtable.server.storage.schema import metadata
from guildtable.server.storage.seats import Seats
from guildtable.server.storage.sessions import Sessions
from guildtable.server.storage.tables import Tables
from guildtable.server.storage.turn_mail import TurnMail
from guildtable.server.storage.uploads import Uploads


class Store:
    """The tables, moves, seats, uploads, accounts, sessions, ratings, mail rows, analyses and bots of one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        # The schema is made and changed only by the migrations (server/migrations/), never by `create_all`.
        migrations.upgrade(self.engine, metadata)
        self.tables = Tables(self.engine)
        self.moves = MoveLog(self.engine, url)
        self.seats = Seats(self.engine)
        self.uploads = Uploads(self.engine)
        self.accounts = Accounts(self.engine)
        self.sessions = Sessions(self.engine)
        self.ratings = Ratings(self.engine)
        self.mail_choices = MailChoices(self.engine)
        self.mail_addresses = MailAddresses(self.engine)
        self.turn_mail = TurnMail(self.engine)
        self.analyses = Analyses(self.engine)
        self.bots = Bots(self.engine)

    def close(self) -> None:
        self.moves.close()
        self.engine.dispose()
