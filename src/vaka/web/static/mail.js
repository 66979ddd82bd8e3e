// Email notices: a signed-in person's address and what it tells of (a card in the lobby),
// and the pages the links in mail open: one confirms an address, one stops all mail.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { ApiError, languageHeader } from "./net.js";

async function call(path, { method = "GET", body, csrf } = {}) {
  const headers = languageHeader();
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data, res.status);
  return data;
}

// The words of each link's page, in the page's language (made when shown).
const pageWords = () => ({
  confirm: {
    title: t("Confirm your email address"),
    ask: t("Confirm this address for vaka's notices?"),
    button: t("Confirm it"),
    done: t("Your address is confirmed: vaka tells you of your turn-based games there."),
  },
  stop: {
    title: t("Stop vaka's emails"),
    ask: t("Stop all of vaka's email to this address?"),
    button: t("Stop these emails"),
    done: t("No more email comes from vaka. Signed in, you can turn it on again."),
  },
});

// The page a mail's link opens (#/mail/confirm/TOKEN or #/mail/stop/TOKEN): the change is
// made by a button, not by opening the link (mail programs open links to look at them).
export function MailLink({ kind, token }) {
  const words = pageWords()[kind];
  const [state, setState] = useState("asking");
  const [error, setError] = useState(null);
  const go = async () => {
    setState("busy");
    try {
      await call(`/api/mail/${kind}?token=${encodeURIComponent(token)}`, { method: "POST" });
      setState("done");
    } catch (e) {
      setError(e.message);
      setState("asking");
    }
  };
  return html`<main class="lobby"><section class="card mail-link" aria-label=${words.title}>
    <h1>${words.title}</h1>
    ${state === "done"
      ? html`<p role="status">${words.done}</p>`
      : html`<p>${words.ask}</p>
        <button type="button" onClick=${go} disabled=${state === "busy"}>${words.button}</button>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <p><a href="#/">${t("To the lobby")}</a></p>
  </section></main>`;
}

// The signed-in person's email notices, in the lobby (nothing for a guest).
export function MailSettings() {
  const [me, setMe] = useState(null);
  const [kept, setKept] = useState(null);
  const [form, setForm] = useState(null);
  const [note, setNote] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    call("/api/account").then(async (who) => {
      if (!who.me) return;
      setMe(who.me);
      const found = await call("/api/mail");
      setKept(found);
      setForm({ ...found, address: found.address || "" });
    }).catch(() => {});
  }, []);
  if (!me || !kept || (!kept.sending && !kept.address)) return null;
  const save = async (ev) => {
    ev.preventDefault();
    setError(null);
    setNote(null);
    try {
      const address = form.address.trim() || null;
      const body = { address, turns: form.turns, ends: form.ends, chat: form.chat };
      const found = await call("/api/mail", { method: "PUT", body, csrf: me.csrf });
      setKept(found);
      setForm({ ...found, address: found.address || "" });
      setNote(found.address && !found.confirmed
        ? t("A link to confirm it went to {address}: open it, and mail follows.", { address: found.address })
        : t("Saved."));
    } catch (e) {
      setError(e.message);
    }
  };
  const box = (key, text) => html`<label><input type="checkbox" checked=${form[key]}
    onChange=${(e) => setForm({ ...form, [key]: e.target.checked })} /> ${text}</label>`;
  return html`<form class="card mail-settings" aria-label=${t("Email notices")} onSubmit=${save}>
    <h2>${t("Email notices")}</h2>
    <p class="note">${t("For turn-based tables: only you see this address.")}</p>
    <label>${t("Email address")} <input type="email" value=${form.address} maxlength="254"
      aria-label=${t("Email address")} onInput=${(e) => setForm({ ...form, address: e.target.value })} />
    </label>
    ${kept.address && html`<p class="mail-state">${
      kept.stopped ? t("Stopped by its link: save to start again.")
        : kept.confirmed ? t("Confirmed.") : t("Not confirmed yet: open the link sent to it.")}</p>`}
    <fieldset><legend>${t("Tell me")}</legend>
      ${box("turns", t("when it is my turn"))}
      ${box("ends", t("when a game of mine ends"))}
      ${box("chat", t("when someone writes at my table (one mail an hour at most)"))}
    </fieldset>
    ${note && html`<p role="status">${note}</p>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <button type="submit">${t("Save")}</button>
  </form>`;
}
