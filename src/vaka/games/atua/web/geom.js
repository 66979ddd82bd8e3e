// Atua's pose maths and the check throttle: no DOM, no rules (tests/web/js/atua.test.mjs).
// Table units are tenths of a millimetre with y up; angles are tenths of a degree,
// counter-clockwise. SVG's y points down, so a table point (x, y) is drawn at (x, -y).

import { t } from "/static/i18n.js";

export const FULL_TURN = 3600;
export const CARD_W = 630;
export const CARD_H = 880;

const PLACE = /^place (\S+) at (-?\d+),(-?\d+) angle (\d+)$/;

/** {card, x, y, angle} from an action text such as "place c17 at 1520,-340 angle 450". */
export function parsePlacement(text) {
  const m = PLACE.exec(String(text).trim().toLowerCase().replace(/\s+/g, " "));
  if (!m) return null;
  return { card: m[1], x: Number(m[2]), y: Number(m[3]), angle: Number(m[4]) };
}

/** An angle brought into 0 <= a < 3600 (whole tenths). */
export function normAngle(a) {
  const r = Math.round(a) % FULL_TURN;
  return r < 0 ? r + FULL_TURN : r;
}

const int = (v) => {
  const r = Math.round(v);
  return r === 0 ? 0 : r; // never "-0"
};

/** The canonical action text of a pose (integers, no "-0", angle in range). */
export function placementText({ card, x, y, angle }) {
  return `place ${card} at ${int(x)},${int(y)} angle ${normAngle(angle)}`;
}

/** The SVG transform that lays a card drawn in card coordinates (y negated) at a pose. */
export function poseTransform({ x, y, angle }) {
  return `translate(${x} ${-y}) rotate(${-angle / 10})`;
}

/** A point (u, v) of the card, in table coordinates, once laid at the pose. */
export function cardToTable({ x, y, angle }, u, v) {
  const t = (angle / 10) * (Math.PI / 180);
  const c = Math.cos(t);
  const s = Math.sin(t);
  return [x + c * u - s * v, y + s * u + c * v];
}

/** The four corners of a laid card, in table coordinates. */
export function corners(pose, w = CARD_W, h = CARD_H) {
  return [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]].map(
    ([u, v]) => cardToTable(pose, u, v),
  );
}

/** [x0, y0, x1, y1] around the given poses (table coordinates). */
export function bounds(poses) {
  let b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of poses) {
    for (const [x, y] of corners(p)) {
      b = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
    }
  }
  return b[0] === Infinity ? [-CARD_W / 2, -CARD_H / 2, CARD_W / 2, CARD_H / 2] : b;
}

/** The smaller turn between two angles, in tenths of a degree (0..1800). */
export function angleGap(a, b) {
  const d = Math.abs(normAngle(a) - normAngle(b));
  return Math.min(d, FULL_TURN - d);
}

// How far one degree of turn counts against distance when snapping: 10° weighs like 1 cm.
export const DEGREE_WEIGHT = 10;

/** How far a pose is from another: distance plus the turn between them, weighted. */
export function poseDistance(p, q) {
  return Math.hypot(p.x - q.x, p.y - q.y) + (angleGap(p.angle, q.angle) / 10) * DEGREE_WEIGHT;
}

/** The index in `poses` nearest to `pose` (by position and angle), -1 if none. */
export function nearest(pose, poses) {
  let best = -1;
  let bestD = Infinity;
  poses.forEach((q, i) => {
    if (!q) return;
    const d = poseDistance(pose, q);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** The angle a handle at table point (hx, hy) gives a card centred at (x, y): the handle
 * sits straight above the centre of an unturned card. Snaps to 15° within 3°. */
export function handleAngle(x, y, hx, hy) {
  const deg = (Math.atan2(hy - y, hx - x) * 180) / Math.PI - 90;
  const snapped = Math.round(deg / 15) * 15;
  return normAngle((Math.abs(deg - snapped) <= 3 ? snapped : Math.round(deg)) * 10);
}

/** A screen point to SVG user coordinates through the inverse of a screen CTM
 * ({a, b, c, d, e, f}), then to table coordinates (y up). */
export function screenToTable(m, px, py) {
  const det = m.a * m.d - m.b * m.c;
  const dx = px - m.e;
  const dy = py - m.f;
  const sx = (m.d * dx - m.c * dy) / det;
  const sy = (-m.b * dx + m.a * dy) / det;
  return [sx, -sy];
}

/** A table point to the screen, through a screen CTM. */
export function tableToScreen(m, x, y) {
  const sy = -y;
  return [m.a * x + m.c * sy + m.e, m.b * x + m.d * sy + m.f];
}

/** A viewBox [x, y, w, h] in SVG units showing table bounds b with a margin, at least
 * `aspect` (w/h) wide so it fills its box. */
export function fitBox(b, aspect, margin = 150) {
  let [x0, y0, x1, y1] = [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin];
  let w = x1 - x0;
  let h = y1 - y0;
  if (w / h < aspect) {
    const nw = h * aspect;
    x0 -= (nw - w) / 2;
    w = nw;
  } else {
    const nh = w / aspect;
    y0 -= (nh - h) / 2;
    h = nh;
  }
  return [x0, -(y0 + h), w, h];
}

/** The viewBox zoomed by `factor` (> 1 zooms in) about the SVG point (sx, sy). */
export function zoomBox([x, y, w, h], factor, sx, sy) {
  const nw = w / factor;
  const nh = h / factor;
  return [sx - (sx - x) / factor, sy - (sy - y) / factor, nw, nh];
}

const REFUSED = "{action} is not allowed now: {reason}. Allowed: {choices}";
const REFUSED_BARE = "{action} is not allowed now. Allowed: {choices}";

/** The rule that refused an action, from the server's answer: the part after "is not
 * allowed now:" and before the list of allowed actions, split into its reasons; the
 * answer is in the page's language (the catalog's words for these templates) or English. */
export function reasonsOf(reason, said = [t(REFUSED), t(REFUSED_BARE)]) {
  if (!reason) return [];
  const forms = [said, [REFUSED, REFUSED_BARE]];
  for (const [full, bare] of forms) {
    const lead = full.split("{reason}")[0].split("{action}")[1]; // " is not allowed now: "
    const tail = full.split("{reason}")[1].split("{choices}")[0]; // ". Allowed: "
    const bareLead = bare.split("{choices}")[0].split("{action}")[1].split(tail)[0];
    let r = String(reason);
    const cut = r.indexOf(tail);
    if (cut >= 0) r = r.slice(0, cut);
    const at = r.indexOf(lead);
    if (at >= 0) return r.slice(at + lead.length).split("; ").map((s) => s.trim()).filter(Boolean);
    if (r.endsWith(bareLead)) return [t("it is not allowed now")];
  }
  return String(reason).split("; ").map((s) => s.trim()).filter(Boolean);
}

/**
 * Asks the server about poses while the player moves the card, without flooding it: at
 * most one question in flight, at least `gap` ms between questions, the latest pose wins
 * (poses asked for meanwhile are dropped), answers remembered. `send(text)` asks;
 * the caller feeds every answer to `answer(msg)`; `onAnswer(text, result)` is told.
 */
export class Checker {
  constructor(send, onAnswer, { gap = 80, timeout = 4000, now = () => Date.now(),
    later = (f, ms) => setTimeout(f, ms) } = {}) {
    Object.assign(this, { send, onAnswer, gap, timeout, now, later });
    this.known = new Map();
    this.inFlight = null;
    this.sentAt = -Infinity;
    this.wanted = null;
    this.timer = false;
    this.sent = 0;
  }

  /** The answer already known for a text (undefined if none). */
  result(text) {
    return this.known.get(text);
  }

  /** Tell the checker what the server said is legal (no need to ask about those). */
  knowLegal(texts) {
    for (const t of texts) {
      const [text, note] = Array.isArray(t) ? t : [t, null];
      this.known.set(text, { legal: true, reason: null, note: note || null });
    }
  }

  ask(text) {
    this.wanted = text;
    const known = this.known.get(text);
    if (known) {
      this.onAnswer(text, known);
      return;
    }
    this.pump();
  }

  pump() {
    const text = this.wanted;
    if (text === null || this.known.has(text)) return;
    const t = this.now();
    if (this.inFlight !== null && t - this.sentAt < this.timeout) return;
    const wait = this.sentAt + this.gap - t;
    if (wait > 0) {
      if (!this.timer) {
        this.timer = true;
        this.later(() => {
          this.timer = false;
          this.pump();
        }, wait);
      }
      return;
    }
    this.inFlight = text;
    this.sentAt = t;
    this.sent += 1;
    this.send(text);
  }

  answer(msg) {
    const result = { legal: !!msg.legal, reason: msg.reason || null, note: msg.note || null };
    this.known.set(msg.action, result);
    if (msg.action === this.inFlight) this.inFlight = null;
    this.onAnswer(msg.action, result);
    this.pump();
  }

  /** Forget everything (the table moved on). */
  reset() {
    this.known.clear();
    this.inFlight = null;
    this.wanted = null;
  }
}

/** The points a choice's note says it brings now ("+4 points now; ..."), or null. */
export function pointsOf(note) {
  const m = /^([+-]\d+) points? now/.exec(note || "");
  return m ? Number(m[1]) : null;
}

/** The indices of the candidates (legal placements, others null) best first: by the
 * points their notes say they bring now, then by how many more things they gain (pairs,
 * totems, beaches), then in the list's order. */
export function bestFirst(candidates, notes) {
  const more = (n) => (n || "").split("; ").filter((w) => !/^(covers|[+-]\d+ points? now)/.test(w))
    .length;
  return candidates.map((c, i) => (c ? i : -1)).filter((i) => i >= 0).sort((a, b) =>
    (pointsOf(notes[b]) ?? -1e9) - (pointsOf(notes[a]) ?? -1e9) ||
    more(notes[b]) - more(notes[a]) || a - b);
}
