// The table's header: every seat with its name, who is at the table now, its running
// score (as far as the rules make it public) and its clock, counting down every second.
import { useEffect, useState } from "preact/hooks";
import { seatColour } from "./colors.js";
import { html } from "./html.js";
import { number, t } from "./i18n.js";
import { RatingBadge, useRatings } from "./people.js";
import { NoticeBadge } from "./notices.js";
import { seatName, turnLeft } from "./words.js";

// The time now, again every second (for clocks that run between pushes).
export function useNow(every = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

// Seconds left on a seat's clock now: the pushed time, less what has run since it came.
export function secondsLeft(clocks, seat, receivedAt, now) {
  const left = clocks.left[seat];
  if (left === undefined) return undefined;
  const running = clocks.running.includes(seat);
  return Math.max(0, left - (running ? (now - receivedAt) / 1000 : 0));
}

export function clockText(kind, left) {
  if (kind === "turn") return t("{time} to move", { time: turnLeft(left) });
  const m = Math.floor(left / 60);
  const s = Math.floor(left % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

// Little time left: the last 30 seconds of a live clock, the last hour of a turn.
export const isLow = (kind, left) => (kind === "live" ? left <= 30 : left <= 3600);

export const fmt = (x) =>
  Number.isInteger(x) ? number(x) : number(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// Why a bot plays a seat now, in words.
export const leftWhy = (why) => ({ resign: t("resigned"), timeout: t("timed out") })[why] || why;

export function Header({ shown, latest, link, children }) {
  const tb = shown.table;
  const now = useNow();
  const clocks = latest.clocks;
  const board = shown.scoreboard;
  const present = new Set(latest.present || []);
  const person = useRatings(tb.seats.map((s) => s.user));
  // once a rated game is over, its seats' new ratings (the list may not know them yet)
  const after = Object.fromEntries((tb.ratings || []).map((r) => [r.seat, r.after]));
  return html`<header class="table-head">
    <a href="#/" class="home" aria-label=${t("vaka: back to the lobby")}>vaka</a><${NoticeBadge} />
    <h1>${tb.game_name}</h1>
    <ol class="seats" aria-label=${t("players")}>${tb.seats.map((s) => {
      const left = clocks.kind === "none" ? undefined
        : secondsLeft(clocks, s.seat, latest.receivedAt, now);
      const low = left !== undefined && clocks.running.includes(s.seat) && isLow(clocks.kind, left);
      const away = s.kind === "human" && !s.left && !present.has(s.seat);
      return html`<li class=${`seat ${tb.to_move.includes(s.seat) ? "to-move" : ""}`}
          style=${`--seat: ${seatColour(s.seat)}`} data-seat=${s.seat}>
        <span class="dot" aria-hidden="true"></span>
        <span class="name">${seatName(tb, s.seat)}${s.seat === shown.seat ? ` ${t("(you)")}` : ""}${
          s.left ? ` ${t("({why}, bot plays)", { why: leftWhy(s.left) })}` : ""}</span>
        ${after[s.seat] !== undefined
          ? html`<${RatingBadge} person=${{ ratings: { [tb.game]: after[s.seat] } }} game=${tb.game} />`
          : html`<${RatingBadge} person=${person(s.user)} game=${tb.game} />`}
        ${s.kind === "human" && !s.left && s.seat !== shown.seat && html`<span
          class=${`presence ${away ? "away" : "online"}`}>${away ? t("away") : t("online")}</span>`}
        ${board && board.scores[s.seat] !== undefined && html`<span class="score"
          title=${board.label}><span class="sr-only">${t("score:")} </span>${fmt(board.scores[s.seat])}</span>`}
        ${left !== undefined && html`<span class=${`clock${low ? " low" : ""}`}
          role=${low ? "timer" : null}>${clockText(clocks.kind, left)}${low ? ` — ${t("hurry")}` : ""}</span>`}
        ${tb.to_move.includes(s.seat) && html`<span class="sr-only">${t("to move")}</span>`}
      </li>`;
    })}
    ${board && board.rivals.map((r) => html`<li class="seat rival" data-rival=${r.name}>
      <span class="name">${r.name}</span>
      <span class="score" title=${board.label}><span class="sr-only">${t("score:")} </span>${
        fmt(r.score)}</span></li>`)}
    </ol>
    ${board && html`<p class="score-note">${t("Scores: {what}.", {
      what: board.label + (board.hidden ? ` (${board.hidden})` : "") })}</p>`}
    ${link !== "open" && html`<span class="link-status" role="status">${
      { reconnecting: t("Reconnecting…"), connecting: t("Connecting…"), closed: t("closed") }[link] || link}</span>`}
    ${children}
  </header>`;
}
