// Atua's solo game in words: the level chosen against Tahuma.
import { t, tc } from "/static/i18n.js";

/** The solo level as players chose it: "Hard level (starts at 20)". The start is Tahuma's
 * score before his cards; "printed" marks the rulebook's own table. The level's name is the
 * game's option value (games/atua/game.py names each in the catalog). */
export function soloLevel(solo) {
  const named = solo.level_name ? tc("option value", String(solo.level_name)) : "";
  const name = named ? named[0].toUpperCase() + named.slice(1) : "";
  const start = solo.levels === "printed"
    ? t("starts at {n}, printed table", { n: solo.level }) : t("starts at {n}", { n: solo.level });
  return name ? t("{level} level ({start})", { level: name, start }) : start[0].toUpperCase() + start.slice(1);
}
