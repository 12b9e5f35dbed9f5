"""Storage: games kept as records (seed, setup, options, seats, actions) in SQLite or PostgreSQL.

A move is one row keyed by (table, ply); it is committed before anyone hears of it, so a restart rebuilds every game
exactly by replaying its rows, and two writers racing for the same ply cannot both succeed. This package knows SQL
and nothing of the rules.

- `schema`: the tables (what the migrations make); `database`: opening one (the engine, SQLite's pragmas).
- One module per concern, each a part of `store.Store` sharing its engine, each call one transaction: `tables` (a
  table's record, timing and loading), `moves` (the move log), `seats`, `uploads`, `accounts`, `sessions`,
  `ratings`, `mail_choices` (an account's address and its confirmation), `mail_addresses` (per-address limits and
  unsubscription), `turn_mail` (the turns that wait for a mail, and the rows that send each once), `analyses`.
- `calls`: the same parts as coroutines run on a bounded thread pool (`AsyncStore`), the moves through
  `group_commit`.
"""
