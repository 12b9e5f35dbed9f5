// Issue 34: /learn/{game} starts the game's guided first game: a new tutorial table on the real engine, whose seat
// secret this browser keeps (as for any table it plays at), marked as a tutorial so the table page teaches; then the
// table itself.
import { api, byId as $, rememberTable } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

async function start() {
  const table = /** @type {Schemas["CreatedTable"]} */ (await api(`/api/games/${encodeURIComponent(game)}/tutorial`, { method: "POST" }));
  const tokens = Object.fromEntries(table.secrets.map((taken) => [taken.seat, taken.secret]));
  rememberTable(table.id, { game: table.game, title: table.title, created: table.created, tokens, tutorial: table.game });
  location.replace(`/table/${table.id}`);
}

start().catch((error) => {
  $("error").textContent = error instanceof Error ? error.message : String(error);
  $("error").hidden = false;
});
