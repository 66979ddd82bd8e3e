// An invitation link (#/join/ID/SEAT/TOKEN): the friend says what to call them (the
// signed-in person's name, else the one this browser used last, comes filled in) and
// takes the seat.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { api, keepToken, myTables, savedName, saveName } from "./net.js";
import { seatName } from "./words.js";

// Whether this browser holds this seat's token already (the link opened again).
export function holds(table, seat, token) {
  return myTables()[table]?.seats?.[seat] === token;
}

// me: the signed-in person, where the page knows one (their account's name comes first).
export function Invited({ table: id, seat, token, me = null }) {
  const [table, setTable] = useState(null);
  const [name, setName] = useState(me?.name || savedName());
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api(`/api/tables/${id}`, { token }).then(setTable, (e) => setError(e.message));
  }, [id, token]);
  const go = () => {
    keepToken(id, seat, token, table?.game);
    location.hash = `#/t/${id}`;
  };
  const submit = async (ev) => {
    ev.preventDefault();
    const me = name.trim();
    if (!me) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/tables/${id}/name`, { method: "POST", body: { name: me }, token });
      saveName(me);
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
    <form class="card invited" onSubmit=${submit} aria-label="Your invitation">
      <h2>${table ? `You are invited to ${table.game_name}` : "You are invited"}</h2>
      ${others.length > 0 && html`<p>With ${others.join(", ")}.</p>`}
      <label>Your name <input aria-label="Your name" value=${name} maxlength="40" required
        placeholder="what the others call you" onInput=${(e) => setName(e.target.value)} />
      </label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy || !table}>Take my seat</button>
    </form>
  </main>`;
}
