"""The games. Each folder has the same shape: params, data, state, actions, rules,
scoring, view, render and game; each imports only ``vaka.core``."""
