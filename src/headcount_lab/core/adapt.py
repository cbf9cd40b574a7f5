"""Players who adapted (issue 23 item 4): the field of ``GAME compare --adapt``, fitted to each
rule set it plays.

A bot tuned to the rulings may only look bad under a changed rule because it never learned to
play it. ``compare --adapt`` plays every rule set a second time with an *adapted field*: the
same bots after the game has fitted them to that rule set, and prints both verdicts side by
side (:mod:`headcount_lab.core.compare`).

What adapting means is the game's (``GameSpec.adapt`` names its :class:`Adapter`):

- a bot that plays from a table trained under the rulings gets a table trained under the rule
  set in force (Headcount's ``equilibrium``), cached in the user cache folder
  (:func:`headcount_lab.core.paths.user_cache_dir`) under a hash of everything the training
  reads (:func:`cache_key`), so a second comparison of the same rules trains nothing;
- a search bot that samples and plays out the rest of the game under the rules in force
  already plays the changed rules as well as it plays the rulings (each game's tests check that
  its search bots play and simulate by the rule in force): :func:`search_adapter` says so, and
  its adapted field is the field as it is, at no cost.

An :class:`AdaptedField` is a field *for a rule set*: its bots, and how to seat them (``arm``,
the block function the comparison plays). It does not depend on the comparison, so a bot spec
that names "the competent field under these rules" can be resolved by the same
``Adapter.adapt`` call.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

#: (rules, bots text, players) -> the block function of one game per unit, seats as given
ArmFn = Callable[[Any, str, int], Callable[[np.ndarray, int], dict[str, np.ndarray]]]

#: the budgets every game's adapter takes; a game may take more (Headcount: ITERATIONSxROUNDS)
BUDGETS = ("quick", "full")


@dataclass(frozen=True)
class AdaptedField:
    """A field fitted to ``rules``: ``bots`` (one per seat, as given) seated by ``arm``, or
    by the comparison's own arm when ``arm`` is None: adapting left the players as they are
    (nothing of the rules reaches them, or they already play by the rules in force). ``how``
    says what was done in one sentence, ``seconds`` what it cost in this run (0 when read from
    the cache), ``file`` the cached file, if any."""

    rules: Any
    bots: tuple[str, ...]
    arm: ArmFn | None
    how: str
    seconds: float = 0.0
    cached: bool = False
    file: str | None = None

    @property
    def changed(self) -> bool:
        return self.arm is not None

    def describe(self, base: Any) -> dict[str, Any]:
        """The JSON of this field in ``compare``'s output (``base``: the comparison's base
        rules, to name the rules that differ)."""
        b, c = base.as_dict(), self.rules.as_dict()
        return {
            "rules": {k: v for k, v in c.items() if b.get(k) != v},
            "changed": self.changed,
            "how": self.how,
            "seconds": self.seconds,
            "cached": self.cached,
            "file": self.file,
        }


@dataclass(frozen=True)
class Adapter:
    """A game's way to adapt a field: ``adapt(rules, bots, players, budget, quiet)`` returns
    the :class:`AdaptedField` (``budget`` one of ``budgets``, or what the game also accepts;
    ``quiet``: no progress bar); ``cost`` says per budget what adapting one rule set costs."""

    adapt: Callable[[Any, tuple[str, ...], int, str, bool], AdaptedField]
    cost: Mapping[str, str] = field(default_factory=dict)


def cache_key(payload: Mapping[str, Any]) -> str:
    """A hex digest of ``payload`` (JSON, keys sorted): the name of a cached adaptation. The
    payload holds everything the result depends on: the rules the training honours, its
    settings, the rules version and the trainer's version."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


#: the committed fields (``GAME field --write``)
DATA = Path(__file__).resolve().parents[3] / "data"


def committed_field(game: str) -> Path:
    """The committed 4-player field of ``game`` under its standard rules."""
    from headcount_lab.games import registered

    return DATA / f"field-{game}-4p-standard-v{registered()[game].version}.json"


#: the search bots of Foolish Faces and Poohead (the same names for the same kind of search)
SAMPLING_SEARCHERS = {
    "ismcts": "samples the unseen cards and searches its plays with the rules' rollouts",
    "pimc": "samples the unseen cards and plays every sample out with the rules' rollouts",
}


def search_adapter(game: str, searchers: Mapping[str, str]) -> Adapter:
    """The adapter of a game whose competent field is search bots: ``searchers`` maps each
    bot name that samples and plays out under the rules in force to what it simulates. Their
    adapted field is the field as it is (they plan by the rules in force); bots that do not
    search are fixed rules of thumb and stay as they are too. The committed field of ``game``
    (:func:`committed_field`) gives what solving its meta-game weights took under the rulings
    (``seconds``), quoted as the cost that is not paid."""

    def adapt(rules: Any, bots: tuple[str, ...], players: int, budget: str,
              quiet: bool) -> AdaptedField:  # fmt: skip
        if budget.strip().lower() not in BUDGETS:
            raise ValueError(f"--adapt-budget takes {' or '.join(BUDGETS)}, got {budget!r}")
        names = sorted({b.partition(":")[0] for b in bots})
        found = [n for n in names if n in searchers]
        fixed = [n for n in names if n not in searchers]
        parts = []
        if found:
            parts.append(
                "; ".join(f"{n} {searchers[n]}" for n in found)
                + " by the rules in force, so it plays them as it plays the rulings"
            )
        if fixed:
            parts.append(f"{', '.join(fixed)}: fixed rules of thumb, nothing to adapt")
        solve = ""
        field_file = committed_field(game)
        if field_file.is_file():
            solved = json.loads(field_file.read_text(encoding="utf-8"))
            solve = (
                f" (re-solving the meta-game weights, {solved['seconds'] / 60:.0f} min under "
                f"the rulings, is not done: the committed field's support is one bot, "
                f"{', '.join(solved['refined']['support'])})"
            )
        return AdaptedField(rules, tuple(bots), None,
                            "players as they are: " + "; ".join(parts) + solve)  # fmt: skip

    cost = {b: "none: the search bots already plan by the rules in force" for b in BUDGETS}
    return Adapter(adapt, cost)
