"""The mails' words (issue 33: in the current language, every word from the `core` catalogue): the turn mail, the
reminder, the day's summary, the confirmation mail and the unsubscribe line, with their links."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from urllib.parse import quote

from guildtable.kernel.i18n import ENGLISH, LANGUAGES, ngettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.kernel.seats import displayed_seat_name
from guildtable.server.mail.settings import CONFIRM_SECONDS, DAY_SECONDS
from guildtable.server.storage.turn_mail import WaitingTurn


def utc_time(moment: float) -> str:
    """A moment as every reader can read it, whatever their time zone: 2026-06-03 14:00 UTC."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _title(game: str) -> str:
    found = find_game(game)
    return found.title if found is not None else game


def _opponents(turn: WaitingTurn) -> str:
    """The other players' names as a sentence lists them, as the table shows them ("Red (Computer, casual)" in the
    reader's language; "" when the account plays every seat)."""
    names = [
        displayed_seat_name(seat, name) for seat, (name, account) in enumerate(turn.seats) if account != turn.account_id
    ]
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


class Letters:
    """The mails' words, built in the current language; `base_url` starts every link."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    def link(self, table_id: str) -> str:
        return f"{self.base_url}/table/{quote(table_id, safe='')}"

    def unsubscribe_link(self, token: str) -> str:
        """The page (GET asks, POST unsubscribes: RFC 8058's one-click) that stops all mail to an address."""
        return f"{self.base_url}/unsubscribe/{quote(token, safe='')}"

    def confirm_link(self, token: str) -> str:
        return f"{self.base_url}/confirm-email/{quote(token, safe='')}"

    def unsubscribe_line(self, token: str) -> str:
        """The last line of every mail."""
        return _(
            "To get no more e-mail from guildtable at this address, whoever asks for it: {link}",
            link=self.unsubscribe_link(token),
        )

    def confirmation(self, token: str) -> tuple[str, str]:
        """The subject and body of the one mail a new address gets before its owner confirms it. It names no account
        and holds nothing an account wrote: whoever typed someone else's address sends them these words only."""
        lines = [
            _("Hello,"),
            "",
            _("someone asked guildtable to send game notifications to this address."),
            _("If that was you, confirm the address here: {link}", link=self.confirm_link(token)),
            _("The link works for {days} days.", days=round(CONFIRM_SECONDS / DAY_SECONDS)),
            "",
            _("If it was not you, there is nothing to do: without a confirmation, no other mail comes."),
            "",
            "-- ",
        ]
        return _("Confirm your e-mail address for guildtable"), "\n".join(lines) + "\n"

    def _footer(self) -> str:
        return _(
            "You get this e-mail because your guildtable account asks for it. To change that, or the language it is "
            "written in, sign in and open {link}.",
            link=f"{self.base_url}/me",
        )

    def turn(self, turn: WaitingTurn) -> tuple[str, str]:
        """The subject and body of "it is your move"."""
        game, opponents = _title(turn.game), _opponents(turn)
        opening = (
            _("It is your move at {game} against {opponents}.", game=game, opponents=opponents)
            if opponents
            else _("It is your move at {game}.", game=game)
        )
        lines = [
            _("Hello {name},", name=turn.name),
            "",
            opening,
            _("Your time for this move runs out on {deadline}.", deadline=utc_time(turn.deadline)),
            "",
            _("Play your move: {link}", link=self.link(turn.table_id)),
            "",
            "-- ",
            self._footer(),
        ]
        return _("Your move: {game}", game=game), "\n".join(lines) + "\n"

    def reminder(self, turn: WaitingTurn) -> tuple[str, str]:
        """The subject and body of the reminder before the move's time runs out."""
        game, opponents = _title(turn.game), _opponents(turn)
        deadline = utc_time(turn.deadline)
        opening = (
            _(
                "Your time for your move at {game} against {opponents} runs out soon: on {deadline}.",
                game=game,
                opponents=opponents,
                deadline=deadline,
            )
            if opponents
            else _("Your time for your move at {game} runs out soon: on {deadline}.", game=game, deadline=deadline)
        )
        lines = [
            _("Hello {name},", name=turn.name),
            "",
            opening,
            "",
            _("Play your move: {link}", link=self.link(turn.table_id)),
            "",
            "-- ",
            self._footer(),
        ]
        return _("Reminder: your move at {game}", game=game), "\n".join(lines) + "\n"

    def digest(self, turns: Sequence[WaitingTurn]) -> tuple[str, str]:
        """The subject and body of the day's summary of the tables where it is the account's move."""
        entries = []
        for turn in turns:
            game, opponents, deadline = _title(turn.game), _opponents(turn), utc_time(turn.deadline)
            entry = (
                _("{game} against {opponents}, until {deadline}", game=game, opponents=opponents, deadline=deadline)
                if opponents
                else _("{game}, until {deadline}", game=game, deadline=deadline)
            )
            entries += [f"- {entry}", f"  {self.link(turn.table_id)}"]
        lines = [
            _("Hello {name},", name=turns[0].name),
            "",
            ngettext("It is your move at this table:", "It is your move at these {n} tables:", len(turns)),
            "",
            *entries,
            "",
            "-- ",
            self._footer(),
        ]
        subject = ngettext("Your move at {n} table", "Your move at {n} tables", len(turns))
        return subject, "\n".join(lines) + "\n"


def mail_language(language: str) -> str:
    """The language a mail is written in: its account's, English when the account's is none we have."""
    return language if language in LANGUAGES else ENGLISH
