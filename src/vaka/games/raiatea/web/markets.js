// Raiatea's markets (forest supply, commodities and their price charts, assistants, masks,
// ritual decks) and the three To'o statues with their missions.
import { html } from "/static/html.js";
import { number, t, tn } from "/static/i18n.js";
import { missionWords, OFFERS } from "./logic.js";
import { CardBack, Heading, Hit, Lines, MaskCard, Panel, Spot } from "./draw.js";

const W = 520;
const KIND_FILL = { commodity: "#e8f3d6", assistant: "#dcebf5", mask: "#f3e6cf" };

function ForestCard({ ctx, id, x, y }) {
  const { comps } = ctx;
  const moved = ctx.marks.forest.has(id);
  if (comps.masks[id]) return html`<${MaskCard} ctx=${ctx} id=${id} offers=${OFFERS.forest(id)}
    x=${x} y=${y} w="78" moved=${moved} />`;
  const kind = comps.commodities.some((c) => c.id === id) ? "commodity" : "assistant";
  const name = ctx.name(id);
  return html`<${Spot} ctx=${ctx} offers=${OFFERS.forest(id)} x=${x} y=${y} moved=${moved}
      title=${`${name} (${kind === "commodity" ? t("commodity") : t("assistant")})`}>
    <${Hit} w="78" h="44" fill=${KIND_FILL[kind]} stroke="#6f8f72" />
    <${Lines} x="39" y="18" text=${name.replace(/ \(.*\)$/, "")} width="12" size="10.5"
      anchor="middle" lines="2" weight="600" />
    <text x="39" y="39" font-size="8.5" text-anchor="middle" class="rt-dim">${
      kind === "commodity" ? t("commodity") : t("assistant")}</text>
  </${Spot}>`;
}

export function Markets({ ctx }) {
  const { view, comps } = ctx;
  const parts = [];
  let y = 8;
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Forest supply")} />
    <text x=${W - 12} y=${y + 14} font-size="10" text-anchor="end" class="rt-dim">${
      tn("{n} card in the pile", "{n} cards in the pile", view.forest_pile)}</text>`);
  y += 22;
  const cards = [...view.display, ...view.revealed];
  if (!cards.length) parts.push(html`<text x="12" y=${y + 16} font-size="11" class="rt-dim">${t("(empty)")}</text>`);
  cards.forEach((id, i) => parts.push(html`<${ForestCard} ctx=${ctx} id=${id}
    x=${12 + (i % 6) * 83} y=${y + Math.floor(i / 6) * 48} />`));
  y += Math.max(1, Math.ceil(cards.length / 6)) * 48 + 6;
  // Commodities: market count and price chart (0 = bottom space).
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Commodities market and price charts")} />`);
  y += 22;
  const sold = ctx.acts.has("bonus 0") ? view.decision?.commodity ?? null : null; // its chart
  comps.commodities.forEach((c, i) => {
    const price = view.prices[c.id];
    const row = y + i * 44;
    const cname = t(c.name);
    parts.push(html`<${Spot} ctx=${ctx} offers=${OFFERS.commodityMarket(c.id)} x="12" y=${row}
        title=${t("{name}: {n} in the market", { name: cname, n: view.commodities_market[c.id] })}>
      <${Hit} w="96" h="40" fill="#e8f3d6" stroke="#6f8f72" />
      <${Lines} x="6" y="15" text=${cname.replace(/ \(.*\)$/, "")} width="13" size="11" lines="1"
        weight="600" />
      <text x="6" y="32" font-size="10">${t("market: {n}", { n: view.commodities_market[c.id] })}</text></${Spot}>`);
    comps.charts[i].forEach((bonus, k) => {
      const offers = [...(sold === c.id ? [`bonus ${k}`] : []),
        ...(k === comps.charts[i].length - 1 ? OFFERS.chartTop(c.id) : [])];
      parts.push(html`<${Spot} ctx=${ctx} offers=${offers} x=${112 + k * 80} y=${row}
          moved=${price === k && ctx.marks.prices.has(c.id)}
          title=${t("{name} space {n}: {bonus}", { name: cname, n: k + 1, bonus }) +
            (price === k ? t(" (price marker)") : "")}>
        <${Hit} w="76" h="40" fill=${k <= price ? "#fff3c4" : "#f5f0e6"}
          stroke=${price === k ? "#1f2a30" : "#cbbd9f"} sw=${price === k ? 2.5 : 1} />
        <${Lines} x="38" y="13" text=${bonus} width="14" size="9.6" anchor="middle" lines="3" />
        ${price === k && html`<path d="M32 40 l6 -7 l6 7z" fill="#1f2a30" />`}
      </${Spot}>`);
    });
  });
  y += 4 * 44 + 4;
  // Assistants.
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Assistant market (2 pearls to hire)")} />`);
  y += 22;
  comps.assistants.forEach((a, i) => parts.push(html`<${Spot} ctx=${ctx}
      offers=${OFFERS.assistantMarket(a.id).concat([`type ${a.id}`])} x=${12 + i * 125} y=${y}
      moved=${ctx.marks.assistants.has(a.id)}
      title=${`${t(a.name)}: A: ${t(a.a)} B: ${t(a.b)}`}>
    <${Hit} w="119" h="30" fill="#dcebf5" stroke="#2a64a8" />
    <text x="8" y="19" font-size="11">${t(a.name)}</text>
    <text x="111" y="19" font-size="11" text-anchor="end" font-weight="700">${
      number(view.assistant_market[a.id])}</text></${Spot}>`));
  y += 38;
  // Masks.
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Mask market")} />`);
  y += 22;
  view.mask_market.forEach((m, i) => parts.push(html`<${MaskCard} ctx=${ctx} id=${m}
    offers=${OFFERS.maskMarket(m)} x=${12 + (i % 6) * 83} y=${y + Math.floor(i / 6) * 48} w="78"
    moved=${ctx.marks.masks.has(m)} />`));
  y += Math.max(1, Math.ceil(view.mask_market.length / 6)) * 48 + 4;
  // Ritual decks.
  parts.push(html`<${Heading} x="12" y=${y + 14} text=${t("Ritual decks")} />`);
  y += 22;
  ["normal", "forbidden"].forEach((d, i) => parts.push(html`<${Spot} ctx=${ctx}
      offers=${OFFERS.deck(d)} x=${12 + i * 250} y=${y}>
    <${Hit} w="240" h="44" fill="#f5f0e6" stroke="#8a5a2b" />
    <${CardBack} x="6" y="5" deck=${d} />
    <text x="38" y="18" font-size="11" font-weight="600">${d === "normal"
      ? t("Normal rituals: {n}", { n: view.ritual_piles[d] })
      : t("Forbidden rituals: {n}", { n: view.ritual_piles[d] })}</text>
    <text x="38" y="34" font-size="10" class="rt-dim">${t("discards (face up): {n}",
      { n: view.discards[d].length })}</text></${Spot}>`));
  y += 52;
  return html`<${Panel} w=${W} h=${y} label=${t("markets and price charts")}>${parts}</${Panel}>`;
}

const TOKEN_W = 96;

// The statues: rows from the bottom up (the view lists the bottom row first).
export function Statues({ ctx }) {
  const { view, comps } = ctx;
  const statueH = 28 + 6 * 30;
  const blocks = view.statues.map((st, si) => {
    const y0 = si * (statueH + 8);
    const rows = st.rows.map((row, r) => {
      const rowW = row.length * (TOKEN_W + 4);
      const y = y0 + 24 + (5 - r) * 30;
      return row.map((token, k) => {
        const slot = `${si + 1}.${r + 1}.${k + 1}`;
        const x = (W - rowW) / 2 + k * (TOKEN_W + 4);
        const too = comps.toos[token];
        const words = token === "" ? t("fulfilled") : token === "?" ? t("face down")
          : too ? missionWords(too.text, comps.commodities) : token;
        const kind = too?.kind;
        return html`<${Spot} ctx=${ctx} offers=${OFFERS.mission(slot)} x=${x} y=${y}
            moved=${ctx.marks.missions.has(slot)}
            title=${t("mission {slot}: {words}", { slot, words }) +
              (too ? ` (${t("{n} VP", { n: too.vp })})` : "")}>
          <${Hit} w=${TOKEN_W} h="26" rx="4"
            fill=${token === "" ? "#d8d2c6" : token === "?" ? "#7b6a55" : "#efe4cf"}
            stroke=${kind === "conditional" ? "#8c1c3a" : kind === "auction" ? "#2a64a8" : "#8a7a60"}
            sw=${kind === "conditional" ? 2.5 : 1} />
          <${Lines} x=${TOKEN_W / 2} y="11" text=${words} width="17" size="9.8" anchor="middle"
            lines="2" cls=${token === "?" ? "rt-light" : token === "" ? "rt-dim" : ""} />
        </${Spot}>`;
      });
    });
    return html`<g><text x="12" y=${y0 + 16} font-size="13" font-weight="700">${
      t("Statue {n} · {vp} VP", { n: si + 1, vp: st.vp })}${st.face_up ? "" : t(" (face down)")
      }</text>${rows}</g>`;
  });
  return html`<${Panel} w=${W} h=${3 * (statueH + 8)} label=${t("To'o statues and their missions")}>
    <text x=${W - 12} y="16" font-size="9.5" text-anchor="end" class="rt-dim">${
      t("red border: condition (pay nothing) · blue: mana auction")}</text>
    ${blocks}</${Panel}>`;
}
