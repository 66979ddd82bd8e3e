#!/usr/bin/env python3
"""Learn a game's win chances from self-play (``vaka.agents.learned``), and measure them.

Three steps, each bounded by counts:

    # positions of bot games, every seat's side, with how each seat's game ended
    python scripts/learn_values.py data rapa-nui -p 2 -n 2000 --seed 1 --jobs 2 --out rn2-train.npz
    python scripts/learn_values.py data rapa-nui -p 2 -n 300 --seed 2 --jobs 2 --out rn2-test.npz
    # fit on the first, measure on the second (games never seen), write the shipped model
    python scripts/learn_values.py fit rn2-train.npz rn2-test.npz \
        --model src/vaka/agents/models/rapa-nui-2p.json
    # calibration per tenth, Brier score, and the reliability plot
    python scripts/learn_values.py calibrate rn2-test.npz --plot docs/reliability-rapa-nui-2p.png
    # where it is too sure or not sure enough: Platt scaling of its logit, fitted on games
    # of a third seed (neither trained nor tested on), written into the model file;
    # calibrate then measures the recalibrated chance (measure it on a fourth seed); several
    # files of other seeds are pooled into one fit
    python scripts/learn_values.py recalibrate rn2-fresh.npz \
        --model src/vaka/agents/models/rapa-nui-2p.json

Game i of a run is seeded as ``vaka simulate`` seeds it (``game_seed(seed, i)``); each
seat is the medium bot, or the easy bot with chance ``--easy`` (so that positions are
varied), drawn from the game's seed. Positions are the states where a seat is to move,
each kept with chance ``--keep``, read from every seat's side (``learned.features``, the
estimate on a deal of what that seat cannot see). Fitting needs scikit-learn (the
``judge`` extra); the fitted logistic regression is written as plain numbers, so that
reading it needs numpy only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from vaka.agents import make_agent
from vaka.agents.learned import (
    FEATURES,
    FORMAT,
    VERSION,
    ValueModel,
    features,
    from_json,
)
from vaka.core.registry import load
from vaka.core.rng import Rng, derive_seed
from vaka.sim.match import apply_decided, decide_together
from vaka.sim.runner import game_seed

Array = npt.NDArray[np.float64]
#: The column of the features that holds the hand-written reading of the estimate.
TANH = -2


def play_one(game_id: str, players: int, seed: int, easy: float, keep: float) -> dict[str, Any]:
    """One bot game: the kept positions' features for every seat, and how it ended."""
    rng = Rng(derive_seed(seed, "seating"))
    names = ["easy" if rng.below(1000) < easy * 1000 else "medium" for _ in range(players)]
    agents = {s: make_agent(n, game_id, derive_seed(seed, "agent", s)) for s, n in enumerate(names)}
    state = load(game_id).new_state(players, seed)
    rows: list[Array] = []
    seats: list[int] = []
    steps: list[int] = []
    step = 0
    while state.to_move:
        if rng.below(1000) < keep * 1000:
            for seat in range(players):
                rows.append(features(state, seat, derive_seed(seed, "deal", step, seat)))
                seats.append(seat)
                steps.append(len(state.history))
        apply_decided(state, decide_together(state, agents))
        step += 1
    winners, scores = state.winners(), state.scores()
    share = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    lead = [
        scores[s] - max((v for i, v in enumerate(scores) if i != s), default=0.0)
        for s in range(players)
    ]
    return {
        "x": np.asarray(rows),
        "seat": seats,
        "step": steps,
        "win": [share[s] for s in seats],
        "lead": [lead[s] for s in seats],
        "length": len(state.history),
    }


def _chunk(
    game_id: str, players: int, seed: int, indices: list[int], easy: float, keep: float
) -> list[tuple[int, dict[str, Any]]]:
    return [(i, play_one(game_id, players, game_seed(seed, i), easy, keep)) for i in indices]


def make_data(args: argparse.Namespace) -> None:
    began, cpu = time.time(), time.process_time()
    indices = list(range(args.games))
    chunks = [indices[k :: args.jobs * 4] for k in range(min(len(indices), args.jobs * 4))]
    done: list[tuple[int, dict[str, Any]]] = []
    if args.jobs == 1:
        done = _chunk(args.game, args.players, args.seed, indices, args.easy, args.keep)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [
                pool.submit(_chunk, args.game, args.players, args.seed, c, args.easy, args.keep)
                for c in chunks
            ]
            for f in futures:
                done += f.result()
    done.sort(key=lambda d: d[0])
    kept = [(i, d) for i, d in done if len(d["seat"])]
    x = np.concatenate([d["x"] for _, d in kept])
    cols = {
        k: np.concatenate([np.asarray(d[k], dtype=np.float64) for _, d in kept])
        for k in ("seat", "step", "win", "lead")
    }
    game = np.concatenate([np.full(len(d["seat"]), i) for i, d in kept])
    np.savez_compressed(
        args.out,
        x=x,
        game=game,
        **cols,
        meta=json.dumps(
            {
                "game": args.game,
                "players": args.players,
                "seed": args.seed,
                "games": args.games,
                "easy": args.easy,
                "keep": args.keep,
                "features": FEATURES,
            }
        ),
    )
    print(
        f"{args.games} games, {len(x)} rows of {x.shape[1]} features -> {args.out} "
        f"({time.time() - began:.0f} s wall, {time.process_time() - cpu:.0f} s CPU here)"
    )


def load_data(path: str) -> tuple[dict[str, Any], dict[str, Array]]:
    data = np.load(path)
    meta = json.loads(str(data["meta"]))
    if meta["features"] != FEATURES:
        sys.exit(f"{path} holds features {meta['features']}, not {FEATURES}: make it again")
    return meta, {k: data[k] for k in data.files if k != "meta"}


def _binary(x: Array, win: Array) -> tuple[Array, Array, Array]:
    """Rows with a shared win (a share strictly between 0 and 1) count as a win and a
    loss weighted by the share, so that a binary classifier fits the expected share."""
    part = (win > 0) & (win < 1)
    xs = np.concatenate([x, x[part]])
    ys = np.concatenate([(win > 0).astype(float), np.zeros(int(part.sum()))])
    ws = np.concatenate([np.where(part, win, 1.0), 1.0 - win[part]])
    return xs, ys, ws


def brier(p: Array, win: Array) -> float:
    return float(np.mean((p - win) ** 2))


def log_loss(p: Array, win: Array) -> float:
    q = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(win * np.log(q) + (1 - win) * np.log(1 - q)))


def tenths(p: Array, win: Array, game: Array) -> list[dict[str, Any]]:
    """Per tenth of predicted win chance: rows, mean prediction, how often those seats won
    (shares) and a 95% interval of that rate over games (rows of one game are not
    independent: the interval is a cluster bootstrap over the games)."""
    out = []
    rng = np.random.default_rng(0)
    for k in range(10):
        lo, hi = k / 10, (k + 1) / 10
        mask = (p >= lo) & ((p < hi) if k < 9 else (p <= hi))
        if not mask.any():
            out.append({"tenth": k, "rows": 0})
            continue
        games = np.unique(game[mask])
        by_game = {g: win[mask & (game == g)] for g in games}
        rates = []
        for _ in range(200):
            pick = rng.choice(games, size=len(games))
            wins = np.concatenate([by_game[g] for g in pick])
            rates.append(wins.mean())
        out.append(
            {
                "tenth": k,
                "rows": int(mask.sum()),
                "games": len(games),
                "predicted": float(p[mask].mean()),
                "won": float(win[mask].mean()),
                "interval": [float(np.percentile(rates, 2.5)), float(np.percentile(rates, 97.5))],
            }
        )
    return out


def measures(p: Array, win: Array, game: Array) -> dict[str, Any]:
    table = tenths(p, win, game)
    worst = max(abs(t["predicted"] - t["won"]) for t in table if t["rows"])
    return {
        "rows": len(p),
        "games": len(np.unique(game)),
        "brier": round(brier(p, win), 4),
        "log_loss": round(log_loss(p, win), 4),
        "worst_tenth": round(worst, 3),
        "tenths": table,
    }


def fit(args: argparse.Namespace) -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    meta, train = load_data(args.train)
    seeds = [meta["seed"]]
    for path in args.also:
        more_meta, more = load_data(path)
        if (more_meta["game"], more_meta["players"]) != (meta["game"], meta["players"]):
            sys.exit(f"{path} holds another game than {args.train}")
        if more_meta["seed"] in seeds or more_meta["keep"] != meta["keep"]:
            sys.exit(f"{path} must hold other games (another seed), kept alike")
        seeds.append(more_meta["seed"])
        meta["games"] += more_meta["games"]
        more["game"] = more["game"] + train["game"].max() + 1
        train = {k: np.concatenate([train[k], more[k]]) for k in train}
    tmeta, test = load_data(args.test)
    if (meta["game"], meta["players"]) != (tmeta["game"], tmeta["players"]):
        sys.exit("the training and test data are of different games")
    if tmeta["seed"] in seeds:
        sys.exit("the test data must be other games than the training data (another seed)")
    xs, ys, ws = _binary(train["x"], train["win"])
    scaler = StandardScaler().fit(xs)
    scale = np.where(scaler.scale_ > 1e-9, scaler.scale_, 1.0)
    xt = (test["x"] - scaler.mean_) / scale
    xtr = (xs - scaler.mean_) / scale
    found: dict[str, Any] = {
        "hand-written": measures(test["x"][:, TANH], test["win"], test["game"]),
    }
    best: tuple[float, float, Any] | None = None
    for c in args.c:
        began = time.process_time()
        lr = LogisticRegression(C=c, max_iter=2000).fit(xtr, ys, sample_weight=ws)
        p = lr.predict_proba(xt)[:, 1]
        m = measures(p, test["win"], test["game"])
        m["fit_cpu_s"] = round(time.process_time() - began, 1)
        found[f"logistic C={c}"] = m
        if best is None or m["log_loss"] < best[0]:
            best = (m["log_loss"], c, lr)
    if args.boosting:
        began = time.process_time()
        hgb = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.1, random_state=0)
        hgb.fit(xs, ys, sample_weight=ws)
        m = measures(hgb.predict_proba(test["x"])[:, 1], test["win"], test["game"])
        m["fit_cpu_s"] = round(time.process_time() - began, 1)
        found["gradient boosting"] = m
    assert best is not None
    for name, m in found.items():
        print(
            f"{name:22} Brier {m['brier']:.4f}  log loss {m['log_loss']:.4f}  "
            f"worst tenth {100 * m['worst_tenth']:.1f} pts  ({m['rows']} rows, {m['games']} games)"
        )
    _, c, lr = best
    chosen = found[f"logistic C={c}"]
    figures = {
        "trained_on": {k: meta[k] for k in ("games", "easy", "keep")}
        | {"seeds": seeds, "rows": len(xs)},
        "tested_on": {k: tmeta[k] for k in ("seed", "games")} | {"rows": chosen["rows"]},
        "C": c,
        "brier": chosen["brier"],
        "log_loss": chosen["log_loss"],
        "worst_tenth": chosen["worst_tenth"],
        "hand_written": {k: found["hand-written"][k] for k in ("brier", "log_loss", "worst_tenth")},
    }
    model = ValueModel(
        meta["game"],
        meta["players"],
        f"{meta['game']}-{meta['players']}p.{args.version}",
        np.asarray(scaler.mean_, dtype=np.float64),
        np.asarray(scale, dtype=np.float64),
        np.asarray(lr.coef_[0], dtype=np.float64),
        float(lr.intercept_[0]),
        figures,
    )
    data = model.to_json()
    assert data["format"] == FORMAT and data["version"] == VERSION
    check = from_json(data).predict(test["x"][:50])
    assert np.allclose(check, lr.predict_proba(xt[:50])[:, 1], atol=1e-9)
    text = json.dumps(_rounded(data), separators=(",", ":"))
    Path(args.model).write_text(text + "\n")
    print(f"chose C={c}; wrote {args.model} ({len(text) // 1024} KiB)")
    if args.figures:
        Path(args.figures).write_text(json.dumps(found, indent=1) + "\n")


def _rounded(data: dict[str, Any]) -> dict[str, Any]:
    """The model's numbers to 7 significant digits (a smaller file; predictions move by
    well under a thousandth)."""
    out = dict(data)
    for key in ("mean", "scale", "coef"):
        out[key] = [float(f"{v:.7g}") for v in data[key]]
    return out


def _seeds_used(model: ValueModel) -> list[int]:
    """The seeds whose games fitted or chose the model (from its figures)."""
    figures = model.figures
    used = list(figures.get("trained_on", {}).get("seeds", []))
    if "seed" in figures.get("tested_on", {}):
        used.append(figures["tested_on"]["seed"])
    return [int(s) for s in used]


def _calibration_seeds(text: str) -> list[int]:
    """The seeds a recalibration was fitted on, from its note ("seed 5, 800 games" or
    "seeds 5, 6; 1300 games")."""
    if text.startswith("seeds "):
        return [int(s) for s in text[6:].split(";")[0].split(",")]
    if text.startswith("seed "):
        return [int(text[5:].split(",")[0])]
    return []


def _pooled(paths: list[str]) -> tuple[list[dict[str, Any]], dict[str, Array]]:
    """Several data files as one: their rows in order, each file's games numbered apart."""
    metas, parts = zip(*(load_data(p) for p in paths), strict=True)
    offsets = np.cumsum([0] + [int(d["game"].max()) + 1 for d in parts[:-1]])
    pooled = {
        k: np.concatenate(
            [d[k] + (o if k == "game" else 0) for d, o in zip(parts, offsets, strict=True)]
        )
        for k in parts[0]
    }
    return list(metas), pooled


def recalibrate(args: argparse.Namespace) -> None:
    """Fit Platt scaling of the model's logit (chance = sigmoid(a * logit + b)) on games
    the model was not trained on, and write it into the model file."""
    from sklearn.linear_model import LogisticRegression

    model = from_json(json.loads(Path(args.model).read_text()))
    metas, data = _pooled(args.data)
    for path, meta in zip(args.data, metas, strict=True):
        if (model.game, model.players) != (meta["game"], meta["players"]):
            sys.exit(f"{path} holds another game than {args.model}")
        if meta["seed"] in _seeds_used(model):
            sys.exit(f"{args.model} was fitted or chosen on seed {meta['seed']}: use other games")
    seeds = [m["seed"] for m in metas]
    if len(set(seeds)) < len(seeds):
        sys.exit("two of the data files are games of one seed: the same games twice")
    games = sum(m["games"] for m in metas)
    on = (
        f"seed {seeds[0]}, {games} games"
        if len(seeds) == 1
        else f"seeds {', '.join(map(str, seeds))}; {games} games"
    )
    z = model.logits(data["x"])
    xs, ys, ws = _binary(z[:, None], data["win"])
    platt = LogisticRegression(C=1e6, max_iter=1000).fit(xs, ys, sample_weight=ws)
    slope, shift = float(f"{platt.coef_[0][0]:.5g}"), float(f"{platt.intercept_[0]:.5g}")
    if slope <= 0:
        sys.exit(f"the fitted slope {slope} would reverse the order of chances: not written")
    fitted = replace(
        model,
        # a review names the model it judged by: a recalibrated one judges otherwise
        version=model.version.split("+")[0] + "+platt",
        slope=slope,
        shift=shift,
        calibrated_on=on,
    )
    for name, m in (("before", model), ("after", fitted)):
        r = measures(m.predict(data["x"]), data["win"], data["game"])
        print(
            f"{name:6} Brier {r['brier']:.4f}  log loss {r['log_loss']:.4f}  "
            f"worst tenth {100 * r['worst_tenth']:.1f} pts (on the fitting games)"
        )
    text = json.dumps(_rounded(fitted.to_json()), separators=(",", ":"))
    Path(args.model).write_text(text + "\n")
    print(f"a = {slope}, b = {shift}; wrote {args.model}")


def calibrate(args: argparse.Namespace) -> None:
    from vaka.agents.learned import shipped

    meta, test = load_data(args.test)
    model = shipped(meta["game"], meta["players"])
    if model is None:
        sys.exit(f"no model is shipped for {meta['game']} at {meta['players']} players")
    if meta["seed"] in _seeds_used(model) + _calibration_seeds(model.calibrated_on):
        print(f"note: seed {meta['seed']} was used to fit or choose this model", file=sys.stderr)
    learned = model.predict(test["x"])
    hand = test["x"][:, TANH]
    result = {
        "learned": measures(learned, test["win"], test["game"]),
        "hand-written": measures(hand, test["win"], test["game"]),
        "model": model.version,
        "test": meta,
    }
    names = ["learned", "hand-written"]
    if model.calibrated_on:
        raw = 1.0 / (1.0 + np.exp(-np.clip(model.logits(test["x"]), -30.0, 30.0)))
        result["not recalibrated"] = measures(raw, test["win"], test["game"])
        result["calibration"] = {
            "a": model.slope,
            "b": model.shift,
            "fitted_on": model.calibrated_on,
        }
        names.insert(1, "not recalibrated")
        print(f"recalibrated: a = {model.slope}, b = {model.shift} ({model.calibrated_on})")
    for name in names:
        m = result[name]
        print(
            f"{name}: Brier {m['brier']:.4f}, log loss {m['log_loss']:.4f}, "
            f"{m['rows']} positions of {m['games']} games"
        )
        print("  tenth   rows  predicted  won [95%]")
        for t in m["tenths"]:
            if t["rows"]:
                lo, hi = t["interval"]
                print(
                    f"  {10 * t['tenth']:>2}-{10 * t['tenth'] + 10:<3}% {t['rows']:>6}  "
                    f"{100 * t['predicted']:6.1f}%  {100 * t['won']:5.1f}% "
                    f"[{100 * lo:.1f}, {100 * hi:.1f}]"
                )
    if args.plot:
        n = meta["players"]
        plot(
            result,
            args.plot,
            f"{load(meta['game']).name}, "
            + ("alone" if n == 1 else f"{n} players")
            + f" ({meta['games']} games of seed {meta['seed']})",
        )
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


def plot(result: dict[str, Any], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4.6, 4.2), dpi=100)
    ax.plot([0, 1], [0, 1], color="#999", lw=1, ls=":")
    for name, colour in (("hand-written", "#c66"), ("learned", "#26a")):
        rows = [t for t in result[name]["tenths"] if t["rows"]]
        xs = [t["predicted"] for t in rows]
        ys = [t["won"] for t in rows]
        err = [
            [t["won"] - t["interval"][0] for t in rows],
            [t["interval"][1] - t["won"] for t in rows],
        ]
        label = f"{name} (Brier {result[name]['brier']:.3f})"
        ax.errorbar(xs, ys, yerr=err, marker="o", ms=4, color=colour, lw=1, capsize=2, label=label)
    ax.set_xlabel("predicted win chance")
    ax.set_ylabel("share of those positions won")
    ax.set_title(title, fontsize=10)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data", help="play bot games and keep their positions")
    d.add_argument("game")
    d.add_argument("-p", "--players", type=int, default=2)
    d.add_argument("-n", "--games", type=int, default=100)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("-j", "--jobs", type=int, default=1)
    d.add_argument("--easy", type=float, default=1 / 3, help="chance a seat is the easy bot")
    d.add_argument("--keep", type=float, default=0.1, help="share of positions kept")
    d.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit a model and write it")
    f.add_argument("train")
    f.add_argument("--also", nargs="*", default=[], help="more training data (other seeds)")
    f.add_argument("test")
    f.add_argument("--model", required=True)
    f.add_argument("--version", default="1")
    f.add_argument("--c", type=float, nargs="+", default=[0.01, 0.1, 1.0])
    f.add_argument("--boosting", action="store_true", help="also measure gradient boosting")
    f.add_argument("--figures", help="write every model's measures (JSON) here")
    c = sub.add_parser("calibrate", help="measure the shipped model on held-out games")
    c.add_argument("test")
    c.add_argument("--plot")
    c.add_argument("--json")
    r = sub.add_parser("recalibrate", help="fit Platt scaling on other games, into the model")
    r.add_argument(
        "data", nargs="+", help="games the model was neither fitted nor chosen on (pooled)"
    )
    r.add_argument("--model", required=True)
    args = parser.parse_args(argv)
    if args.command == "data":
        if not (0 <= args.easy <= 1 and 0 < args.keep <= 1):
            parser.error("--easy and --keep are chances between 0 and 1")
        make_data(args)
    elif args.command == "fit":
        fit(args)
    elif args.command == "recalibrate":
        recalibrate(args)
    else:
        calibrate(args)


if __name__ == "__main__":
    main()
