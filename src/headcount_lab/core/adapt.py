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
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
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


#: the search bots of Foolish Faces and Poohead (the same names for the same kind of search)
SAMPLING_SEARCHERS = {
    "ismcts": "samples the unseen cards and searches its plays with the rules' rollouts",
    "pimc": "samples the unseen cards and plays every sample out with the rules' rollouts",
}


#: ``--adapt-budget quick`` re-solves among the committed field's best members by payoff under
#: the rulings, at this share of its games per profile and of its refining games
QUICK_MEMBERS, QUICK_SHARE = 3, 4
#: the re-solve's recipe: a change to it is a new cache entry
RESOLVE_VERSION = 1


def solved_under(game: Any, players: int, rules: Any, budget: str,
                 quiet: bool = True) -> tuple[dict[str, Any], str, float, bool]:  # fmt: skip
    """The competent field's meta-game of ``game`` (a GameSpec) re-solved under ``rules`` at
    ``players`` seats (issue 23 item 4): ``(field as GAME field writes it, its file, seconds
    spent now, read from the cache)``.

    ``quick``: the :data:`QUICK_MEMBERS` members of the committed field with the highest payoff
    under the rulings, every profile played at 1/:data:`QUICK_SHARE` of the committed build's
    games, the profiles the mixture reads refined at 1/:data:`QUICK_SHARE` of its refining
    games. ``full``: the game's declared population with the committed build's games and
    refining (its growth by best-response oracles is not replayed). Under the variant's own
    defaults at ``full`` the committed field itself. Cached in the user cache folder under a
    hash of all of these (:func:`cache_key`)."""
    from headcount_lab.core import metagame as mg
    from headcount_lab.core import paths
    from headcount_lab.core.competent import resolve, variant_of

    mix = resolve(game, players, rules)
    committed = paths.FIELD_DATA.parent / mix.file
    data = mg.read_field(committed, game.name, game.version)
    variant = variant_of(game, rules) or mix.field_variant
    defaults = game.make_rules(variant, [], players)
    if budget == "full" and rules == defaults and data["players"] == players:
        return data, str(committed), 0.0, True
    fg = game.load("metagame")
    menu = game.load("bots")
    games = int(data["games_per_profile"])
    refine_games = int((data.get("refined") or {}).get("games", 0))
    if budget == "quick":
        ranked = sorted(data["members"], key=lambda m: -float(m.get("payoff", 0.0)))
        population = mg.canonical(menu, [m["bot"] for m in ranked[:QUICK_MEMBERS]])
        games, refine_games = max(1, games // QUICK_SHARE), refine_games // QUICK_SHARE
    else:
        population = mg.canonical(menu, fg.population)
    seed = int(data["seed"])
    key = cache_key({
        "what": "re-solved competent field", "game": game.name, "players": players,
        "rules_version": game.version, "rules": rules.as_dict(), "population": population,
        "games": games, "refine": refine_games, "seed": seed, "recipe": RESOLVE_VERSION,
    })  # fmt: skip
    path = paths.user_cache_dir(game.name) / f"field-{players}p-{key[:32]}.json"
    if path.is_file():
        try:
            return mg.read_field(path, game.name, game.version), str(path), 0.0, True
        except ValueError:
            pass  # a damaged or foreign file under our name: solve it again
    from headcount_lab.core.progress import stderr_lines

    say = stderr_lines(quiet)
    t0 = time.perf_counter()
    play = mg.game_player(game, rules, players, fg)
    table = mg.build_table(population, players, play, games, seed, progress=say)
    differs = {k: v for k, v in rules.as_dict().items() if defaults.as_dict().get(k) != v}
    command = (f"{game.name} compare --adapt --adapt-budget {budget} at {players} players, "
               f"rules {differs or 'the ' + variant + ' defaults'}")  # fmt: skip
    solved = mg.field_json(game, fg, players, variant, table, mg.solve(table), seed, games, [],
                           None, time.perf_counter() - t0, command)  # fmt: skip
    if refine_games:
        solved = mg.refined_field(game, solved, refine_games, play, say, solved["seconds"])
    path.parent.mkdir(parents=True, exist_ok=True)
    mg.write_field(path, solved)
    return solved, str(path), time.perf_counter() - t0, False


def support_of(data: dict[str, Any]) -> list[tuple[str, float]]:
    """A field's members with a positive weight, heaviest first, weights renormalised."""
    from headcount_lab.core.metagame import SUPPORT

    kept = [(m["bot"], float(m["weight"])) for m in data["members"] if m["weight"] >= SUPPORT]
    total = math.fsum(w for _, w in kept)
    return sorted(((b, w / total) for b, w in kept), key=lambda m: -m[1])


def seated(game: Any, players: int, variant: str, support: list[tuple[str, float]], file: str,
           old: set[str]) -> ArmFn:  # fmt: skip
    """The arm that seats the re-solved field where the committed field's members sat: the
    mixture ``support`` drawn per game (one member: that member), other seats as given."""
    from headcount_lab.core.competent import NAME, Mixture, pinned

    menu = game.load("bots")
    mix = Mixture(game.name, players, variant, tuple(b for b, _ in support),
                  tuple(w for _, w in support), file, players, variant,
                  ("re-solved under the rules in force (compare --adapt)",))  # fmt: skip
    make = game.load("tournament")

    def arm(rules: Any, text: str, n: int) -> Any:
        seats = [NAME if menu.parse(b).canonical in old else b for b in menu.split(text)]
        with pinned(mix):
            return make(rules, ",".join(seats), n, 1, False).job.block_fn

    return arm


def search_adapter(game: str, searchers: Mapping[str, str]) -> Adapter:
    """The adapter of a game whose competent field is search bots: ``searchers`` maps each
    bot name that samples and plays out under the rules in force to what it simulates.

    Those bots already plan by the rules in force, so what adapting leaves to do is the field's
    meta-game: which members, with which weights, are competent under the changed rules. When
    every seat plays a member of the committed competent field, its meta-game is re-solved under
    each rule set (:func:`solved_under`); if the support is the one the seats play, the adapted
    field is the field as it is, else the comparison plays the new support in those seats
    (:func:`seated`). Seats of other bots are fixed rules of thumb or searches as given and
    stay as they are."""

    def adapt(rules: Any, bots: tuple[str, ...], players: int, budget: str,
              quiet: bool) -> AdaptedField:  # fmt: skip
        from headcount_lab.core.competent import resolve
        from headcount_lab.games import registered

        budget = budget.strip().lower()
        if budget not in BUDGETS:
            raise ValueError(f"--adapt-budget takes {' or '.join(BUDGETS)}, got {budget!r}")
        spec = registered()[game]
        menu = spec.load("bots")
        mix = resolve(spec, players, rules)
        seats = {menu.parse(b).canonical for b in bots}
        if not seats <= set(mix.members):
            return AdaptedField(rules, tuple(bots), None, "players as they are: " + _as_they_are(
                bots, searchers) + f"; the seats are not the competent field ({mix.text()}), "
                "whose meta-game --adapt re-solves")  # fmt: skip
        data, file, seconds, cached = solved_under(spec, players, rules, budget, quiet)
        support = support_of(data)
        shown = ", ".join(f"{b} ({w:.2f})" for b, w in support)
        took = "from the cache" if cached else f"{seconds:.0f} s"
        how = f"meta-game re-solved under these rules ({budget} budget, {took}): support {shown}"
        if [b for b, _ in support] == sorted(seats) and len(seats) == 1:
            return AdaptedField(rules, tuple(bots), None, how + ", the seats' own: players as "
                                "they are, " + _as_they_are(bots, searchers), seconds, cached,
                                file)  # fmt: skip
        arm = seated(spec, players, data["variant"], support, file, seats)
        new = tuple(support[0][0] if len(support) == 1 else "competent" for _ in bots)
        return AdaptedField(rules, new, arm, how + ": the adapted field seats it", seconds,
                            cached, file)  # fmt: skip

    cost = {
        "quick": f"a re-solve of the competent field's {QUICK_MEMBERS} best members at "
        f"1/{QUICK_SHARE} of its games per rule set (minutes; cached)",
        "full": "a re-solve of the whole population at the committed build's games per rule "
        "set (the committed field's seconds; cached)",
    }
    return Adapter(adapt, cost)


def _as_they_are(bots: Sequence[str], searchers: Mapping[str, str]) -> str:
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
    return "; ".join(parts)
