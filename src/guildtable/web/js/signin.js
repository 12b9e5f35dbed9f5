// The sign-in page (issue 16): sign in, or create an account, then go back to where the player came from (`?next=` or
// the referring page of this site; "My games" otherwise). A refusal is the server's own words, shown in the form that
// was sent.
import { account, api, byId as $, h, playerHref, setAccount, t } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
// Where to go afterwards: `?next=` (the header's link sets it; the server checked it and wrote it into the page),
// else the page of this site the player came from.
function cameFrom() {
  try {
    const from = new URL(document.referrer);
    return from.origin === location.origin && from.pathname !== "/signin" ? from.pathname + from.search : null;
  } catch { return null; }
}

// Issue 30: only ever a path of this site. A browser drops tabs and line breaks from an address and reads "\" as "/",
// so "/\t/evil.example" would lead to another site: such a value is refused whole, and what is left must resolve to
// this page's own origin.
/** @param {string | null | undefined} value @param {string} fallback */
function sitePath(value, fallback) {
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (typeof value !== "string" || !value.startsWith("/") || /[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return fallback;
  let url;
  try { url = new URL(value, location.origin); } catch { return fallback; }
  return url.origin === location.origin ? url.pathname + url.search + url.hash : fallback;
}

const given = new URLSearchParams(location.search).has("next") ? document.querySelector("main")?.dataset.next : cameFrom();
const next = sitePath(given, "/me");

/** @param {string} form @param {string} text */
function showError(form, text) {
  const box = $(`${form}-error`);
  box.textContent = text ? text[0].toUpperCase() + text.slice(1) : "";
  box.hidden = !text;
}

/** @param {string} form @param {string} path @param {{ nameId: string, passwordId: string, buttonId: string }} ids */
function submitter(form, path, { nameId, passwordId, buttonId }) {
  $(`${form}-form`).addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(form, "");
    const nameBox = $(nameId, HTMLInputElement), passwordBox = $(passwordId, HTMLInputElement), button = $(buttonId, HTMLButtonElement);
    const name = nameBox.value.trim();
    const password = passwordBox.value;
    if (!name || !password) {
      showError(form, t("Write your name and your password."));
      (name ? passwordBox : nameBox).focus();
      return;
    }
    button.disabled = true;
    try {
      // Whatever account this browser held before, the answer is the one it holds now.
      const answer = /** @type {Schemas["SignedInAccount"]} */ (await api(path, { method: "POST", body: { name, password } }));
      setAccount(answer);
      location.assign(next);
    } catch (error) {
      showError(form, error instanceof Error ? error.message : String(error));
      passwordBox.value = "";
      passwordBox.focus();
    } finally {
      button.disabled = false;
    }
  });
}

submitter("signin", "/api/session", { nameId: "signin-name", passwordId: "signin-password", buttonId: "signin-ok" });
submitter("create", "/api/account", { nameId: "create-name", passwordId: "create-password", buttonId: "create-ok" });

account().then((who) => {
  if (!who) return;
  const box = $("already");
  box.replaceChildren(t("You are signed in as {name}.", { name: who.name }), " ",
    h("a", { href: "/me" }, t("My games")), " · ", h("a", { href: playerHref(who.name) }, t("Your page")));
  box.hidden = false;
});
