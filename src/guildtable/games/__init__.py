"""One package per game. Each registers its `Game` in `guildtable.kernel.registry` when imported."""
