"""Rewrite the field tables of docs/ENVIRONMENTS.md from the encoders (after a change)."""

from pathlib import Path

from vaka.envs.layouts import BEGIN, END, document

path = Path(__file__).resolve().parent.parent / "docs" / "ENVIRONMENTS.md"
text = path.read_text(encoding="utf-8")
head, rest = text.split(BEGIN, 1)
_, tail = rest.split(END, 1)
path.write_text(head + document() + tail, encoding="utf-8")
print(f"wrote {path}")
