"""Sending: a planned mail as the message that goes out (its headers), and the SMTP conversation that sends a round's
messages (blocking: it runs on a worker thread)."""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Sequence
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from guildtable.server.mail.letters import mail_language
from guildtable.server.mail.plan import Mail
from guildtable.server.mail.settings import MailSettings


def message(mail: Mail, settings: MailSettings, now: float, unsubscribe: str | None = None) -> EmailMessage:
    """The mail as it is sent; with `unsubscribe` (its link), the RFC 2369 and RFC 8058 headers that let a mail
    program unsubscribe in one click (the MTA's DKIM signature should cover them)."""
    built = EmailMessage()
    built["From"] = settings.sender
    built["To"] = mail.to
    built["Subject"] = mail.subject
    built["Date"] = formatdate(now, usegmt=True)
    built["Message-ID"] = make_msgid("guildtable", domain=settings.sender.rpartition("@")[2] or "localhost")
    # RFC 3834: sent by a program, so vacation responders stay quiet.
    built["Auto-Submitted"] = "auto-generated"
    if unsubscribe is not None:
        built["List-Unsubscribe"] = f"<{unsubscribe}>"
        built["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    built.set_content(mail.body)
    # After the content: setting it replaces every Content-* header.
    built["Content-Language"] = mail_language(mail.language)
    return built


def send_all(settings: MailSettings, messages: Sequence[EmailMessage]) -> list[Exception | None]:
    """Send `messages` over one SMTP connection (blocking: run it on a worker thread); for each, None when the
    server took it, else the error."""
    results: list[Exception | None] = []
    try:
        with smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout) as smtp:
            if settings.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if settings.username:
                smtp.login(settings.username, settings.password or "")
            for each in messages:
                try:
                    smtp.send_message(each)
                except (
                    smtplib.SMTPRecipientsRefused,
                    smtplib.SMTPSenderRefused,
                    smtplib.SMTPDataError,
                    smtplib.SMTPNotSupportedError,  # an address beyond ASCII, and the server lacks SMTPUTF8
                ) as error:
                    results.append(error)
                else:
                    results.append(None)
    except (OSError, smtplib.SMTPException) as error:
        # The connection failed or broke: whatever the server had not taken yet was not sent.
        results += [error] * (len(messages) - len(results))
    return results


def refused_for_good(error: Exception) -> bool:
    """Whether the server refused the mail for good (5xx for every recipient, or an address it cannot carry):
    sending it again would not help."""
    if isinstance(error, smtplib.SMTPNotSupportedError):
        return True
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return bool(error.recipients) and all(code >= 500 for code, _text in error.recipients.values())
    return False
