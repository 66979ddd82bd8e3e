"""Information-set Monte Carlo tree search, one implementation for every game.

Each iteration deals a fresh determinization of what the searching seat cannot see
(``Observation.sample``), walks the tree with UCB, adds one node, plays a rollout and
backs the result up. The tree is keyed by the actions taken, so its statistics pool over
all the deals: the seat's information set, never one guessed world (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012). UCB counts how often an action was *available*, as
actions exist only in some deals.

Sealed simultaneous choices are searched decoupled: each seat to move picks from its own
statistics at the node, blind to the others' picks, and the joint choice leads on. The
searching seat never sees the other seats' real pending choices: the deal re-samples them.

Large action sets are tamed by progressive widening: a node offers only its first
``widen * visits ** 0.5`` actions (at least 2) until it has been visited more. With
``prior_visits``, the root and the seat's own next decisions start from the game's value
estimate one step ahead, which also orders their actions for widening. Rollouts are
random and stop after ``rollout_depth`` actions, where the game's value estimate (if it has
one) scores the position; a finished game scores 1 for a win (shared wins split), except
alone, where the seat plays for its best lead over the game (``_set_par``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vaka.agents.heuristic import leads
from vaka.agents.values import Values, advantage
from vaka.core.rng import Rng

if TYPE_CHECKING:
    from vaka.agents.base import Observation
    from vaka.core.game import Action
    from vaka.core.state import State

VISITS, TOTAL, AVAILABLE = 0, 1, 2
#: Random actions a rollout plays before the value estimate judges the position.
ROLLOUT = 12
#: Iterations per decision unless told otherwise (the hard bot's with the hand-written judge).
ITERATIONS = 300


class Node:
    __slots__ = ("children", "order", "stats")

    def __init__(self) -> None:
        # per seat: action -> [visits, total reward, times available]
        self.stats: dict[int, dict[Any, list[float]]] = {}
        self.children: dict[tuple[tuple[int, Any], ...], Node] = {}
        # per seat: the rank of each action for progressive widening (default: legal order)
        self.order: dict[int, dict[Any, int]] = {}


@dataclass(frozen=True)
class Choice:
    """One root action after a search: how often it was tried and its mean reward."""

    action: Action
    visits: int
    value: float


class IsmctsAgent:
    """Search for ``iterations`` (or until ``seconds`` pass, if given) per decision."""

    def __init__(
        self,
        values: Values | None,
        seed: int = 0,
        iterations: int = ITERATIONS,
        seconds: float | None = None,
        rollout_depth: int = ROLLOUT,
        exploration: float = 0.7,
        widen: float = 2.0,
        prior_visits: int = 0,
        prior_depth: int = 3,
        name: str = "hard",
        judge: Callable[[State], list[float]] | None = None,
    ) -> None:
        self.values = values
        #: each seat's chance to win at a rollout's end (a learned model's), in place of
        #: the value estimate's lead read through ``_reward``; never alone (solo)
        self.judge = judge
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth if values is not None else 10**9
        self.exploration = exploration
        self.widen = widen
        self.prior_visits = prior_visits if values is not None else 0
        self.prior_depth = prior_depth
        self.name = name
        self.last_iterations = 0  # how many the last search ran (for benchmarks)
        self.last_tree: Node | None = None  # the last search's tree (for inspection)
        self.last_choices: list[Choice] = []  # its root choices (for saying why)
        self._seat = 0  # the seat searching now
        self._alone = False  # a solo game: played for the best lead (see analyse)
        self._par = 0.0  # the lead that earns a reward of one half

    def act(self, obs: Observation) -> Action:
        if len(obs.legal_actions) == 1:
            self.last_choices = []
            return obs.legal_actions[0]
        return self.analyse(obs)[0].action

    def analyse(self, obs: Observation) -> list[Choice]:
        """Search, then the root actions of ``obs.seat``, most tried first."""
        root = Node()
        self._seat = obs.seat
        if self.prior_visits:
            state = obs.sample(self.rng.next64() >> 1)
            self._set_par(state)
            self._seed(root, obs.seat, state, list(obs.legal_actions))
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while done < self.iterations or (deadline and time.perf_counter() < deadline):
            if deadline and time.perf_counter() >= deadline and done >= 1:
                break
            state = obs.sample(self.rng.next64() >> 1)
            if done == 0 and not self.prior_visits:
                self._set_par(state)
            self._iterate(root, state)
            done += 1
        self.last_iterations = done
        self.last_tree = root
        table = root.stats.get(obs.seat, {})
        choices = [
            Choice(
                a,
                int(s[VISITS]) - self.prior_visits,
                s[TOTAL] / s[VISITS] if s[VISITS] else 0.0,
            )
            for a, s in table.items()
            if a in obs.legal_actions
        ]
        choices.sort(key=lambda c: (-c.visits, -c.value))
        self.last_choices = choices
        return choices

    def solo_lead(self, value: float) -> float | None:
        """Alone (after a search): the lead over the game's own opponent, in points, that a
        root value stands for (the inverse of the reward). ``None`` with rivals, where a
        value reads as a chance to win."""
        if not self._alone:
            return None
        v = min(max(value, 1e-9), 1 - 1e-9)
        return self._par + 5 * math.atanh(2 * v - 1)

    def _set_par(self, state: State) -> None:
        """Alone, the seat plays against the game (Atua's Tahuma) and is 20 or more points
        behind or ahead of it for most of a game: measured from zero, every reward would be
        all but 0 or 1 and the search blind. It plays for its best lead instead, rewarded
        by the lead against the estimate where it stands now (``state``, a fresh deal); the
        game's end is judged the same way (its win is a threshold on that lead)."""
        self._alone = self.values is not None and state.players == 1
        self._par = self.values(state)[0] if self.values is not None and self._alone else 0.0

    def _seed(self, node: Node, seat: int, state: State, legal: list[Any]) -> None:
        """Start a node of the searching seat from the value estimate one step ahead (what
        the medium bot weighs): each action counts ``prior_visits`` visits at that reward,
        so every one is in play from the first visit and the search starts from medium's
        ranking (which also orders the actions for widening). Where one decision has many
        actions of unequal worth (Atua's placements), the iterations then go to refining
        the promising ones instead of finding them by chance. The root is seeded, and so is
        each node of more than two actions that the seat reaches by its own decisions
        alone, fewer than ``prior_depth`` decisions below the root (the rest of its turn;
        alone, in a solo game, every node is the seat's, and beyond its turn each deal
        brings other cards, so seeding there would cost more than it saves): a card taken
        is then judged by its good placements, not by the average of those tried first."""
        assert self.values is not None
        found = leads(self.values, state, seat, legal)
        priors = {action: _reward(lead - self._par) for lead, action in found}
        ranked = sorted(legal, key=lambda a: -priors[a])
        node.order[seat] = {a: i for i, a in enumerate(ranked)}
        k = float(self.prior_visits)
        node.stats[seat] = {a: [k, k * priors[a], 0.0] for a in ranked}

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, state: State) -> None:
        path: list[tuple[Node, list[tuple[int, Any]]]] = []
        node = root
        own = True  # every step so far was the searching seat's own decision
        while True:
            to_move = state.to_move
            if not to_move:
                break
            own = own and to_move == (self._seat,)
            joint = []
            expanded = False
            for seat in to_move:
                legal = state.legal_actions(seat)
                if (
                    own
                    and self.prior_visits
                    and len(path) < self.prior_depth
                    and seat not in node.order
                    and len(legal) > 2  # two actions are never widened: UCB tries both
                ):
                    self._seed(node, seat, state, legal)
                action, new = self._select(node, seat, legal)
                joint.append((seat, action))
                expanded = expanded or new
            for seat, action in joint:
                state.apply(seat, action)
            path.append((node, joint))
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
            if expanded:
                break
        rewards = self._rollout(state)
        for node, joint in path:
            for seat, action in joint:
                stat = node.stats[seat][action]
                stat[VISITS] += 1
                stat[TOTAL] += rewards[seat]

    def _select(self, node: Node, seat: int, legal: list[Any]) -> tuple[Any, bool]:
        table = node.stats.setdefault(seat, {})
        visits = 0.0
        for action in legal:
            stat = table.get(action)
            if stat is None:
                stat = table[action] = [0.0, 0.0, 0.0]
            stat[AVAILABLE] += 1
            visits += stat[VISITS]
        order = node.order.get(seat)
        if order is not None:
            legal = sorted(legal, key=lambda a: order.get(a, len(order)))
        allowed = legal
        if len(legal) > 2:
            width = max(2, int(self.widen * math.sqrt(visits + 1)))
            allowed = legal[:width]  # progressive widening over the game's action order
        untried = [a for a in allowed if table[a][VISITS] == 0]
        if untried:
            return self.rng.choice(untried), True
        best, best_score = allowed[0], -math.inf
        c = self.exploration
        for action in allowed:
            n, total, available = table[action]
            score = total / n + c * math.sqrt(math.log(available) / n)
            if score > best_score:
                best, best_score = action, score
        return best, False

    def _rollout(self, state: State) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            to_move = state.to_move
            if not to_move:
                break
            for seat in to_move:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if self.values is None or (not state.to_move and not self._alone):
            winners = state.winners()
            return [1 / len(winners) if s in winners else 0.0 for s in range(state.players)]
        if self.judge is not None and not self._alone:
            return self.judge(state)
        values = self.values(state)
        return [_reward(advantage(values, seat) - self._par) for seat in range(len(values))]


def _reward(lead: float) -> float:
    """A value estimate's lead as a reward: being ahead by about 5 points is close to a sure
    win. Alone (a solo game), the lead is the seat's estimate over the game's own opponent."""
    return 0.5 + 0.5 * math.tanh(lead / 5)
