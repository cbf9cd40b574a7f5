"""Training the ``equilibrium`` bot's table by self-play: fictitious play over the abstraction.

Method. Each seat of a round is the table (:mod:`.equilibrium`) or, with probability
``field_share``, one of the ``field`` bots (a population: the table meets itself, the common
bots and, in the committed tables, responders the best-response meter found against earlier
tables). One iteration plays a batch of rounds; at each decision a table seat explores (an
action drawn uniformly among the legal ones) with probability ``explore``, else it follows the
table. Each decision's abstract state, action and whether its seat lost the round are added to
running totals, older iterations discounted by ``DECAY``, so the estimated loss rate of an
action is its value against the recent tables and the field. The best response, per state, is
the action with the lowest estimated loss; the table moves towards it with step ``2 / (k + 2)``
(fictitious play: the table is a weighted average of the best responses). A state with fewer
than ``MIN_VISITS`` visits keeps its row. The objective is the chance of losing the round; the
cost of a peek (an open life card turned face down, so no peek later) lies outside it.

Rounds are drawn to cover the situations of a game: the number of active seats is uniform on
``2..players``, each seat can peek (has an open life card) with probability ``P_CAN_PEEK``.
The round is played by the house rules given (:data:`ROUND_FLAGS`, the flags that change a
round; the committed tables are the rulings' defaults): whether there is a hidden card (without
one nobody peeks and a view has one unseen card, its own), the lowest opening bid (H5), who wins
a tie (H6: the call-win counts, the safe bids and the loser all use the tie shift), whether the
start player may peek before opening and whether a peeker must raise (H7). The flags of the
game around a round (lives H8, who starts next H9, pointing H10) cannot change which action
loses a round least, the objective, and do not reach the training. (Ties to the caller, H6,
are a relabelling of the bids while the opening bid is free, a bid of b claiming what b + 1
claims under the rulings: in self-play alone the training gives the same table bit for bit;
the field bots of a population do not all read the tie rule, so with them it differs.)

After the last iteration one more batch, without exploration but with the same population,
estimates the probability that a call wins in each bid state (the belief the
bot states): a seat cannot tell which policy a bidder plays, so its belief is the mixture over
the population, not self-play alone. Sparse states borrow strength from all bid states with the
same active seats and view-alone survival bucket (a prior of ``PRIOR`` rounds). ``double``
trains on the Double variant's deck (H4).

:func:`train_rules` keeps of a rule set what the training honours; :data:`TRAINER_VERSION`
changes when the same arguments would train another table (the adapted tables' cache key).

Everything is seeded: iteration ``k`` plays from the stream ``block_state(seed, k)``, the
kernel is sequential, so the same arguments give the same table, bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import rejit, track_sources
from headcount_lab.core.rng import block_state, partial_shuffle, uniform
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount.agents import (
    CALL,
    N_PARAMS,
    Beliefs,
    BotSet,
    bid_every,
    bot_set,
    build_beliefs,
    eq_bid_state,
    eq_raise,
    parse_bot,
    peek_every,
    safe_bid,
    sf_at,
    table_params,
    view_mask,
    with_table,
)
from headcount_lab.games.headcount.bots import BAYES, BAYES_FIELD, Bot
from headcount_lab.games.headcount.kernels import (
    R_DOUBLE,
    R_HIDDEN,
    R_MIN_FIRST,
    R_PEEK_RAISE,
    R_SHIFT,
    R_START_PEEK,
    rules_array,
)
from headcount_lab.games.headcount.observation import (
    WORK_ROWS,
    Public,
    Table,
    after_peek,
    observe,
)
from headcount_lab.games.headcount.rules import (
    DOUBLE_DECK,
    PLAYERS_MAX,
    STANDARD_DECK,
    VERSION,
    HeadcountRules,
    bidder_loses,
    count_kernel,
    may_call,
    settle_round,
)

P_CAN_PEEK = 0.75
MIN_VISITS = 30
PRIOR = 20.0
DECAY = 0.7
MAX_BIDS = 200
#: bumped when the same arguments would train another table (part of the adapted tables' key)
TRAINER_VERSION = 1
#: the house-rule flags a training round honours (module docstring); the others cannot change
#: which action loses a round least
ROUND_FLAGS = (
    "double", "hidden_card", "min_first_bid", "tie_goes_to", "start_player_may_peek",
    "peek_must_raise",
)  # fmt: skip


def train_rules(rules: HeadcountRules) -> HeadcountRules:
    """``rules`` with only the flags the training honours (:data:`ROUND_FLAGS`) kept, the
    others at their defaults: two rule sets with the same training rules train the same table."""
    return HeadcountRules(**{k: getattr(rules, k) for k in ROUND_FLAGS})


#: the field bots' decisions in :func:`_selfplay`; :func:`selfplay_for` binds another bot set
#: (with ``bayes``: readers of the table being trained)
field_peek, field_bid = peek_every, bid_every


@njit(nogil=True, cache=True, inline="always")
def _append(a, b, c, i, x, y, z):
    """Row ``i`` of the columns ``a``, ``b``, ``c`` set to ``x``, ``y``, ``z`` (a bid: its value,
    bidder and whether the bidder had peeked; a table seat's decision: its state, action and
    seat); returns the rows then used."""
    a[i] = x
    b[i] = y
    c[i] = z
    return i + 1


@njit(nogil=True, cache=True)
def _selfplay(
    n_rounds,
    n_deck,
    max_players,
    rules,
    table,
    explore,
    field_share,
    f_pol,
    f_par,
    st,
    tables,
    q_n,
    q_loss,
    cw_n,
    cw_win,
):
    """Play ``n_rounds`` rounds: each seat follows ``table`` (float64[1, N_ROWS * N_ACT], the
    policy as one row, read by :func:`.equilibrium.sample`) or, with probability
    ``field_share``, one of the field's bots (``f_pol`` int64[F], ``f_par`` float64[F,
    N_PARAMS], drawn uniformly), which :func:`.agents.act` plays from the belief tables
    ``tables`` (:class:`.agents.Tables`, as the engine takes them); ``n_deck`` cards (18: the
    Double deck, H4). Adds the table seats' visits and losses per (state, action) into
    ``q_n``/``q_loss`` (float64[N_ROWS, N_ACT]) and, per bid state, would-be calls and their
    wins into ``cw_n``/``cw_win`` (float64[BID_ROWS]). ``st``: uint64[4] stream; ``rules``: the
    house rules as the engine takes them (:func:`.kernels.rules_array`), of which the round's
    flags are read."""
    hidden_on = rules[R_HIDDEN] != 0
    min_first = rules[R_MIN_FIRST]
    shift = rules[R_SHIFT]
    start_peek = rules[R_START_PEEK] != 0
    peek_raise = rules[R_PEEK_RAISE] != 0
    deck = np.empty(n_deck, np.int64)
    cards = np.empty(max_players, np.int64)
    seen = np.empty(max_players, np.int64)
    active = np.zeros(max_players, np.bool_)
    can_peek = np.zeros(max_players, np.bool_)
    peeked = np.zeros(max_players, np.bool_)
    who = np.zeros(max_players, np.int64)  # -1: the table, else a field bot
    in_play = np.empty(max_players + 1, np.int64)
    bids = np.zeros(MAX_BIDS, np.int64)
    bid_peeked = np.zeros(MAX_BIDS, np.bool_)
    bidders = np.zeros(MAX_BIDS, np.int64)
    d_row = np.empty(4 * MAX_BIDS, np.int64)
    d_act = np.empty(4 * MAX_BIDS, np.int64)
    d_seat = np.empty(4 * MAX_BIDS, np.int64)
    work = np.zeros((WORK_ROWS, 32))
    open_l = np.zeros(max_players, np.int64)
    row_of, sf, lo = tables.row_of, tables.sf, tables.lo
    for _ in range(n_rounds):
        n = 2 + np.int64(uniform(st) * (max_players - 1))
        for s in range(max_players):
            active[s] = s < n
            can_peek[s] = s < n and uniform(st) < P_CAN_PEEK
            peeked[s] = False
            who[s] = -1
            if f_pol.shape[0] > 0 and uniform(st) < field_share:
                who[s] = np.int64(uniform(st) * f_pol.shape[0])
        for i in range(n_deck):
            deck[i] = i
        partial_shuffle(st, deck, n + 2)
        for s in range(n):
            cards[s] = deck[s]
            in_play[s] = deck[s]
        if hidden_on:
            hidden = deck[n]
            in_play[n] = hidden
            total = count_kernel(in_play, n + 1, deck[n + 1])
        else:  # foreheads only; the next card is the draw-pile top (H2)
            hidden = np.int64(-1)
            total = count_kernel(in_play, n, deck[n])
        nd = 0
        nb = np.int64(0)
        me = np.int64(0)
        # the field bots' table: the round's rules; a seat that can peek has an open life card
        tab = Table(np.int64(n), np.int64(n_deck), hidden_on, min_first, shift, start_peek,
                    peek_raise)  # fmt: skip
        for s in range(max_players):
            open_l[s] = 1 if can_peek[s] else 0
        while True:
            for s in range(n):
                seen[s] = cards[s] if s != me else -1
            just_peeked = False
            if who[me] >= 0:  # a field bot, asked as the engine asks it
                f = who[me]
                may = hidden_on and can_peek[me] and (nb > 0 or start_peek) and not peeked[me]
                public = Public(nb, bids, bidders, bid_peeked, peeked, open_l)
                obs = observe(
                    me, active, tab, public, cards, hidden, np.bool_(True), np.int64(-1), seen
                )
                if may and field_peek(f_pol[f], f_par[f], obs, tables, work, uniform(st)) == 1:
                    peeked[me] = True
                    just_peeked = True
                obs = after_peek(obs, hidden, may_call(nb, just_peeked, peek_raise))
                a = field_bid(f_pol[f], f_par[f], obs, tables, work, uniform(st))
                if a == CALL or nb >= MAX_BIDS - 1:
                    break
                bid = max(a, bids[nb - 1] + 1) if nb > 0 else max(a, min_first)
                nb = _append(bids, bidders, bid_peeked, nb, bid, me, peeked[me])
                me = (me + 1) % n
                continue
            mask, _ = view_mask(me, n, active, seen, hidden if peeked[me] else -1)
            row = np.int64(row_of[1 if peeked[me] or not hidden_on else 2, mask])
            if hidden_on and can_peek[me] and not peeked[me] and (nb > 0 or start_peek):
                p = sf_at(sf, row, lo, bids[nb - 1] + shift) if nb > 0 else 0.5
                r = EQ.peek_row(n, p, nb, 1 if nb > 0 and bid_peeked[nb - 1] else 0)
                if uniform(st) < explore:
                    a = 1 if uniform(st) < 0.5 else 0
                else:
                    a = EQ.sample(table, 0, r, 0, 2, uniform(st))
                nd = _append(d_row, d_act, d_seat, nd, r, a, me)
                if a == 1:
                    peeked[me] = True
                    just_peeked = True
                    mask, _ = view_mask(me, n, active, seen, hidden)
                    row = np.int64(row_of[1, mask])
            if nb == 0:
                r = EQ.open_row(n, safe_bid(sf, row, lo, 0.5, 0))
                if uniform(st) < explore:
                    a = np.int64(uniform(st) * EQ.N_ACT)
                else:
                    a = EQ.sample(table, 0, r, 0, EQ.N_ACT, uniform(st))
                nd = _append(d_row, d_act, d_seat, nd, r, a, me)
                bid = max(safe_bid(sf, row, lo, EQ.OPEN_LEVELS[a], shift), min_first)
                nb = _append(bids, bidders, bid_peeked, nb, bid, me, peeked[me])
            else:
                last = bids[nb - 1]
                r = eq_bid_state(sf, row, lo, n, nb, bids, peeked[me], bid_peeked, shift)
                cw_n[r] += 1.0
                if bidder_loses(total, last, shift):  # H6: a call here would win
                    cw_win[r] += 1.0
                first = 0 if may_call(nb, just_peeked, peek_raise) else 1  # H7: a peeker raises
                if nb >= MAX_BIDS - 1:
                    a = EQ.A_CALL  # safety valve
                elif uniform(st) < explore:
                    a = first + np.int64(uniform(st) * (EQ.N_ACT - first))
                else:
                    a = EQ.sample(table, 0, r, first, EQ.N_ACT, uniform(st))
                nd = _append(d_row, d_act, d_seat, nd, r, a, me)
                if a == EQ.A_CALL:
                    break
                bid = eq_raise(sf, row, lo, last, a, shift)
                nb = _append(bids, bidders, bid_peeked, nb, bid, me, peeked[me])
            me = (me + 1) % n
        loser, _ = settle_round(total, bids[nb - 1], bidders[nb - 1], me, shift)
        for i in range(nd):
            q_n[d_row[i], d_act[i]] += 1.0
            if d_seat[i] == loser:
                q_loss[d_row[i], d_act[i]] += 1.0


@cache
def selfplay_for(bots: BotSet) -> Any:
    """:func:`_selfplay` with the field's decisions taken from ``bots`` (as
    :func:`headcount_lab.games.headcount.kernels.engine` binds a bot set): ``_selfplay`` itself
    for the sets it already plays, a copy named after the set otherwise (its own cache file)."""
    if bots.name in ("base", "every"):
        return _selfplay
    return rejit(_selfplay, f"selfplay_{bots.name}", {"nogil": True, "cache": True},
                 field_peek=bots.peek, field_bid=bots.bid)  # fmt: skip


def reader_gain(bel: Beliefs, pol: np.ndarray, players: int) -> np.ndarray:
    """``bel.gain`` with the table ``pol`` packed after the belief rows, as the engine packs the
    committed table (:func:`headcount_lab.games.headcount.agents.build_beliefs`): what a
    ``bayes:field=equilibrium`` seat of the population reads, so it models the table as it is
    in this iteration. Its call-win rows are unused by the reader's likelihoods (zeros)."""
    now = EQ.EquilibriumPolicy(pol, np.zeros(EQ.BID_ROWS), {"players": players})
    # read-only like the engine's tables: the bayes functions then have the engine's argument
    # types, so numba loads the ones ``headcount-lab warm`` compiled instead of compiling again
    return with_table(bel.gain, now, bel.sf)


def initial_policy() -> np.ndarray:
    """Uniform over the legal actions of each state (a peek state has two)."""
    pol = np.full((EQ.N_ROWS, EQ.N_ACT), 1.0 / EQ.N_ACT)
    pol[EQ.PEEK0 :] = 0.0
    pol[EQ.PEEK0 :, :2] = 0.5
    return pol


def best_response(q_n: np.ndarray, q_loss: np.ndarray, pol: np.ndarray) -> np.ndarray:
    """Per state, all weight on the action with the lowest estimated loss (among actions seen
    ``MIN_VISITS`` times; a state without any keeps its row of ``pol``)."""
    rate = np.where(q_n >= MIN_VISITS, q_loss / np.maximum(q_n, 1.0), np.inf)
    rate[EQ.PEEK0 :, 2:] = np.inf
    best = np.argmin(rate, axis=1)
    br = np.zeros_like(pol)
    br[np.arange(pol.shape[0]), best] = 1.0
    seen = np.isfinite(rate).any(axis=1)
    br[~seen] = pol[~seen]
    return br


def call_win_table(cw_n: np.ndarray, cw_win: np.ndarray) -> np.ndarray:
    """Per bid state, the share of would-be calls that win, shrunk towards the pooled share of
    the states with the same active seats and survival bucket (prior of ``PRIOR`` rounds)."""
    shape = (EQ.N_ACTIVE, EQ.N_GAP, EQ.N_NB * EQ.N_RAISE * 4)
    n = cw_n.reshape(shape)
    w = cw_win.reshape(shape)
    pooled = (w.sum(axis=2, keepdims=True) + 0.5) / (n.sum(axis=2, keepdims=True) + 1.0)
    return ((w + PRIOR * pooled) / (n + PRIOR)).reshape(-1)


@dataclass(frozen=True)
class _Population:
    """The field bots of a population and the belief tables they and the table play from."""

    bots: list[Bot]
    f_pol: np.ndarray
    f_par: np.ndarray
    bel: Beliefs
    players: int
    rules: np.ndarray  #: the training rules as the engine takes them (:func:`.kernels.rules_array`)

    @classmethod
    def of(
        cls, field: tuple[str, ...], players: int, rules: HeadcountRules, flag: str
    ) -> _Population:
        bots = [parse_bot(f) for f in field]
        if any(b.name == "equilibrium" for b in bots):
            raise ValueError(f"{flag}: the table itself is the other part of the population")
        levels, f_par = table_params(bots)
        f_pol = np.array([b.policy for b in bots], dtype=np.int64)
        bel = build_beliefs(rules.double, max(players, 3), rules.hidden_card, True, levels)
        return cls(bots, f_pol, f_par.reshape(len(bots), N_PARAMS), bel, players,
                   rules_array(rules))  # fmt: skip

    def play(self, rounds, pol, explore, share, state, q_n, q_loss, cw_n, cw_win) -> None:  # type: ignore[no-untyped-def]
        """:func:`_selfplay` of ``rounds`` rounds with the table ``pol`` and this field (a
        ``bayes`` seat of the field reads ``pol`` itself: :func:`reader_gain`)."""
        b = self.bel
        deck = DOUBLE_DECK if self.rules[R_DOUBLE] else STANDARD_DECK
        selfplay_for(bot_set(self.f_pol))(
            rounds, deck, self.players, self.rules, pol.reshape(1, -1), explore, share,
            self.f_pol, self.f_par, state, b.tables._replace(gain=self.gain(pol)), q_n, q_loss,
            cw_n, cw_win,
        )  # fmt: skip

    def gain(self, pol: np.ndarray) -> np.ndarray:
        """The gain rows the field plays from: :func:`reader_gain` (the table ``pol`` packed in)
        when a ``bayes`` seat sits and none reads ``bayes`` seats, the committed rows otherwise.
        The test is on the seats, not on the bot set's name: it was "the ``all`` set", which
        stopped being picked when the ``bayes`` sets merged into ``readers`` (63b8812), and
        training against ``bayes:field=equilibrium`` then read the committed table."""
        bayes = self.f_pol == BAYES
        if bayes.any() and not (bayes & (self.f_par[:, BAYES_FIELD] == BAYES)).any():
            return reader_gain(self.bel, pol, self.players)
        return self.bel.gain


def stated_beliefs(
    pol: np.ndarray, pop: _Population, rounds: int, share: float, state: np.ndarray
) -> np.ndarray:
    """Per bid state, the chance that a call wins (:func:`call_win_table`) in ``rounds`` rounds
    without exploration, each seat the table ``pol`` or, with probability ``share``, one of the
    population's field bots: a seat cannot tell which policy a bidder plays, so the belief is a
    mixture over the bidders it expects."""
    cw_n = np.zeros(EQ.BID_ROWS)
    cw_win = np.zeros(EQ.BID_ROWS)
    scratch = np.zeros((EQ.N_ROWS, EQ.N_ACT))
    pop.play(rounds, pol, 0.0, share, state, scratch, scratch.copy(), cw_n, cw_win)
    return call_win_table(cw_n, cw_win)


def train(
    players: int,
    iterations: int,
    rounds: int,
    seed: int,
    explore: float = 0.1,
    field: tuple[str, ...] = (),
    field_share: float = 0.0,
    double: bool = False,
    belief_field: tuple[str, ...] = (),
    belief_share: float = 0.0,
    progress: Callable[[int], None] | None = None,
    rules: HeadcountRules | None = None,
    start: EQ.EquilibriumPolicy | None = None,
    start_k: int = 1,
) -> EQ.EquilibriumPolicy:
    """Fictitious self-play for ``iterations`` batches of ``rounds`` rounds (module docstring);
    the stated beliefs from one more batch against ``belief_field`` (share ``belief_share``).
    ``progress(rounds)`` after each of the ``iterations + 1`` batches (a progress bar).
    ``rules``: the house rules the rounds are played by (:func:`train_rules` of them; default:
    the rulings on the deck of ``double``, which must agree with ``rules.double``)."""
    if rules is not None and rules.double != double:
        raise ValueError("the rules' deck (double) and the double argument disagree")
    played = train_rules(rules if rules is not None else HeadcountRules(double=double))
    if not 2 <= players <= PLAYERS_MAX:
        raise ValueError(f"--players must be between 2 and {PLAYERS_MAX}, got {players}")
    if iterations < 1:
        raise ValueError(f"--iterations must be at least 1, got {iterations}")
    if rounds < 1:
        raise ValueError(f"--rounds must be at least 1, got {rounds}")
    if not 0.0 <= explore < 1.0:
        raise ValueError(f"--explore must be in [0, 1), got {explore}")
    if seed < 0:
        raise ValueError(f"--seed must be non-negative, got {seed}")
    for flag, share in (("--field-share", field_share), ("--belief-share", belief_share)):
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"{flag} must be in [0, 1], got {share}")
    pop = _Population.of(field, players, played, "--field")
    believed = _Population.of(belief_field, players, played, "--belief-field")
    q_n = np.zeros((EQ.N_ROWS, EQ.N_ACT))
    q_loss = np.zeros((EQ.N_ROWS, EQ.N_ACT))
    cw = np.zeros(EQ.BID_ROWS)  # the training batches' would-be calls are not used
    # ``start``: continue from a trained table, as if ``start_k - 1`` iterations had made it
    pol = initial_policy() if start is None else EQ.widen(start)[0].copy()
    for k in range(start_k, start_k + iterations):
        pop.play(rounds, pol, explore, field_share, block_state(seed, k), q_n, q_loss, cw,
                 cw.copy())  # fmt: skip
        pol = pol + (best_response(q_n, q_loss, pol) - pol) * (2.0 / (k + 2))
        q_n *= DECAY  # the field changes: older rounds count less
        q_loss *= DECAY
        if progress is not None:
            progress(rounds)
    call_win = stated_beliefs(pol, believed, rounds, belief_share,
                              block_state(seed, start_k + iterations))  # fmt: skip
    if progress is not None:
        progress(rounds)
    bots = pop.bots
    changed = rule_changes(played)
    meta: dict[str, Any] = {
        "schema": EQ.SCHEMA,
        "rules_version": VERSION,
        "abstraction": EQ.ABSTRACTION,
        "method": "fictitious self-play over the abstraction, round-loss objective",
        "players": players,
        "double": double,
        "iterations": iterations,
        "rounds": rounds,
        "seed": seed,
        "explore": explore,
        "field": [b.spec for b in bots],
        "field_share": field_share,
        "belief_field": [b.spec for b in believed.bots],
        "belief_share": belief_share,
        "command": (
            f"headcount-lab headcount train-equilibrium --players {players} "
            + ("--variant double " if double else "")
            + "".join(f"--rule {k}={v} " for k, v in changed.items())
            + f"--iterations {iterations} --rounds {rounds} --explore {explore} "
            + "".join(f"--field {b.spec} " for b in bots)
            + f"--field-share {field_share} "
            + "".join(f"--belief-field {b.spec} " for b in believed.bots)
            + f"--belief-share {belief_share} --seed {seed}"
        ),
        "visited_states": int((q_n.sum(axis=1) > 0).sum()),
        "states": EQ.N_ROWS,
    }
    if changed:  # the committed tables' meta stays as it was: they train by the rulings
        meta["rules"] = {k: getattr(played, k) for k in ROUND_FLAGS}
    return EQ.EquilibriumPolicy(pol, call_win, meta)


def trainer_kernels() -> None:
    """``headcount-lab warm``'s step for ``train-equilibrium``: one short batch compiles (or
    loads) the self-play kernel, so the command's first run and its run-time estimate do not
    wait for numba (about 8 s of compiling)."""
    train(players=4, iterations=1, rounds=50, seed=0)


def rule_changes(rules: HeadcountRules) -> dict[str, str]:
    """The training flags of ``rules`` other than the rulings' (the deck aside: ``--variant``),
    as ``--rule`` values."""
    base = HeadcountRules(double=rules.double)
    out = {}
    for k in ROUND_FLAGS:
        v = getattr(rules, k)
        if k != "double" and v != getattr(base, k):
            out[k] = ("on" if v else "off") if isinstance(v, bool) else str(v)
    return out


track_sources(_selfplay)
