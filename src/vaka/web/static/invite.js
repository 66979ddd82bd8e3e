// An invitation link (#/join/ID/SEAT/TOKEN): the friend says what to call them (the
// signed-in person's name, else the one this browser used last, comes filled in) and
// takes the seat.
import { useEffect, useState } from "preact/hooks";
import { claimSeat } from "./account.js";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { api, keepToken, myTables, savedName, saveName } from "./net.js";
import { seatName } from "./words.js";

// Whether this browser holds this seat's token already (the link opened again).
export function holds(table, seat, token) {
  return myTables()[table]?.seats?.[seat] === token;
}

export function Invited({ table: id, seat, token }) {
  const [table, setTable] = useState(null);
  const [name, setName] = useState(savedName());
  const [me, setMe] = useState(null); // the signed-in person, if any
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api(`/api/tables/${id}`, { token }).then(setTable, (e) => setError(e.message));
    api("/api/account").then(
      (who) => {
        if (!who?.me) return;
        setMe(who.me);
        setName(who.me.name); // their account's name comes first
      },
      () => null, // a server without accounts
    );
  }, [id, token]);
  const go = () => {
    keepToken(id, seat, token, table?.game);
    claimSeat(id, token); // signed in: the seat is the account's at once
    location.hash = `#/t/${id}`;
  };
  const submit = async (ev) => {
    ev.preventDefault();
    const chosen = name.trim();
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/tables/${id}/name`, {
        method: "POST",
        body: { name: chosen },
        token,
      });
      saveName(chosen);
      go();
    } catch (e) {
      // a seat that has moved keeps its name: on to the table all the same
      if (e.code === "refused") go();
      else setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  const others = table ? table.seats.filter((s) => s.seat !== seat).map((s) => seatName(table, s.seat)) : [];
  return html`<main class="lobby">
    <header class="top"><h1>vaka</h1></header>
    <form class="card invited" onSubmit=${submit} aria-label=${t("Your invitation")}>
      <h2>${table ? t("You are invited to {game}", { game: table.game_name }) : t("You are invited")}</h2>
      ${others.length > 0 && html`<p>${t("With {others}.", { others: others.join(", ") })}</p>`}
      <label>${t("Your name")} <input aria-label=${t("Your name")} value=${name} maxlength="40" required
        placeholder=${t("what the others call you")} onInput=${(e) => setName(e.target.value)} />
      </label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy || !table}>${t("Take my seat")}</button>
    </form>
  </main>`;
}
