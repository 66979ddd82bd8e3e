// A table's chat. Lines written by others since the chat was last in view are new: the
// chat's heading counts them, and while the chat is out of view (scrolled away, or the
// page hidden) a button at the foot of the page says how many and brings it into view.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { t, tn } from "./i18n.js";
import { markSeen, seenOf, useNotices } from "./notices.js";

// Whether an element is in view now, again whenever that changes.
function useInView(ref) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!ref.current || !("IntersectionObserver" in window)) return undefined;
    const watch = new IntersectionObserver((seen) => setInView(seen[0].isIntersecting));
    watch.observe(ref.current);
    return () => watch.disconnect();
  }, [ref.current]);
  return inView;
}

// Whether the page is in sight, again whenever that changes.
function usePageShown() {
  const [shown, setShown] = useState(document.visibilityState === "visible");
  useEffect(() => {
    const f = () => setShown(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", f);
    return () => document.removeEventListener("visibilitychange", f);
  }, []);
  return shown;
}

export function Chat({ id, seat, chat, canSay, say }) {
  const [text, setText] = useState("");
  const box = useRef(null);
  useNotices(); // another tab may have seen it
  const inView = useInView(box);
  const pageShown = usePageShown();
  const seenAt = seenOf(id).chat_at || 0;
  const others = chat.filter((c) => c.seat !== seat);
  const lastAt = others.length ? others[others.length - 1].at : 0;
  const unread = others.filter((c) => c.at > seenAt).length;
  useEffect(() => {
    if (inView && pageShown && lastAt > seenAt) markSeen(id, { chatAt: lastAt });
  }, [inView, pageShown, lastAt, seenAt]);
  const isNew = (c) => c.seat !== seat && c.at > seenAt;
  const fresh = tn("{n} new", "{n} new", unread);
  return html`<section class="chat" aria-label=${t("chat")} ref=${box}>
    <h2>${t("Chat")}${unread > 0 && html` <span class="unread" aria-label=${fresh}
      >${fresh}</span>`}</h2>
    <ol tabindex="0" aria-label=${t("messages")}>${chat.map((c) => html`<li
      class=${isNew(c) ? "new" : null}><strong>${c.name}:</strong> ${c.text}</li>`)}</ol>
    ${canSay && html`<form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) say(text);
        setText(""); }}>
      <input value=${text} maxlength="500" aria-label=${t("say something")}
        onInput=${(e) => setText(e.target.value)} placeholder=${t("Say something")} />
    </form>`}
    ${unread > 0 && !inView && html`<button type="button" class="unread-chat"
      onClick=${() => box.current.scrollIntoView({ behavior: "smooth", block: "center" })}>
      ${tn("{n} new message in the chat ↓", "{n} new messages in the chat ↓", unread)}</button>`}
  </section>`;
}
