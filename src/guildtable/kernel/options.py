"""Game options: each has a name, a default, a type and (for choices) the allowed values.

The ⚙ engine options of the rules specifications become `Option`s; `resolve_options` turns what a person typed into
a validated dict, naming the option that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from guildtable.kernel.errors import BadOptions
from guildtable.kernel.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class Option:
    """One game option. `kind` is bool, int, str or float; `choices` limits the values when given."""

    name: str
    default: Any
    kind: type
    help: str  # what the option changes, in a player's words (no rule IDs, no spec sections)
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""  # the rule or decision behind it: a "why?" detail, never the text a player reads first
    # Extra validation/conversion (a map's text checked, say). Raises BadOptions with a clear message.
    convert: Callable[[Any], Any] | None = None
    # On the command line only, a value that names a file stands for the file's text (at most this many bytes; 0:
    # never). A game itself never opens a path: over the network a path would read the server's files.
    file_text: int = 0
    # The option's name as a player reads it ("Open hands"); empty: the name with spaces.
    label: str = ""
    # What each of `choices` means, in the same order ("Hidden hands", "Face up"); empty: the values themselves.
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices or ()):
            raise ValueError(f"option {self.name}: one label per choice")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def choice_titles(self) -> list[str]:
        """A label per choice: the given ones, else the value itself (booleans as yes/no)."""
        if self.choice_labels:
            return list(self.choice_labels)
        return [(_("yes") if c else _("no")) if isinstance(c, bool) else str(c) for c in self.choices or ()]

    def parse(self, raw: Any) -> Any:
        """Turn `raw` (a JSON value or the text a person typed) into this option's value, or raise BadOptions."""
        value = raw
        if isinstance(raw, str) and self.kind is not str:
            value = _parse_text(self, raw)
        if self.kind is bool and not isinstance(value, bool):
            raise BadOptions(self.name, _("expected true or false, got {value}", value=repr(raw)))
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadOptions(self.name, _("expected a whole number, got {value}", value=repr(raw)))
        if self.kind is float and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise BadOptions(self.name, _("expected a number, got {value}", value=repr(raw)))
        if self.kind is str and not isinstance(value, str):
            raise BadOptions(self.name, _("expected text, got {value}", value=repr(raw)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            raise BadOptions(self.name, _("{value} is not one of {allowed}", value=repr(raw), allowed=allowed))
        if self.minimum is not None and value < self.minimum:
            raise BadOptions(self.name, _("{value} is below the minimum {minimum}", value=value, minimum=self.minimum))
        if self.maximum is not None and value > self.maximum:
            raise BadOptions(self.name, _("{value} is above the maximum {maximum}", value=value, maximum=self.maximum))
        if self.convert is not None:
            value = self.convert(value)
        return value

    def describe(self) -> str:
        if self.choices is not None:
            allowed = "|".join(
                str(choice).lower() if isinstance(choice, bool) else str(choice) for choice in self.choices
            )
        else:
            allowed = self.kind.__name__
        default = str(self.default).lower() if isinstance(self.default, bool) else str(self.default)
        return _("{name}={allowed} (default {default})", name=self.name, allowed=allowed, default=default)


def _parse_text(option: Option, text: str) -> Any:
    lowered = text.strip().lower()
    if option.kind is bool:
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise BadOptions(option.name, _("expected true or false, got {value}", value=repr(text)))
    if option.kind is int:
        try:
            return int(lowered)
        except ValueError:
            raise BadOptions(option.name, _("expected a whole number, got {value}", value=repr(text))) from None
    if option.kind is float:
        try:
            return float(lowered)
        except ValueError:
            raise BadOptions(option.name, _("expected a number, got {value}", value=repr(text))) from None
    return text


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, object]:
    """Defaults overlaid with `given`; unknown names and bad values raise BadOptions naming the option."""
    by_name = {option.name: option for option in declared}
    resolved = {option.name: option.default for option in declared}
    if given is None:
        return resolved
    if not isinstance(given, Mapping):
        raise BadOptions("options", _("expected a mapping of option names to values"))
    for name, raw in given.items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(by_name) or _("none")
            raise BadOptions(str(name), _("unknown option (this game has: {known})", known=known))
        resolved[name] = option.parse(raw)
    return resolved


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """`["a=1", "b=x"]` (as typed after `--option`) to a dict; a pair without `=` raises BadOptions."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise BadOptions(pair, _("write options as {form}", form="NAME=VALUE"))
        result[name.strip()] = value.strip()
    return result
