// "My games" (issue 16): every table of the signed-in account, wherever it was joined. Tables where it is the
// account's move come first and are marked, then the ones waiting for others, then the finished ones. Opening a table
// remembers the account's seat tokens in this browser, so the table page plays those seats on any device.
// Issue 30: the mail address's state (a new one is confirmed from a link in a mail before any other mail goes there),
// and the account's own controls: change the password, sign out everywhere else, delete the account.
// Issue 33: the account's language, which its mails are written in (and this browser's pages shown in).
import { ApiError, LANGUAGE, account, api, byId as $, h, nt, num, relativeTime, rememberTable, seatSwatch, setAccount, t } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** A table of the account's, as its list shows it. @typedef {Schemas["AccountTable"]} AccountTable */
/** @typedef {Schemas["MailSettings"]} MailSettings */

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));
/** The request field a refusal is about, if one. @param {unknown} error */
const fieldOf = (error) => (error instanceof ApiError ? error.problem.field : undefined);

/** @param {string} text */
function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

// The account's seats of `table` are this browser's from now on (the table page reads them from there).
/** @param {AccountTable} table */
function remember(table) {
  const tokens = Object.fromEntries(table.mine.map((seat) => [seat.seat, seat.token]));
  rememberTable(table.id, { game: table.game, title: table.title, tokens, ...(table.mine.length > 1 ? { hotseat: true } : {}) });
}

/** @param {AccountTable} table */
function players(table) {
  const mine = new Set(table.mine.map((seat) => seat.seat));
  return h("ul", { class: "game-players", "aria-label": t("Players") }, table.seats.map((seat) => h("li", {},
    seatSwatch(seat.seat), h("span", { translate: "no" }, seat.name),
    mine.has(seat.seat) ? h("span", { class: "muted" }, t("(you)")) : null,
    seat.kind !== "human" ? h("span", { class: "muted" }, `· ${t("bot")}`) : null)));
}

/** @param {AccountTable} table */
function stateOf(table) {
  if (table.terminal) return nt("Finished after {n} move", "Finished after {n} moves", table.version, { n: num(table.version) });
  const onTurn = table.current_player === null ? undefined : table.seats[table.current_player];
  // Issue 16: a paced table's move on turn has a deadline.
  const due = table.deadline ? " " + t("Time runs out {when}.", { when: relativeTime(table.deadline - Date.now() / 1000) }) : "";
  if (table.your_move) return t("Move {n}: it is your move.", { n: num(table.version + 1) }) + due;
  return t("Move {n}: waiting for {name}.", { n: num(table.version + 1), name: onTurn ? onTurn.name : "" }) + due;
}

/** @param {AccountTable} table */
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

/** @param {string} section @param {AccountTable[]} tables */
function fill(section, tables) {
  $(section).hidden = tables.length === 0;
  $(`${section}-count`).textContent = `(${num(tables.length)})`;
  $(`${section}-list`).replaceChildren(...tables.map(item));
}

// E-mail notifications (issue 16): the account's address and choice, read once (a reload of the lists must not undo
// what the player is typing), saved with a confirmation; a refusal is the server's words.
let mailShown = false;
const notifyChoices = () => /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#mail-form input[name="notify"]'));

/** @param {string} text @param {string | null} [field] */
function mailError(text, field) {
  $("mail-error").textContent = text;
  $("mail-error").hidden = !text;
  if (field === "email") $("mail-address").setAttribute("aria-invalid", "true");
  else $("mail-address").removeAttribute("aria-invalid");
}

/** @param {MailSettings} settings */
function showMailSettings(settings) {
  $("mail-address", HTMLInputElement).value = settings.email || "";
  for (const choice of notifyChoices()) choice.checked = choice.value === settings.notify;
  showMailStatus(settings);
}

/** @param {number} seconds */
function when(seconds) {
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" })
    .format(new Date(seconds * 1000));
}

// Where the address stands, in plain words: mails go to it only once its owner followed its confirmation mail's link.
/** @param {MailSettings} settings */
function mailStatusText(settings) {
  const email = settings.email;
  if (settings.sends_mail === false) return t("This server sends no e-mail (it has no mail server set up): {email} is kept, but nothing goes there.", { email });
  const waiting = t("Follow the link in it: until then no other mail goes there.");
  switch (settings.status) {
    case "confirmed": return t("{email} is confirmed: the mails you chose go there.", { email });
    case "due": return t("A confirmation mail is on its way to {email}.", { email }) + " " + waiting;
    case "sent": return t("A confirmation mail was sent to {email} on {date}.", { email, date: when(settings.confirmation_sent ?? 0) }) + " " + waiting;
    case "limit": return t("No confirmation mail was sent to {email}: that address, or your account, had as many confirmation mails today as it may have. Ask again tomorrow.", { email });
    case "refused": return t("The mail server refused {email}: check the address for mistakes.", { email });
    case "stopped": return t("{email} was unsubscribed with the link in one of our mails: no mail goes there. To get mails there again, open that link once more.", { email });
    default: return t("{email} is not confirmed yet: no mail goes there until you follow the link of its confirmation mail.", { email });
  }
}

let statusChecks = 0;
/** @param {MailSettings} settings */
function showMailStatus(settings) {
  const box = $("mail-status-box");
  box.hidden = !settings.email;
  box.dataset.status = settings.status || "";
  $("mail-status").textContent = settings.email ? mailStatusText(settings) : "";
  $("mail-confirm-again").hidden = !["sent", "limit", "refused", "unconfirmed"].includes(settings.status ?? "");
  // A confirmation mail on its way goes out within moments: look again a few times, then leave it to the next visit.
  if (settings.status === "due" && settings.sends_mail !== false && statusChecks < 5) {
    statusChecks += 1;
    setTimeout(() => mailSettings().then(showMailStatus).catch(() => {}), 2000);
  }
}

const mailSettings = async () => /** @type {MailSettings} */ (await api("/api/account/settings"));

async function loadMailSettings() {
  if (mailShown) {
    // The address's state may have changed meanwhile (its link was followed in another tab): the inputs stay as typed.
    showMailStatus(await mailSettings());
    return;
  }
  showMailSettings(await mailSettings());
  mailShown = true;
  $("mail-settings").hidden = false;
}

async function confirmAgain() {
  const button = $("mail-confirm-again", HTMLButtonElement);
  button.disabled = true;
  mailError("");
  try {
    statusChecks = 0;
    showMailStatus(/** @type {MailSettings} */ (await api("/api/account/settings/confirmation", { method: "POST" })));
  } catch (error) {
    mailError(message(error));
  } finally {
    button.disabled = false;
  }
}

/** @param {SubmitEvent} event */
async function saveMailSettings(event) {
  event.preventDefault();
  const notify = [...notifyChoices()].find((choice) => choice.checked)?.value || "off";
  const address = $("mail-address", HTMLInputElement), save = $("mail-save", HTMLButtonElement);
  $("mail-saved").textContent = "";
  mailError("");
  save.disabled = true;
  try {
    showMailSettings(/** @type {MailSettings} */ (await api("/api/account/settings", { method: "PUT", body: { email: address.value.trim() || null, notify } })));
    $("mail-saved").textContent = t("Saved.");
  } catch (error) {
    mailError(message(error), fieldOf(error));
    if (fieldOf(error) === "email") address.focus();
  } finally {
    save.disabled = false;
  }
}

$("mail-form").addEventListener("submit", saveMailSettings);
$("mail-confirm-again").addEventListener("click", confirmAgain);

// --- the account's own controls (issue 30) ---------------------------------------------------------------------------
/** @param {string} form @param {string} text @param {HTMLElement} [input] */
function formError(form, text, input) {
  $(`${form}-error`).textContent = text ? text[0].toUpperCase() + text.slice(1) : "";
  $(`${form}-error`).hidden = !text;
  for (const field of document.querySelectorAll(`#${form}-form input`)) field.removeAttribute("aria-invalid");
  if (input) { input.setAttribute("aria-invalid", "true"); input.focus(); }
}

/** @param {SubmitEvent} event */
async function changePassword(event) {
  event.preventDefault();
  $("password-saved").textContent = "";
  const current = $("password-current", HTMLInputElement);
  const chosen = $("password-new", HTMLInputElement);
  const save = $("password-save", HTMLButtonElement);
  if (!current.value || !chosen.value) {
    formError("password", t("Write your current password and the new one."), current.value ? chosen : current);
    return;
  }
  formError("password", "");
  save.disabled = true;
  try {
    const answer = /** @type {Schemas["EndedSessions"]} */ (await api("/api/account/password", { method: "POST", body: { current_password: current.value, new_password: chosen.value } }));
    current.value = chosen.value = "";
    const ended = answer.ended_sessions;
    $("password-saved").textContent = t("Your password is changed.") + " "
      + nt("{n} other device was signed out.", "{n} other devices were signed out.", ended, { n: num(ended) });
  } catch (error) {
    formError("password", message(error), fieldOf(error) === "current_password" ? current : chosen);
  } finally {
    save.disabled = false;
  }
}

async function signOutOthers() {
  const button = $("signout-others", HTMLButtonElement);
  button.disabled = true;
  $("signout-others-done").textContent = "";
  try {
    const answer = /** @type {Schemas["EndedSessions"]} */ (await api("/api/account/sessions", { method: "DELETE" }));
    $("signout-others-done").textContent = nt("Signed out on {n} other device.", "Signed out on {n} other devices.", answer.ended_sessions, { n: num(answer.ended_sessions) });
  } catch (error) {
    $("signout-others-done").textContent = message(error);
  } finally {
    button.disabled = false;
  }
}

/** @param {SubmitEvent} event */
async function deleteAccount(event) {
  event.preventDefault();
  const password = $("delete-password", HTMLInputElement);
  const ok = $("delete-ok", HTMLButtonElement);
  if (!password.value) { formError("delete", t("Write your password to delete your account."), password); return; }
  formError("delete", "");
  ok.disabled = true;
  try {
    await api("/api/account/delete", { method: "POST", body: { password: password.value } });
    setAccount(null);
    location.assign("/");
  } catch (error) {
    password.value = "";
    formError("delete", message(error), password);
    ok.disabled = false;
  }
}

// --- the account's language (issue 33) -------------------------------------------------------------------------------
// Saved, the page is shown again in the chosen language (the server set this browser's language to it): the choice is
// said done and the select has the focus there, as it had here.
const LANGUAGE_SAVED = "guildtable-language-saved";

// Read once, like the mail settings: a reload of the lists must not undo a choice not saved yet.
let languageShown = false;

/** @param {import("/static/js/common.js").Account} who */
function showLanguage(who) {
  if (languageShown) return;
  languageShown = true;
  if (who.language) $("account-language", HTMLSelectElement).value = who.language;
  let saved = null;
  try { saved = sessionStorage.getItem(LANGUAGE_SAVED); sessionStorage.removeItem(LANGUAGE_SAVED); } catch { /* storage off */ }
  if (saved && saved === who.language) {
    $("language-saved").textContent = t("Saved.");
    $("account-language").focus();
  }
}

/** @param {SubmitEvent} event */
async function saveLanguage(event) {
  event.preventDefault();
  const chosen = $("account-language", HTMLSelectElement).value;
  const save = $("language-save", HTMLButtonElement);
  $("language-saved").textContent = "";
  formError("language", "");
  $("account-language").removeAttribute("aria-invalid");
  save.disabled = true;
  try {
    const answer = /** @type {Schemas["AccountLanguage"]} */ (await api("/api/account/language", { method: "PUT", body: { language: chosen } }));
    const who = await account();
    if (who) setAccount({ ...who, language: answer.language });
    if (answer.language === LANGUAGE) {
      $("language-saved").textContent = t("Saved.");
      return;
    }
    try { sessionStorage.setItem(LANGUAGE_SAVED, answer.language); } catch { /* storage off: no "Saved." after */ }
    // A `?lang=` in the address would choose the old language again: it names the new one.
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", answer.language);
      location.replace(url.pathname + url.search);
    } else {
      location.reload();
    }
  } catch (error) {
    formError("language", message(error), $("account-language"));
  } finally {
    save.disabled = false;
  }
}

// --- Issue 37: the account's bots and their tokens ----------------------------------------------------------------
/** @param {string} token */
function showToken(token) {
  const box = $("bots-token");
  box.replaceChildren(t("The new token (copy it now: it is not shown again):"), " ", h("code", { class: "token", translate: "no" }, token));
  box.hidden = false;
}

/** @param {Schemas["OwnedBot"]} bot */
function botItem(bot) {
  const issue = h("button", { type: "button", class: "secondary" }, t("New token"));
  issue.addEventListener("click", async () => {
    try {
      const issued = /** @type {Schemas["IssuedToken"]} */ (await api(`/api/account/bots/${encodeURIComponent(bot.name)}/tokens`, { method: "POST", body: {} }));
      await loadBots();
      showToken(issued.token);
    } catch (error) { showError(message(error)); }
  });
  const tokens = bot.tokens.map((token) => {
    const revoke = h("button", { type: "button", class: "secondary" }, t("Revoke"));
    revoke.addEventListener("click", async () => {
      try {
        await api(`/api/account/bots/tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
        $("bots-token").hidden = true;
        await loadBots();
      } catch (error) { showError(message(error)); }
    });
    return h("li", {}, h("span", { translate: "no" }, token.id), " ", h("span", { class: "muted" }, token.scopes.join(", ")), " ", revoke);
  });
  return h("li", { class: "game-item" }, h("strong", { translate: "no" }, bot.name), " ", h("span", { class: "muted" }, t("bot")), " ", issue,
    tokens.length ? h("ul", {}, ...tokens) : null);
}

async function loadBots() {
  const owned = /** @type {Schemas["OwnedBots"]} */ (await api("/api/account/bots"));
  $("bots-list").replaceChildren(...owned.bots.map(botItem));
  $("bots").hidden = false;
}

/** @param {SubmitEvent} event */
async function createBot(event) {
  event.preventDefault();
  const name = $("bot-name", HTMLInputElement);
  formError("bot", "");
  try {
    await api("/api/account/bots", { method: "POST", body: { name: name.value.trim() } });
    name.value = "";
    await loadBots();
  } catch (error) {
    formError("bot", message(error), name);
  }
}

$("bot-form").addEventListener("submit", createBot);
$("language-form").addEventListener("submit", saveLanguage);
$("password-form").addEventListener("submit", changePassword);
$("signout-others").addEventListener("click", signOutOthers);
$("delete-form").addEventListener("submit", deleteAccount);

function signedOut() {
  $("signed-out").hidden = false;
  document.body.dataset.ready = "true";
}

async function start() {
  const who = await account();
  $("loading").hidden = true;
  if (!who) { signedOut(); return; }
  /** @type {Schemas["AccountTables"]} */
  let answer;
  try {
    answer = /** @type {Schemas["AccountTables"]} */ (await api("/api/account/tables"));
  } catch (error) {
    if (error instanceof ApiError && error.problem.status === 401) { signedOut(); return; }
    throw error;
  }
  await loadMailSettings();
  await loadBots();
  $("password-username", HTMLInputElement).value = who.name;
  $("account-settings").hidden = false;
  const tables = answer.tables;
  // The server sends them in this order already; the page keeps to it within each group.
  fill("your-move", tables.filter((table) => table.your_move && !table.terminal));
  fill("waiting", tables.filter((table) => !table.your_move && !table.terminal));
  fill("finished", tables.filter((table) => table.terminal));
  $("empty").hidden = tables.length > 0;
  // Last, once the lists above it are drawn: after a change of language it takes the focus, and is scrolled to.
  showLanguage(who);
  document.body.dataset.ready = "true";
}

function load() {
  return start().then(() => showError("")).catch((error) => { $("loading").hidden = true; showError(message(error)); });
}

load();
// Back on this page after playing (another tab, or the browser's Back button): the lists as they are now.
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") load(); });
window.addEventListener("pageshow", (event) => { if (event.persisted) load(); });
