// Each game's board is a module of its own, served from the game's package at
// /boards/<game id>/board.js (the generic table's for a game that brings none). It exports
// `Board({view, seat, legal, act, check, checked, onChecked, table, since})`, which draws
// the table from the seat's view and calls act(actionText) when a legal action is pointed
// at (it never decides legality: `legal` comes from the server), and `styles`, the
// stylesheets beside it, linked when a table of the game first opens.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";

const loading = new Map(); // game id -> Promise of its module
const loaded = new Map(); // game id -> its module, once there

export function boardUrl(game) {
  return `/boards/${encodeURIComponent(game)}/`;
}

// The game's board module, fetched once per page; its stylesheets are linked on the way.
export function loadBoard(game) {
  if (!loading.has(game)) {
    const base = new URL(boardUrl(game), location.href);
    loading.set(game, import(new URL("board.js", base).href).then(async (module) => {
      // drawn once its styles are in, never unstyled first
      await Promise.all((module.styles || []).map((name) => new Promise((done) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = new URL(name, base).href;
        link.dataset.board = game;
        link.onload = link.onerror = done;
        document.head.append(link);
      })));
      loaded.set(game, module);
      return module;
    }));
  }
  return loading.get(game);
}

// The game's board module for a page that draws it: null while it comes (the page waits
// for it, so that the board and the choices beside it appear together), or on failure a
// module whose Board says so. `game`: null while the page does not know it yet.
export function useBoard(game) {
  const [module, setModule] = useState(() => (game && loaded.get(game)) || null);
  useEffect(() => {
    let live = true;
    if (game && module === null) {
      loadBoard(game).then((m) => live && setModule(m), (e) => live && setModule({
        Board: () => html`<p class="error" role="alert">${t("The board could not be loaded: {why}", {
          why: String(e) })}</p>`,
      }));
    }
    return () => { live = false; };
  }, [game]);
  return game ? module || loaded.get(game) || null : null;
}
