"""One package per game, laid out as README.md says. Each is declared in the entry-point group `guildtable.games`
(pyproject.toml), where the registry finds it."""
