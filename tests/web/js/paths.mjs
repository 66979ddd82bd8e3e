// The browser's absolute paths for Node: a game's board modules import the client's shared
// helpers as the server serves them ("/static/words.js"); here they are files of the tree.
import { register } from "node:module";

register("./paths-hook.mjs", import.meta.url);
