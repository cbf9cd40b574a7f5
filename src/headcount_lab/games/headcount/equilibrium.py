"""The ``equilibrium`` bot: its abstraction of a seat's view, and its policy tables on disk.

The bot plays from a table trained by self-play
(:mod:`headcount_lab.research.headcount.equilibrium_train`); this module holds what the bot and
the trainer share: how an observation is cut into an *abstract state*, the
actions, the table layout, and loading and saving with the rules version.

Abstraction (documented in ``docs/games/headcount.md``). From its view a seat knows the
distribution of the total over the cards it cannot see (:mod:`.exact`); ``med`` is its median.
The bids are summarised by the chance that the last bid survives a call by the view alone
(16 buckets, what the cards in sight say about the bid), the number of bids so far (1, 2, 3
or more), the size of the last raise (none: only the opening bid; 1-2; 3-5; 6 or more),
whether the seat itself has peeked and whether the last bidder had peeked, and the number of
active seats (2 to 6). An opening bid knows only ``med`` (buckets of 4 from -10) and the
active seats; a peek decision knows that chance, the bids so far,
whether the last bidder peeked and the active seats.

Actions: at a bid with a bid to answer, "Count!", the minimum raise, or the highest bid that
survives a call with probability 0.9, 0.7, 0.5 or 0.3 by the view alone (at least the minimum
raise); an opening bid is the highest that survives with probability 0.95, 0.85, 0.7, 0.55, 0.4
or 0.25 (at least the lowest legal opening); a peek is no or yes.

One table per deck: the standard game (also Trickster, whose rounds are the standard game's) and
Double (:func:`default_path`), each trained on its own deck.

Tables: ``policy`` float64[N_ROWS, N_ACT], a probability per action for every abstract state
(bid states first, then opening states, then peek states; a peek row uses columns 0 and 1);
``call_win`` float64[BID_ROWS], the probability that a call wins in each bid state, the
belief the bot states (:func:`stated_call_win`). In the engine both tables sit, flattened, in
extra rows appended to the belief tables' ``gain`` array (:func:`pack`) so that the bots keep
one argument list; rows ``sf.shape[0]`` onwards of ``gain`` are the bot's table, each holding
whole states so that a decision finds its row with one division.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.games.headcount.rules import VERSION

SCHEMA = "headcount-equilibrium/1"

N_ACTIVE = 5  # active seats 2..6
N_GAP = 16  # buckets of P(last bid survives | the view alone), 1/16 wide
N_NB = 3  # bids so far: 1, 2, 3+
N_RAISE = 4  # last raise: none (opening only), 1-2, 3-5, 6+
MED_LO, MED_STEP, N_MED = -10, 4, 15
N_ACT = 6
A_CALL = 0
A_MIN = 1  # the minimum raise
#: action a >= 2 bids what survives with LEVELS[a] by the view alone (at least the minimum);
#: the safe 0.9 raise is what the meter's responders played against the five-action table,
#: which could only add one or jump to a bid that fails three times in ten
LEVELS = np.array([0.0, 0.0, 0.9, 0.7, 0.5, 0.3])
#: opening action a bids what survives with OPEN_LEVELS[a]
OPEN_LEVELS = np.array([0.95, 0.85, 0.7, 0.55, 0.4, 0.25])
#: survival levels whose safe bids the engine stores per belief row (:func:`pack`): the median
#: first, then the opening levels, then the raise levels (index ``S_OPEN + a``, ``S_RAISE + a``)
SAFE_LEVELS = np.concatenate([[0.5], OPEN_LEVELS, LEVELS[2:]])
S_MED, S_OPEN, S_RAISE = 0, 1, 1 + N_ACT  # S_RAISE + a - 2 for raise actions a = 2..N_ACT-1
N_SAFE = SAFE_LEVELS.size

BID_ROWS = N_ACTIVE * N_GAP * N_NB * N_RAISE * 4
OPEN0 = BID_ROWS
OPEN_ROWS = N_ACTIVE * N_MED
PEEK0 = OPEN0 + OPEN_ROWS
PEEK_ROWS = N_ACTIVE * N_GAP * N_NB * 2
N_ROWS = PEEK0 + PEEK_ROWS

ABSTRACTION = {
    "active_seats": [2, 6],
    "bid_survives_by_view": {"buckets": N_GAP},
    "bids_so_far": ["1", "2", "3+"],
    "last_raise": ["none", "1-2", "3-5", "6+"],
    "median": {"lo": MED_LO, "step": MED_STEP, "buckets": N_MED},
    "raises": ["call", "+1", *[float(x) for x in LEVELS[2:]]],
    "opening_levels": [float(x) for x in OPEN_LEVELS],
}


# ---------------------------------------------------------------- abstract states (numba)
# Scalar helpers are real calls (cheap without arrays, and LLVM may inline them); inlining
# them at the numba level cost compile time at every site. Helpers reading the tables are
# inlined: an array argument of a real call costs reference counting on every decision.


@njit(nogil=True, cache=True)
def _clip(x, hi):
    return 0 if x < 0 else (hi if x > hi else x)


@njit(nogil=True, cache=True)
def _p_bucket(p):
    return min(np.int64(p * N_GAP), N_GAP - 1)


@njit(nogil=True, cache=True)
def bid_row(n_active, p, nb, last_raise, self_peeked, bidder_peeked):
    """Row of a bid state: ``p`` = P(last bid survives | the view alone), ``nb`` >= 1 bids so
    far, ``last_raise`` (0 when ``nb`` is 1)."""
    a = _clip(n_active - 2, N_ACTIVE - 1)
    g = _p_bucket(p)
    k = min(nb, N_NB) - 1
    r = 0 if nb <= 1 else (1 if last_raise <= 2 else (2 if last_raise <= 5 else 3))
    return (((a * N_GAP + g) * N_NB + k) * N_RAISE + r) * 4 + self_peeked * 2 + bidder_peeked


@njit(nogil=True, cache=True)
def open_row(n_active, med):
    a = _clip(n_active - 2, N_ACTIVE - 1)
    return OPEN0 + a * N_MED + _clip((med - MED_LO) // MED_STEP, N_MED - 1)


@njit(nogil=True, cache=True)
def peek_row(n_active, p, nb, bidder_peeked):
    """Row of a peek state (``p`` as in :func:`bid_row`; 0.5 before the opening bid)."""
    a = _clip(n_active - 2, N_ACTIVE - 1)
    g = _p_bucket(p if nb > 0 else 0.5)
    k = max(min(nb, N_NB) - 1, 0)
    return PEEK0 + ((a * N_GAP + g) * N_NB + k) * 2 + bidder_peeked


@njit(nogil=True, cache=True, inline="always")
def _policy_at(gain, base, row):
    """Where state ``row``'s ``N_ACT`` entries start in the table stored in ``gain`` from row
    ``base`` on: ``(gain row, column)``; each gain row holds ``width // N_ACT`` whole states."""
    per = gain.shape[1] // N_ACT
    return base + row // per, (row % per) * N_ACT


@njit(nogil=True, cache=True, inline="always")
def call_win_at(gain, base, row):
    """The stated call-win belief of bid state ``row`` (after the policy rows)."""
    w = gain.shape[1]
    per = w // N_ACT
    first = base + (N_ROWS + per - 1) // per
    return gain[first + row // w, row % w]


@njit(nogil=True, cache=True, inline="always")
def safe_col(gain, base, view_row, j):
    """The last column ``t`` of belief row ``view_row`` with P(total >= lo + t) >= SAFE_LEVELS[j]
    (stored after the call-win beliefs, ``width // N_SAFE`` belief rows a gain row)."""
    w = gain.shape[1]
    per = w // N_ACT
    first = base + (N_ROWS + per - 1) // per + (BID_ROWS + w - 1) // w
    per_s = w // N_SAFE
    return np.int64(gain[first + view_row // per_s, (view_row % per_s) * N_SAFE + j])


@njit(nogil=True, cache=True, inline="always")
def sample(gain, base, row, first, stop, u):
    """An action in ``first..stop-1`` drawn with ``u`` from row ``row`` of the policy (weights
    renormalised over those actions; uniform if they are all zero)."""
    r, c = _policy_at(gain, base, row)
    s = 0.0
    for a in range(first, stop):
        s += gain[r, c + a]
    if s <= 0.0:
        return first + min(np.int64(u * (stop - first)), stop - first - 1)
    x = u * s
    acc = 0.0
    for a in range(first, stop - 1):
        acc += gain[r, c + a]
        if x < acc:
            return a
    return stop - 1


@njit(nogil=True, cache=True, inline="always")
def prob(gain, base, row, first, stop, a):
    """The probability that :func:`sample` draws action ``a`` (in ``first..stop-1``) from row
    ``row``: its weight over the weights of those actions, or uniform if they are all zero
    (what a seat that knows the table can compute about the bot's choice)."""
    r, c = _policy_at(gain, base, row)
    s = 0.0
    for b in range(first, stop):
        s += gain[r, c + b]
    if s <= 0.0:
        return 1.0 / (stop - first)
    return gain[r, c + a] / s


# ---------------------------------------------------------------- tables: pack, save, load


def pack(policy: np.ndarray, call_win: np.ndarray, sf: np.ndarray) -> np.ndarray:
    """The tables as float64 rows of the width of ``sf``: the policy, ``width // N_ACT`` whole
    states a row (one division finds a state), the call-win beliefs, then for every belief row
    of ``sf`` the safe-bid column of each of :data:`SAFE_LEVELS` (what a bisection of the row
    would find: its rows fall from 1 to 0), ``width // N_SAFE`` belief rows a gain row."""
    width = sf.shape[1]
    per = width // N_ACT
    p_rows = -(-N_ROWS // per)
    c_rows = -(-BID_ROWS // width)
    out = np.zeros((table_rows(sf), width), dtype=np.float64)
    padded = np.zeros((p_rows * per, N_ACT))
    padded[:N_ROWS] = policy
    out[:p_rows, : per * N_ACT] = padded.reshape(p_rows, per * N_ACT)
    out[p_rows : p_rows + c_rows].reshape(-1)[:BID_ROWS] = call_win
    per_s = width // N_SAFE
    safe = np.zeros((-(-sf.shape[0] // per_s) * per_s, N_SAFE))
    for j, level in enumerate(SAFE_LEVELS):
        safe[: sf.shape[0], j] = (sf >= level).sum(axis=1) - 1
    out[p_rows + c_rows :, : per_s * N_SAFE] = safe.reshape(-1, per_s * N_SAFE)
    return out


def table_rows(sf: np.ndarray) -> int:
    """Rows of ``gain`` that :func:`pack` appends for belief tables ``sf``."""
    width = sf.shape[1]
    per_s = width // N_SAFE
    return -(-N_ROWS // (width // N_ACT)) + -(-BID_ROWS // width) + -(-sf.shape[0] // per_s)


def default_path(double: bool = False) -> Path:
    """``data/headcount-equilibrium-v{VERSION}.npz`` at the repository root (the table the bot
    loads; ``-double`` before the suffix for the Double variant's deck); named with the rules
    version so that a rules change never loads an old table."""
    tail = "-double" if double else ""
    return (
        Path(__file__).resolve().parents[4] / "data" / f"headcount-equilibrium-v{VERSION}{tail}.npz"
    )


@dataclass(frozen=True)
class EquilibriumPolicy:
    """A trained table: ``policy`` float64[N_ROWS, N_ACT], ``call_win`` float64[BID_ROWS]."""

    policy: np.ndarray
    call_win: np.ndarray
    meta: dict[str, Any]

    def digest(self) -> str:
        h = hashlib.sha256()
        h.update(np.ascontiguousarray(self.policy, dtype=np.float64).tobytes())
        h.update(np.ascontiguousarray(self.call_win, dtype=np.float64).tobytes())
        return h.hexdigest()


def widen(pol: EquilibriumPolicy) -> tuple[np.ndarray, np.ndarray]:
    """``(policy, call_win)`` with the rows of more active seats than the table was trained for
    (``meta["players"]``; never visited, so still the uniform start) copied from the rows of
    the most it was trained for: what the engine plays."""
    policy = pol.policy.copy()
    call_win = pol.call_win.copy()
    top = min(int(pol.meta.get("players", 2 + N_ACTIVE - 1)), 2 + N_ACTIVE - 1) - 2
    bid_block = BID_ROWS // N_ACTIVE
    peek_block = PEEK_ROWS // N_ACTIVE
    for a in range(top + 1, N_ACTIVE):
        for first, size in ((0, bid_block), (OPEN0, N_MED), (PEEK0, peek_block)):
            policy[first + a * size : first + (a + 1) * size] = policy[
                first + top * size : first + (top + 1) * size
            ]
        call_win[a * bid_block : (a + 1) * bid_block] = call_win[
            top * bid_block : (top + 1) * bid_block
        ]
    return policy, call_win


def save_policy(path: Path, pol: EquilibriumPolicy) -> None:
    """Write the tables (npz, uncompressed so that the bytes depend only on the tables)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    with open(tmp, "wb") as f:
        np.savez(f, policy=pol.policy, call_win=pol.call_win,
                 meta=np.array(json.dumps(pol.meta, sort_keys=True)))  # fmt: skip
    tmp.replace(path)  # a crash never leaves half a table under the final name


def load_policy(path: Path, double: bool | None = None) -> EquilibriumPolicy:
    """Read a table; refuse one trained for another rules version or abstraction, or (when
    ``double`` is given) for the other deck."""
    if not path.is_file():
        raise ValueError(
            f"no equilibrium table at {path}: train one with "
            "`headcount-lab headcount train-equilibrium`"
        )
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        policy = np.array(z["policy"], dtype=np.float64)
        call_win = np.array(z["call_win"], dtype=np.float64)
    if meta.get("rules_version") != VERSION:
        raise ValueError(
            f"{path} was trained for rules version {meta.get('rules_version')}, not {VERSION}"
        )
    if meta.get("schema") != SCHEMA or meta.get("abstraction") != ABSTRACTION:
        raise ValueError(f"{path} was trained for another abstraction ({meta.get('schema')})")
    if policy.shape != (N_ROWS, N_ACT) or call_win.shape != (BID_ROWS,):
        raise ValueError(f"{path}: tables of the wrong shape")
    if double is not None and bool(meta.get("double", False)) != double:
        deck = "Double" if meta.get("double", False) else "standard"
        raise ValueError(f"{path} was trained for the {deck} deck")
    return EquilibriumPolicy(policy, call_win, meta)


track_module(globals())  # every cached function here is keyed on the files it reaches
