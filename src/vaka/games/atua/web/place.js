// Your island, and laying the card you hold on it: drag it, turn it (wheel over the card,
// Q/E, the handle or the buttons), see at once whether it may lie there and which rule
// forbids it (the server answers `check`), snap to the nearest legal placement, show the
// numbered candidates, zoom and pan. Drop (or Enter, or Lay) lays a pose the server called
// legal. Nothing here decides legality.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "/static/html.js";
import { number, t, tn } from "/static/i18n.js";
import { IslandCards, Laid } from "./cards.js";
import {
  angleGap, bestFirst, bounds, Checker, corners, fitBox, nearest, normAngle, parsePlacement,
  placementText, poseTransform, reasonsOf, screenToTable, zoomBox, handleAngle,
} from "./geom.js";
import { islandPoses } from "./cards.js";

const STEP = 150; // 15°: every candidate angle (multiples of 30° and the diagonals)
const FINE = 10; // 1°
const MAGNET_PX = 7; // a dragged card this close to a candidate at its angle takes its pose

export function MyIsland({ faces, seat, holding, legal, act, check, onChecked, label, fresh }) {
  const svg = useRef(null);
  const poses = useMemo(() => islandPoses(seat), [seat]);
  const placing = !!holding && legal.some((c) => c.action.startsWith("place "));
  const candidates = useMemo(
    () => legal.map((c) => (c.action.startsWith("place ") ? parsePlacement(c.action) : null)),
    [legal],
  );
  const notes = useMemo(() => legal.map((c) => c.note || null), [legal]);
  // The candidates best first (by the points their notes tell), shown one at a time.
  const order = useMemo(() => bestFirst(candidates, notes), [candidates, notes]);
  const key = `${holding}:${poses.length}:${placing}`;
  const start = () => {
    if (!placing) return null;
    // Beside the island on a wide screen, below it on a narrow one.
    const b = bounds(poses);
    const el = svg.current;
    const wide = el && el.clientHeight ? el.clientWidth > el.clientHeight : innerWidth > 600;
    if (!wide) return { card: holding, x: Math.round((b[0] + b[2]) / 2), y: Math.round(b[1] - 560), angle: 0 };
    return { card: holding, x: Math.round(b[2] + 480), y: Math.round((b[1] + b[3]) / 2), angle: 0 };
  };
  const [held, setHeld] = useState(() => ({ key, pose: start(), box: null }));
  const [ghosts, setGhosts] = useState(false);
  const [pick, setPick] = useState({ key, at: -1 }); // where in `order` the card was put
  const [lit, setLit] = useState(-1); // the candidate whose dot the pointer is over
  const [, setTick] = useState(0);
  const drag = useRef(null);
  const pointers = useRef(new Map());
  const pendingLay = useRef(null);
  const lastKey = useRef(key);
  const latest = useRef({});

  const checker = useRef(null);
  if (!checker.current) {
    checker.current = new Checker(
      (text) => latest.current.check && latest.current.check(text),
      (text) => {
        setTick((t) => t + 1);
        if (pendingLay.current === text) {
          pendingLay.current = null;
          if (checker.current.result(text)?.legal) latest.current.act(text);
        }
      },
    );
  }
  const ck = checker.current;

  // A new turn or a new card: start afresh.
  let now = held;
  if (lastKey.current !== key) {
    lastKey.current = key;
    ck.reset();
    pendingLay.current = null;
    now = { key, pose: start(), box: null };
    setHeld(now);
    setPick({ key, at: -1 });
  }
  const { pose, box } = now;
  const setPose = (p) => setHeld((h) => ({ ...h, pose: p }));
  const setBox = (b) => setHeld((h) => ({ ...h, box: b }));
  const fit = (p = pose) => {
    const el = svg.current;
    const aspect = el && el.clientHeight ? el.clientWidth / el.clientHeight : 1.4;
    // the island, the card in hand and where the candidates' centres lie
    const b = bounds(p ? [...poses, p] : poses);
    for (const c of p ? candidates : []) {
      if (c) b.splice(0, 4, Math.min(b[0], c.x), Math.min(b[1], c.y), Math.max(b[2], c.x),
        Math.max(b[3], c.y));
    }
    setBox(fitBox(p ? [b[0], b[1], b[2], Math.max(b[3], p.y + 700)] : b, aspect));
  };
  useEffect(() => { if (!box) fit(); }, [box, key]);
  useEffect(() => {
    // A new size of the drawing (a turned phone, a resized window): fit again.
    let last = null;
    const ro = new ResizeObserver(([e]) => {
      const size = `${Math.round(e.contentRect.width)}x${Math.round(e.contentRect.height)}`;
      if (last !== null && size !== last) setBox(null);
      last = size;
    });
    ro.observe(svg.current);
    return () => ro.disconnect();
  }, []);
  useEffect(() => (onChecked ? onChecked((m) => ck.answer(m)) : undefined), [onChecked]);
  ck.knowLegal(legal.filter((c) => c.action.startsWith("place ")).map((c) => [c.action, c.note]));

  latest.current = { act, check };
  const text = pose ? placementText(pose) : null;
  useEffect(() => { if (text) ck.ask(text); }, [text]);
  const result = text ? ck.result(text) : undefined;

  const toTable = (ev) => screenToTable(svg.current.getScreenCTM(), ev.clientX, ev.clientY);
  const unitsPerPx = () => {
    const el = svg.current;
    return box && el ? Math.max(box[2] / el.clientWidth, box[3] / el.clientHeight) : 3;
  };
  const move = (p) => setPose({ ...p, x: Math.round(p.x), y: Math.round(p.y),
    angle: normAngle(p.angle) });
  // A card moved or turned by hand this close to a candidate at its angle takes its pose.
  const magnet = (p) => {
    let best = p;
    let reach = MAGNET_PX * unitsPerPx();
    for (const c of candidates) {
      const d = c && angleGap(c.angle, p.angle) === 0 ? Math.hypot(c.x - p.x, c.y - p.y) : Infinity;
      if (d <= reach) [best, reach] = [{ ...c }, d];
    }
    return best;
  };
  const turn = (d) => setHeld((h) => (h.pose
    ? { ...h, pose: magnet({ ...h.pose, angle: normAngle(h.pose.angle + d) }) } : h));
  const lay = () => {
    if (!text) return;
    pendingLay.current = text;
    if (result) {
      pendingLay.current = null;
      if (result.legal) act(text);
    }
  };
  // Put the card on the candidate `at` places down the best-first order (wrapping).
  const goTo = (at) => {
    if (!order.length) return;
    const i = ((at % order.length) + order.length) % order.length;
    setPick({ key, at: i });
    move(candidates[order[i]]);
  };
  const step = (d) => {
    setGhosts(true);
    goTo(pick.key === key && pick.at >= 0 ? pick.at + d : d > 0 ? 0 : -1);
  };
  const snap = () => {
    if (!pose) return;
    const i = nearest(pose, candidates);
    if (i >= 0) move(candidates[i]);
  };
  const zoom = (factor, sx, sy) => {
    if (!box) return;
    const [x, y, w, h] = box;
    setBox(zoomBox(box, factor, sx ?? x + w / 2, sy ?? y + h / 2));
  };
  latest.current.keys = { turn, snap, lay, zoom, fit, move, pose, setGhosts, step, candidates,
    placing, order, setPick, key };

  useEffect(() => {
    const onKey = (ev) => {
      if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
      const k = latest.current.keys;
      const key = ev.key.toLowerCase();
      const step = ev.shiftKey ? FINE : STEP;
      const p = k.pose;
      const nudge = ev.shiftKey ? 100 : 10;
      const acts = {
        q: () => k.turn(step), e: () => k.turn(-step), "[": () => k.turn(step),
        "]": () => k.turn(-step), s: () => k.snap(), g: () => k.setGhosts((g) => !g),
        n: () => k.step(1), p: () => k.step(-1),
        enter: () => k.lay(), "+": () => k.zoom(1.25), "=": () => k.zoom(1.25),
        "-": () => k.zoom(0.8), 0: () => k.fit(),
        arrowleft: () => k.move({ ...p, x: p.x - nudge }),
        arrowright: () => k.move({ ...p, x: p.x + nudge }),
        arrowup: () => k.move({ ...p, y: p.y + nudge }),
        arrowdown: () => k.move({ ...p, y: p.y - nudge }),
      };
      if (!p || ev.ctrlKey || ev.metaKey || ev.altKey || !acts[key]) return;
      if (key === "enter" && ev.target.closest && ev.target.closest("button, [role=button]")) return;
      ev.preventDefault();
      acts[key]();
    };
    addEventListener("keydown", onKey);
    // A digit puts the card on that candidate of the list and asks (Enter lays it): caught
    // before the choice list, which would lay it at once.
    const onDigit = (ev) => {
      const k = latest.current.keys;
      if (!k.placing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
      const n = Number(ev.key);
      const c = k.candidates[n - 1];
      if (!(n >= 1 && n <= 9) || !c) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      k.setPick({ key: k.key, at: k.order.indexOf(n - 1) });
      k.move(c);
    };
    addEventListener("keydown", onDigit, true);
    return () => {
      removeEventListener("keydown", onKey);
      removeEventListener("keydown", onDigit, true);
    };
  }, []);

  // The view follows the card being laid: once any corner leaves it, the view moves just
  // enough to show the whole card again (never zooming). Not while a pointer drags or turns
  // it (the view would slide under the pointer): once it lets go.
  const follow = () => {
    if (!pose || !box) return;
    const [x, y, w, h] = box;
    const m = Math.min(w, h) * 0.03;
    let dx = 0;
    let dy = 0;
    for (const [cx, cy] of corners(pose)) {
      const sy = -cy;
      if (cx < x + m) dx = Math.min(dx, cx - (x + m));
      if (cx > x + w - m) dx = Math.max(dx, cx - (x + w - m));
      if (sy < y + m) dy = Math.min(dy, sy - (y + m));
      if (sy > y + h - m) dy = Math.max(dy, sy - (y + h - m));
    }
    if (dx || dy) setBox([x + dx, y + dy, w, h]);
  };
  useEffect(() => { if (!drag.current) follow(); }, [text]);

  const onPointerDown = (ev) => {
    const t = ev.target;
    pointers.current.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      drag.current = { mode: "pinch", d: Math.hypot(a[0] - b[0], a[1] - b[1]) };
      return;
    }
    if (t.closest(".ghost, .cand-dot")) return;
    const [wx, wy] = toTable(ev);
    svg.current.setPointerCapture?.(ev.pointerId);
    if (pose && t.closest(".rotate-handle")) {
      drag.current = { mode: "rotate" };
    } else if (pose && t.closest(".held")) {
      drag.current = { mode: "card", dx: pose.x - wx, dy: pose.y - wy, type: ev.pointerType };
    } else {
      drag.current = { mode: "pan", x: ev.clientX, y: ev.clientY, box };
    }
    ev.preventDefault();
  };
  const onPointerMove = (ev) => {
    const d = drag.current;
    if (!d) return;
    pointers.current.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (d.mode === "pinch") {
      const [a, b] = [...pointers.current.values()];
      const nd = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const [mx, my] = screenToTable(svg.current.getScreenCTM(), (a[0] + b[0]) / 2,
        (a[1] + b[1]) / 2);
      if (d.d > 0) zoom(nd / d.d, mx, -my);
      d.d = nd;
      return;
    }
    const [wx, wy] = toTable(ev);
    if (d.mode === "rotate") {
      move({ ...pose, angle: handleAngle(pose.x, pose.y, wx, wy) });
    } else if (d.mode === "card") {
      move(magnet({ ...pose, x: Math.round(wx + d.dx), y: Math.round(wy + d.dy) }));
    } else if (d.mode === "pan" && d.box) {
      const u = unitsPerPx();
      const [x, y, w, h] = d.box;
      setBox([x - (ev.clientX - d.x) * u, y - (ev.clientY - d.y) * u, w, h]);
    }
  };
  const onPointerUp = (ev) => {
    pointers.current.delete(ev.pointerId);
    const d = drag.current;
    drag.current = null;
    if (d && d.mode === "card" && d.type === "mouse") lay();
    if (d && (d.mode === "card" || d.mode === "rotate")) follow();
  };
  const wheelLeft = useRef(0);
  const onWheel = (ev) => {
    if (ev.ctrlKey || ev.metaKey) {
      ev.preventDefault();
      const [wx, wy] = toTable(ev);
      zoom(Math.exp(-ev.deltaY * 0.002), wx, -wy);
      return;
    }
    const over = ev.target.closest && ev.target.closest(".held");
    if (!pose || !(over || drag.current?.mode === "card")) return;
    ev.preventDefault();
    // 100 of delta a step (a notch; notches the browser merged count each; small
    // touchpad deltas add up), at least one step for a notch.
    const delta = ev.deltaY || ev.deltaX;
    let acc = wheelLeft.current + delta;
    if (Math.abs(delta) >= 50 && Math.abs(acc) < 100) acc = Math.sign(acc) * 100;
    const n = Math.trunc(acc / 100);
    wheelLeft.current = acc - n * 100;
    if (n) turn(-n * (ev.shiftKey ? FINE : STEP));
  };

  const vb = box || fitBox(bounds(pose ? [...poses, pose] : poses), 1.4);
  const state = !pose ? "idle" : !result ? "checking" : result.legal ? "legal" : "illegal";
  const chosen = pick.key === key && pick.at >= 0 ? order[pick.at] : -1;
  const shown = chosen >= 0 && text === placementText(candidates[chosen]) ? chosen : -1;
  const outline = (i, cls) => {
    const c = candidates[i];
    return html`<g class=${`ghost ${cls}`} data-n=${i + 1} aria-hidden="true">
      <rect transform=${poseTransform(c)} x="-315" y="-440" width="630" height="880" />
    </g>`;
  };
  const canSetAside = legal.some((c) => c.action === "set aside");
  return html`<section class=${`atua-mine ${placing ? "placing" : ""}`} aria-label=${label}>
    ${placing && html`<div class="atua-tools" role="toolbar" aria-label=${t("laying the card")}>
      <button onClick=${() => turn(STEP)} aria-label=${t("turn left 15 degrees")} title="Q">⟲</button>
      <button onClick=${() => turn(-STEP)} aria-label=${t("turn right 15 degrees")} title="E">⟳</button>
      <button onClick=${snap} title=${t("S: the nearest legal placement")}>${t("Snap")}</button>
      <button class=${ghosts ? "on" : ""} aria-pressed=${ghosts} onClick=${() => setGhosts(!ghosts)}
        title=${t("G: show where the card may lie")}>${t("Candidates")}</button>
      <button class="lay" onClick=${lay} disabled=${state !== "legal"} title=${t("Enter")}>${
        t("Lay")}</button>
      <span class="zoom">
        <button onClick=${() => zoom(0.8)} aria-label=${t("zoom out")}>−</button>
        <button onClick=${() => zoom(1.25)} aria-label=${t("zoom in")}>+</button>
        <button onClick=${() => fit()} aria-label=${t("fit the island")}>${t("Fit")}</button>
      </span>
    </div>`}
    ${placing && ghosts && order.length > 0 && html`<div class="atua-tools atua-cands" role="toolbar"
        aria-label=${t("candidates, best first")}>
      <button onClick=${() => step(-1)} title="P" aria-label=${t("previous candidate")}>◀</button>
      <span class="cand-now" aria-live="polite">${shown >= 0
        ? html`<b>${t("{n} of {all}", { n: pick.at + 1, all: order.length })}</b> ${
          t("(choice {n})", { n: shown + 1 })}: ${notes[shown] || ""}`
        : tn("{n} place, best first: ◀ ▶ (P, N) put the card on it; a dot on the island shows it",
          "{n} places, best first: ◀ ▶ (P, N) put the card on each; a dot on the island shows one",
          order.length)}</span>
      <button onClick=${() => step(1)} title="N" aria-label=${t("next candidate")}>▶</button>
    </div>`}
    ${canSetAside && html`<div class="atua-tools" role="toolbar"
        aria-label=${t("a card that fits nowhere")}>
      <span>${t("{card} fits nowhere on your island: it is set aside, out of the game.",
        { card: holding })}</span>
      <button data-action="set aside" onClick=${() => act("set aside")}>${t("Set it aside")}</button>
    </div>`}
    <svg ref=${svg} class="atua-island" viewBox=${vb.join(" ")} role="group"
      aria-label=${`${label}${pose ? t("; the card {card} to lay", { card: pose.card }) : ""}`}
      onPointerDown=${onPointerDown} onPointerMove=${onPointerMove} onPointerUp=${onPointerUp}
      onPointerCancel=${onPointerUp} onWheel=${onWheel}>
      <rect class="sea-table" x=${vb[0] - vb[2] * 5} y=${vb[1] - vb[3] * 5} width=${vb[2] * 11}
        height=${vb[3] * 11} />
      <${IslandCards} faces=${faces} poses=${poses} fresh=${fresh} />
      ${pose && html`<g class=${`held ${state}`} tabindex="0" aria-label=${t(
          "{card}, turned {angle} degrees: drag to move, Q and E to turn",
          { card: pose.card, angle: pose.angle / 10 })}>
        <${Laid} faces=${faces} pose=${pose} cls="held-card" />
        <g transform=${poseTransform(pose)}>
          <rect class="held-edge" x="-315" y="-440" width="630" height="880" rx="12" />
          <line class="handle-stick" x1="0" y1="-440" x2="0" y2="-530" />
          <circle class="rotate-handle" cx="0" cy="-575" r="48"><title>${t("drag to turn")}</title></circle>
        </g>
      </g>`}
      ${placing && ghosts && lit >= 0 && lit !== shown && outline(lit, "lit")}
      ${placing && ghosts && order.map((i, at) => {
        const c = candidates[i];
        return html`<circle class=${`cand-dot${i === shown ? " now" : ""}`} cx=${c.x} cy=${-c.y}
          r=${Math.max(18, (box ? box[2] : 3000) / 190)} data-n=${i + 1}
          onPointerEnter=${() => setLit(i)} onPointerLeave=${() => setLit(-1)}
          onClick=${() => { setPick({ key, at }); move(c); }}><title>${
          t("choice {n}: {note}", { n: i + 1, note: notes[i] || "" })}</title></circle>`;
      })}
    </svg>
    ${pose && html`<div class=${`atua-status ${state}`} role="status" aria-live="polite"
        data-state=${state} data-pose=${text}>
      ${state === "checking" && html`<span>${t("Checking {card} here…", { card: pose.card })}</span>`}
      ${state === "legal" && html`<span><b>${t("✓ It may lie here")}</b> (${number(pose.angle / 10)}°)${
        result.note ? html`: <span class="gain">${result.note}</span>` : ""}. ${
        t("Drop it, press Enter or Lay.")}</span>`}
      ${state === "illegal" && html`<span><b>${t("✗ It may not lie here:")}</b></span>
        <ul class="reasons">${reasonsOf(result.reason).map((r) => html`<li>${r}</li>`)}</ul>`}
    </div>`}
    ${placing && html`<p class="atua-help touch">${t("Drag the card with a finger; turn it with ⟲ ⟳ or its handle; Snap finds the nearest legal place; pinch to zoom, drag the sea to pan; Lay lays it.")}</p>`}
    ${placing && html`<p class="atua-help keys">${t("Drag the card; turn it with the wheel over it, Q/E (Shift: 1°) or the handle; arrows nudge it; S snaps to the nearest legal place; G shows where it may lie (N and P go through them, best first; 1–9 put it on that choice; Enter lays it); Ctrl+wheel or pinch zooms, drag the sea to pan.")}</p>`}
  </section>`;
}
