"""Common readers (issue 22 item 3): the public belief over deals, checked against a plain
numpy reference, and the round-level measure's symmetry and its one known leak."""

from __future__ import annotations

import numpy as np
from scipy.stats import binomtest

from headcount_lab.games.headcount.rules import JOKER, TOP, count
from headcount_lab.research.headcount import common_reader as C

P3 = C.deals(3)


def _reference_action(cards, miss, sf, lo, row, viewer, view, nb, last, call, quantile):
    """The policy written out plainly: each deal of the view weighed by the floor to the power
    of its mismatches, the posterior's survival curve over every bid, a linear scan for the
    highest safe bid (H5; ties to the bidder, H6)."""
    mask = np.all(cards[:, viewer] == view, axis=1)
    p = C.FLOOR ** (miss[mask] - miss[mask].min()).astype(float)
    p /= p.sum()
    curve = np.r_[p @ sf[row[mask]], 0.0]  # curve[t] = P(total >= lo + t)

    def at_least(b):
        t = b - lo
        return 1.0 if t <= 0 else float(curve[min(t, len(curve) - 1)])

    if nb > 0 and 1.0 - at_least(last) > call:
        return C.CALL
    safe = max(b for b in range(lo, lo + len(curve)) if at_least(b) >= 1.0 - quantile)
    return max(safe, last + 1) if nb > 0 else safe


def test_the_public_belief_after_each_bid_is_the_plainly_computed_one():
    """Three bids of common readers on a dealt round: after each, a deal carries one mismatch
    more when the actor's policy, asked on that deal's view of it with the weights before its
    bid, does not give the bid seen: counted by the kernel over sorted groups and by numpy over
    every view's mask, the same count on every deal."""
    d = P3
    g = np.random.default_rng(7)
    d0 = int(g.integers(len(d.cards)))
    miss = np.zeros(len(d.cards), dtype=np.int32)
    ref = np.zeros(len(d.cards), dtype=np.int32)
    zeros = np.zeros(len(d.cards), dtype=np.int32)
    nb, last = 0, 0
    for seat, (call, q) in zip((1, 2, 0), ((0.65, 0.03), (0.6, 0.1), (0.8, 0.2)), strict=True):
        others = [k for k in range(3) if k != seat]
        a, z = d.starts[seat, d.group[seat, d0]], d.starts[seat, d.group[seat, d0] + 1]
        act = C.decide(miss, d.order[seat], a, z, d.row, d.sf, d.lo, nb, last, call, q)
        assert act == _reference_action(
            d.cards, ref, d.sf, d.lo, d.row, others, d.cards[d0, others], nb, last, call, q
        )
        assert act != C.CALL
        keep = np.zeros(len(d.cards), dtype=bool)
        for view in np.unique(d.cards[:, others], axis=0):
            m = np.all(d.cards[:, others] == view, axis=1)
            keep[m] = (
                _reference_action(d.cards, ref, d.sf, d.lo, d.row, others, view, nb, last, call, q)
                == act
            )
        ref += ~keep
        C._observe(
            miss,
            zeros,
            d.order[seat],
            d.starts[seat],
            d.row,
            d.sf,
            d.lo,
            nb,
            last,
            True,
            call,
            q,
            act,
        )
        np.testing.assert_array_equal(miss, ref)
        assert 0 < keep.sum() < len(keep)  # the bid told the table something
        nb, last = nb + 1, act


def test_the_quick_check_agrees_with_the_search_on_every_action():
    """``gives`` (three chances) says yes to the action ``decide`` (a search) takes and no to the
    call and to the bids around it, on random posteriors."""
    d = P3
    g = np.random.default_rng(3)
    for _ in range(200):
        seat = int(g.integers(3))
        grp = int(g.integers(d.starts.shape[1] - 1))
        a, z = d.starts[seat, grp], d.starts[seat, grp + 1]
        miss = g.integers(0, 3, size=len(d.cards)).astype(np.int32)
        nb = int(g.integers(0, 3))
        last = int(g.integers(-5, 40))
        call, q = float(g.uniform(0.3, 0.95)), float(g.uniform(0.01, 0.5))
        act = C.decide(miss, d.order[seat], a, z, d.row, d.sf, d.lo, nb, last, call, q)
        for other in {act, C.CALL, act - 1, act + 1, last + 1, last + 2}:
            got = C.gives(miss, d.order[seat], a, z, d.row, d.sf, d.lo, nb, last, call, q, other)
            assert got == (other == act), (nb, last, act, other)


def test_a_seat_cannot_tell_apart_the_deals_that_differ_in_its_card_and_the_hidden_card():
    """Fair play: a seat decides on its group, and its group is exactly the deals that agree on
    the foreheads it sees (15 * 14 completions of two seen cards at 3 players)."""
    d = P3
    for seat in range(3):
        others = [k for k in range(3) if k != seat]
        sizes = np.diff(d.starts[seat])
        assert np.all(sizes == 15 * 14)
        for grp in (0, 100, 271):
            members = d.order[seat, d.starts[seat, grp] : d.starts[seat, grp + 1]]
            assert len(np.unique(d.cards[members][:, others], axis=0)) == 1
            assert np.all(d.group[seat, members] == grp)


def test_a_field_seat_in_the_deviators_chair_loses_its_fair_share_of_rounds():
    """Symmetry: the deviator playing the field's own policy is one more field seat, so it
    loses a third of the rounds at 3 players (binomial test, alpha 0.01)."""
    field = C.Policy(True, 0.65, 0.03)
    m = C.measure(3, field, field, 450, seed=5)
    assert binomtest(m.hits, m.count, 1 / 3).pvalue > 0.01


def test_a_reader_gains_against_players_who_bid_from_their_view():
    """The leak this module is about: against card-only bidders a common reader inverts their
    bids and loses fewer rounds than its fair share (its interval leaves out zero)."""
    field = C.Policy(False, 0.65, 0.03)
    m = C.measure(3, field, C.Policy(True, 0.65, 0.03), 450, seed=1)
    assert m.gain_pp[1] > 0


def test_h2_h3_h6_each_round_is_counted_by_the_rules_and_lost_by_the_right_seat():
    """Every round of a run, counted again by the rules' own ``count`` with its draw-pile top:
    the bidder loses exactly when the total is below the last bid (H6), else the caller (the
    seat after the bidder) does; the bidder is the seat the turn order gives; the Joker (H2) and
    the A♠ (H3) both occur."""
    d = P3
    g = np.random.default_rng(11)
    rounds = 450
    deal_ix = g.integers(0, len(d.cards), size=rounds)
    out = np.zeros((rounds, 7), dtype=np.int64)
    field = C._params(C.Policy(True), C.Policy(True))
    dev = C._params(C.Policy(False, 0.8, 0.1), C.Policy(True))
    C.play_rounds(
        d.cards,
        d.row,
        d.sf,
        d.lo,
        d.order,
        d.starts,
        d.group,
        deal_ix,
        g.random(rounds),
        0,
        17,
        field,
        dev,
        out,
    )
    specials = set()
    for r in range(rounds):
        cards = [int(c) for c in d.cards[deal_ix[r]]]
        lost = count(cards, int(out[r, 5])) < out[r, 4]
        bidder = int(out[r, 6])
        assert out[r, 3] == lost
        assert bidder == ((r // 3) % 3 + out[r, 2] - 1) % 3
        assert out[r, 0] == (bidder if lost else (bidder + 1) % 3)
        assert out[r, 1] == r % 3
        specials |= set(cards) & {TOP, JOKER}
    assert specials == {TOP, JOKER}
    assert 0 < out[:, 3].mean() < 1


def test_h8_h9_a_game_without_peeks_is_won_by_a_field_seat_in_the_deviators_chair_fairly():
    """Whole games (three life cards each, the loser opens the next round, H8 and H9): the
    deviator playing the field's own policy wins a third of the games at 3 players (binomial
    test, alpha 0.01), and every winner is a seat of the table."""
    field = C.Policy(True, 0.65, 0.03)
    out = C.play_games(3, field, field, 90, seed=4)
    assert set(out[:, 0]) <= {0, 1, 2}
    assert np.array_equal(out[:, 1], np.arange(90) % 3)
    won = int((out[:, 0] == out[:, 1]).sum())
    assert binomtest(won, 90, 1 / 3).pvalue > 0.01
