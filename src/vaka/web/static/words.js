// The engine words a decision's prompt for the seat that makes it ("lay out a card from your
// hand"); shown to everyone else it must speak of that seat instead.
export function theirs(prompt) {
  return prompt
    .replace(/\byour\b/g, "their")
    .replace(/\bYour\b/g, "Their")
    .replace(/\byou\b/g, "they")
    .replace(/\bYou\b/g, "They");
}

// "just now", "5 min ago", "3 h ago", "2 days ago": how long ago a moment (seconds since the
// epoch) was, for telling similar tables apart.
export function ago(seconds, now = Date.now() / 1000) {
  const s = Math.max(0, now - seconds);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86400);
  return `${d} day${d === 1 ? "" : "s"} ago`;
}

// A turn-based table's time per move ("12 hours", "1 day", "3 days"), as the server's
// lobby_rules.per_move words it.
export function perMove(days) {
  const hours = days * 24;
  const n = (x) => String(Math.round(x * 100) / 100);
  if (hours < 1) return `${n(hours * 60)} minute${n(hours * 60) === "1" ? "" : "s"}`;
  if (hours < 24) return `${n(hours)} hour${n(hours) === "1" ? "" : "s"}`;
  return `${n(days)} day${n(days) === "1" ? "" : "s"}`;
}

// A turn's time left in its two largest units: "2 days 5 h", "5 h 20 min", "12 min",
// "40 s".
export function turnLeft(left) {
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days > 0) return `${days} day${days === 1 ? "" : "s"}${hours ? ` ${hours} h` : ""}`;
  if (hours > 0) return `${hours} h${minutes ? ` ${minutes} min` : ""}`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(left)} s`;
}

// One line that tells a table from its neighbours in a list: when it was made, how far it
// has gone, its clock, who won or whose move it is, and the options not at their defaults
// (`known`: the game's options as /api/games lists them).
export function tableDetails(t, known = {}) {
  const parts = [`made ${ago(t.created_at)}`];
  if (t.version > 0) parts.push(`${t.version} move${t.version === 1 ? "" : "s"}`);
  if (t.clock?.kind === "live") parts.push(`live ${t.clock.minutes}+${t.clock.increment}s`);
  if (t.clock?.kind === "turn") parts.push(`turn-based, ${perMove(t.clock.days)} a move`);
  if (t.rated) parts.push("rated");
  if (t.private) parts.push("private");
  const name = (s) => seatName(t, s);
  if (t.status === "over" && t.result) parts.push(t.result);
  else if (t.status === "over" && t.winners?.length) parts.push(`won by ${t.winners.map(name).join(" and ")}`);
  else if (t.status === "playing" && t.to_move.length === 1) parts.push(`${name(t.to_move[0])} to move`);
  const changed = Object.entries(t.options || {}).filter(([k, v]) => known[k]?.default !== v);
  const options = changed.map(([k, v]) => {
    const name = k.replace(/_/g, " ");
    return v === true ? name : v === false ? `no ${name}` : `${name} ${v}`;
  });
  return parts.concat(options).join(" · ");
}

/** Atua's solo level as players chose it: "Hard level (starts at 20)". The start is
 * Tahuma's score before his cards; "printed" marks the rulebook's own table. */
export function soloLevel(solo) {
  const name = solo.level_name ? solo.level_name[0].toUpperCase() + solo.level_name.slice(1) : "";
  const printed = solo.levels === "printed" ? ", printed table" : "";
  return name ? `${name} level (starts at ${solo.level}${printed})` : `Starts at ${solo.level}`;
}

// "seat N" in the engine's words written as the name the table shows for that seat ("Seat
// 2" opening a sentence gives the name with a capital); the same rule as the server's
// vaka.core.words.name_seats. `names`: the table summary's names, one per seat.
export function nameSeats(text, names) {
  if (!names || !names.length) return text;
  return text.replace(/\b([Ss])eat (\d+)\b/g, (whole, s, n) => {
    const name = names[Number(n)];
    if (name === undefined) return whole;
    return s === "S" ? name[0].toUpperCase() + name.slice(1) : name;
  });
}

// The name the table shows for a seat (the summary's names; older summaries: the seat's
// own name).
export function seatName(table, seat) {
  return table?.names?.[seat] || table?.seats?.[seat]?.name || `seat ${seat}`;
}
