// The page: a lobby at #/, a table at #/t/ID, an invitation at #/join/ID/SEAT/TOKEN (its
// seat's name asked first),
// a finished game's replay at #/replay/ID (#/replay/ID/review[/SEAT]: and its review),
// a person's profile at #/people/ID, a game's leaderboard at #/leaderboard/GAME, your
// friends at #/friends, a mail's link at #/mail/confirm/TOKEN or #/mail/stop/TOKEN.
// `me`: the signed-in person (null: a guest) for every screen, from account.js.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { getMe, loadMe, useMe } from "./account.js";
import { html } from "./html.js";
import { loadLanguage } from "./i18n.js";
import { LanguageSwitch } from "./language.js";
import { Lobby } from "./lobby.js";
import { holds, Invited } from "./invite.js";
import { Friends, keepPresence, Leaderboard, Profile } from "./people.js";
import { MailLink } from "./mail.js";
import { startNotices } from "./notices.js";
import { Replay } from "./replay.js";
import { Table } from "./table.js";

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "join" && parts.length === 4) {
    const [table, seat, token] = [parts[1], Number(parts[2]), decodeURIComponent(parts[3])];
    if (!holds(table, seat, token)) return { page: "invited", table, seat, token };
    history.replaceState(null, "", `#/t/${table}`);
    return { page: "table", table };
  }
  if (parts[0] === "t" && parts[1]) return { page: "table", table: parts[1] };
  if (parts[0] === "people" && parts[1]) return { page: "person", id: parts[1] };
  if (parts[0] === "leaderboard") return { page: "leaderboard", game: parts[1] || null };
  if (parts[0] === "friends") return { page: "friends" };
  if (parts[0] === "mail" && ["confirm", "stop"].includes(parts[1]) && parts[2]) {
    return { page: "mail", kind: parts[1], token: parts[2] };
  }
  if (parts[0] === "replay" && parts[1]) {
    return { page: "replay", table: parts[1], review: parts[2] === "review" ? parts[3] ?? "" : null };
  }
  return { page: "lobby" };
}

function App() {
  const [where, setWhere] = useState(() => ({ ...route(), hash: location.hash }));
  const me = useMe();
  useEffect(() => {
    keepPresence(me); // a signed-in page says it is open (friends see them online)
  }, [me && me.id]);
  useEffect(() => {
    const go = () => setWhere({ ...route(), hash: location.hash });
    addEventListener("hashchange", go);
    // A link followed between the first render and this effect fired no event we heard.
    if (location.hash !== where.hash) go();
    return () => removeEventListener("hashchange", go);
  }, []);
  return html`<${LanguageSwitch} me=${me} />${page(where, me)}`;
}

function page(where, me) {
  if (where.page === "invited") return html`<${Invited} ...${where} />`;
  if (where.page === "table") return html`<${Table} key=${where.table} id=${where.table} />`;
  if (where.page === "person") return html`<${Profile} key=${where.id} id=${where.id} me=${me} />`;
  if (where.page === "leaderboard") return html`<${Leaderboard} game=${where.game} />`;
  if (where.page === "friends") return html`<${Friends} me=${me} />`;
  if (where.page === "mail") return html`<${MailLink} kind=${where.kind} token=${where.token} />`;
  if (where.page === "replay") {
    return html`<${Replay} key=${`${where.table}/${where.review}`} id=${where.table}
      review=${where.review} />`;
  }
  return html`<${Lobby} />`;
}

// The signed-in person: `me()` now, `useMe()` in a component (re-rendered on a change).
export { getMe as me, loadMe, useMe };

// The page's language first (its catalog), so that the first render speaks it; the
// calls that follow say it to the server.
await loadLanguage();
loadMe(); // who is signed in here: every screen may need it, changes wait for it

const root = document.getElementById("app");
root.textContent = ""; // the loading line
startNotices();
render(html`<${App} />`, root);
