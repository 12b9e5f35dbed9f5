// "My games" (issue 16): every table of the signed-in account, wherever it was joined. Tables where it is the
// account's move come first and are marked, then the ones waiting for others, then the finished ones. Opening a table
// remembers the account's seat tokens in this browser, so the table page plays those seats on any device.
import { account, api, h, nt, num, relativeTime, rememberTable, seatSwatch, t } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);

function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

// The account's seats of `table` are this browser's from now on (the table page reads them from there).
function remember(table) {
  const tokens = Object.fromEntries((table.mine || []).map((seat) => [seat.seat, seat.token]));
  rememberTable(table.id, { game: table.game, title: table.title, tokens, ...(table.mine?.length > 1 ? { hotseat: true } : {}) });
}

function players(table) {
  const mine = new Set((table.mine || []).map((seat) => seat.seat));
  return h("ul", { class: "game-players", "aria-label": t("Players") }, table.seats.map((seat) => h("li", {},
    seatSwatch(seat.seat), h("span", { translate: "no" }, seat.name),
    mine.has(seat.seat) ? h("span", { class: "muted" }, t("(you)")) : null,
    seat.kind !== "human" ? h("span", { class: "muted" }, `· ${t("bot")}`) : null)));
}

function stateOf(table) {
  if (table.terminal) return nt("Finished after {n} move", "Finished after {n} moves", table.version, { n: num(table.version) });
  const onTurn = table.seats[table.current_player];
  // Issue 16: a paced table's move on turn has a deadline.
  const due = table.deadline ? " " + t("Time runs out {when}.", { when: relativeTime(table.deadline - Date.now() / 1000) }) : "";
  if (table.your_move) return t("Move {n}: it is your move.", { n: num(table.version + 1) }) + due;
  return t("Move {n}: waiting for {name}.", { n: num(table.version + 1), name: onTurn ? onTurn.name : "" }) + due;
}

function item(table) {
  const open = h("a", {
    class: `button${table.your_move ? "" : " secondary"}`, href: `/table/${encodeURIComponent(table.id)}`, "data-open": table.id,
    onclick: () => remember(table), onauxclick: () => remember(table),
  }, table.terminal ? t("See the end") : table.your_move ? t("Play") : t("Open"));
  return h("li", { class: `game-item${table.your_move && !table.terminal ? " your-move" : ""}`, "data-table": table.id },
    h("div", { class: "game-main" },
      h("div", { class: "game-head" }, h("span", { class: "game-title" }, table.title),
        table.rated ? h("span", { class: "rated-badge" }, t("Rated")) : null,
        table.your_move && !table.terminal ? h("span", { class: "turn-badge" }, t("Your move")) : null),
      players(table),
      h("div", { class: "game-state muted" }, stateOf(table))),
    h("div", { class: "game-actions" }, open,
      table.terminal ? h("a", { class: "button secondary", href: `/replay/${encodeURIComponent(table.id)}` }, t("Watch the replay")) : null));
}

function fill(section, tables) {
  $(section).hidden = tables.length === 0;
  $(`${section}-count`).textContent = `(${num(tables.length)})`;
  $(`${section}-list`).replaceChildren(...tables.map(item));
}

// E-mail notifications (issue 16): the account's address and choice, read once (a reload of the lists must not undo
// what the player is typing), saved with a confirmation; a refusal is the server's words.
let mailShown = false;
const notifyChoices = () => document.querySelectorAll('#mail-form input[name="notify"]');

function mailError(text, field) {
  $("mail-error").textContent = text;
  $("mail-error").hidden = !text;
  if (field === "email") $("mail-address").setAttribute("aria-invalid", "true");
  else $("mail-address").removeAttribute("aria-invalid");
}

function showMailSettings(settings) {
  $("mail-address").value = settings.email || "";
  for (const choice of notifyChoices()) choice.checked = choice.value === settings.notify;
}

async function loadMailSettings() {
  if (mailShown) return;
  showMailSettings(await api("/api/account/settings"));
  mailShown = true;
  $("mail-settings").hidden = false;
}

async function saveMailSettings(event) {
  event.preventDefault();
  const notify = [...notifyChoices()].find((choice) => choice.checked)?.value || "off";
  $("mail-saved").textContent = "";
  mailError("");
  $("mail-save").disabled = true;
  try {
    showMailSettings(await api("/api/account/settings", { method: "PUT", body: { email: $("mail-address").value.trim() || null, notify } }));
    $("mail-saved").textContent = t("Saved.");
  } catch (error) {
    mailError(error.message, error.problem?.field);
    if (error.problem?.field === "email") $("mail-address").focus();
  } finally {
    $("mail-save").disabled = false;
  }
}

$("mail-form").addEventListener("submit", saveMailSettings);

function signedOut() {
  $("signed-out").hidden = false;
  document.body.dataset.ready = "true";
}

async function start() {
  const who = await account();
  $("loading").hidden = true;
  if (!who) { signedOut(); return; }
  let answer;
  try {
    answer = await api("/api/account/tables");
  } catch (error) {
    if (error.problem?.status === 401) { signedOut(); return; }
    throw error;
  }
  await loadMailSettings();
  const tables = answer.tables || [];
  // The server sends them in this order already; the page keeps to it within each group.
  fill("your-move", tables.filter((table) => table.your_move && !table.terminal));
  fill("waiting", tables.filter((table) => !table.your_move && !table.terminal));
  fill("finished", tables.filter((table) => table.terminal));
  $("empty").hidden = tables.length > 0;
  document.body.dataset.ready = "true";
}

function load() {
  return start().then(() => showError("")).catch((error) => { $("loading").hidden = true; showError(error.message); });
}

load();
// Back on this page after playing (another tab, or the browser's Back button): the lists as they are now.
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") load(); });
window.addEventListener("pageshow", (event) => { if (event.persisted) load(); });
