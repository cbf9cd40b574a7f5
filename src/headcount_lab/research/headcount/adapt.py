"""Headcount's players who adapted (``headcount compare --adapt``, :mod:`headcount_lab.core.adapt`):
the ``equilibrium`` table retrained under the rules in force.

The committed tables (:func:`headcount_lab.games.headcount.equilibrium.default_path`) were
trained by the rulings. Under a rule set, an adapted ``equilibrium`` seat plays a table trained
by the committed tables' own recipe (their recorded population, exploration and seed) with the
rounds played by that rule set (:func:`.equilibrium_train.train_rules`: the flags that change a
round; the others cannot change which action loses a round least). The table is cached in the
user cache folder (:func:`headcount_lab.core.paths.user_cache_dir`) under a hash of the
training rules, the recipe, the budget, the rules version and the trainer's version.

Budgets (:data:`BUDGETS`): ``full`` is the committed recipe (40 iterations of 1,000,000 rounds,
about 2-3 minutes on the 2-core machine), ``quick`` 10 of 250,000 (about 7 seconds), and
``ITERATIONSxROUNDS`` any other. A comparison adapts every rule set it plays at the same budget,
the base as well: the committed table stands in only where it is exactly what the training
would give (the training rules are the rulings' and the budget is ``full``), so a quick look
never compares a small training against the committed one.
"""

from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import Any

from headcount_lab.core.adapt import BUDGETS as CORE_BUDGETS
from headcount_lab.core.adapt import AdaptedField, Adapter, cache_key
from headcount_lab.core.paths import atomic_write, user_cache_dir

#: budget name -> (iterations, rounds); None: the committed tables' recipe
BUDGETS: dict[str, tuple[int, int] | None] = {"quick": (10, 250_000), "full": None}
assert tuple(BUDGETS) == CORE_BUDGETS


def budget_size(budget: str, recipe: dict[str, Any]) -> tuple[int, int]:
    """``(iterations, rounds)`` of ``budget``: ``quick``, ``full`` (the ``recipe``'s, the
    committed table's meta) or ``ITERATIONSxROUNDS``."""
    text = budget.strip().lower()
    if text in BUDGETS:
        size = BUDGETS[text]
        return size if size is not None else (int(recipe["iterations"]), int(recipe["rounds"]))
    it, sep, rd = text.partition("x")
    try:
        size = (int(it), int(rd))
    except ValueError:
        size = (0, 0)
    if not sep or min(size) < 1:
        raise ValueError(
            f"--adapt-budget takes quick, full or ITERATIONSxROUNDS (such as 10x250000), "
            f"got {budget!r}"
        )
    return size


def plays_the_table(bots: tuple[str, ...], players: int) -> bool:
    """Whether a seat plays the ``equilibrium`` table (or a ``bayes`` seat models it)."""
    from headcount_lab.games.headcount.agents import BAYES, EQUILIBRIUM, bayes_model, parse_bots

    parsed = parse_bots(",".join(bots), players)
    models = [bayes_model(b) for b in parsed if b.policy == BAYES]
    return any(b.policy == EQUILIBRIUM for b in (*parsed, *models))


def table_for(rules: Any, budget: str, quiet: bool = True) -> tuple[Path, float, bool]:
    """The table trained under ``rules`` at ``budget``: ``(file, seconds spent now, read from
    the cache)``. The committed table when the training rules are the rulings' at the
    ``full`` budget; else the cached one, trained first if it is not there."""
    from headcount_lab.core.progress import advancing
    from headcount_lab.games.headcount import equilibrium as EQ
    from headcount_lab.games.headcount.rules import VERSION, HeadcountRules
    from headcount_lab.research.headcount.equilibrium_train import (
        ROUND_FLAGS,
        TRAINER_VERSION,
        train,
        train_rules,
    )

    committed = EQ.default_path(rules.double)
    recipe = EQ.load_policy(committed, rules.double).meta
    iterations, rounds = budget_size(budget, recipe)
    played = train_rules(rules)
    full = (iterations, rounds) == (recipe["iterations"], recipe["rounds"])
    if played == train_rules(HeadcountRules(double=rules.double)) and full:
        return committed, 0.0, True
    settings = {k: recipe[k] for k in ("players", "seed", "explore", "field", "field_share",
                                       "belief_field", "belief_share")}  # fmt: skip
    key = cache_key({
        "what": "headcount equilibrium table", "schema": EQ.SCHEMA, "rules_version": VERSION,
        "trainer": TRAINER_VERSION, "abstraction": EQ.ABSTRACTION,
        "rules": {k: getattr(played, k) for k in ROUND_FLAGS},
        "iterations": iterations, "rounds": rounds, **settings,
    })  # fmt: skip
    path = user_cache_dir("headcount") / f"equilibrium-{key[:32]}.npz"
    if path.is_file():
        try:
            EQ.load_policy(path, rules.double)
            return path, 0.0, True
        except ValueError:
            pass  # a damaged or foreign file under our name: train it again
    t0 = time.perf_counter()
    total = (iterations + 1) * rounds
    with advancing(quiet, False, total, "rounds", "adapting the equilibrium table") as advance:
        pol = train(
            int(settings["players"]), iterations, rounds, int(settings["seed"]),
            float(settings["explore"]), tuple(settings["field"]), float(settings["field_share"]),
            rules.double, tuple(settings["belief_field"]), float(settings["belief_share"]),
            advance, played,
        )  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, lambda tmp: EQ.save_policy(tmp, pol))
    return path, time.perf_counter() - t0, False


def _arm(table: str, rules: Any, text: str, n: int) -> Any:
    """The comparison's block function of ``text`` under ``rules``, its ``equilibrium`` seats
    playing the table in the file ``table``."""
    from headcount_lab.games.headcount.tournament import tournament

    return tournament(rules, text, n, 1, False, table).job.block_fn


def adapt(rules: Any, bots: tuple[str, ...], players: int, budget: str,
          quiet: bool) -> AdaptedField:  # fmt: skip
    """The field ``bots`` adapted to ``rules`` (:class:`~headcount_lab.core.adapt.Adapter`)."""
    from headcount_lab.research.headcount.equilibrium_train import ROUND_FLAGS

    if not plays_the_table(bots, players):
        why = "no seat plays the equilibrium table, and the other bots are fixed rules of thumb"
        return AdaptedField(rules, bots, None, "players as they are: " + why)
    path, seconds, cached = table_for(rules, budget, quiet)
    from headcount_lab.games.headcount.equilibrium import default_path

    if path == default_path(rules.double):
        return AdaptedField(rules, bots, None, "players as they are: the committed table was "
                            f"trained by these rules' round flags ({', '.join(ROUND_FLAGS)}); "
                            "no other flag reaches the training", 0.0, True, str(path))  # fmt: skip
    how = f"equilibrium table retrained under these rules ({budget} budget)" + (
        ", from the cache" if cached else f" in {seconds:.0f} s"
    )
    return AdaptedField(rules, bots, functools.partial(_arm, str(path)), how, seconds, cached,
                        str(path))  # fmt: skip


ADAPTER = Adapter(
    adapt,
    {
        "quick": "10 iterations of 250,000 rounds per rule set: about 7 s each on 2 cores, "
        "once (cached)",
        "full": "40 iterations of 1,000,000 rounds per rule set (the committed tables' "
        "recipe): about 2-3 min each on 2 cores, once (cached); none for the rulings",
    },
)
