// The language switch on every page (English / Deutsch): the choice is kept in this
// browser (i18n.js setLanguage) and, signed in, with the account, whose choice a browser
// that has chosen none takes on logging in.
import { html } from "./html.js";
import { chosen, lang, LANGUAGES, setLanguage, t } from "./i18n.js";
import { api } from "./net.js";

// Keep `code` with the signed-in account (`me`: null for a guest), then show it here.
export async function chooseLanguage(code, me) {
  if (me) {
    await api("/api/account/language", { method: "POST", body: { language: code } }).catch(() => null);
  }
  setLanguage(code);
}

// Signed in just now: the account's language, where this browser has chosen none.
export function followAccount(me) {
  if (me && me.language && !chosen() && me.language !== lang()) setLanguage(me.language);
}

export function LanguageSwitch({ me }) {
  return html`<nav class="language-switch" aria-label=${t("Language")}>${LANGUAGES.map(
    ([code, name], i) => html`${i ? " / " : ""}<button type="button" class="quiet" lang=${code}
      aria-pressed=${lang() === code ? "true" : "false"} data-lang=${code}
      onClick=${() => lang() !== code && chooseLanguage(code, me)}>${name}</button>`,
  )}</nav>`;
}
