"""Rapa Nui's rules at hand: the texts are data (``data/rules.md``); nothing here is a rule."""

from __future__ import annotations

from vaka.core import rulebook as rb
from vaka.i18n import N_


@rb.per_language
def rulebook() -> rb.RuleBook:
    return rb.load("vaka.games.rapanui", N_("Rapa Nui"))
