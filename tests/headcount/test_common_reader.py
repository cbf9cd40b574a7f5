"""Common readers (issue 22 item 3): the public belief over deals, checked against a plain
numpy reference, and the round-level measure's symmetry and its one known leak."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.stats import binomtest, chisquare

from headcount_lab.games.headcount.rules import JOKER, TOP, count
from headcount_lab.research.headcount import common_reader as C

P3 = C.deals(3)
ONES = np.ones(len(P3.cards))  # no seat mixes: every deal's ``rel`` is 1
ACC = np.zeros((2, 17))  # scratch of a peek check (not read when a bid is read)


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
        act = C.decide(
            (miss, ONES), d.order[seat], a, z, d.rows[seat], d.sft, d.lo, nb, last, call, q
        )
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
            (miss, ONES), (zeros, ONES), miss[None], d.order[seat], d.starts[seat], d.hid[seat],
            d.rows[seat], d.sft, d.lo, nb, last, np.array([[1.0, call, q, C.NEVER]]), False,
            False, act, ACC,
        )  # fmt: skip
        np.testing.assert_array_equal(miss, ref)
        assert 0 < keep.sum() < len(keep)  # the bid told the table something
        nb, last = nb + 1, act


def _reference_peek(cards, miss, sf, lo, row, viewer, view, nb, last, call, quantile, peek):
    """H7's peek rule written out plainly: no peek when the seat would call; else the mean over
    the posterior's hidden cards of how far each moves the chance its plan survives."""
    plan = _reference_action(cards, miss, sf, lo, row, viewer, view, nb, last, call, quantile)
    if plan == C.CALL:
        return False
    mask = np.all(cards[:, viewer] == view, axis=1)
    w = C.FLOOR ** (miss[mask] - miss[mask].min()).astype(float)
    t = plan - lo
    at = sf[row[mask], t] if 0 < t < sf.shape[1] else np.full(mask.sum(), float(t <= 0))
    p = w @ at / w.sum()
    hidden = cards[mask, -1]
    moved = sum(
        w[hidden == h].sum() * abs(w[hidden == h] @ at[hidden == h] / w[hidden == h].sum() - p)
        for h in np.unique(hidden)
    )
    return moved / w.sum() > peek


def test_h7_a_peek_and_a_declined_peek_are_read_as_the_plainly_computed_rule_gives():
    """After two bids, the third seat's peek decision: on every view, ``wants_peek`` is the
    plain rule's answer, and ``_observe`` on a peek turn counts a mismatch exactly on the deals
    whose view would have chosen otherwise, for a peek and for a declined one."""
    d = P3
    g = np.random.default_rng(5)
    acc = np.zeros((2, 17))
    seat, others = 2, [0, 1]
    for trial in range(3):
        miss = g.integers(0, 3, size=len(d.cards)).astype(np.int32)
        nb, last = 2, int(g.integers(10, 40))
        call, q, peek = 0.65, 0.03, (0.0, 0.05, 0.1)[trial]
        want = {}
        for grp in range(d.starts.shape[1] - 1):
            a, z = d.starts[seat, grp], d.starts[seat, grp + 1]
            view = tuple(d.cards[d.order[seat, a], others])
            got = C.wants_peek(
                (miss, ONES), d.order[seat], a, z, d.hid[seat], d.rows[seat], d.sft, d.lo, nb,
                last, call, q, peek, acc,
            )  # fmt: skip
            ref = _reference_peek(
                d.cards, miss, d.sf, d.lo, d.row, others, view, nb, last, call, q, peek
            )
            assert got == ref, (trial, grp)
            want[grp] = got
        assert 0 < sum(want.values()) < len(want) or peek == 0.0
        for peeked in (True, False):
            after = miss.copy()
            model = np.array([[1.0, call, q, peek]])
            C._observe(
                (after, ONES), (miss * 0, ONES), after[None], d.order[seat], d.starts[seat],
                d.hid[seat], d.rows[seat], d.sft, d.lo, nb, last, model, True, False,
                int(peeked), acc,
            )  # fmt: skip
            wrong = np.array([want[k] != peeked for k in d.group[seat]])
            np.testing.assert_array_equal(after - miss, wrong.astype(np.int32))


def _stepped_round(d, d0, played, model, start, open_l, draw):
    """One round stepped by hand from the module's decisions, with H7 spelled out: no peek on
    the start player's opening turn (the round's first bid), none without an open life card,
    one a round; the peeker raises on its peek turn and from then on sees the hidden card too.
    ``played`` float64[n, 4] the seats' policies, ``model`` float64[4] the field's one policy.
    Returns (loser, bids, last bid, seats that peeked)."""
    n = d.players
    miss = np.zeros(len(d.cards), dtype=np.int32)
    bel, prior = (miss, ONES), (np.zeros_like(miss), ONES)
    acc = np.zeros((2, 17))
    peeked = [False] * n
    nb, last, seat, bidder = 0, 0, start, -1
    while True:
        p = played[seat]
        src = bel if p[0] > 0.5 else prior
        now = False
        if nb > 0 and open_l[seat] > 0 and not peeked[seat]:
            a, z = d.starts[seat, d.group[seat, d0]], d.starts[seat, d.group[seat, d0] + 1]
            now = bool(
                C.wants_peek(
                    src, d.order[seat], a, z, d.hid[seat], d.rows[seat], d.sft, d.lo, nb, last,
                    p[1], p[2], p[3], acc,
                )
            )  # fmt: skip
            C._observe(
                bel, prior, miss[None], d.order[seat], d.starts[seat], d.hid[seat], d.rows[seat],
                d.sft, d.lo, nb, last, model[None], True, False, int(now), acc,
            )  # fmt: skip
            peeked[seat] = now
        o, st, gr, ro = (
            (d.porder, d.pstarts, d.pgroup, d.prows)
            if peeked[seat]
            else (d.order, d.starts, d.group, d.rows)
        )
        a, z = st[seat, gr[seat, d0]], st[seat, gr[seat, d0] + 1]
        call = C.NEVER if now else p[1]
        act = C.decide(src, o[seat], a, z, ro[seat], d.sft, d.lo, nb, last, call, p[2])
        if act == C.CALL:
            assert not now  # H7: a peeker raises on its peek turn
            break
        hi = d.phid if peeked[seat] else d.hid
        C._observe(
            bel, prior, miss[None], o[seat], st[seat], hi[seat], ro[seat], d.sft, d.lo, nb, last,
            model[None], False, now, act, acc,
        )  # fmt: skip
        nb, last, bidder, seat = nb + 1, act, seat, (seat + 1) % n
    lost = count([int(c) for c in d.cards[d0]], draw) < last
    return (bidder if lost else seat), nb, last, [int(x) for x in peeked]


def test_h7_rounds_with_peeks_are_the_rounds_stepped_by_hand():
    """``play_round`` with every seat able to peek once: the same loser, bids and peekers as
    the round stepped by hand (H7 spelled out), on 30 deals with readers and card-only players
    who peek at different thresholds; peeks happen and some seats decline them."""
    d = P3
    g = np.random.default_rng(9)
    pols = [C._mix(C.Policy(True, 0.65, 0.03, 0.02)), C._mix(C.Policy(False, 0.7, 0.1, 0.05))]
    model = C._mix(C.Policy(True, 0.65, 0.03, 0.02))
    work = C.scratch(len(d.cards), 3, 1)
    res = np.zeros(6, dtype=np.int64)
    peeked = np.zeros(3, dtype=np.int64)
    seen = np.zeros(2, dtype=int)
    for r in range(30):  # each seat plays both policies; seat 2 has a life card every other round
        d0 = int(g.integers(len(d.cards)))
        start = r % 3
        played = np.stack([pols[(s + r) % 2][0, :4] for s in range(3)])
        open_l = np.array([1, 1, r % 2], dtype=np.int64)
        u = float(g.random())
        C.play_round(d.arrays(), d.lo, 17, d0, u, played, model, start, open_l, work, peeked, res)
        loser, nb, last, who = _stepped_round(d, d0, played, model[0, :4], start, open_l, res[4])
        assert (res[0], res[1], res[2]) == (loser, nb, last)
        assert list(peeked) == who
        assert not (peeked[2] and r % 2 == 0)  # no open life card, no peek
        seen += np.bincount(peeked, minlength=2)
    assert seen.min() > 0


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
        bel = (miss, ONES)
        act = C.decide(bel, d.order[seat], a, z, d.rows[seat], d.sft, d.lo, nb, last, call, q)
        for other in {act, C.CALL, act - 1, act + 1, last + 1, last + 2}:
            got = C.gives(
                bel, d.order[seat], a, z, d.rows[seat], d.sft, d.lo, nb, last, call, q, other
            )
            assert got == (other == act), (nb, last, act, other)


def test_a_seat_cannot_tell_apart_the_deals_that_differ_in_its_card_and_the_hidden_card():
    """Fair play: a seat decides on its group, and its group is exactly the deals that agree on
    the foreheads it sees (15 * 14 completions of two seen cards at 3 players), and after a peek
    on the hidden card too."""
    d = P3
    for seat in range(3):
        others = [k for k in range(3) if k != seat]
        sizes = np.diff(d.starts[seat])
        assert np.all(sizes == 15 * 14)
        for grp in (0, 100, 271):
            members = d.order[seat, d.starts[seat, grp] : d.starts[seat, grp + 1]]
            assert len(np.unique(d.cards[members][:, others], axis=0)) == 1
            assert np.all(d.group[seat, members] == grp)
        # after a peek (H7) the hidden card is seen too: 14 completions (the seat's own card)
        assert np.all(np.diff(d.pstarts[seat]) == 14)
        for grp in (0, 1000, 4079):
            members = d.porder[seat, d.pstarts[seat, grp] : d.pstarts[seat, grp + 1]]
            assert len(np.unique(d.cards[members][:, others + [3]], axis=0)) == 1
            assert np.all(d.pgroup[seat, members] == grp)


@pytest.mark.slow  # a statistical run of whole rounds (make test keeps the exact checks)
def test_a_field_seat_in_the_deviators_chair_loses_its_fair_share_of_rounds():
    """Symmetry: the deviator playing the field's own policy is one more field seat, so it
    loses a third of the rounds at 3 players (binomial test, alpha 0.01)."""
    field = C.Policy(True, 0.65, 0.03)
    m = C.measure(3, field, field, 450, seed=5)
    assert binomtest(m.hits, m.count, 1 / 3).pvalue > 0.01
    # the label moves nothing in this play: each round's loser is under exactly one label, and
    # every label loses its third (chi-square over the three readings of the run)
    assert m.count == 450
    assert chisquare(m.by_label).pvalue > 0.01


@pytest.mark.slow  # a statistical run of whole rounds (make test keeps the exact checks)
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
    the A♠ (H3) both occur, and so does a tie (the total equal to the last bid: the caller
    loses, H6). 90 rounds: every start seat with every deviator's seat ten times."""
    d = P3
    g = np.random.default_rng(11)
    rounds = 90
    deal_ix = g.integers(0, len(d.cards), size=rounds)
    out = np.zeros((rounds, 7), dtype=np.int64)
    field, dev = C._mix(C.Policy(True)), C._mix(C.Policy(False, 0.8, 0.1))
    no_draws = np.zeros((rounds, 3))
    C.play_rounds(d.arrays(), d.lo, 17, deal_ix, g.random(rounds), no_draws, 0, field, dev, 0, out)
    specials = set()
    ties = 0
    for r in range(rounds):
        cards = [int(c) for c in d.cards[deal_ix[r]]]
        total = count(cards, int(out[r, 4]))
        lost = total < out[r, 3]
        ties += total == out[r, 3]
        bidder = int(out[r, 5])
        assert bidder == ((r // 3) % 3 + out[r, 2] - 1) % 3
        assert out[r, 0] == (bidder if lost else (bidder + 1) % 3)
        assert out[r, 1] == r % 3
        specials |= set(cards) & {TOP, JOKER}
    assert specials == {TOP, JOKER}
    assert ties > 0  # a tie occurs (H6: then the caller loses)
    assert 0 < (out[:, 0] == out[:, 5]).mean() < 1  # bidders and callers both lose rounds
    assert not out[:, 6].any()  # no open life card, no peek (H7)


@pytest.mark.slow  # a statistical run of whole games (make test keeps the exact checks)
def test_h8_h9_a_game_without_peeks_is_won_by_a_field_seat_in_the_deviators_chair_fairly():
    """Whole games (three life cards each, the loser opens the next round, H8 and H9): a game
    lasts until one player is left, so between 6 rounds (the winner never lost) and 8 (it kept
    one card) at 3 players; the deviator playing the field's own policy wins a third of the
    games (binomial test, alpha 0.01), and nobody peeks without a peek threshold."""
    field = C.Policy(True, 0.65, 0.03)
    out = C.play_games(3, field, field, 90, seed=4)
    assert set(out[:, 0]) <= {0, 1, 2}
    assert np.array_equal(out[:, 1], np.arange(90) % 3)
    assert out[:, 2].min() == 6 and out[:, 2].max() == 8
    assert not out[:, 3:].any()
    won = int((out[:, 0] == out[:, 1]).sum())
    assert binomtest(won, 90, 1 / 3).pvalue > 0.01


@pytest.mark.slow  # a statistical run of whole games (make test keeps the exact checks)
def test_h7_h8_a_game_with_peeks_is_won_by_a_field_seat_in_the_deviators_chair_fairly():
    """Whole games with peeks (a peek turns an open life card face down, the round's winner
    turns one back up, the loser discards a face-down one first, H7 and H8): seats peek, and
    the deviator playing the field's own policy wins a third of the games (binomial test, alpha
    0.01)."""
    field = C.Policy(True, 0.65, 0.03, 0.05)
    out = C.play_games(3, field, field, 90, seed=6)
    assert out[:, 2].min() >= 6 and out[:, 2].max() <= 8
    assert out[:, 3:].sum(axis=1).mean() > 1
    won = int((out[:, 0] == out[:, 1]).sum())
    assert binomtest(won, 90, 1 / 3).pvalue > 0.01


def test_h9_a_situational_seat_plays_its_other_policy_exactly_in_its_situation():
    """A :class:`~C.Situational` deviator picks its policy at each round's start from what the
    table sees. At 2 players every round is heads-up, so ``headsup: B, else A`` plays the games
    of B bit for bit; with one life card each (H8) the deviator holds its last card in every
    round, so ``last-life: B, else A`` does too; at 3 players, where heads-up comes only at the
    end, the games are neither A's nor B's. A and B differ (a caller and a bidder), so a seat
    that played the wrong policy would show."""
    a, b = C.Policy(True, 0.9, 0.35), C.Policy(True, 0.5, 0.01, 0.02)
    field = C.Policy(True, 0.65, 0.03, 0.05)

    def games(dev, players=2, lives=3):
        # 30 games at 2 players; at 3 (a round costs 14 times the deals) 15, five in each seat:
        # there the situational seat's games differ from A's in 11 and from B's in all 15
        return C.play_games(players, field, dev, 30 if players == 2 else 15, seed=8, lives=lives)

    b_three, b_one = games(b), games(b, lives=1)  # B's games, each played once, compared twice
    assert not np.array_equal(games(a), b_three)
    assert np.array_equal(games(C.Situational(a, "headsup", b)), b_three)
    assert not np.array_equal(games(a, lives=1), b_one)
    assert np.array_equal(games(C.Situational(a, "last-life", b), lives=1), b_one)
    both = [games(x, players=3) for x in (a, b, C.Situational(a, "headsup", b))]
    assert not np.array_equal(both[2], both[0]) and not np.array_equal(both[2], both[1])
    assert C.any_peek(C.Situational(a, "headsup", b)) and not C.any_peek(
        C.Situational(a, "last-life", a)
    )
    with pytest.raises(ValueError, match="not a situation"):
        C.Situational(a, "endgame", b)


def test_h9_a_heads_up_field_plays_and_reads_its_own_mixture_once_two_are_left():
    """A field that is ``headsup: B, else A`` (:data:`~C.Field`) plays A's games bit for bit
    when B is A; at 2 players, where every round is heads-up, it plays B's games, its model
    included (a deviator that reads sees B's bids read as B's); at 3 players, where heads-up
    comes only at the end, it plays neither A's nor B's. A field cannot change with a seat's own
    lives, which would give each seat its own model."""
    a, b = C.Policy(True, 0.9, 0.35), C.Policy(True, 0.5, 0.01, 0.02)
    dev = C.Policy(True, 0.65, 0.03, 0.05)

    def games(field, players=2):
        return C.play_games(players, field, dev, 30, seed=9)

    a3, b2 = games(a, 3), games(b)  # each played once and compared twice
    assert np.array_equal(games(C.Situational(a, "headsup", a), 3), a3)
    assert not np.array_equal(games(a), b2)
    assert np.array_equal(games(C.Situational(a, "headsup", b)), b2)
    three = [a3, *(games(x, 3) for x in (b, C.Situational(a, "headsup", b)))]
    assert not np.array_equal(three[2], three[0]) and not np.array_equal(three[2], three[1])
    assert C.headsup_apart(a) == (a, a)
    with pytest.raises(ValueError, match="changes with the table only"):
        C.play_games(3, C.Situational(a, "last-life", b), dev, 3, seed=9)


def test_h8_h9_a_last_life_reply_to_a_heads_up_field_plays_the_field_until_its_last_life():
    """A ``last-life`` seat whose base is a heads-up field ``headsup: B, else A`` plays that
    field's two policies as the field does, and its own on its last life card: at 2 players with
    three lives, replying B, it plays B's games bit for bit (every round is heads-up); with one
    life card (H8) it plays its reply in every round, at 2 players and at 3; at 3 players with
    three lives its games are not the field's own."""
    a, b = C.Policy(True, 0.9, 0.35), C.Policy(True, 0.5, 0.01, 0.02)
    c = C.Policy(True, 0.65, 0.03, 0.05)
    field = C.Situational(a, "headsup", b)

    def games(dev, players=2, lives=3, n=30):
        return C.play_games(players, field, dev, n, seed=10, lives=lives)

    def last(reply):
        return C.Situational(field, "last-life", reply)

    assert np.array_equal(games(last(b)), games(b))
    assert np.array_equal(games(last(c), lives=1), games(c, lives=1))
    assert np.array_equal(games(last(a), players=3, lives=1), games(a, players=3, lives=1))
    # 15 games, five in each seat (a round at 3 players costs 14 times the deals): 12 differ
    three = [games(x, players=3, n=15) for x in (field, last(c))]
    assert not np.array_equal(three[0], three[1])
    assert [last(c).plays(n, k) for n, k in ((3, 2), (2, 2), (3, 1), (2, 1))] == [a, b, c, c]
    with pytest.raises(ValueError, match="only a last-life seat"):
        C.Situational(field, "headsup", c)
    with pytest.raises(ValueError, match="changes with the table only"):
        C.play_games(3, last(c), c, 3, seed=10)


def test_h8_a_situational_seat_reads_its_own_lives_and_the_seats_left():
    """Heads-up is two players in; the last life is one card in the seat's hands, open or face
    down (H8)."""
    a, b = C.Policy(True, 0.65, 0.03), C.Policy(True, 0.6, 0.1)
    hu, last = C.Situational(a, "headsup", b), C.Situational(a, "last-life", b)
    assert [hu.plays(n, 3) for n in (2, 3, 4)] == [b, a, a]
    assert [last.plays(3, k) for k in (1, 2, 3)] == [b, a, a]
    assert hu.spec() == f"{b.spec()} when headsup, else {a.spec()}"


def test_a_mixture_of_a_policy_with_itself_plays_as_the_policy():
    """The mixed belief (mismatches per seat and policy, folded by ``_refresh``) reduces to the
    plain one when both policies are the same: the same rounds, with and without peeks, bit
    for bit."""
    for pol in (C.Policy(True, 0.65, 0.03), C.Policy(True, 0.6, 0.01, 0.05)):
        twice = C.Mixed((pol, pol), (0.5, 0.5))
        one = C.measure(3, pol, pol, 36, seed=3, open_lives=1)
        two = C.measure(3, twice, twice, 36, seed=3, open_lives=1)
        assert (one.hits, one.peeks) == (two.hits, two.peeks)


def _mixed_weights(tm, pi):
    """The public belief of a table whose seats each mix the policies ``pi``, written out:
    ``prod_s sum_k pi[k] FLOOR ** tm[s, k]`` (``tm`` int[n, K, D])."""
    return np.prod((pi[None, :, None] * C.FLOOR ** tm.astype(float)).sum(axis=1), axis=0)


def _assert_same_weights(miss, rel, w):
    """The kernel's weights ``FLOOR ** miss * rel`` are ``w`` up to a common factor."""
    mine = C.FLOOR ** (miss - miss.min()).astype(float) * rel
    np.testing.assert_allclose(mine / mine.max(), w / w.max(), rtol=1e-9)


def test_the_mixed_public_belief_is_the_plainly_computed_product_over_seats_of_sums():
    """Three bids read under a field mixing two policies (0.3 and 0.7): after each, the
    mismatches of the bidder under each policy are the plain rule's on every view (the rule
    asked with the mixed weights before the bid), and the kernel's weights (``FLOOR ** miss *
    rel``) are the written-out product of sums over every deal."""
    d = P3
    g = np.random.default_rng(2)
    d0 = int(g.integers(len(d.cards)))
    pols = (C.Policy(True, 0.65, 0.03), C.Policy(True, 0.6, 0.2))
    model = C._mix(C.Mixed(pols, (0.3, 0.7)))
    pi = model[:, 4]
    work = C.scratch(len(d.cards), 3, 2)
    miss, rel, mix, zeros, ones = work
    tmiss = mix[0]
    bel, prior = (miss, rel), (zeros, ones)
    ref = np.zeros((3, 2, len(d.cards)), dtype=np.int32)
    acc = np.zeros((2, 17))
    nb, last = 0, 0
    for seat, k_played in ((1, 0), (2, 1), (0, 1)):
        others = [k for k in range(3) if k != seat]
        w = _mixed_weights(ref, pi)
        _assert_same_weights(miss, rel, w)
        a, z = d.starts[seat, d.group[seat, d0]], d.starts[seat, d.group[seat, d0] + 1]
        p = model[k_played]
        act = C.decide(bel, d.order[seat], a, z, d.rows[seat], d.sft, d.lo, nb, last, p[1], p[2])
        assert act != C.CALL
        for k in range(2):
            for view in np.unique(d.cards[:, others], axis=0):
                m = np.all(d.cards[:, others] == view, axis=1)
                said = _reference_weighed_action(
                    d, w, others, view, nb, last, model[k, 1], model[k, 2]
                )
                ref[seat, k, m] += said != act
        C._read(
            bel, prior, mix, seat, d.order[seat], d.starts[seat], d.rows[seat], d.sft,
            d.lo, nb, last, model, False, False, act, d.hid[seat], acc,
        )  # fmt: skip
        np.testing.assert_array_equal(tmiss[seat], ref[seat])
        assert ref[seat, 0].any() or ref[seat, 1].any()  # the bid told the table something
        nb, last = nb + 1, act
    _assert_same_weights(miss, rel, _mixed_weights(ref, pi))


def _reference_weighed_action(d, w, viewer, view, nb, last, call, quantile):
    """:func:`_reference_action` on float weights ``w`` (float64[D]) rather than mismatches."""
    mask = np.all(d.cards[:, viewer] == view, axis=1)
    p = w[mask] / w[mask].sum()
    curve = np.r_[p @ d.sf[d.row[mask]], 0.0]

    def at_least(b):
        t = b - d.lo
        return 1.0 if t <= 0 else float(curve[min(t, len(curve) - 1)])

    if nb > 0 and 1.0 - at_least(last) > call:
        return C.CALL
    safe = max(b for b in range(d.lo, d.lo + len(curve)) if at_least(b) >= 1.0 - quantile)
    return max(safe, last + 1) if nb > 0 else safe


@pytest.mark.slow  # a statistical run of 450 mixed rounds (10 s); the unmixed symmetry test and
# the test that a mixture of a policy with itself plays as the policy stay in make test
def test_a_seat_playing_the_field_mixture_loses_its_fair_share_of_rounds():
    """Symmetry under a mixture: every seat, the deviator's too, draws its policy each round
    from the same mixture the table reads it by, so the deviator loses a third of the rounds
    (binomial test, alpha 0.01)."""
    field = C.Mixed((C.Policy(True, 0.6, 0.01), C.Policy(True, 0.6, 0.03)), (0.5, 0.5))
    m = C.measure(3, field, field, 450, seed=8)
    assert binomtest(m.hits, m.count, 1 / 3).pvalue > 0.01


def test_halving_keeps_the_best_third_and_triples_the_games_until_fewer_than_six_are_left():
    """``halve_thirds`` (the scripts' search): 20 deviators -> 6 -> 2, the games tripling at
    each stage on one seed, the largest gain first; the winner is the best of the last stage,
    not the best of the first (a noisy early leader can lose on more games)."""
    pool = [C.Policy(True, 0.5 + k / 100, 0.01) for k in range(20)]
    asked = []

    def measured(d, size, seed):
        asked.append((size, seed))
        k = round((d.call - 0.5) * 100)
        # games won out of size: k on the first stage; later stages favour k = 14
        won = k if size == 20 else size * (20 - abs(k - 14)) // 20
        return C.Measured.of(3, pool[0], d, "games", (won, size - won, 0))

    best, stages = C.halve_thirds(pool, 20, 7, measured)
    assert [len(s) for s in stages] == [20, 6, 2]
    assert sorted(set(asked)) == [(20, 7), (60, 7), (180, 7)]
    assert stages[0][0].deviator == pool[19]  # the first stage's leader
    assert [round((m.deviator.call - 0.5) * 100) for m in stages[1]] == [14, 15, 16, 17, 18, 19]
    assert best == pool[14] and stages[-1][0].deviator == best
    assert all(a.gain_pp[0] >= b.gain_pp[0] for s in stages for a, b in itertools.pairwise(s))


def _script(monkeypatch, capsys, *args, name="headcount_common_mixture"):
    """The script ``scripts/NAME.py`` (the mixture script by default) run in this process with
    ``args``: its JSON."""
    import json
    import sys

    from cli_support import SCRIPTS, load_script

    script = load_script(name)
    monkeypatch.setattr(sys, "argv", [str(SCRIPTS / f"{name}.py"), *args])
    script.main()
    return json.loads(capsys.readouterr().out)


def test_fictitious_play_goes_on_from_several_settings_and_stops_when_no_reply_gains(
    monkeypatch, capsys
):
    """The mixture script's ``--start A,B`` counts each setting once, a setting named twice twice
    (so a run goes on from an earlier run's counts), and ``--until`` stops the steps, without
    adding that reply, once the search's best gain is at most the bound (100 points: the first
    step); a bound no reply can meet runs every step and adds every reply."""
    tiny = ["--players", "3", "--calls", "0.6", "--quantiles", "0.05,0.1", "--peeks", "0.1",
            "--games", "27", "--final", "3", "--seed", "1", "--iterations", "2"]  # fmt: skip
    two = "0.6:0.01:0.1,0.55:0.2:0.02"
    three = f"{two},0.6:0.01:0.1"  # the first setting named twice
    out = _script(monkeypatch, capsys, *tiny, "--start", three, "--until", "100")
    assert out["stopped"] == "until" and len(out["iterations"]) == 1
    assert out["mixture"] == {
        "reader:call=0.6,quantile=0.01,peek=0.1": 2 / 3,
        "reader:call=0.55,quantile=0.2,peek=0.02": 1 / 3,
    }
    tail = "--iterations 2 --games 27 --final 3 --seed 1 --until 100.0"
    assert out["command"].endswith(
        f"--start {three} --calls 0.6 --quantiles 0.05,0.1 --peeks 0.1 {tail}"
    )
    out = _script(monkeypatch, capsys, *tiny, "--start", two, "--until", "-100")
    assert out["stopped"] == "iterations" and len(out["iterations"]) == 2
    # two starting settings and two replies, each counted once: weights in quarters
    assert sorted(round(4 * w) for w in out["mixture"].values()) in ([1, 1, 1, 1], [1, 1, 2])


def test_the_replicator_solver_steps_on_the_measured_gains_and_drops_light_settings(
    monkeypatch, capsys
):
    """``--solver replicator`` measures every setting of the mixture against it each step and
    moves the weights by :func:`replicator_step` on those gains, as recomputed here from the
    JSON; a weight below ``--floor`` is dropped, by default none; ``--until`` above every gain
    stops at once with the weights as they started; two threads give the same run as one; two
    players solve a heads-up mixture."""
    from headcount_lab.core.metagame import replicator_step

    tiny = ["--players", "3", "--calls", "0.6", "--quantiles", "0.1", "--peeks", "0.1",
            "--games", "27", "--final", "3", "--seed", "1", "--solver", "replicator",
            "--start", "0.6:0.01:0.1,0.55:0.35:0.02,0.55:0.05", "--step-games", "3"]  # fmt: skip
    floor = ["--iterations", "2", "--eta", "0.05", "--floor", "0.2"]
    out = _script(monkeypatch, capsys, *tiny, *floor)
    steps = out["iterations"]
    assert len(steps) == 2 and out["command"].endswith("--step-games 3 --eta 0.05 --floor 0.2")
    first, second = ({k: v[0] for k, v in s["gains"].items()} for s in steps)
    x = replicator_step(np.full(3, 1 / 3), np.array(list(first.values())), 0.05)
    x[x < 0.2] = 0.0
    assert len(first) == 3 and len(second) < 3  # the step left a setting under the floor
    assert list(second) == [k for k, w in zip(first, x, strict=True) if w > 0]
    assert [float(w.split()[0]) for w in steps[1]["field"].split(" + ")] == pytest.approx(
        x[x > 0] / x.sum(), abs=1e-6
    )
    again = _script(monkeypatch, capsys, *tiny, *floor, "--jobs", "2")
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in out.items() if k != "seconds"
    }
    kept = _script(monkeypatch, capsys, *tiny, "--iterations", "1", "--eta", "0.05")
    assert len(kept["mixture"]) == 3  # the same step under the default floor, 0, drops none
    out = _script(monkeypatch, capsys, *tiny, "--iterations", "1", "--until", "100")
    assert out["stopped"] == "until" and len(out["mixture"]) == 3
    assert list(out["mixture"].values()) == pytest.approx([1 / 3] * 3)
    # two players: the heads-up mixture a field may play apart (``--mix-headsup``)
    two = _script(monkeypatch, capsys, *tiny[2:], "--players", "2", "--iterations", "1")
    assert two["players"] == 2 and two["itself"]["games"] == 3


def test_the_scripts_policy_notation_reads_back_and_names_its_form_when_wrong(monkeypatch, capsys):
    """``KIND:CALL:QUANTILE[:PEEK]`` gives the policy (no PEEK: it never peeks); a wrong kind, a
    missing threshold or a word where a number goes is a ValueError naming the form, and the
    mixture script's ``--start`` (the same notation, kind implied) exits with one line."""
    assert C.Policy.parse("reader:0.6:0.1:0.05") == C.Policy(True, 0.6, 0.1, 0.05)
    assert C.Policy.parse("card-only:0.7:0.03") == C.Policy(False, 0.7, 0.03, None)
    for bad in ("bluffer:0.6:0.1", "reader:0.6", "reader:0.6:x", "reader:0.6:0.1:0.1:0.1"):
        with pytest.raises(ValueError, match="KIND:CALL:QUANTILE"):
            C.Policy.parse(bad)
    assert C.parse_peeks("none,0.1") == [None, 0.1]
    with pytest.raises(ValueError, match="'none'"):
        C.parse_peeks("never")
    with pytest.raises(SystemExit):
        _script(monkeypatch, capsys, "--start", "0.6:0.1:x")
    assert "--start: '0.6:0.1:x' is not CALL:QUANTILE[:PEEK]" in capsys.readouterr().err


def test_the_reader_script_measures_a_situational_reply_in_whole_games_only(monkeypatch, capsys):
    """``headcount_common_reader.py --situation headsup``: each named deviator plays the field's
    policy but heads-up, measured beside the field on the same games and named so; without
    ``--games`` (rounds have no situation) the script exits with one line."""
    args = ["--players", "3", "--peek", "0.05", "--seed", "2", "--situation", "headsup"]
    reader = {"name": "headcount_common_reader"}
    out = _script(
        monkeypatch, capsys, *args, "--deviators", "reader:0.5:0.01", "--games", "9", **reader
    )
    rows = out["measured"]
    assert [r["deviator"] for r in rows] == [
        "reader:call=0.65,quantile=0.03,peek=0.05",
        "reader:call=0.5,quantile=0.01 when headsup, else the field",
    ]
    assert [r["games"] for r in rows] == [9, 9]
    assert "--situation headsup" in out["command"]
    with pytest.raises(SystemExit, match="--situation and --mix-headsup need --games"):
        _script(monkeypatch, capsys, *args, "--deviators", "reader:0.5:0.01", **reader)


def test_the_reader_script_seats_a_field_with_its_own_heads_up_mixture(monkeypatch, capsys):
    """``--mix-headsup``: the field is the heads-up :class:`~C.Situational` of its two mixtures,
    its own seat the control; a ``--situation headsup`` reply keeps the field's other mixture
    until two are left, and a ``--situation last-life`` one plays the whole field (both of its
    mixtures) until its last life card, each named so."""
    args = ["--players", "3", "--mix", "reader:0.65:0.03@1", "--seed", "2", "--games", "9"]
    hu = ["--mix-headsup", "reader:0.5:0.01@0.5,reader:0.8:0.35:0.1@0.5"]
    reader = {"name": "headcount_common_reader"}
    out = _script(
        monkeypatch, capsys, *args, *hu, "--situation", "headsup", "--deviators",
        "reader:0.6:0.1", **reader,
    )  # fmt: skip
    assert out["field"] == (
        "0.5 reader:call=0.5,quantile=0.01 + 0.5 reader:call=0.8,quantile=0.35,peek=0.1 "
        "when headsup, else 1 reader:call=0.65,quantile=0.03"
    )
    assert [r["deviator"] for r in out["measured"]] == [
        out["field"],
        "reader:call=0.6,quantile=0.1 when headsup, else the field",
    ]
    last = _script(
        monkeypatch, capsys, *args, *hu, "--situation", "last-life", "--deviators",
        "reader:0.6:0.1", **reader,
    )  # fmt: skip
    assert [r["deviator"] for r in last["measured"]] == [
        out["field"],
        "reader:call=0.6,quantile=0.1 when last-life, else the field",
    ]


def test_the_reader_script_spreads_a_weight_over_settings_the_field_then_plays_and_reads(
    monkeypatch, capsys
):
    """``--spread WEIGHT/CALLS/QUANTILES/PEEKS``: the field keeps ``1 - WEIGHT`` of its rounds in
    its own proportions and gives WEIGHT evenly to each spread reader, a setting in both getting
    both shares; it plays and reads by that blend (its own seat, the control, is the blend). A
    malformed spread is one line naming the form."""
    args = ["--players", "2", "--mix", "reader:0.65:0.03@0.5,reader:0.5:0.1:0.1@0.5"]
    reader = {"name": "headcount_common_reader"}
    run = [*args, "--seed", "2", "--deviators", "reader:0.5:0.3", "--games", "4"]
    out = _script(monkeypatch, capsys, *run, "--spread", "0.2/0.65/0.03,0.3/none", **reader)
    assert out["field"] == (
        "0.5 reader:call=0.65,quantile=0.03 + 0.4 reader:call=0.5,quantile=0.1,peek=0.1 "
        "+ 0.1 reader:call=0.65,quantile=0.3"
    )
    named = [r["deviator"] for r in out["measured"]]
    assert named == [out["field"], "reader:call=0.5,quantile=0.3"]
    assert "--spread 0.2/0.65/0.03,0.3/none" in out["command"]
    for bad, why in (("0.2/0.65/0.03", "not enough values"), ("1.5/0.6/0.1/none", "WEIGHT 1.5")):
        with pytest.raises(SystemExit, match=f"--spread: .*{why}.*WEIGHT/CALLS/QUANTILES/PEEKS"):
            _script(monkeypatch, capsys, *run, "--spread", bad, **reader)


def test_a_mixture_reads_each_policy_as_that_policy_read_alone():
    """The table reads a mixed field's action once for all its policies, sharing what policies
    on the same belief compute alike (a bid's sums; on a peek turn the call check, the plan of
    a quantile, the hidden card's pull on a plan; H5-H7). Each policy's marks must be those it
    gets read alone: here two readers share a quantile but not their call or peek thresholds,
    two card-only players likewise, and one reader never peeks, over bids that call, raise and
    jump, peeks taken and declined."""
    d = P3
    g = np.random.default_rng(4)
    policies = (
        C.Policy(True, 0.6, 0.1, 0.05),
        C.Policy(True, 0.55, 0.1, 0.02),
        C.Policy(True, 0.6, 0.2, 0.1),
        C.Policy(False, 0.6, 0.1, 0.05),
        C.Policy(False, 0.7, 0.1, 0.1),
        C.Policy(True, 0.6, 0.1),
    )
    model = C._mix(C.Mixed(policies, (1 / 6,) * 6))
    miss = g.integers(0, 3, len(d.cards)).astype(np.int32)  # an uneven belief
    prior = (np.zeros(len(d.cards), np.int32), ONES)
    acc = np.zeros((2, 17))
    marked = 0
    for seat in range(3):
        view = (d.order[seat], d.starts[seat], d.hid[seat], d.rows[seat], d.sft, d.lo)
        for last in (d.lo + 12, d.lo + 24, d.lo + 36):
            for peek_turn, action in ((True, 0), (True, 1), (False, C.CALL), (False, last + 1),
                                      (False, last + 6)):  # fmt: skip
                together = np.zeros((len(policies), len(d.cards)), np.int32)
                C._observe((miss, ONES), prior, together, *view, 1, last, model, peek_turn,
                           False, action, acc)  # fmt: skip
                for k in range(len(policies)):
                    alone = np.zeros((1, len(d.cards)), np.int32)
                    C._observe((miss, ONES), prior, alone, *view, 1, last, model[k : k + 1],
                               peek_turn, False, action, acc)  # fmt: skip
                    np.testing.assert_array_equal(together[k], alone[0])
                marked += int((together > 0).any(axis=1).sum())
    assert marked > 0
