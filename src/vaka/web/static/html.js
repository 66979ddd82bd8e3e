// htm bound to Preact: one import for every module that draws.
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);
