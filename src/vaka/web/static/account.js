// Accounts in the browser: who is signed in (`me`, null for a guest), shared by every
// screen, and the small account area of the page's header: sign up, log in and out,
// change the password, delete the account. Signing up or in hands the server the seat
// tokens this browser holds, so those seats become the account's and follow the person.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { followAccount } from "./language.js";
import { api, awaitSession, seatClaims, setCsrf } from "./net.js";

let current = null; // the signed-in person ({id, name, csrf, ...}) or null
let loaded = null; // the promise of the first answer to "who am I"
const watchers = new Set();

function setMe(me) {
  current = me || null;
  setCsrf(current && current.csrf);
  for (const f of watchers) f(current);
}

// The signed-in person now (null: a guest, or not known yet).
export function getMe() {
  return current;
}

// Ask the server who this browser is (once; `again` asks anew). A signed-in person's
// browser hands over the seat tokens it holds (an invitation opened since, say).
export function loadMe(again = false) {
  if (!loaded || again) {
    const who = api("/api/account").then(({ me }) => setMe(me), () => null);
    awaitSession(who, () => loadMe(true));
    loaded = who.then(async () => {
      const claims = seatClaims();
      if (current && claims.length) {
        await api("/api/account/seats", { method: "POST", body: { seats: claims } }).catch(() => null);
      }
      return current;
    });
  }
  return loaded;
}

// A hook: the signed-in person (re-rendering when that changes), null for a guest.
export function useMe() {
  const [me, set] = useState(current);
  useEffect(() => {
    watchers.add(set);
    loadMe().then(() => set(current));
    return () => watchers.delete(set);
  }, []);
  return me;
}

// Hand the server a seat token just received (an invitation) while signed in.
export async function claimSeat(table, token) {
  if ((await loadMe()) === null) return;
  const seats = [{ table, token }];
  await api("/api/account/seats", { method: "POST", body: { seats } }).catch(() => null);
}

// The forms, in the page's language (made when shown: the catalog loads first).
const forms = () => ({
  signup: { title: t("Sign up"), fields: [["name", t("Name"), "text"], ["password", t("Password"), "new-password"]] },
  login: { title: t("Log in"), fields: [["name", t("Name"), "text"], ["password", t("Password"), "current-password"]] },
  password: {
    title: t("Change password"),
    fields: [["old", t("Current password"), "current-password"], ["new", t("New password"), "new-password"]],
  },
  delete: { title: t("Delete account"), fields: [["password", t("Password"), "current-password"]] },
});

async function submit(kind, values) {
  if (kind === "signup" || kind === "login") {
    const me = await api(`/api/account/${kind}`, { method: "POST", body: { ...values, seats: seatClaims() } });
    setMe(me);
    followAccount(me); // the account's language, where this browser has chosen none
  } else if (kind === "password") {
    await api("/api/account/password", { method: "POST", body: values });
  } else if (kind === "delete") {
    await api("/api/account/delete", { method: "POST", body: values });
    setMe(null);
  }
}

export function AccountArea() {
  const me = useMe();
  const [open, setOpen] = useState(null); // which form is shown
  const [said, setSaid] = useState(null);
  const logOut = async () => {
    await api("/api/account/logout", { method: "POST" });
    setMe(null);
    setOpen(null);
  };
  const done = (kind) => {
    setOpen(null);
    setSaid(kind === "password" ? t("Password changed.") : kind === "delete" ? t("Account deleted.") : null);
  };
  return html`<div class="account" aria-label=${t("Account")} role="group">
    ${me
      ? html`<span class="who-am-i">${t("Signed in as")} <strong>${me.name}</strong></span>
          <button type="button" class="quiet" onClick=${logOut}>${t("Log out")}</button>
          <button type="button" class="quiet" onClick=${() => setOpen(open === "password" ? null : "password")}>
            ${t("Change password")}</button>
          <button type="button" class="quiet" onClick=${() => setOpen(open === "delete" ? null : "delete")}>
            ${t("Delete account")}</button>`
      : html`<span class="who-am-i">${t("Playing as a guest")}</span>
          <button type="button" onClick=${() => setOpen(open === "login" ? null : "login")}>${t("Log in")}</button>
          <button type="button" onClick=${() => setOpen(open === "signup" ? null : "signup")}>${t("Sign up")}</button>`}
    ${said && !open && html`<span class="note" role="status">${said}</span>`}
    ${open && html`<${AccountForm} key=${open} kind=${open} onDone=${() => done(open)} />`}
  </div>`;
}

function AccountForm({ kind, onDone }) {
  const form = forms()[kind];
  const [values, setValues] = useState({});
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const send = async (ev) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await submit(kind, values);
      onDone();
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="account-form" onSubmit=${send} aria-label=${form.title}>
    ${kind === "delete" && html`<p class="note">${t("Your games stay; your name in them becomes “a former player”.")}</p>`}
    ${form.fields.map(([key, label, auto]) => html`<label>${label}
      <input aria-label=${label} name=${key} autocomplete=${auto === "text" ? "username" : auto}
        type=${auto === "text" ? "text" : "password"} maxlength=${auto === "text" ? 24 : 200}
        required value=${values[key] || ""}
        onInput=${(e) => setValues({ ...values, [key]: e.target.value })} /></label>`)}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <button type="submit" disabled=${busy}>${form.title}</button>
  </form>`;
}
