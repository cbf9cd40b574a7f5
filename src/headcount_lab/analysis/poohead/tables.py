"""The Poohead report's numbers: paired kernel runs as tidy tables.

Every comparison is paired: :func:`run_set` plays each game once per *variant* (other rules,
or one seat's bot changed) from the game's own stream, so all variants of a game get the same
deal (``kernels.variants_block``). Rates carry 95% Wilson intervals, paired differences the
normal interval of the mean per-game difference (:mod:`headcount_lab.core.stats`), and a
difference is called real only when its interval leaves out zero. Capped games (P20) are
counted apart and left out of every P(Poohead).

:func:`compute` runs everything and returns the tables (saved as CSV);
:mod:`~headcount_lab.analysis.poohead.facts` reads off them the numbers the text quotes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.analysis import rulelab
from headcount_lab.core import stats
from headcount_lab.core.report import (
    CI,
    NO_TICKS,
    GameReportOptions,
    Results,
    Ticker,
    sectioned,
    tables_section,
)
from headcount_lab.core.rng import block_state
from headcount_lab.games.poohead.rules import (
    EIGHT,
    N_RANKS,
    NINE,
    PLAYERS_MAX,
    PLAYERS_MIN,
    RANK_NAMES,
    TABLE,
    TEN,
    TWO,
    PooheadRules,
)

NAME = "poohead"
COMMAND = "headcount-lab report poohead"
DEFAULT_GAMES = 200_000
QUICK_GAMES = 2_000
PLAYERS = tuple(range(PLAYERS_MIN, PLAYERS_MAX + 1))
#: the bot levels of the seat table (all seats the same bot); the search bot plays few games
LEVELS = ("random", "cheap", "cheap+")
SEARCH = "pimc:samples=4,horizon=200"
#: games of a block of :func:`run_set` (each block has its own stream, so any number of
#: threads gives the same numbers)
BLOCK = 1_000
#: one flag flipped at a time against the defaults (question 4)
FLIPS = (
    "swap=off",
    "mix_sources=on",
    "pickup_takes_faceup=on",
    "start_scan=hand_and_faceup",
    "start_tiebreak=random",
    "start_tiebreak=seat",
    "starter_free_lead=on",
    "voluntary_pickup=on",
    "ten_replay=may",
    "bomb_anytime=on",
    "eight_skip=per_card",
    "failed_flip_public=on",
    "finish_on_special=off",
    "no_nine_on_empty=on",
    "repetition_limit=3",
)
HOUSE_PLAYERS = 4
#: the table that measures skill under each house rule: two cheap+ seats against two random
SKILL_BOTS = ("cheap+", "random", "cheap+", "random")
NINE_RULE = "no_nine_on_empty=on"
#: triples with fewer games than this are listed but not ranked in the text
MIN_TRIPLE_GAMES = 200
#: issue 22 item 5: the table sizes at which the tips' play figures are also measured against
#: the committed competent field (its member in every seat). 4 players only: the field is
#: solved at 4 (smaller tables read it as a stand-in) and its search bot plays about 8 games a
#: second there, slower still at 2 and 3, so +-2 points at every size would cost many minutes
COMPETENT_PLAYERS = (HOUSE_PLAYERS,)
#: the top cards whose forced pick-ups the competent table keeps
COMPETENT_TOPS = ("8", "9", "J", "A")
#: the visible ranks whose worth against a 7 the competent table keeps
COMPETENT_RANKS = ("10", "9", "8")


@dataclass(frozen=True)
class PooheadReportOptions(GameReportOptions):
    """``size``: games per main set-up (``None``: the default, or the quick size); the other
    runs are fixed shares of it (:meth:`sizes`)."""

    COMMAND = COMMAND
    DEFAULT = DEFAULT_GAMES
    QUICK = QUICK_GAMES

    def sizes(self) -> dict[str, int]:
        """Deals (games) of each run, by the name ``metadata.json`` records it under."""
        n = self.n
        return {
            "main": n,
            "random_seats": max(60, n // 10),
            # issue 22 item 5: the search bot's seat rates to about +-2 points at full size
            # (2,496 deals: a 95% half-width of 1.96 points at a share of one half), in whole
            # rounds of the 12 seat orders
            "search_seats": max(12, n // 80) // 12 * 12,
            "swap": max(60, n // 2),
            # issue 22 item 5: the competent field's start player to about +-2 points at full
            # size (1,992 games: a 95% half-width of 2.0 points at a share of 0.28), in whole
            # rounds of the 12 seat orders; at least 24, so that the deal's tenths (of the second
            # half) exist
            "competent": max(24, n // 100) // 12 * 12,
            # deals on which one competent seat keeps its dealt face-up cards: the first of the
            # competent table's deals, so the two play each deal in pairs
            "competent_swap": max(12, n // 200) // 12 * 12,
            "faceup": 3 * n,
            "house_rules": max(60, n // 5),
        }


#: the runs of :func:`compute`, by key (a tuple naming the set-up)
Runs = dict[Any, Any]


# --- running ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One way to play a deal: house-rule assignments and a bot per seat (bot 0 first; the
    bots move one seat a game)."""

    flags: tuple[str, ...]
    bots: tuple[str, ...]


def run_set(
    players: int,
    variants: list[Variant],
    games: int,
    seed: int,
    workers: int | None = None,
    tick: Ticker = NO_TICKS,
    per_game: bool = False,
) -> dict[str, np.ndarray]:
    """Play ``games`` deals, each once per variant (``kernels.run_variants``), in blocks of
    :data:`BLOCK` on a thread pool; per-game arrays are joined in block order, sums added;
    ``tick`` advances by ``games`` when done. With ``per_game`` a block is played a game at a
    time from its stream (the same games) and ``ratio_game`` keeps each game's forced pick-up
    tallies (``float64[games, V, 13, R_SIZE]``), so that some games can be left out."""
    from headcount_lab.core.runner import default_workers
    from headcount_lab.games.poohead import agents, kernels

    rules = np.stack(
        [PooheadRules(players=players).with_flags(list(v.flags)).array() for v in variants]
    )
    pp = [agents.policy_params(list(v.bots)) for v in variants]
    ids = np.stack([p[0] for p in pp])
    params = np.stack([p[1] for p in pp])
    n_blocks = -(-games // BLOCK)

    def one_game(state: np.ndarray, m: int) -> dict[str, np.ndarray]:
        # game m of a block alone: its stream drawn from ``state`` (which moves on, as in the
        # block) and its bots seated as the block seats them (``seat_bots``: bot j at seat
        # (j + m) % n)
        shift = m % players
        x = kernels.run_variants(state, 1, rules, np.roll(ids, shift, axis=1),
                                 np.roll(params, shift, axis=1), False)  # fmt: skip
        x["game"][:, :, kernels.V_SHIFT] = shift
        return x

    def one(b: int) -> dict[str, np.ndarray]:
        k = min(BLOCK, games - b * BLOCK)
        state = block_state(seed, b)
        if not per_game:
            return kernels.run_variants(state, k, rules, ids, params, True)
        each = [one_game(state, m) for m in range(k)]
        out = {key: np.concatenate([x[key] for x in each]) for key in ("game", "deal")}
        out["ratio_game"] = np.stack([x["ratio"] for x in each])
        return {**out, **{key: np.sum([x[key] for x in each], axis=0) for key in ("agg", "ratio")}}

    kernels.run_variants(block_state(seed, 0), 1, rules, ids, params, True)  # compile once
    with ThreadPoolExecutor(max_workers=workers or default_workers()) as pool:
        parts = list(pool.map(one, range(n_blocks)))
    tick.advance(games)
    joined = ("game", "deal", "ratio_game") if per_game else ("game", "deal")
    return {
        **{key: np.concatenate([p[key] for p in parts]) for key in joined},
        "agg": np.sum([p["agg"] for p in parts], axis=0),
        "ratio": np.sum([p["ratio"] for p in parts], axis=0),
    }


SWAPS = ("own", "keep", "random")


def _main(opts: PooheadReportOptions, tick: Ticker) -> Runs:
    """cheap and cheap+ tables at every size, each deal played without and with the rule on
    9s (:data:`NINE_RULE`); random and search tables for the seats of question 1; and the
    linear model of the deal fitted on the cheap+ tables (its coefficients and tenths)."""
    size = opts.sizes()

    def one(n: int, bot: str, games: str, *flags: tuple[str, ...]) -> Any:
        variants = [Variant(f, (bot,) * n) for f in ((), *flags)]
        return run_set(n, variants, size[games], opts.seed, tick=tick)

    runs: Runs = {("main", n, bot): one(n, bot, "main", (NINE_RULE,))
                  for n in PLAYERS for bot in ("cheap", "cheap+")}  # fmt: skip
    for n in PLAYERS:
        runs[("seats", n, "random")] = one(n, "random", "random_seats")
        runs[("seats", n, "pimc")] = one(n, SEARCH, "search_seats")
    runs["rank_values"] = rank_value_table(runs)
    return runs


def _swap_runs(opts: PooheadReportOptions, tick: Ticker) -> Runs:
    """One cheap+ seat swapping well, not at all or at random against cheap+ (question 2)."""

    def swaps(n: int) -> list[Variant]:
        return [Variant((), (f"cheap+:swap={s}", *("cheap+",) * (n - 1))) for s in SWAPS]

    games = opts.sizes()["swap"]
    return {("swap", n): run_set(n, swaps(n), games, opts.seed, tick=tick) for n in PLAYERS}


def competent_member(players: int) -> str:
    """The bot the committed competent field seats at ``players`` under the default rules (its
    one member; a mixed field is refused, since these tables seat one bot in every seat)."""
    from headcount_lab.core.competent import sole_member
    from headcount_lab.games import GAMES

    return sole_member(GAMES["poohead"], players)


def _competent_runs(opts: PooheadReportOptions, tick: Ticker) -> Runs:
    """The competent field's member in every seat (``("competent", n)``), and on the first
    ``competent_swap`` (:meth:`~PooheadReportOptions.sizes`) of the same deals the same table
    with bot 0 keeping its dealt face-up cards (``("competent_keep", n)``, 4 players): every
    game has its own stream (``kernels.game_stream``), so game ``m`` of both runs is dealt the
    same cards and bot 0 sits in the same seat."""
    size = opts.sizes()
    runs: Runs = {}
    for n in COMPETENT_PLAYERS:
        member = runs[("member", n)] = competent_member(n)
        table = (member,) * n
        runs[("competent", n)] = run_set(n, [Variant((), table)], size["competent"], opts.seed,
                                         tick=tick, per_game=True)  # fmt: skip
        keep = (f"{member},swap=keep", *table[1:])
        runs[("competent_keep", n)] = run_set(n, [Variant((), keep)], size["competent_swap"],
                                              opts.seed, tick=tick)  # fmt: skip
    return runs


def _faceup_runs(opts: PooheadReportOptions, tick: Ticker) -> Runs:
    """The face-up triples' games and Poohead games (question 3), by table size."""
    from headcount_lab.research.poohead import faceup

    games = opts.sizes()["faceup"]
    runs: Runs = {}
    for n in PLAYERS:
        runs[("faceup", n)] = faceup.learn(n, games, opts.seed)
        tick.advance(games)
    return runs


def _house_runs(opts: PooheadReportOptions, tick: Ticker) -> Runs:
    n, games = HOUSE_PLAYERS, opts.sizes()["house_rules"]
    flags = [(), *[(f,) for f in FLIPS]]
    return {("house", name): run_set(n, [Variant(f, bots) for f in flags], games, opts.seed,
                                     tick=tick)
            for name, bots in (("cheap", ("cheap",) * n), ("skill", SKILL_BOTS))}  # fmt: skip


def _work(times: int, unit: str, *runs: str) -> Callable[[PooheadReportOptions], tuple[int, str]]:
    """A section's work for its progress bar: ``times`` the games of the runs ``runs``."""
    return lambda o: (times * sum(o.sizes()[r] for r in runs), unit)


# --- per-game views ---------------------------------------------------------------------------


def _col(run: dict[str, np.ndarray], v: int, field_: int) -> np.ndarray:
    return run["game"][:, v, field_].astype(np.int64)


def hero_poohead(run: dict[str, np.ndarray], v: int, seat: int | None = None) -> np.ndarray:
    """Per game: 1 if bot 0 (or the seat in the game's column ``seat``, such as
    ``V_STARTER``) is the Poohead, 0 if not, -1 for a capped game."""
    from headcount_lab.games.poohead.kernels import V_POOHEAD, V_SHIFT

    p = _col(run, v, V_POOHEAD)
    return np.where(
        p < 0, -1, (p == _col(run, v, V_SHIFT if seat is None else seat)).astype(np.int64)
    )


def rate(k: float, n: float) -> dict[str, float]:
    p, lo, hi = stats.wilson(int(round(k)), int(n)) if n else (math.nan,) * 3
    return {"p": p, "lo": lo, "hi": hi}


def paired(a: np.ndarray, b: np.ndarray) -> tuple[CI, float, float]:
    """Mean of ``a - b`` over the pairs with its 95% interval, and both means (same pairs)."""
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    if a.size < 2:
        return (math.nan, math.nan, math.nan), math.nan, math.nan
    d = stats.paired_ci(a.sum(), b.sum(), float(((a - b) ** 2).sum()), a.size)
    return d, float(a.mean()), float(b.mean())


def paired_ended(x: np.ndarray, y: np.ndarray) -> tuple[CI, float, float]:
    """:func:`paired` over the games that ended in both (per-game outcomes, -1 capped)."""
    both = (x >= 0) & (y >= 0)
    return paired(x[both], y[both])


def _rank_counts(cards: np.ndarray) -> np.ndarray:
    """``int64[games, 13]``: copies of each rank among the cards of each row."""
    out = np.zeros((cards.shape[0], N_RANKS), dtype=np.int64)
    for r in range(N_RANKS):
        out[:, r] = (cards == r).sum(axis=1)
    return out


def hero_deal(run: dict[str, np.ndarray], n: int) -> tuple[np.ndarray, np.ndarray]:
    """Bot 0's dealt cards per game: ``(visible six, blind three)`` as rank counts."""
    from headcount_lab.games.poohead.kernels import V_SHIFT

    deal = run["deal"].astype(np.int64)
    seat = _col(run, 0, V_SHIFT)
    rows = np.arange(deal.shape[0])
    blind = np.stack([deal[rows, TABLE * seat + j] for j in range(TABLE)], axis=1)
    up = np.stack([deal[rows, TABLE * (n + seat) + j] for j in range(TABLE)], axis=1)
    hand = np.stack([deal[rows, TABLE * (2 * n + seat) + j] for j in range(TABLE)], axis=1)
    return _rank_counts(np.concatenate([up, hand], axis=1)), _rank_counts(blind)


# --- tables -----------------------------------------------------------------------------------


def seat_rows(run: dict[str, np.ndarray], n: int, bot: str, level: str) -> pd.DataFrame:
    """P(Poohead) by seat counted from the start player of one table of ``bot`` in every seat
    (``level``: its short name), and each seat's excess over the fair share 1/n."""
    from headcount_lab.games.poohead.kernels import V_POOHEAD, V_STARTER

    p = _col(run, 0, V_POOHEAD)
    ok = p >= 0
    rel = (p[ok] - _col(run, 0, V_STARTER)[ok]) % n
    counted = int(ok.sum())
    rows = []
    for s in range(n):
        k = int((rel == s).sum())
        rows.append({"players": n, "bot": bot, "level": level, "seat_from_starter": s,
                     "games": counted, "capped": int((~ok).sum()), "poohead": k,
                     **rate(k, counted), "fair": 1 / n})  # fmt: skip
    df = pd.DataFrame(rows)
    return df.assign(
        excess=df["p"] - df["fair"],
        excess_lo=df["lo"] - df["fair"],
        excess_hi=df["hi"] - df["fair"],
    )


def seat_table(runs: Runs) -> pd.DataFrame:
    """Q1: P(Poohead) by seat counted from the start player, by players and bot level."""
    parts = [
        seat_rows(runs[(run, n, level)], n, SEARCH if level == "pimc" else level, level)
        for n in PLAYERS
        for level, run in (
            ("random", "seats"),
            ("cheap", "main"),
            ("cheap+", "main"),
            ("pimc", "seats"),
        )
    ]
    return pd.concat(parts, ignore_index=True)


def swap_rows(run: dict[str, np.ndarray], n: int, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """One seat's swap by variant (``names``: ``own`` first, then ``keep``, then any other) on
    the same deals: its P(Poohead), and the paired difference against swapping its own way and
    against keeping the dealt cards."""
    own, keep, *_ = outs = [hero_poohead(run, v) for v in range(len(names))]
    rows = []
    for name, x in zip(names, outs, strict=True):
        d, pair_p, pair_own = paired_ended(x, own)
        rows.append(
            {
                "players": n,
                "swap": name,
                "games": int((x >= 0).sum()),
                **rate(int((x == 1).sum()), int((x >= 0).sum())),
                "pairs": int(((x >= 0) & (own >= 0)).sum()),
                "pair_p": pair_p,
                "pair_p_own": pair_own,
                **stats.ci_columns("vs_own", d),
                **stats.ci_columns("vs_keep", paired_ended(x, keep)[0]),
            }
        )
    return rows


def swap_table(runs: Runs) -> pd.DataFrame:
    """Q2: one seat (cheap+) swapping well, not at all or at random, the rest cheap+, the same
    deals: its P(Poohead), and the paired difference against swapping well."""
    return pd.DataFrame([r for n in PLAYERS for r in swap_rows(runs[("swap", n)], n, SWAPS)])


def triple_name(t: tuple[int, int, int]) -> str:
    order = sorted(t, key=lambda r: _VALUE_ORDER.index(r))
    return "-".join(RANK_NAMES[r] for r in order)


#: ranks by the P4 order with the wild cards last, to name a triple (3-4-5, 10-10-A)
_VALUE_ORDER = (1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12)


def faceup_table(runs: Runs) -> pd.DataFrame:
    """Q3: P(Poohead) of a seat (among cheap bots) that put three of its six cards face up at
    random, by the triple it put up (every triple that occurred)."""
    from headcount_lab.games.poohead.faceup_table import TRIPLES

    rows = []
    for n in PLAYERS:
        games, pooh = runs[("faceup", n)]
        for i, t in enumerate(TRIPLES):
            if games[i]:
                rows.append(
                    {
                        "players": n,
                        "triple": triple_name(t),
                        "wild": sum(r in (TWO, TEN) for r in t),
                        "games": int(games[i]),
                        "poohead": int(pooh[i]),
                        **rate(int(pooh[i]), int(games[i])),
                    }
                )
    df = pd.DataFrame(rows)
    return df.sort_values(["players", "p", "triple"]).reset_index(drop=True)


def faceup_rank_table(runs: Runs) -> pd.DataFrame:
    """Q3 in brief: P(Poohead) of the random-swapping seat by how many copies of each rank it
    put face up (0 is the baseline of that rank)."""
    from headcount_lab.games.poohead.faceup_table import TRIPLES

    rows = []
    for n in PLAYERS:
        games, pooh = runs[("faceup", n)]
        for r in _VALUE_ORDER:
            for c in range(4):
                idx = [i for i, t in enumerate(TRIPLES) if t.count(r) == c]
                g = int(games[idx].sum())
                k = int(pooh[idx].sum())
                if g:
                    rows.append(
                        {"players": n, "rank": RANK_NAMES[r], "copies_up": c, "games": g,
                         "poohead": k, **rate(k, g)}
                    )  # fmt: skip
    return pd.DataFrame(rows)


def house_table(runs: Runs) -> pd.DataFrame:
    """Q4: each flag against the defaults on the same deals (4 players): game length, the
    capped share and the start player's P(Poohead) between cheap bots, and the value of skill
    (a random seat's P(Poohead) minus a cheap+ seat's, two of each at the table)."""
    from headcount_lab.games.poohead.kernels import V_POOHEAD, V_SHIFT, V_STARTER, V_TURNS

    cheap, skill = runs[("house", "cheap")], runs[("house", "skill")]

    def games(v: int) -> tuple[np.ndarray, ...]:
        """Variant ``v``'s games: turns, capped (1), the start player's Poohead (1, -1 capped)
        and the skill gap: +-1 when a random / cheap+ seat lost (bots 1 and 3, random, sit at
        shift+1 and shift+3: the Poohead's seat parity says which), -9 capped."""
        p = _col(skill, v, V_POOHEAD)
        rel = (p - _col(skill, v, V_SHIFT)) % HOUSE_PLAYERS
        gap = np.where(p < 0, -9, np.where(rel % 2 == 1, 1, -1))
        cap = (_col(cheap, v, V_POOHEAD) < 0).astype(np.int64)
        return _col(cheap, v, V_TURNS), cap, hero_poohead(cheap, v, V_STARTER), gap

    base_turns, base_cap, base_start, base_gap = games(0)
    rows = []
    for v, flag in enumerate(("defaults", *FLIPS)):
        turns, cap, st, gp = games(v)
        both_g = (gp > -9) & (base_gap > -9)
        t, mean_turns, _ = paired(turns, base_turns)
        c, capped_share, _ = paired(cap, base_cap)
        rows.append(
            {
                "rules": flag,
                "games": int(turns.size),
                "mean_turns": mean_turns,
                **stats.ci_columns("turns_diff", t),
                "capped": int(cap.sum()),
                "capped_share": capped_share,
                **stats.ci_columns("capped_diff", c),
                "starter_p": float((st == 1).sum() / max(1, (st >= 0).sum())),
                **stats.ci_columns("starter_diff", paired_ended(st, base_start)[0]),
                "skill": float((gp[gp > -9] / 2).mean()),
                # per seat: a random seat's P(Poohead) minus a cheap+ seat's is (+-1) / 2 a game
                **stats.ci_columns("skill_diff", paired(gp[both_g] / 2, base_gap[both_g] / 2)[0]),
            }
        )
    return pd.DataFrame(rows)


def stall_table(runs: Runs) -> pd.DataFrame:
    """Q5: capped games (P20) by table size and bot, rules as dealt and with the house rule
    ``no_nine_on_empty``, on the same deals, with the paired difference."""
    from headcount_lab.games.poohead.kernels import V_POOHEAD, V_TURNS

    rows = []
    for n in PLAYERS:
        for bot in ("cheap", "cheap+"):
            run = runs[("main", n, bot)]
            caps = [(_col(run, v, V_POOHEAD) < 0).astype(np.int64) for v in (0, 1)]
            d = paired(caps[1], caps[0])[0]
            for v, rule in enumerate(("defaults", NINE_RULE)):
                rows.append(
                    {
                        "players": n,
                        "bot": bot,
                        "rules": rule,
                        "games": int(caps[v].size),
                        "capped": int(caps[v].sum()),
                        **rate(int(caps[v].sum()), int(caps[v].size)),
                        "mean_turns": float(_col(run, v, V_TURNS).mean()),
                        # the defaults differ from themselves by nothing
                        **stats.ci_columns("vs_defaults", d if v else (0.0, 0.0, 0.0)),
                    }
                )
    return pd.DataFrame(rows)


def stall_pattern_table(runs: Runs) -> pd.DataFrame:
    """Q5: what the capped games repeat: by bot and rules (all table sizes together), the rank
    led most often onto the empty pile in their last turns (``loop_rank``), how many capped
    games each such loop holds, the share of leads and pick-ups in those turns that were that
    rank, and the share of the stalled players' cards that were that rank."""
    from headcount_lab.games.poohead.kernels import (
        A_STALL_HELD,
        A_STALL_LEAD,
        A_STALL_PICK,
        V_LOOP,
        V_POOHEAD,
    )

    rows = []
    for bot in ("cheap", "cheap+"):
        for v, rule in enumerate(("defaults", NINE_RULE)):
            loops = np.concatenate([_col(runs[("main", n, bot)], v, V_LOOP) for n in PLAYERS])
            caps = np.concatenate([_col(runs[("main", n, bot)], v, V_POOHEAD) < 0 for n in PLAYERS])
            agg = sum(runs[("main", n, bot)]["agg"][v] for n in PLAYERS)
            lead = agg[A_STALL_LEAD : A_STALL_LEAD + N_RANKS]
            pick = agg[A_STALL_PICK : A_STALL_PICK + N_RANKS]
            held = agg[A_STALL_HELD : A_STALL_HELD + N_RANKS]
            total = int(caps.sum())
            for r in range(N_RANKS):
                k = int((loops[caps] == r).sum())
                if k == 0:
                    continue
                rows.append(
                    {
                        "bot": bot,
                        "rules": rule,
                        "loop_rank": RANK_NAMES[r],
                        "capped_games": k,
                        "share_of_capped": k / total,
                        "lead_share": float(lead[r] / max(1, lead.sum())),
                        "pickup_share_top": float(pick[r] / max(1, pick.sum())),
                        "held_share": float(held[r] / max(1, held.sum())),
                        "held_high_share": float(held[9:].sum() / max(1, held.sum())),
                    }
                )
    return pd.DataFrame(
        rows,
        columns=[
            "bot", "rules", "loop_rank", "capped_games", "share_of_capped", "lead_share",
            "pickup_share_top", "held_share", "held_high_share",
        ],
    )  # fmt: skip


def _rates_by(y: np.ndarray, by: np.ndarray, name: str, **keys: Any) -> list[dict[str, Any]]:
    """Bot 0's P(Poohead) (``y``: :func:`hero_poohead`) among the games that ended, by each
    value ``c`` of ``by`` (0 up to its largest) that such games show: rows of ``keys``,
    ``name`` (``c``), ``games`` and the rate with its interval."""
    rows = []
    for c in range(int(by.max()) + 1):
        sel = (y >= 0) & (by == c)
        if g := int(sel.sum()):
            rows.append({**keys, name: c, "games": g, **rate(int(y[sel].sum()), g)})
    return rows


def deal_table(runs: Runs) -> pd.DataFrame:
    """Q6: P(Poohead) of one seat a game (cheap+ everywhere) by the 2s and 10s it was dealt:
    among all nine cards, and among its three blind cards."""
    rows = []
    for n in PLAYERS:
        run = runs[("main", n, "cheap+")]
        six, blind = hero_deal(run, n)
        for where, counts in (("dealt", six + blind), ("blind", blind)):
            wild = counts[:, TWO] + counts[:, TEN]
            rows += _rates_by(hero_poohead(run, 0), wild, "wild_cards", players=n, where=where)
    df = pd.DataFrame(rows)
    # the rows of one table size and place share out its games that ended
    share = df["games"] / df.groupby(["players", "where"])["games"].transform("sum")
    df.insert(4, "share_of_deals", share)
    return df


def _design(six: np.ndarray, blind: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Counts of each rank among the visible six and the blind three, a 7 as the baseline
    (a seat's nine cards add up to nine, so one rank must be left out)."""
    seven = 5
    keep = [r for r in _VALUE_ORDER if r != seven]
    cols = [six[:, r] for r in keep] + [blind[:, r] for r in keep]
    names = [f"visible_{RANK_NAMES[r]}" for r in keep] + [f"blind_{RANK_NAMES[r]}" for r in keep]
    x = np.column_stack([np.ones(six.shape[0]), *cols]).astype(np.float64)
    return x, ["intercept", *names]


def rank_value_rows(
    run: dict[str, np.ndarray], n: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One table's linear model of the deal (:func:`rank_value_table`): the coefficients' rows
    and the tenths' rows."""
    coef_rows = []
    dec_rows = []
    y = hero_poohead(run, 0)
    idx = np.flatnonzero(y >= 0)
    six, blind = hero_deal(run, n)
    x, names = _design(six[idx], blind[idx])
    yy = y[idx].astype(np.float64)
    half = idx.size // 2
    beta, cov = stats.ols(x[:half], yy[:half])
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    for j, name in enumerate(names[1:], start=1):
        where, _, rank = name.partition("_")
        effect = stats.normal_ci(beta[j], se[j])
        coef_rows.append({"players": n, "where": where, "rank": rank,
                          **stats.ci_columns("effect", effect)})  # fmt: skip
    # the 9 against the 8 (visible): difference of two coefficients with its interval
    i9, i8 = names.index("visible_9"), names.index("visible_8")
    d = beta[i9] - beta[i8]
    sd = math.sqrt(max(cov[i9, i9] + cov[i8, i8] - 2 * cov[i9, i8], 0.0))
    coef_rows.append({"players": n, "where": "visible", "rank": "9 minus 8",
                      **stats.ci_columns("effect", stats.normal_ci(d, sd))})  # fmt: skip
    test = x[half:]
    fc = test @ beta
    yt = yy[half:]
    if fc.size >= 10:
        edges = np.quantile(fc, np.linspace(0, 1, 11))
        bins = np.clip(np.searchsorted(edges, fc, side="right") - 1, 0, 9)
        for b in range(10):
            sel = bins == b
            g = int(sel.sum())
            dec_rows.append(
                {"players": n, "tenth": b + 1, "games": g,
                 "forecast": float(fc[sel].mean()) if g else math.nan,
                 **rate(int(yt[sel].sum()), g)}
            )  # fmt: skip
    return coef_rows, dec_rows


def rank_value_table(runs: Runs) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Q6, Q7: a linear model of P(Poohead) (one seat a game, cheap+ everywhere, fitted on the
    first half of the deals) on the ranks dealt to that seat, visible or blind, each card's
    effect against a 7 with its 95% interval; and the second half of the deals in tenths by
    the model's forecast, with their observed P(Poohead): how much the deal decides."""
    parts = [rank_value_rows(runs[("main", n, "cheap+")], n) for n in PLAYERS]
    return (pd.DataFrame([r for c, _ in parts for r in c]),
            pd.DataFrame([r for _, d in parts for r in d]))  # fmt: skip


def nine_rows(run: dict[str, np.ndarray], n: int, rules: tuple[str, ...]) -> list[dict[str, Any]]:
    """One table's forced pick-ups (:func:`nine_table`) by variant (``rules``: their names) and
    top card."""
    rows = []
    g = run["game"].shape[0]
    for v, rule in enumerate(rules):
        for r in _VALUE_ORDER:
            sx, sy, sxx, syy, sxy = run["ratio"][v, r]
            if sy == 0:
                continue
            ratio, lo, hi = stats.ratio_ci_of_sums(sx, sy, sxx, syy, sxy, g)
            rows.append(
                {"players": n, "rules": rule, "top": RANK_NAMES[r], "turns_facing": int(sy),
                 "facing_per_game": sy / g, "forced_pickups": int(sx),
                 **stats.ci_columns("forced_share", (ratio, lo, hi))}
            )  # fmt: skip
    return rows


def nine_table(runs: Runs) -> pd.DataFrame:
    """Q7: the share of turns facing each top card that end with the pile picked up (forced:
    no legal play, or a failed blind flip), cheap+ everywhere, with a ratio interval over games
    (delta method), and the same with ``no_nine_on_empty``."""
    rules = ("defaults", NINE_RULE)
    return pd.DataFrame(
        [r for n in PLAYERS for r in nine_rows(runs[("main", n, "cheap+")], n, rules)]
    )


def holding_table(runs: Runs) -> pd.DataFrame:
    """Q7: P(Poohead) of one seat a game (cheap+ everywhere) by how many 9s and how many 8s
    were among its six visible cards (the cards it can plan with)."""
    rows = []
    for n in PLAYERS:
        run = runs[("main", n, "cheap+")]
        six, _ = hero_deal(run, n)
        for r in (NINE, EIGHT):
            y = hero_poohead(run, 0)
            rows += _rates_by(y, six[:, r], "copies_visible", players=n, rank=RANK_NAMES[r])
    return pd.DataFrame(rows)


def _measure(n: int, bot: str, measure: str, x: Any, col: str, count: int,
             of: str) -> dict[str, Any]:  # fmt: skip
    """One row of :func:`competent_table`: ``x``'s estimate ``col`` with its interval
    (``col_lo``, ``col_hi``; ``p`` with ``lo``, ``hi``) and what it was counted on."""
    lo, hi = ("lo", "hi") if col == "p" else (f"{col}_lo", f"{col}_hi")
    return {"players": n, "bot": bot, "measure": measure, "value": float(x[col]),
            "lo": float(x[lo]), "hi": float(x[hi]), "count": count, "of": of}  # fmt: skip


def competent_table(runs: Runs) -> pd.DataFrame:
    """Q8 (the tips against the competent field): from the games of the committed competent
    field's member in every seat, by the same functions as the cheap+ tables, each seat's
    excess P(Poohead) over 1/n counted from the start player (:func:`seat_rows`, seat 0
    starts), the forced pick-ups facing :data:`COMPETENT_TOPS` (:func:`nine_rows`), the worth
    of a visible card against a 7 and the worst and best tenth of deals
    (:func:`rank_value_rows`: fitted on the first half of the games, tenths of the second), and
    what not swapping costs a seat (:func:`swap_rows`: bot 0 keeping its dealt face-up cards
    against swapping its own way, paired on the first deals). One row per measure, its
    estimate with the 95% interval and what it was counted on."""
    from headcount_lab.games.poohead.kernels import V_POOHEAD, V_SHIFT

    rows = []
    for n in COMPETENT_PLAYERS:
        run, keep, bot = runs[("competent", n)], runs[("competent_keep", n)], runs[("member", n)]
        seats = seat_rows(run, n, bot, "competent")
        for _, r in seats.iterrows():
            rows.append(_measure(n, bot, f"seat_{r['seat_from_starter']}_excess", r, "excess",
                                 int(r["games"]), "games"))  # fmt: skip
        capped = int(seats["capped"].iloc[0])
        played = run["game"].shape[0]
        rows.append(_measure(n, bot, "capped_share", rate(capped, played), "p", played, "games"))
        # the forced pick-ups of the games that ended: a capped game's loop repeats a few top
        # cards for thousands of turns and would swamp them
        ended = _col(run, 0, V_POOHEAD) >= 0
        ended_run = {"game": run["game"][ended], "ratio": run["ratio_game"][ended].sum(axis=0)}
        for r in nine_rows(ended_run, n, ("defaults",)):
            if r["top"] in COMPETENT_TOPS:
                rows.append(_measure(n, bot, f"forced_{r['top']}", r, "forced_share",
                                     r["turns_facing"], "turns facing, uncapped"))  # fmt: skip
        coef, tenths = rank_value_rows(run, n)
        fitted = int((hero_poohead(run, 0) >= 0).sum()) // 2
        visible = {r["rank"]: r for r in coef if r["where"] == "visible"}
        for rank in COMPETENT_RANKS:
            rows.append(_measure(n, bot, f"visible_{rank}_vs_7", visible[rank], "effect", fitted,
                                 "games fitted"))  # fmt: skip
        for name, tenth in (("worst_tenth", 10), ("best_tenth", 1)):
            r = next(x for x in tenths if x["tenth"] == tenth)
            rows.append(_measure(n, bot, name, r, "p", r["games"], "games"))
        k = keep["game"].shape[0]
        if not (
            np.array_equal(run["deal"][:k], keep["deal"])
            and np.array_equal(run["game"][:k, 0, V_SHIFT], keep["game"][:, 0, V_SHIFT])
        ):
            raise RuntimeError("the keep games are not the competent table's first deals")
        both = {"game": np.concatenate([run["game"][:k], keep["game"]], axis=1)}
        r = swap_rows(both, n, ("own", "keep"))[1]
        rows.append(_measure(n, bot, "swap_keep_vs_own", r, "vs_own", r["pairs"], "deals"))
    return pd.DataFrame(rows)


#: the report's sections (``report poohead --only NAME``), in the order they run
SECTIONS = (
    tables_section(
        "main",
        "q1, q5, q6, q7: cheap and cheap+ tables, 2-4 players, and the random and search seats",
        _main,
        {
            "q1_seats": seat_table,
            "q5_stalls": stall_table,
            "q5_stall_patterns": stall_pattern_table,
            "q6_wild_cards": deal_table,
            "q6_q7_rank_values": lambda runs: runs["rank_values"][0],
            "q6_deal_tenths": lambda runs: runs["rank_values"][1],
            "q7_forced_pickups": nine_table,
            "q7_nines_and_eights": holding_table,
        },
        _work(len(PLAYERS), "deals", "main", "main", "random_seats", "search_seats"),
    ),
    tables_section("swap", "q2: the swap's worth, paired", _swap_runs, {"q2_swap": swap_table},
                   _work(len(PLAYERS), "deals", "swap")),
    tables_section("competent", "q8: the competent field in every seat, 4 players",
                   _competent_runs, {"q8_competent": competent_table},
                   _work(len(COMPETENT_PLAYERS), "games", "competent", "competent_swap")),
    tables_section("faceup", "q3: face-up triples", _faceup_runs,
                   {"q3_faceup_triples": faceup_table, "q3_faceup_ranks": faceup_rank_table},
                   _work(len(PLAYERS), "games", "faceup")),
    tables_section("house", "q4: house rules, paired flips", _house_runs,
                   {"q4_house_rules": house_table}, _work(2, "deals", "house_rules")),
    rulelab.section("poohead"),
)  # fmt: skip


#: every table of the report (``compute(opts, progress, only, folder)``)
compute = sectioned(NAME, SECTIONS, Results)
