// The page in the reader's language: the same gettext catalogs as the Python side
// (src/vaka/locale), served as JSON at /i18n/<lang>.json, keyed by the English text.
//
//   t(text, fields)              the text in the page's language, {fields} filled in after
//                                the lookup (a number field formatted per language)
//   tn(one, many, n, fields)     the form the language wants for n, {n} filled in
//   tc(context, text, fields)    a word with two meanings, as gettext's pgettext
//   number(n), date(d)           formatted per language
//
// Texts written as literals in t/tn/tc calls are found by `scripts/i18n.py extract`
// (vaka.i18n.extract's vaka_browser), so a text is translated where it is written; a
// text made at run time is looked up as it is (the game texts the Python side put in the
// catalog are found so). Before the catalog is loaded (and for English)
// every text is returned as written.

const KEY = "vaka.lang";
/** The languages a page offers, each with its name in itself (as vaka.i18n.LANGUAGES). */
export const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
];
const OFFERED = LANGUAGES.map(([code]) => code);
let current = "en";
let messages = {};
let plurals = new Intl.PluralRules("en");

/** The language a page speaks now ("en", "de", or the pseudo-language "en_XA"). */
export function lang() {
  return current;
}

/** The language chosen on this browser (with the switch), or null: none chosen yet. */
export function chosen() {
  return localStorage.getItem(KEY);
}

/** The language chosen on this browser, else the best of the browser's own languages. */
export function wanted() {
  const saved = localStorage.getItem(KEY);
  if (saved) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (OFFERED.includes(base)) return base;
  }
  return "en";
}

/** Loads the catalog of `code` (default: wanted()); English needs none. */
export async function loadLanguage(code = wanted()) {
  current = code;
  plurals = new Intl.PluralRules(code === "en_XA" ? "en" : code);
  messages = {};
  document.documentElement.lang = code === "en_XA" ? "en" : code;
  if (code === "en") return;
  try {
    const got = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
    if (got.ok) messages = (await got.json()).messages || {};
  } catch {
    // no catalog: the page stays readable, in English
  }
}

/** Keeps `code` for this browser and shows the page again in it. */
export function setLanguage(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, key) =>
    key in fields ? (typeof fields[key] === "number" ? number(fields[key]) : String(fields[key])) : whole,
  );
}

/** `text` in the page's language, its {fields} filled from `fields`. */
export function t(text, fields = {}) {
  const found = messages[text];
  return fill(typeof found === "string" && found ? found : text, fields);
}

/** `text` with a context (a word with two meanings), as gettext's pgettext. */
export function tc(context, text, fields = {}) {
  const found = messages[`${context}\u0004${text}`];
  return fill(typeof found === "string" && found ? found : text, fields);
}

const ORDER = ["zero", "one", "two", "few", "many", "other"];

/** The singular or plural (or the language's other forms) for `n`; {n} and `fields` filled. */
export function tn(singular, plural, n, fields = {}) {
  const found = messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(found)) {
    const forms = ORDER.filter((c) => plurals.resolvedOptions().pluralCategories.includes(c));
    text = found[forms.indexOf(plurals.select(n))] || text;
  }
  return fill(text, { n, ...fields });
}

/** A number as the page's language writes it (1,234.5 or 1.234,5). */
export function number(n, options = {}) {
  return new Intl.NumberFormat(current === "en_XA" ? "en" : current, options).format(n);
}

/** A date (a Date or an ISO string) as the page's language writes it. */
export function date(d, options = { dateStyle: "medium" }) {
  const when = typeof d === "string" ? new Date(d) : d;
  return new Intl.DateTimeFormat(current === "en_XA" ? "en" : current, options).format(when);
}
