"""The games as environments of research libraries (PettingZoo, OpenSpiel).

Everything here reads a seat's :meth:`~vaka.core.State.view`, never the true state, so an
agent trained on an environment learns from what a player at the table may know. The
libraries are optional (``pip install vaka[rl]``); import the submodule you need.
"""
