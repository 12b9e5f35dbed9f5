"""E-mail "your turn" notifications for turn-based tables (issue 16, "at your own pace"), through an SMTP server
given to `guildtable serve`.

An account chooses in its settings: no mail ("off", the default), a mail at each of its turns ("turn"), or one
summary a day of the tables where it is its move ("digest"); with either of the last two, a reminder comes before a
move's time runs out. Every server process runs a `Notifier`, which looks at the tables every `poll_seconds`: the
store keeps, for each turn-based table, the seat on turn, the ply its turn began at and its deadline (`Timing`).

At most one mail per account, table, turn and kind: a mail's row (`gt_mail_sent`, keyed by account, table,
turn_ply and kind; `gt_digest_sent` by account and UTC day) is written before it is sent, so of several processes
only the one whose insert succeeds sends it. A send that fails deletes its row again, so the next round tries again
(a refusal the SMTP server gives as final keeps it: that address would be refused every round).

A mail names the game, the opponents, the deadline in UTC and the table's page; never a seat token nor anything the
table hides (the table page finds the signed-in account's seat by itself). Nothing here blocks the event loop: the
queries run on the store's pool, the SMTP conversation on a worker thread.

Issue 33: each mail is written in its account's language (`gt_accounts.language`, English or German: the language
of the pages the account uses, changed in its settings), every word from the `core` catalogue; its `Content-Language`
says which. The unsubscribe line at its end is in that language too.

Issue 30: a mail goes only where its owner wants it. A new address gets one confirmation mail and nothing else until
its owner follows the link in it (the link opens a page that asks, so a mail scanner that opens links confirms
nothing); the confirmation mail carries no word an account chose. Each address gets at most `per_address_day` mails
a UTC day, of which at most `confirmations_per_day` confirmation mails (and an account causes at most that many a
day). Every mail carries an unsubscribe link, also as RFC 8058's one-click `List-Unsubscribe` header (a mail program
POSTs to it, with no cookie); an unsubscribed address gets nothing more from any account until its owner follows a
confirmation link, or asks again from the unsubscribe page. The counts and the unsubscription are kept per address
(`gt_mail_addresses`), so no number of accounts gets past them.

The parts: `settings` (the SMTP server and the limits, `MailSettings`), `letters` (every mail's words), `plan`
(which mails are due, and the rows each stands for), `sending` (the messages and the SMTP conversation) and
`notifier` (the loop that claims, counts and sends them).
"""

from guildtable.server.mail.letters import Letters
from guildtable.server.mail.notifier import Notifier, wake_notifiers
from guildtable.server.mail.plan import reminder_window
from guildtable.server.mail.settings import CONFIRM_SECONDS, NOTIFY_CHOICES, MailSettings

__all__ = [
    "CONFIRM_SECONDS",
    "NOTIFY_CHOICES",
    "Letters",
    "MailSettings",
    "Notifier",
    "reminder_window",
    "wake_notifiers",
]
