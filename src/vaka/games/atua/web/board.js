// Atua's table, drawn from the seat's view: the row with its coconuts (or the solo offer
// and Tahuma), the fate tiles, your resident, your island where you lay the card you hold
// (place.js), and everyone else's island. Every pointable thing carries its action;
// legality is always the server's (the legal list and `check`).
import { useEffect, useRef } from "preact/hooks";
import { html } from "/static/html.js";
import { lang, loadLanguage, number, t, tc, tn, wanted } from "/static/i18n.js";
import { seatColour } from "/static/colors.js";
import {
  Coconuts, Face, IslandCards, islandPoses, laidSince, SymbolKey, symbolWord, useFaces,
} from "./cards.js";
import { bounds, fitBox } from "./geom.js";
import { MyIsland } from "./place.js";
import { soloLevel } from "./solo.js";
import { seatName, theirs } from "/static/words.js";

// The stylesheets beside this module, linked when a table of the game opens.
export const styles = ["board.css"];

// The reader's catalog, if the page around the board has not loaded one yet.
if (lang() === "en" && wanted() !== "en") await loadLanguage();

const SMALL = /^(pass|reveal|spare|give|score \w+)$/;

export function Board({ view, seat, legal = [], act, check, onChecked, since, table }) {
  const faces = useFaces();
  if (!faces) return html`<div class="board atua"><p class="loading">${t("Laying out the cards…")}</p></div>`;
  const me = view.seat ?? seat ?? null;
  const acts = new Map(legal.map((c) => [c.action, c]));
  const mine = me === null ? null : view.seats[me];
  const others = view.seats.filter((s) => s.seat !== me);
  const holder = view.decision?.seat;
  const placing = holder === me && !!view.holding && legal.some((c) => c.action.startsWith("place "));
  // what changed since this seat's last move (marked until it moves again)
  const before = since && since !== view ? since : null;
  const fresh = (s) => laidSince(s, before?.seats?.[s.seat]);
  return html`<div class=${`board atua ${placing ? "placing" : ""}`}>
    <${Prompt} view=${view} me=${me} legal=${legal} act=${act} table=${table} />
    <div class="atua-top">
      <${Offer} view=${view} faces=${faces} acts=${acts} act=${act} before=${before} />
      <${Tiles} view=${view} faces=${faces} me=${me} acts=${acts} act=${act} />
    </div>
    ${mine && html`<${MyIsland} faces=${faces} seat=${mine}
      holding=${holder === me ? view.holding : null} legal=${legal} act=${act} check=${check}
      onChecked=${onChecked} label=${t("your island")} fresh=${fresh(mine)} />`}
    ${mine && html`<${SeatFacts} s=${mine} faces=${faces} me=${me}
      was=${before?.seats?.[me]} />`}
    <${SymbolKey} />
    <div class="atua-others">${others.map((s) => html`<${OtherIsland} s=${s} faces=${faces} table=${table}
      holding=${holder === s.seat ? view.holding : null} fresh=${fresh(s)}
      was=${before?.seats?.[s.seat]} />`)}</div>
  </div>`;
}

function Prompt({ view, me, legal, act, table }) {
  const d = view.decision;
  const small = legal.filter((c) => SMALL.test(c.action));
  // When the choice is only among these buttons (alone: give the other card to Tahuma or
  // spare it), the keyboard starts there, not after wherever the last click was (the list
  // beside the board, the island); never taken from a field being typed in.
  const first = useRef(null);
  const only = small.length > 0 && small.length === legal.length;
  const asked = only ? small.map((c) => c.action).join() : "";
  useEffect(() => {
    const at = document.activeElement;
    if (!asked || !first.current || (at && at.closest && at.closest("input, textarea, select"))) return;
    first.current.focus({ preventScroll: true });
  }, [asked, view.turn]);
  let text = t("The game is over: the scores are beside the board.");
  if (d) {
    text = d.seat === me ? t("Your move: {prompt}", { prompt: t(d.prompt) })
      : t("{name} is to {what}", { name: named(table, d.seat), what: theirs(t(d.prompt)) });
    if (d.pile) text += t(" (pile {pile} is empty)", { pile: d.pile });
  }
  return html`<div class="atua-prompt" style=${d ? `--seat: ${seatColour(d.seat)}` : ""}>
    <span class="what">${text}</span>
    <span class="turn">${t("turn {n} · piles {piles}", { n: view.turn,
      piles: Object.entries(view.piles).map(([k, n]) => `${k} ${number(n)}`).join(", ") })}</span>
    ${small.map((c, i) => html`<button class="small-act" data-action=${c.action}
        ref=${i === 0 ? first : undefined}
        onClick=${() => act(c.action)} title=${c.note || ""}>${label(c.action)}${
        c.note ? html` <small>${c.note}</small>` : ""}</button>`)}
  </div>`;
}

function label(action) {
  if (action === "spare") return t("Spare it (3 coconuts)");
  if (action === "give") return t("Give it to Tahuma");
  if (action === "reveal") return t("Play your resident");
  if (action === "pass") return t("Pass");
  if (action.startsWith("score ")) return t("Score {source}", { source: tc("atua", action.slice(6)) });
  return action[0].toUpperCase() + action.slice(1);
}

/** A seat by the name the table shows ("Medium bot 1"), to open a sentence. */
function named(table, seat) {
  const name = seatName(table, seat);
  return name[0].toUpperCase() + name.slice(1);
}

/** Clickable for an action when it is legal; plain otherwise. An SVG part (`inSvg`) is
 * named by a <title> child (`said`, for the caller to draw), not an aria-label: its
 * drawn words are not all in the label, which people who point by voice must say. */
function said(acts, action, what) {
  const c = acts.get(action);
  return c ? `${what}${c.note ? ` (${c.note})` : ""}` : null;
}

function pointable(acts, action, act, what, inSvg = false) {
  const c = acts.get(action);
  if (!c) return {};
  return {
    "data-action": action, role: "button", tabindex: "0",
    "aria-label": inSvg ? undefined : said(acts, action, what),
    onClick: () => act(action),
    onKeyDown: (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act(action);
      }
    },
  };
}

const W = 630;
const H = 880;
const GAP = 110;
const TOP = 250; // room above the cards for their coconuts

/** The row with its coconuts, or the solo game's two cards, plus the card being laid. */
function Offer({ view, faces, acts, act, before }) {
  const slots = [];
  const had = new Set((before?.row || []).map((r) => r.card));
  view.row.forEach((r, i) => slots.push({ card: r.card, nuts: r.coconuts, action: `take ${i + 1}`,
    caption: `${number(i + 1)}: ${r.card}`, moved: !!before && !had.has(r.card) }));
  if (view.solo) {
    const o = view.solo_game.offer;
    ["left", "right"].forEach((side, i) => o[i] && slots.push({ card: o[i], action: `take ${side}`,
      caption: side === "left" ? t("left: {card}", { card: o[i] }) : t("right: {card}", { card: o[i] }) }));
    if (view.solo_game.other) slots.push({ card: view.solo_game.other,
      caption: t("other: {card}", { card: view.solo_game.other }), dim: true });
  }
  if (view.holding) slots.push({ card: view.holding, caption: t("laying {card}", { card: view.holding }),
    dim: true });
  const n = Math.max(slots.length, 4);
  const width = n * (W + GAP) + GAP;
  return html`<figure class="atua-row">
    <figcaption>${view.solo ? t("Draw") : t("The row")}</figcaption>
    <svg viewBox=${`0 0 ${width} ${TOP + H + 180}`} role="group"
      aria-label=${view.solo ? t("the two cards drawn") : t("the row of island cards")}>
      ${slots.map((s, i) => {
        const x = GAP + i * (W + GAP) + W / 2;
        const what = `${s.action}: ${t("card {card}", { card: s.card })}${
          s.nuts ? t(" with {n} coconuts", { n: s.nuts }) : ""}`;
        const p = s.action ? pointable(acts, s.action, act, what, true) : {};
        const name = s.action && said(acts, s.action, what);
        return html`<g class=${`slot ${s.dim ? "dim" : ""}${s.moved ? " moved" : ""}`}
            data-moved=${s.moved ? "1" : undefined} ...${p}>${name && html`<title>${name}</title>`}
          <rect class="hit" x=${x - W / 2 - 20} y=${TOP - 20} width=${W + 40} height=${H + 40}
            rx="30" fill="none" />
          <g transform=${`translate(${x} ${TOP + H / 2})`}><${Face} face=${faces.cards[s.card]} /></g>
          <${Coconuts} n=${s.nuts} x=${x} y=${TOP - 115} />
          <text x=${x} y=${TOP + H + 140} text-anchor="middle" class="caption">${s.caption}</text>
        </g>`;
      })}
    </svg>
  </figure>`;
}

/** Fate tiles on offer, your resident, and in the solo game Tahuma. */
function Tiles({ view, faces, me, acts, act }) {
  const mine = me === null ? null : view.seats[me];
  const res = mine?.resident && faces.residents[mine.resident];
  return html`<div class="atua-tiles">
    ${view.fates_open.length > 0 && html`<div class="fates" aria-label=${t("fate tiles on offer")}>
      <h3>${t("Fate tiles")}</h3>
      ${view.fates_open.map((f) => html`<div class=${`fate ${acts.has(`buy ${f.id}`) ? "buy" : ""}`}
          ...${pointable(acts, `buy ${f.id}`, act, t("buy fate tile {id}: {text}", { id: f.id, text: f.text }))}>
        <b>${f.id}</b> ${f.text}</div>`)}
    </div>`}
    ${res && html`<div class=${`resident ${mine.resident_revealed ? "shown" : ""}`}
        ...${pointable(acts, "reveal", act, mine.resident_revealed
          ? t("play your resident: {text}", { text: res.text })
          : t("play your resident (face down): {text}", { text: res.text }))}>
      <h3>${mine.resident_revealed ? t("Your resident") : t("Your resident (face down)")}</h3>${
        res.text}</div>`}
    ${view.solo && html`<${Tahuma} solo=${view.solo_game} />`}
  </div>`;
}

function Tahuma({ solo }) {
  return html`<div class="tahuma" aria-label=${tc("atua", "Tahuma")}>
    <h3>${tc("atua", "Tahuma")}</h3>
    <p>${soloLevel(solo)} · ${tn("hut {n} coconut", "hut {n} coconuts", solo.hut)}</p>
    <p>${t("His pile ({n}): {cards}", { n: solo.tahuma.length,
      cards: solo.tahuma.join(", ") || t("none yet") })}</p>
    ${solo.spared.length > 0 && html`<p>${t("Spared: {cards}", { cards: solo.spared.join(", ") })}</p>`}
    ${solo.tahuma_score && html`<p>${t("Score: {n}",
      { n: solo.tahuma_score.total ?? JSON.stringify(solo.tahuma_score) })}</p>`}
  </div>`;
}

/** A seat's counts: symbols, totems, coconuts, fates, resident, what it scored. */
function SeatFacts({ s, faces, me, was }) {
  const res = s.resident && faces.residents[s.resident];
  const scored = Object.entries(s.scored);
  // a count changed since the viewer's last move is marked
  const mark = (now, then) => (was && now !== then ? { class: "moved", "data-moved": "1" } : {});
  return html`<dl class="atua-facts" style=${`--seat: ${seatColour(s.seat)}`}>
    <div ...${mark(s.coconuts, was?.coconuts)}><dt>${t("coconuts")}</dt><dd>${number(s.coconuts)}</dd></div>
    ${Object.entries(s.symbols).map(([k, n]) => html`<div ...${mark(n, was?.symbols?.[k] ?? 0)}>
      <dt>${symbolWord(k)}</dt><dd>${number(n)}</dd></div>`)}
    ${Object.entries(s.totems).length > 0 && html`<div><dt>${t("totems")}</dt><dd>${Object.entries(s.totems)
      .map(([k, n]) => `${symbolWord(k)}${n > 1 ? ` ×${number(n)}` : ""}`).join(", ")}</dd></div>`}
    ${s.fates.length > 0 && html`<div><dt>${t("fates")}</dt><dd>${s.fates.join(", ")}</dd></div>`}
    ${res && s.seat !== me && html`<div><dt>${t("resident")}</dt><dd>${t(res.name)}</dd></div>`}
    ${s.set_aside.length > 0 && html`<div><dt>${t("set aside")}</dt><dd>${s.set_aside.join(", ")}</dd></div>`}
    ${scored.length > 0 && html`<div><dt>${t("scored")}</dt><dd>${scored.map(([k, n]) =>
      `${tc("atua", k)} ${number(n)}`).join(", ")}</dd></div>`}
  </dl>`;
}

function OtherIsland({ s, faces, holding, fresh, was, table }) {
  const poses = islandPoses(s);
  const box = fitBox(bounds(poses), 1.3, 80);
  return html`<figure class="atua-other" style=${`--seat: ${seatColour(s.seat)}`}>
    <figcaption><span class="dot" aria-hidden="true"></span> ${named(table, s.seat)}${
      holding ? t(" · laying {card}", { card: holding }) : ""}</figcaption>
    <svg viewBox=${box.join(" ")} role="img" aria-label=${t("the island of {name}",
      { name: seatName(table, s.seat) })}>
      <${IslandCards} faces=${faces} poses=${poses} fresh=${fresh} />
    </svg>
    <${SeatFacts} s=${s} faces=${faces} me=${null} was=${was} />
  </figure>`;
}
