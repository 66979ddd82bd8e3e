// The engine words a decision's prompt for the seat that makes it ("lay out a card from your
// hand"); shown to everyone else it must speak of that seat instead.
export function theirs(prompt) {
  return prompt
    .replace(/\byour\b/g, "their")
    .replace(/\bYour\b/g, "Their")
    .replace(/\byou\b/g, "they")
    .replace(/\bYou\b/g, "They");
}
