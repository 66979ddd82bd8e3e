// The generic table, for a game that brings no board of its own (Game.board): the seat's
// view as it comes. The choices, log and scores beside it are the table page's.
import { html } from "/static/html.js";
import { t } from "/static/i18n.js";

export const styles = [];

export function Board({ view }) {
  return html`<pre class="plain-view" tabindex="0" aria-label=${t("the table as data")}>${
    JSON.stringify(view, null, 1)}</pre>`;
}
