"""The blind-bidding equilibrium (W9) evaluated exactly on sampled deals, for any table size.

:mod:`~headcount_lab.games.whist.equilibrium` solves the bidding for every view at once, which
needs ``(8n)^(n-1) * 2n * 2^n`` bytes of tables per seat: out of reach at 6 players. This module
computes the *same* equilibrium bids (same definition, same tie-break to bid 0) for one deal at a
time, by recursion on the definition, and averages over sampled deals:

- the leader bids from the count of unseen cards that would take the trick (a closed form: a
  card wins if it is a trump above every visible trump, or, with no trump in sight, a side card
  above every visible card of its suit);
- seat ``k`` hears the earlier bids of the actual deal, then tries every card it might hold and
  keeps those under which the earlier seats (their bids computed the same way, recursively)
  would have bid what they bid; it bids the better bid over the kept cards. A card is dropped at
  the first earlier bid that disagrees, which prunes most of the recursion;
- a sample is one *view of the dealer* (the trump card of suit 0 by symmetry, and the cards of
  seats ``0 .. n - 2``), drawn uniformly; all ``7n`` cards the dealer might hold complete it, so
  each sample scores ``7n`` deals exactly and shares the earlier seats' work between them.

Every view of the dealer has the same number of completions, so the mean over samples is an
unbiased estimate of the mean over all deals; samples are independent, so 95% intervals come from
the spread between chunks of samples (a t interval over :data:`CHUNK`-sample chunks, each chunk
with its own stream from ``SeedSequence(seed).spawn``). The same deals are also bid from the
cards alone (every seat ignoring the bids, the bots' default), so the two dealer costs are paired.

Cost grows about ``(7n)^(n-2)``: milliseconds per sample at 4 players, about 0.1 s at 6.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit, uint64

from headcount_lab.core import stats as core_stats
from headcount_lab.core.jitcache import track_module
from headcount_lab.games.whist.bits import trick_winner
from headcount_lab.games.whist.blind_table import _best, next_deal
from headcount_lab.games.whist.equilibrium import Equilibrium, solve, view_key
from headcount_lab.games.whist.rules import PLAYERS_MAX, PLAYERS_MIN, ranks_per_suit

#: dealer views per chunk (one random stream each); results do not depend on the workers
CHUNK = 10
#: fields of one sample, each a sum over the ``7n`` deals completing a dealer's view
#: (``score``/``made``: ``[restriction off, on][seat]``; ``card_*``: the same, bids from cards only)
FIELDS = ("score", "made", "card_score", "card_made", "forced", "restricted", "card_forced")


def n_fields(players: int) -> int:
    return 8 * players + 3


@njit(nogil=True, cache=True)
def _tops(c, n, first, ranks):
    """Highest rank per suit (-1: none) among ``c[first:]``, and how many cards of each suit."""
    t0 = t1 = t2 = t3 = -1
    k0 = k1 = k2 = k3 = 0
    for s in range(first, n):
        suit = c[s] // ranks
        r = c[s] % ranks
        if suit == 0:
            t0 = max(t0, r)
            k0 += 1
        elif suit == 1:
            t1 = max(t1, r)
            k1 += 1
        elif suit == 2:
            t2 = max(t2, r)
            k2 += 1
        else:
            t3 = max(t3, r)
            k3 += 1
    return t0, t1, t2, t3, k0, k1, k2, k3


@njit(nogil=True, cache=True)
def _wins_from_tops(t0, t1, t2, t3, t, ranks):
    """Cards the leader might hold that take the trick when the highest visible ranks per suit
    are ``t0`` (trumps) .. ``t3``: trumps above ``t0`` (not the turned one), plus, with no trump
    in sight, side cards above the highest visible card of their suit."""
    w = ranks - 1 - t0
    if t > t0:
        w -= 1
    if t0 < 0:
        w += 3 * (ranks - 1) - t1 - t2 - t3
    return w


@njit(nogil=True, cache=True)
def leader_wins(c, n, t, ranks):
    """Cards the leader (seat 0) might hold that take the trick, given ``c[1:]`` (play order)
    and the trump card's rank ``t`` in suit 0."""
    t0, t1, t2, t3, _, _, _, _ = _tops(c, n, 1, ranks)
    return _wins_from_tops(t0, t1, t2, t3, t, ranks)


@njit(nogil=True, cache=True)
def second_bid(c, n, heard, t, ranks, bonus):
    """:func:`eq_bid` of seat 1 without recursion. Its card ``x`` changes the leader's view only
    through the highest rank of ``x``'s suit: a card below the highest of its suit on seats
    ``2 ..`` leaves the leader's bid as it is and cannot take the trick, so those cards are
    counted at once; the cards above are tried one by one."""
    unseen = 7 * n
    tops = _tops(c, n, 2, ranks)
    lead_suit = c[0] // ranks
    r0 = c[0] % ranks
    want = heard & 1
    cnt = 0
    wins = 0
    base_bid = _best(
        _wins_from_tops(tops[0], tops[1], tops[2], tops[3], t, ranks), unseen, bonus, -1
    )
    for s in range(4):
        top = tops[s]
        if top >= 0 and base_bid == want:
            below = top - (tops[4 + s] - 1)
            if lead_suit == s and r0 < top:
                below -= 1
            if s == 0 and t < top:
                below -= 1
            cnt += below
        for r in range(top + 1, ranks):
            if (s == lead_suit and r == r0) or (s == 0 and r == t):
                continue
            t0, t1, t2, t3 = tops[0], tops[1], tops[2], tops[3]
            if s == 0:
                t0 = r
            elif s == 1:
                t1 = r
            elif s == 2:
                t2 = r
            else:
                t3 = r
            if _best(_wins_from_tops(t0, t1, t2, t3, t, ranks), unseen, bonus, -1) != want:
                continue
            cnt += 1
            beats_lead = (s == lead_suit and r > r0) or (s == 0 and lead_suit != 0)
            if beats_lead and (s == 0 or tops[0] < 0):
                wins += 1
    return _best(wins, cnt, bonus, -1)


#: frames of :func:`eq_bid`'s stack: a seat per frame, seats 0 .. PLAYERS_MAX - 2 below the dealer
_DEPTH = PLAYERS_MAX
#: a frame's rows in the stack: the seat's real card (put back when it is done), the card it is
#: trying (-1: none yet), the earlier seat checked next (-1: take the next card), the bits of the
#: earlier seats' bids on that card, and the cards tried that agree with every bid and won
_OWN, _X, _J, _H, _CNT, _WINS = range(6)


@njit(nogil=True, cache=True)
def _leaf_bid(c, n, seat, heard, t, ranks, bonus, fast):
    """The bid of a seat that needs no earlier seat's bid: the leader's, and seat 1's with
    ``fast`` (:func:`second_bid`); -1 for any other seat."""
    if seat == 0:
        return _best(leader_wins(c, n, t, ranks), 7 * n, bonus, -1)
    if seat == 1 and fast:
        return second_bid(c, n, heard, t, ranks, bonus)
    return -1


@njit(nogil=True, cache=True)
def new_frames():
    """Scratch for :func:`stack_bid`: the frames (``int64[6, PLAYERS_MAX + 1]``) and each
    frame's cards seen with the trump card (``uint64[PLAYERS_MAX + 1]``)."""
    return np.empty((6, _DEPTH + 1), np.int64), np.empty(_DEPTH + 1, np.uint64)


@njit(nogil=True, cache=True)
def eq_bid(c, n, seat, heard, t, ranks, bonus, fast):
    """The equilibrium bid of ``seat`` (not the dealer) in the deal ``c`` (``int64[n]``, play
    order, trump suit 0, turned trump rank ``t``), having heard the bits ``heard`` from the
    seats before it (the caller has them: they are the bids of the same deal). ``c`` is used as
    scratch and restored. ``fast``: seat 1 by :func:`second_bid`; ``False`` tries every card
    there too (the check on :func:`second_bid`)."""
    f, used = new_frames()
    return stack_bid(c, n, seat, heard, t, ranks, bonus, fast, f, used)


@njit(nogil=True, cache=True)
def stack_bid(c, n, seat, heard, t, ranks, bonus, fast, f, used):
    """:func:`eq_bid` on the scratch of :func:`new_frames` (a caller asking for many bids
    allocates it once).

    A seat's bid is the better bid over the cards it might hold that agree with every bid it
    heard, and an earlier seat's bid on such a card is that seat's own bid of this kind: a
    recursion over the seats, run here on a stack of frames (one per seat being worked out)
    because numba cannot cache a function that calls itself (it compiled for 5.6 s in every
    process). The seat of frame ``k`` is the earlier seat frame ``k - 1`` asked about, and what
    it heard the bits frame ``k - 1`` had gathered; column 0 holds the question asked here."""
    b = _leaf_bid(c, n, seat, heard, t, ranks, bonus, fast)
    if b >= 0:
        return b
    f[_J, 0], f[_H, 0] = seat, heard
    sp = 1
    ret = -1  # the bid of the frame just finished (or of a leaf), for the frame below it
    ask = seat
    while True:
        if ask >= 0:  # start a frame for seat ``ask``
            f[_OWN, sp], f[_X, sp], f[_J, sp], f[_CNT, sp], f[_WINS, sp] = c[ask], -1, -1, 0, 0
            seen = uint64(1) << uint64(t)
            for s in range(n):
                if s != ask:
                    seen |= uint64(1) << uint64(c[s])
            used[sp] = seen
            sp += 1
            ask = -1
        k = sp - 1
        me = f[_J, k - 1]
        if ret >= 0:  # the bid of earlier seat f[_J, k] on the card tried
            j = f[_J, k]
            if ret != (f[_H, k - 1] >> j) & 1:
                f[_J, k] = -1  # it would have bid otherwise: not this card
            else:
                f[_H, k] |= ret << j
                f[_J, k] = j + 1
            ret = -1
        elif f[_J, k] < 0:  # the next card this seat might hold
            x = f[_X, k] + 1
            while x < 4 * ranks and used[k] & (uint64(1) << uint64(x)):
                x += 1
            f[_X, k] = x
            if x == 4 * ranks:  # every card tried: this seat's bid
                c[me] = f[_OWN, k]
                b = _best(f[_WINS, k], f[_CNT, k], bonus, -1)
                sp -= 1
                if sp == 1:
                    return b
                ret = b
            else:
                c[me] = x
                f[_J, k] = 0
                f[_H, k] = 0
        elif f[_J, k] == me:  # every earlier seat's bid agrees with the card
            f[_CNT, k] += 1
            if trick_winner(c, n, 0, ranks) == me:
                f[_WINS, k] += 1
            f[_J, k] = -1
        else:  # the bid of earlier seat f[_J, k], having heard the bits before it
            ret = _leaf_bid(c, n, f[_J, k], f[_H, k], t, ranks, bonus, fast)
            if ret < 0:
                ask = f[_J, k]


@njit(nogil=True, cache=True)
def eq_bids(c, n, upto, t, ranks, bonus):
    """Bits of the equilibrium bids of seats ``0 .. upto - 1`` in the deal ``c``."""
    f, used = new_frames()
    h = 0
    for j in range(upto):
        h |= stack_bid(c, n, j, h, t, ranks, bonus, True, f, used) << j
    return h


@njit(nogil=True, cache=True)
def card_bid(c, n, seat, t, ranks, bonus):
    """The card-only bid of ``seat``: the better bid over every card it might hold."""
    own = c[seat]
    used = uint64(1) << uint64(t)
    for s in range(n):
        if s != seat:
            used |= uint64(1) << uint64(c[s])
    wins = 0
    for x in range(4 * ranks):
        if used & (uint64(1) << uint64(x)):
            continue
        c[seat] = x
        if trick_winner(c, n, 0, ranks) == seat:
            wins += 1
    c[seat] = own
    return _best(wins, 7 * n, bonus, -1)


@njit(nogil=True, cache=True)
def _add_score(out, base, n, r, i, bid, took, bonus):
    """Add seat ``i``'s score and made contract (restriction ``r``) to the sample's row, at
    ``base`` (0: equilibrium bids, ``4n``: card-only bids)."""
    if bid == took:
        out[base + r * n + i] += bonus + took
        out[base + 2 * n + r * n + i] += 1
    else:
        out[base + r * n + i] -= 1


@njit(nogil=True, cache=True)
def score_views(n, bonus, trumps, views, out):
    """Score every completion of each dealer view. Inputs: ``trumps`` (``int64[k]``, the turned
    trump's rank in suit 0), ``views`` (``int64[k, n - 1]``, seats ``0 .. n - 2`` in play order).
    Output ``out`` (``int64[k, 8n + 3]``, added to), per sample the sums over the ``7n`` deals of
    :data:`FIELDS`: scores and made contracts with the restriction off and on, equilibrium then
    card-only, then the deals where W5 forbids the dealer's unrestricted equilibrium bid, where
    the dealer has a single legal bid, and where W5 forbids its card-only bid."""
    ranks = 2 * n
    size = 4 * ranks
    d = n - 1
    keys = 1 << d
    c = np.zeros(n, dtype=np.int64)
    hist = np.zeros(7 * n, dtype=np.int64)
    card = np.zeros((7 * n, n), dtype=np.int64)
    mine = np.zeros(7 * n, dtype=np.int64)
    cnt = np.zeros(keys, dtype=np.int64)
    wins = np.zeros(keys, dtype=np.int64)
    for k in range(trumps.shape[0]):
        t = trumps[k]
        used = uint64(1) << uint64(t)
        for s in range(d):
            c[s] = views[k, s]
            used |= uint64(1) << uint64(c[s])
        cnt[:] = 0
        wins[:] = 0
        m = 0
        for x in range(size):
            if used & (uint64(1) << uint64(x)):
                continue
            c[d] = x
            h = eq_bids(c, n, d, t, ranks, bonus)
            for j in range(n):
                card[m, j] = card_bid(c, n, j, t, ranks, bonus)
            hist[m] = h
            mine[m] = x
            cnt[h] += 1
            if trick_winner(c, n, 0, ranks) == d:
                wins[h] += 1
            m += 1
        row = out[k]
        for i in range(m):
            c[d] = mine[i]
            h = hist[i]
            w = trick_winner(c, n, 0, ranks)
            heard = 0
            card_heard = 0
            for j in range(d):
                heard += (h >> j) & 1
                card_heard += card[i, j]
            forb = 1 - heard if heard <= 1 else -1  # W5: the bids may not add up to 1
            off = _best(wins[h], cnt[h], bonus, -1)
            on = _best(wins[h], cnt[h], bonus, forb)
            if off == forb:
                row[8 * n] += 1
            if forb >= 0:
                row[8 * n + 1] += 1
            card_forb = 1 - card_heard if card_heard <= 1 else -1
            card_off = card[i, d]
            card_on = 1 - card_off if card_off == card_forb else card_off
            if card_off == card_forb:
                row[8 * n + 2] += 1
            for r in range(2):
                for j in range(n):
                    took = 1 if j == w else 0
                    if j == d:
                        bid = on if r == 1 else off
                        cbid = card_on if r == 1 else card_off
                    else:
                        bid = (h >> j) & 1
                        cbid = card[i, j]
                    _add_score(row, 0, n, r, j, bid, took, bonus)
                    _add_score(row, 4 * n, n, r, j, cbid, took, bonus)


def draw_views(players: int, count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``count`` dealer views drawn uniformly: trump ranks and the cards of seats ``0 .. n - 2``
    (distinct, not the turned trump)."""
    ranks = ranks_per_suit(players)
    size = 4 * ranks
    trumps = rng.integers(0, ranks, size=count)
    views = np.empty((count, players - 1), dtype=np.int64)
    for k in range(count):
        views[k] = rng.choice(np.delete(np.arange(size), trumps[k]), players - 1, replace=False)
    return trumps.astype(np.int64), views


def sample_chunk(players: int, bonus: int, seed: int, chunk: int) -> np.ndarray:
    """The samples of chunk ``chunk`` (``int64[CHUNK, 8n + 3]``, see :func:`score_views`)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(chunk + 1)[chunk])
    trumps, views = draw_views(players, CHUNK, rng)
    out = np.zeros((CHUNK, n_fields(players)), dtype=np.int64)
    score_views(players, bonus, trumps, views, out)
    return out


def check_inputs(players: int, bonus: int, samples: int, seed: int) -> None:
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise ValueError(f"players must be {PLAYERS_MIN} to {PLAYERS_MAX}, got {players}")
    if not 1 <= bonus <= 1000:
        raise ValueError(f"the made-bid bonus must be between 1 and 1000, got {bonus}")
    if not CHUNK <= samples <= 10_000_000 or samples % CHUNK:
        raise ValueError(
            f"--samples must be a multiple of {CHUNK} from {CHUNK} to 10000000, got {samples}"
        )
    if seed < 0:
        raise ValueError(f"--seed must be non-negative, got {seed}")


def sample_chunks(
    players: int, bonus: int, samples: int, seed: int, workers: int | None = None
) -> np.ndarray:
    """Per-chunk sums (``int64[samples / CHUNK, 8n + 3]``), chunks run on a thread pool (the
    kernels release the GIL); the same for any number of workers."""
    check_inputs(players, bonus, samples, seed)
    chunks = samples // CHUNK
    with ThreadPoolExecutor(max_workers=workers) as pool:
        rows = list(
            pool.map(lambda i: sample_chunk(players, bonus, seed, i).sum(axis=0), range(chunks))
        )
    return np.asarray(rows, dtype=np.int64)


@dataclass(frozen=True)
class Estimate:
    """A mean per deal and its 95% interval (t over chunks); ``lo`` and ``hi`` are None from a
    single chunk, and ``mean`` too when a ratio has nothing to divide by."""

    mean: float | None
    lo: float | None
    hi: float | None

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci95": None if self.lo is None else [self.lo, self.hi]}


def _estimate(e: core_stats.Estimate) -> Estimate:
    lo, hi = (None, None) if e.ci is None else e.ci
    return Estimate(e.value, lo, hi)


def _t_interval(per_chunk: np.ndarray, bounds: tuple[float, float] | None = None) -> Estimate:
    return _estimate(core_stats.chunk_mean(per_chunk, bounds=bounds))


def _ratio(num: np.ndarray, den: np.ndarray) -> Estimate:
    """``sum(num) / sum(den)`` with a delta-method interval over chunks."""
    return _estimate(core_stats.chunk_ratio(num, den))


@dataclass(frozen=True)
class SampledEquilibrium:
    """Sampled results at one table size (see the module); ``chunks`` are the raw sums."""

    players: int
    bonus: int
    samples: int
    seed: int
    chunks: np.ndarray  # int64[samples / CHUNK, 8n + 3]

    @property
    def deals(self) -> int:
        return self.samples * 7 * self.players

    @property
    def _per_deal(self) -> int:
        return CHUNK * 7 * self.players

    def field(self, name: str, r: int = 1, seat: int = 0) -> np.ndarray:
        """Per-chunk sums of one field (``r`` restriction off/on, for per-seat fields)."""
        n = self.players
        at = {"score": 0, "made": 2 * n, "card_score": 4 * n, "card_made": 6 * n}
        if name in at:
            return self.chunks[:, at[name] + r * n + seat]
        return self.chunks[:, 8 * n + ("forced", "restricted", "card_forced").index(name)]

    def mean(self, x: np.ndarray, bounds: tuple[float, float] | None = None) -> Estimate:
        return _t_interval(x / self._per_deal, bounds)

    def share(self, x: np.ndarray) -> Estimate:
        """A share of the deals: its interval stays within [0, 1]."""
        return self.mean(x, core_stats.PROPORTION)

    def mean_score(self, seat: int, restriction: bool = True) -> Estimate:
        return self.mean(self.field("score", int(restriction), seat))

    def made_rate(self, seat: int, restriction: bool = True) -> Estimate:
        return self.share(self.field("made", int(restriction), seat))

    def _cost(self, prefix: str = "") -> np.ndarray:
        d = self.players - 1
        return self.field(prefix + "score", 0, d) - self.field(prefix + "score", 1, d)

    @property
    def dealer_cost(self) -> Estimate:
        return self.mean(self._cost())

    @property
    def forced_share(self) -> Estimate:
        return self.share(self.field("forced"))

    @property
    def restricted_share(self) -> Estimate:
        return self.share(self.field("restricted"))

    @property
    def forced_cost(self) -> Estimate:
        """The dealer's mean loss in the deals where the restriction binds (a ratio estimate)."""
        return _ratio(self._cost(), self.field("forced"))

    @property
    def card_cost(self) -> Estimate:
        """The dealer's cost with every seat bidding from the cards alone, on the same deals."""
        return self.mean(self._cost("card_"))

    @property
    def card_forced_share(self) -> Estimate:
        return self.share(self.field("card_forced"))

    @property
    def card_forced_cost(self) -> Estimate:
        return _ratio(self._cost("card_"), self.field("card_forced"))

    @property
    def listening_change(self) -> Estimate:
        """Equilibrium cost minus card-only cost, paired on the same deals."""
        return self.mean(self._cost() - self._cost("card_"))

    def to_json(self, restriction: bool = True) -> dict[str, Any]:
        r = restriction
        zero = Estimate(0.0, 0.0, 0.0)
        return {
            "players": self.players,
            "bonus": self.bonus,
            "dealer_restriction": restriction,
            "exact": False,
            "samples": self.samples,
            "seed": self.seed,
            "deals": self.deals,
            "seats": [
                {
                    "mean_score": self.mean_score(i, r).mean,
                    "mean_score_ci95": self.mean_score(i, r).to_json()["ci95"],
                    "made_rate": self.made_rate(i, r).mean,
                    "made_rate_ci95": self.made_rate(i, r).to_json()["ci95"],
                }
                for i in range(self.players)
            ],
            **_with_ci("dealer_forced_share", self.forced_share if r else zero),
            **_with_ci("dealer_restricted_share", self.restricted_share if r else zero),
            **_with_ci("dealer_cost", self.dealer_cost),
            **_with_ci("dealer_cost_when_forced", self.forced_cost),
            **_with_ci("card_only_dealer_cost", self.card_cost),
        }


def _with_ci(name: str, e: Estimate) -> dict[str, Any]:
    return {name: e.mean, f"{name}_ci95": e.to_json()["ci95"]}


def sampled_equilibrium(
    players: int, samples: int, seed: int, bonus: int = 5, workers: int | None = None
) -> SampledEquilibrium:
    """The equilibrium scored on ``samples`` dealer views (``7n`` deals each); see the module."""
    chunks = sample_chunks(players, bonus, samples, seed, workers)
    return SampledEquilibrium(players, bonus, samples, seed, chunks)


# --- the cache of slow results (data/) ----------------------------------------------------------

#: exact and sampled results too slow for every report run, with the command that made each
CACHE = Path(__file__).resolve().parents[4] / "data" / "whist-blind-equilibrium.json"


def exact_record(e: Equilibrium) -> dict[str, Any]:
    """The raw integer sums of an exact result (:class:`~headcount_lab.games.whist.equilibrium.
    Equilibrium`), enough to rebuild it."""
    return {
        "players": e.players,
        "bonus": e.bonus,
        "deals": e.deals,
        "score": [list(r) for r in e.score],
        "made": [list(r) for r in e.made],
        "forced": e.forced,
        "restricted": e.restricted,
    }


def exact_from_record(rec: dict[str, Any]) -> Equilibrium:
    return Equilibrium(
        players=rec["players"],
        bonus=rec["bonus"],
        deals=rec["deals"],
        score=(tuple(rec["score"][0]), tuple(rec["score"][1])),
        made=(tuple(rec["made"][0]), tuple(rec["made"][1])),
        forced=rec["forced"],
        restricted=rec["restricted"],
    )


def sampled_record(s: SampledEquilibrium) -> dict[str, Any]:
    return {
        "players": s.players,
        "bonus": s.bonus,
        "samples": s.samples,
        "seed": s.seed,
        "chunk": CHUNK,
        "chunks": s.chunks.tolist(),
    }


def sampled_from_record(rec: dict[str, Any]) -> SampledEquilibrium:
    if rec["chunk"] != CHUNK:
        raise ValueError(f"cached chunks of {rec['chunk']} samples, this version uses {CHUNK}")
    chunks = np.asarray(rec["chunks"], dtype=np.int64)
    return SampledEquilibrium(rec["players"], rec["bonus"], rec["samples"], rec["seed"], chunks)


def cache_key(players: int, bonus: int, exact: bool) -> str:
    return f"{'exact' if exact else 'sampled'}-{players}-bonus{bonus}"


def read_cache(path: Path = CACHE) -> dict[str, Any]:
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def cached_exact(players: int, bonus: int = 5, path: Path = CACHE) -> Equilibrium | None:
    rec = read_cache(path).get(cache_key(players, bonus, True))
    return None if rec is None else exact_from_record(rec["result"])


def cached_sampled(players: int, bonus: int = 5, path: Path = CACHE) -> SampledEquilibrium | None:
    rec = read_cache(path).get(cache_key(players, bonus, False))
    return None if rec is None else sampled_from_record(rec["result"])


def write_cache_entry(key: str, command: str, result: dict[str, Any], path: Path = CACHE) -> None:
    """Add or replace one entry (the command that made it and its result); keys sorted, so the
    file changes only where a result does."""
    data = read_cache(path)
    data[key] = {"command": command, "result": result}
    text = json.dumps(dict(sorted(data.items())), indent=1, sort_keys=True) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


# --- the equilibrium as a rule a person can follow ----------------------------------------------


@njit(nogil=True, cache=True)
def _tally_patterns(n, strategy, free, pattern, forced):
    """Over every deal (trump card of suit 0), tally the equilibrium bids with the restriction
    on. Outputs (``int64``, added to): ``pattern[pos, seen, heard, bid]``, deals by position, a
    trump in sight (``seen``), whether an earlier seat bid 1 (``heard``) and the bid;
    ``forced[heard_ones, made]`` the deals where W5 forbids the dealer's unrestricted bid, by
    the number of 1-bids it heard (0 or 1) and whether its forced bid is then made."""
    ranks = 2 * n
    size = 4 * ranks
    d = n - 1
    c = np.full(n, -1, dtype=np.int64)
    for t in range(ranks):
        c[0] = -1
        while next_deal(c, uint64(1) << uint64(t), size):
            h = 0
            ones = 0
            w = trick_winner(c, n, 0, ranks)
            for j in range(n):
                key = view_key(c, n, j, t, size)
                b = strategy[j, key, h]
                seen = 0
                for s in range(n):
                    if s != j and c[s] < ranks:
                        seen = 1
                pattern[j, seen, 1 if ones > 0 else 0, b] += 1
                if j == d and ones <= 1 and free[key, h] == 1 - ones:
                    forced[ones, 1 if b == (1 if w == d else 0) else 0] += 1
                h |= np.int64(b) << j
                ones += b


def bid_patterns(players: int, bonus: int = 5) -> dict[str, np.ndarray]:
    """The exact equilibrium's bids by position, trump in sight and whether an earlier seat bid
    1 (:func:`_tally_patterns`), for table sizes the tables cover (3 and 4 players)."""
    strategy, free = solve(players, bonus)
    out = {
        "pattern": np.zeros((players, 2, 2, 2), dtype=np.int64),
        "forced": np.zeros((2, 2), dtype=np.int64),
    }
    _tally_patterns(players, strategy, free, out["pattern"], out["forced"])
    return out


track_module(globals())  # every cached function here is keyed on the files it reaches
