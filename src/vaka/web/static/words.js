import { lang, t, tc, tn } from "./i18n.js";

// The engine words a decision's prompt for the seat that makes it ("lay out a card from your
// hand"); shown to everyone else it must speak of that seat instead. German addresses the
// seat as "Sie", which is the third person plural capitalized: written small it speaks of
// them ("den Spieler wählen, auf den ihr Ritual wirkt"), but not where a sentence begins.
export function theirs(prompt, language = lang()) {
  if (language === "de") {
    return prompt.replace(/\b(Sie|Ihnen|Ihr(?:e|er|em|en|es)?)\b/g,
      (word, _w, at) => (/(^|[.!?]\s*)$/.test(prompt.slice(0, at)) ? word : word.toLowerCase()));
  }
  if (language !== "en") return prompt;
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
  if (s < 60) return t("just now");
  if (s < 3600) return t("{n} min ago", { n: Math.floor(s / 60) });
  if (s < 86400) return t("{n} h ago", { n: Math.floor(s / 3600) });
  return tn("{n} day ago", "{n} days ago", Math.floor(s / 86400));
}

// A turn-based table's time per move ("12 hours", "1 day", "3 days"), as the server's
// lobby_rules.per_move words it.
export function perMove(days) {
  const hours = days * 24;
  const n = (x) => Math.round(x * 100) / 100;
  if (hours < 1) return tn("{n} minute", "{n} minutes", n(hours * 60));
  if (hours < 24) return tn("{n} hour", "{n} hours", n(hours));
  return tn("{n} day", "{n} days", n(days));
}

// A turn's time left in its two largest units: "2 days 5 h", "5 h 20 min", "12 min",
// "40 s".
export function turnLeft(left) {
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const h = (n) => t("{n} h", { n });
  const min = (n) => t("{n} min", { n });
  if (days > 0) return tn("{n} day", "{n} days", days) + (hours ? ` ${h(hours)}` : "");
  if (hours > 0) return h(hours) + (minutes ? ` ${min(minutes)}` : "");
  if (minutes > 0) return min(minutes);
  return t("{n} s", { n: Math.floor(left) });
}

// One line that tells a table from its neighbours in a list: when it was made, how far it
// has gone, its clock, who won or whose move it is, and the options not at their defaults
// (`known`: the game's options as /api/games lists them).
export function tableDetails(table, known = {}) {
  const tb = table;
  const parts = [t("made {ago}", { ago: ago(tb.created_at) })];
  if (tb.version > 0) parts.push(tn("{n} move", "{n} moves", tb.version));
  if (tb.clock?.kind === "live") {
    parts.push(t("live {minutes}+{increment}s", { minutes: tb.clock.minutes, increment: tb.clock.increment }));
  }
  if (tb.clock?.kind === "turn") parts.push(t("turn-based, {time} a move", { time: perMove(tb.clock.days) }));
  if (tb.rated) parts.push(t("rated"));
  if (tb.private) parts.push(t("private"));
  const name = (s) => seatName(tb, s);
  if (tb.status === "over" && tb.result) parts.push(tb.result);
  else if (tb.status === "over" && tb.winners?.length) {
    parts.push(t("won by {who}", { who: tb.winners.map(name).join(t(" and ")) }));
  } else if (tb.status === "playing" && tb.to_move.length === 1) {
    parts.push(t("{who} to move", { who: name(tb.to_move[0]) }));
  }
  const changed = Object.entries(tb.options || {}).filter(([k, v]) => known[k]?.default !== v);
  const options = changed.map(([k, v]) => {
    const name = optionName(k, known[k]);
    return v === true ? name : v === false ? t("no {option}", { option: name }) : `${name} ${optionValue(v, known[k])}`;
  });
  return parts.concat(options).join(" · ");
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
  return table?.names?.[seat] || table?.seats?.[seat]?.name || t("seat {n}", { n: seat });
}

// A bot's level ("random", "easy", "medium", "hard"), in the page's language.
export function levelName(level) {
  const names = {
    random: tc("bot level", "random"),
    easy: tc("bot level", "easy"),
    medium: tc("bot level", "medium"),
    hard: tc("bot level", "hard"),
  };
  return names[level] || t(level);
}

// A game option's name and a name of one of its values, as /api/games gives them in the
// page's language (`opt`: the option there, as the game declares it); without one, the
// option's key spaced and the value as it is.
export function optionName(key, opt) {
  return opt?.name || key.replace(/_/g, " ");
}

export function optionValue(value, opt) {
  const at = (opt?.choices || []).findIndex((c) => c === value || String(c) === String(value));
  const named = at >= 0 ? opt.choice_names?.[at] : undefined;
  return named ?? String(value);
}
