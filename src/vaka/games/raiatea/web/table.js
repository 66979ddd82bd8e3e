// Raiatea's island and temple: the round track, the six locations, the tattoo and priest
// tracks, the ceremonial site with its gifts, sealed choices and the Sacrifice Bag.
import { html } from "/static/html.js";
import { number, t, tc, tn } from "/static/i18n.js";
import { seatColour } from "/static/colors.js";
import { bidAmounts, OFFERS, sealedStatus } from "./logic.js";
import { Disc, Heading, Hit, Lines, named, Panel, seatName, Spot } from "./draw.js";

const W = 520;
// The rulebook's heading for each location's action (the full text is in the tooltip).
const HEADINGS = { forest: () => t("Obtain forest cards"),
  marae: () => t("Get tattoos and ritual cards"), reef: () => t("Dive for pearls"),
  path: () => t("Recruit priests and gain mana"), neighbourhood: () => t("Exchange masks"),
  market: () => t("Sell commodities and hire assistants") };

export function Island({ ctx }) {
  const { view, comps } = ctx;
  const last = comps.round_track.action_rounds[String(view.players)];
  const spaces = comps.round_track.spaces.filter((s) => s.kind === "ceremony" || s.round <= last);
  const here = spaces.findIndex((s) => s.kind === view.round.kind && s.round === view.round.number);
  const sw = (W - 24) / spaces.length;
  const owners = view.this_round.claims; // location id -> the seat that claimed it
  const current = view.tiles.at(-1);
  const round = `${view.round.kind === "action" ? tc("raiatea", "Action round")
    : tc("raiatea", "Ceremony")} ${number(view.round.number)}`;
  return html`<${Panel} w=${W} h="352" label=${t("round track and locations")}>
    <${Heading} x="12" y="22" text=${view.is_over ? t("Game over") : round} />
    <text x=${W - 12} y="22" font-size="11" text-anchor="end">${t("starting player: {name}",
      { name: seatName(ctx, view.start_player) })}</text>
    <g transform="translate(12,32)" role="img" aria-label=${t("round track: {round}", {
      round: `${view.round.kind === "action" ? t("action") : t("ceremony")} ${view.round.number}` })}>
      ${spaces.map((s, i) => html`<g transform=${`translate(${i * sw},0)`}>
        <rect width=${sw - 4} height="30" rx="5" fill=${s.kind === "ceremony" ? "#c8553d" : "#f2d16b"}
          stroke=${i === here ? "#1f2a30" : "none"} stroke-width="3" />
        <text x=${(sw - 4) / 2} y="19" font-size="11" text-anchor="middle"
          class=${s.kind === "ceremony" ? "rt-light" : ""}>${
          s.kind === "ceremony" ? t("C{n}", { n: s.round }) : number(s.round)}</text></g>`)}
      ${here >= 0 && html`<path d=${`M${here * sw + (sw - 4) / 2 - 6} 38 l6 -6 l6 6z`} fill="#1f2a30" />`}
    </g>
    ${comps.locations.map((loc, i) => {
      const x = 12 + (i % 3) * 168;
      const y = 82 + Math.floor(i / 3) * 118;
      const owner = owners[loc.id];
      const taken = view.tiles.includes(loc.id);
      const now = loc.id === current && view.kahuna >= 0;
      return html`<${Spot} ctx=${ctx} offers=${OFFERS.location(loc.id)} x=${x} y=${y}
          moved=${ctx.marks.locations.has(loc.id)}
          title=${`${t(loc.name)}: ${t(loc.action)} ${t("Kahuna: {text}", { text: t(loc.kahuna) })}.`}>
        <${Hit} w="160" h="110" fill=${taken ? "#e6ddd0" : "#e3f1e4"}
          stroke=${now ? "#1f2a30" : "#6f8f72"} sw=${now ? 3 : 1} />
        <text x="8" y="20" font-size="14" font-weight="700">${t(loc.name)}</text>
        <${Lines} x="8" y="40" text=${HEADINGS[loc.id] ? HEADINGS[loc.id]() : ""} width="22"
          size="11.5" lines="2" />
        <${Lines} x="8" y="78" text=${t("Kahuna: {text}", { text: t(loc.kahuna) })} width="26"
          size="10" lines="2"
          cls="rt-kahuna" />
        ${taken && html`<g><rect x="62" y="-9" width="94" height="16" rx="8" fill=${
          owner === undefined ? "#999" : seatColour(owner)} stroke="#fff" />
          <text x="109" y="3" font-size="10" text-anchor="middle">${
          owner === undefined ? t("claimed") : clip(named(ctx, owner), 16)}</text></g>`}
      </${Spot}>`;
    })}
    <text x="12" y="336" font-size="11">${view.kahuna >= 0 && current
      ? t("{name} is the Kahuna at the {place}.", { name: seatName(ctx, view.kahuna),
        place: ctx.name(current) }) : ""}${view.die ? t(" Die: {n}.", { n: view.die }) : ""}</text>
  </${Panel}>`;
}

export function Temple({ ctx }) {
  const { view, comps } = ctx;
  const parts = [];
  let y = 10;
  // Tattoo track with the ranks.
  const tw = (W - 24) / (comps.tattoo_max + 1);
  // Up to five markers on one space (all start on 0): closer and smaller past three, so
  // that all of them, and each one's number, stay inside the space.
  const r = view.seats.length > 3 ? 8 : 9;
  const step = (k) => Math.min(20, (tw - 9 - 2 * r) / Math.max(1, k - 1));
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Tattoo track")} />`);
  y += 22;
  parts.push(html`<g transform=${`translate(12,${y})`}>${Array.from({ length: comps.tattoo_max + 1 },
    (_, k) => {
      const rank = comps.ranks.find((r) => r.space === k);
      const here = view.seats.filter((s) => s.tattoo === k);
      return html`<g transform=${`translate(${k * tw},0)`}>
        <rect width=${tw - 3} height="50" rx="4" fill=${rank ? "#e9d3b0" : "#f4ead8"} stroke="#b59d74" />
        <text x="4" y="12" font-size="9" class="rt-dim">${number(k)}</text>
        ${rank && html`<text x=${(tw - 3) / 2} y="12" font-size="10" text-anchor="middle"
          font-weight="700">${t(rank.name)}</text><text x=${tw - 7} y="46" font-size="9"
          text-anchor="end" class="rt-dim">${t("{n} VP", { n: rank.vp })}</text>`}
        ${here.map((s, j) => html`<${Disc} x=${4 + r + j * step(here.length)} y="30" r=${r}
          seat=${s.seat} moved=${ctx.marks.tattoo.has(s.seat)} />`)}</g>`;
    })}</g>`);
  y += 60;
  // Priest track.
  const n = comps.priest_max + 1;
  const pw = (W - 24) / n;
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Priest track")} />`);
  const recruits = [["1", t("+1 priest (2 pearls)")], ["2", t("+2 priests (5 pearls)")]]
    .filter(([k]) => ctx.acts.has(`recruit ${k}`));
  recruits.forEach(([k, words], i) => parts.push(html`<${Spot} ctx=${ctx}
      offers=${[`recruit ${k}`]} x=${200 + i * 160} y=${y}>
    <${Hit} w="150" h="20" rx="10" fill="#d9ecff" stroke="#2a64a8" />
    <text x="75" y="14" font-size="11" text-anchor="middle">${words}</text></${Spot}>`));
  y += 24;
  parts.push(html`<g transform=${`translate(12,${y})`}>${Array.from({ length: n }, (_, k) => {
    const here = view.seats.filter((s) => s.priests === k);
    return html`<g transform=${`translate(${k * pw},0)`}>
      <rect width=${pw - 2} height=${22 + 18 * Math.max(1, here.length)} rx="4" fill="#eef2f6"
        stroke="#9fb0c0" /><text x=${(pw - 2) / 2} y="14" font-size="10"
        text-anchor="middle">${number(k)}</text>
      ${here.map((s, j) => html`<${Disc} x=${(pw - 2) / 2} y=${30 + j * 18} seat=${s.seat} r="8"
        moved=${ctx.marks.priests.has(s.seat)} />`)}
    </g>`;
  })}</g>`);
  const stack = Math.max(1, ...Array.from({ length: n }, (_, k) =>
    view.seats.filter((s) => s.priests === k).length));
  y += 28 + 18 * stack;
  // The ceremonial site: ritual cubes in ceremonial order.
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Ceremonial site")} />`);
  y += 22;
  parts.push(html`<g transform=${`translate(12,${y})`} role="img"
    class=${ctx.marks.order ? "moved" : undefined} data-moved=${ctx.marks.order ? "1" : undefined}
    aria-label=${t("ceremonial order: {seats}", { seats: view.order.map((s) => named(ctx, s)).join(", ") })}>${view.order.map((s, i) =>
    // one row a seat, so that every name fits
    html`<g transform=${`translate(0,${i * 26})`}><rect width="250" height="22" rx="4"
      fill="#f3e6cf" stroke="#8a5a2b" /><text x="6" y="15" font-size="11">${number(i + 1)}.</text>
      <rect x="24" y="3" width="16" height="16" fill=${seatColour(s)} stroke="#1f2a30" />
      <text x="32" y="15" font-size="10" text-anchor="middle" font-weight="700">${s}</text>
      <text x="48" y="15" font-size="11">${clip(named(ctx, s), 32)}</text></g>`)}</g>`);
  y += 8 + 26 * view.order.length;
  // Gifts, while they are given.
  const giving = view.decision?.phase === "gift";
  if (giving) {
    ["tattoo", "commodity", "pearls"].forEach((g, i) => {
      const left = view.gifts_left.includes(g);
      const gift = GIFTS[g] ? GIFTS[g]() : comps.gifts[g];
      parts.push(html`<${Spot} ctx=${ctx} offers=${OFFERS.gift(g)} x=${12 + i * 164} y=${y}
          title=${t("gift: {gift}", { gift })}>
        <${Hit} w="156" h="28" fill=${left ? "#fff3c4" : "#e6e0d6"} stroke="#8a5a2b" />
        <text x="78" y="18" font-size="11" text-anchor="middle" class=${left ? "" : "rt-dim"}>
          ${t("Gift: {gift}", { gift })}</text></${Spot}>`);
    });
    y += 36;
  }
  const sealed = sealedStatus(view);
  const reveal = view.this_round.revealed;
  if (sealed) {
    const [h, body] = sealedPart(ctx, sealed, y);
    parts.push(body);
    y += h;
  } else if (reveal) {
    parts.push(html`<g transform=${`translate(12,${y})`} role="status">
      <text y="14" font-size="12" font-weight="700">${reveal.kind === "offering"
        ? t("Mana offered (revealed)")
        : t("Auction for mission {mission} (revealed)", { mission: reveal.mission })}</text>
      ${Object.entries(reveal.bids).map(([s, b], i, all) => html`<g transform=${
        `translate(${i * Math.min(120, Math.floor((W - 24) / all.length))},22)`}>
        <${Disc} x="10" y="10" seat=${Number(s)} /><text x="24" y="14" font-size="11">${
        tn("{n} mana", "{n} mana", b)}</text>${reveal.winner === Number(s)
        // the winner on a line of its own, so that five bids fit the panel in any language
        ? html`<text x="24" y="28" font-size="10" font-weight="700">${t("winner")}</text>` : ""}</g>`)}</g>`);
    y += 58;
  }
  if (view.blessing) {
    const [h, body] = bagPart(ctx, y);
    parts.push(body);
    y += h;
  }
  return html`<${Panel} w=${W} h=${y + 8} label=${t("tattoo and priest tracks, ceremonial site")}>${
    parts}</${Panel}>`;
}

// The ceremonial gifts in words.
const GIFTS = { tattoo: () => t("1 tattoo"), commodity: () => t("1 commodity"),
  pearls: () => t("2 pearls") };

// A name cut to `n` characters, for a place drawn to a fixed width.
const clip = (name, n) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);

// A sealed step: who has chosen (never what), your own choice, and the bids you may make.
function sealedPart(ctx, sealed, y0) {
  const { view } = ctx;
  const what = { prep: () => t("Preparing rituals (hidden)"),
    offer: () => t("Mana offering (sealed fists)"),
    auction: () => t("Mana auction for mission {mission} (sealed fists)", { mission: sealed.mission }),
  }[sealed.phase]?.() || sealed.phase;
  const mine = view.seats.find((s) => s.seat === ctx.seat);
  const bids = bidAmounts(ctx.legal);
  const rows = Math.ceil(bids.length / 15);
  const down = (Math.ceil(view.seats.length / 3) - 1) * 34;  // four or five seats: two rows
  const body = html`<g transform=${`translate(12,${y0})`} class="rt-sealed" role="status"
      aria-label=${`${what}: ${sealed.chosen.map((s) => t("{name} has chosen", { name: named(ctx, s) }))
      .concat(sealed.waiting.map((s) => t("{name} is choosing", { name: named(ctx, s) }))).join(", ")}`}>
    <text y="14" font-size="12" font-weight="700">${what}</text>
    ${view.seats.map((s, i) => {
      const done = sealed.chosen.includes(s.seat);
      return html`<g transform=${`translate(${(i % 3) * 164},${22 + Math.floor(i / 3) * 34})`}
          data-seat=${s.seat}
          class=${done ? "rt-chosen" : "rt-choosing"}>
        <rect width="156" height="30" rx="15" fill=${done ? "#dff0d8" : "#f4f4f4"}
          stroke=${seatColour(s.seat)} stroke-width="2" />
        <${Disc} x="15" y="15" seat=${s.seat} />
        <text x="30" y="19" font-size="11">${clip(named(ctx, s.seat), 11)} ${
          done ? t("✓ chosen") : t("… choosing")}${
          s.seat === ctx.seat && mine?.my_bid !== undefined && sealed.phase !== "prep"
            ? ` (${number(mine.my_bid)})` : ""}</text></g>`;
    })}
    ${bids.length > 0 && html`<text y=${70 + down} font-size="11">${
      t("Your hidden bid: point at a number of mana")}</text>`}
    ${bids.map((b, i) => html`<${Spot} ctx=${ctx} offers=${[`bid ${b}`]}
        x=${(i % 15) * 33} y=${78 + down + Math.floor(i / 15) * 32}>
      <${Hit} w="29" h="28" rx="14" fill="#cfe3ff" stroke="#2a64a8" />
      <text x="14.5" y="18" font-size="12" text-anchor="middle">${number(b)}</text></${Spot}>`)}
  </g>`;
  return [down + (bids.length ? 84 + rows * 32 : 62), body];
}

// Divine Blessings: the rituals from the bag by cost, and the mana that pays for them.
function bagPart(ctx, y0) {
  const { view, comps } = ctx;
  const body = html`<g transform=${`translate(12,${y0})`}>
    <text y="14" font-size="12" font-weight="700">${t("Sacrifice Bag: {n} mana for the rituals",
      { n: view.bag_mana })}</text>
    ${view.blessing.map(([r, s], i) => {
      const card = comps.rituals[r];
      return html`<${Spot} ctx=${ctx} offers=${s === ctx.seat ? OFFERS.bag(r) : null}
          x=${(i % 3) * 166} y=${22 + Math.floor(i / 3) * 34} title=${card?.text && t(card.text)}>
        <${Hit} w="160" h="28" fill="#fffaf0" stroke=${s >= 0 ? seatColour(s) : "#8a5a2b"} sw="2" />
        <text x="6" y="12" font-size="10" font-weight="600">${card ? t(card.name) : r}</text>
        <text x="6" y="24" font-size="9" class="rt-dim">${tn("{n} mana", "{n} mana", card?.mana ?? 0)} · ${
          s >= 0 ? named(ctx, s) : t("General")}</text></${Spot}>`;
    })}</g>`;
  return [30 + Math.ceil(view.blessing.length / 3) * 34, body];
}
