"""The browser's own WebSocket agrees to the server's compression (each push compressed
against the last 4 KB the socket sent, the browser keeping no context of its own) and
reads every push of a game through it."""

from __future__ import annotations

import httpx

from tests.server.serverproc import Server
from tests.web.conftest import Watched

PLAY = """async ([url, token, moves]) => {
  const ws = new WebSocket(url);
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  ws.send(JSON.stringify({type: "hello", token}));
  let version = 0, states = 0;
  await new Promise((ok, fail) => {
    ws.onerror = fail;
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "error") { fail(new Error(msg.reason)); return; }
      if (msg.type !== "state") return;
      states += 1;
      version = msg.version;
      if (version >= moves || msg.table.status === "over") { ok(); return; }
      if (msg.legal.length) {
        const pick = msg.legal[version % msg.legal.length].action;
        ws.send(JSON.stringify({type: "act", action: pick, version}));
      }
    };
  });
  const agreed = ws.extensions;
  ws.close();
  return {agreed, version, states};
}"""


def test_the_browser_reads_a_game_of_pushes_through_the_servers_compression(
    page: Watched, web: Server
) -> None:
    made = httpx.post(
        web.url + "/api/tables",
        json={"game": "rapa-nui", "players": 2, "seats": ["me", "bot:random"]},
        timeout=30,
    ).json()
    page.page.goto(web.url + "/")
    url = f"ws://127.0.0.1:{web.port}/ws/tables/{made['table']['id']}"
    got = page.page.evaluate(PLAY, [url, made["tokens"]["0"], 40])
    assert "permessage-deflate" in got["agreed"]
    assert "client_no_context_takeover" in got["agreed"]
    assert got["version"] >= 40 or got["states"] > 20, got
