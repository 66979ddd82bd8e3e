// Pacing a table: bots answer within a tenth of a second, so a page would jump two or
// three moves at once. The states the server pushes are queued and shown one at a time,
// another seat's move after a pause (a person can skip or change the pace); the page's own
// move and what changes nothing on the board show at once.

import { t } from "./i18n.js";

// Milliseconds between two moves of other seats, by the names a person chooses from (in
// the page's language when shown).
export const PACES = [["slow", 1500], ["normal", 800], ["fast", 300], ["at once", 0]];
export const paceName = (name) =>
  ({ slow: t("slow"), normal: t("normal"), fast: t("fast"), "at once": t("at once") })[name] || name;
const KEY = "vaka.pace";
const DEFAULT = 800;

export function paceMs() {
  const kept = typeof localStorage === "undefined" ? null : localStorage.getItem(KEY);
  const ms = kept === null ? DEFAULT : Number(kept);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT;
}

export function setPace(ms) {
  localStorage.setItem(KEY, String(ms));
}

// How the page shows `next` after `shown` (null: nothing yet), for `acted`: the version
// the page last acted on (null: none since). Returns {wait, since}: wait, whether it is
// another seat's move (shown after a pause); since, which view the board's marks start
// from now: "next" (the page's own move, or the first state), "shown" (the state before:
// a push that holds the page's move and others' after it, or a spectator's next move), or
// null (the marks' start stays).
export function step(shown, next, acted) {
  if (!shown) return { wait: false, since: "next" };
  const old = shown.view.log;
  const now = next.view.log;
  if (next.version < shown.version || now.length < old.length) {
    return { wait: false, since: "next" }; // an undo, or the log written anew
  }
  const fresh = now.slice(old.length);
  const seat = next.seat;
  const others = fresh.some((e) => e.seat !== null && e.seat !== seat);
  if (acted !== null && next.version === acted + 1) return { wait: false, since: "next" };
  if (acted !== null && next.version > acted + 1) return { wait: others, since: "shown" };
  if (seat === null && others) return { wait: true, since: "shown" };
  return { wait: others, since: null };
}

// The log entries since the marks' start, newest last.
export function sinceEntries(log, from) {
  return log.slice(Math.min(from, log.length));
}
