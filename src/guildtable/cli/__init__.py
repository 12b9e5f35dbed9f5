"""The terminal front door: `guildtable games | play | simulate | replay | bench`."""
