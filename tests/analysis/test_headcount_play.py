"""The playtest statistics built on the engine: the trace fold against a plain-Python replay of
the same events, paired games against themselves, and the interval arithmetic."""

import math

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.core.runner import run
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount.agents import parse_bot, parse_bots
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.games.headcount.tournament import Setup, play_block
from headcount_lab.research.headcount import traces as P


def _traced(bots, rules, games, seed):
    setup = Setup(tuple(parse_bots(bots, len(bots.split(",")))), rules, False)
    perms, pol, par, arr = setup.kernel_args()
    st = E.new_stats(setup.players, setup.players)
    trace = np.zeros((600 * games, 3), np.int64)
    tn = play_block(games, perms, pol, par, arr, setup.beliefs(), block_state(seed, 0), st, trace)
    assert tn <= trace.shape[0]
    return setup, trace[:tn]


def _folded(bots, rules, games, seed):
    """A traced block and its fold by :func:`fold_trace`."""
    setup, trace = _traced(bots, rules, games, seed)
    ts = P.new_trace_stats()
    o, d = rules.lives
    P.fold_trace(trace, trace.shape[0], setup.players, o, d, int(rules.start_player_may_peek),
                 rules.shift, tuple(ts.values()))  # fmt: skip
    return setup, trace, ts


def _replay(trace, n, lives):
    """Plain Python: round losses by bidding position, calls and their outcome, the first
    round's loser, lives replayed by H7/H8/H10 (open, face-down) per seat."""
    pos = {}
    calls = won = 0
    first = [0, 0]
    hu = np.zeros((P.HU,) * 4 + (2, 2), np.int64)
    again = np.zeros((P.NA, 2), np.int64)  # a loser who starts: rounds, lost again
    sit = np.zeros((P.POS, 3), np.int64)  # by finishing place: games, rounds watched, squares
    hu_rounds = np.zeros((2, 2, 2), np.int64)
    active = set()
    prev_loser = None
    for kind, seat, value in trace.tolist():
        if kind == E.T_START:
            if value == 1:
                active = set(range(n))
                lv = {s: list(lives) for s in range(n)}
                first_loser = None
                prev_loser = None
                snaps = []
                went_out = []
            start, caller, pointed = seat, None, {}
            rnd = value
            hu_key = None
            if len(active) == 2:
                a, b = sorted(active)
                for me, other in ((a, b), (b, a)):
                    key = (*(min(x, 3) for x in lv[me] + lv[other]), int(me == start))
                    snaps.append((me, key))
                other = b if start == a else a
                hu_key = (int(lv[start][0] > 0), int(lv[other][0] > 0))
                hu_rounds[hu_key][0] += 1
        elif kind == E.T_PEEK:
            lv[seat][0] -= 1
            lv[seat][1] += 1
        elif kind == E.T_CALL:
            caller = seat
        elif kind == E.T_POINT:
            pointed[seat] = value
        elif kind == E.T_LOSE:
            order = [(start + i) % n for i in range(n) if (start + i) % n in active]
            for k, s in enumerate(order):
                key = (len(active), k)
                r, lost = pos.get(key, (0, 0))
                pos[key] = (r + 1, lost + (s == seat))
            if caller is not None:
                calls += 1
                won += seat != caller
            if first_loser is None:
                first_loser = seat
            if start == prev_loser:
                again[len(active)] += (1, int(seat == start))
            if hu_key is not None:
                hu_rounds[hu_key][1] += seat == start
            prev_loser = seat
            for s, p in pointed.items():  # H10
                if p == value and lv[s][1]:
                    lv[s] = [lv[s][0] + 1, lv[s][1] - 1]
                elif p != value and lv[s][0]:
                    lv[s] = [lv[s][0] - 1, lv[s][1] + 1]
            if lv[value][1]:  # H8: the winner reopens one
                lv[value] = [lv[value][0] + 1, lv[value][1] - 1]
        elif kind == E.T_DISCARD:
            lv[seat][0 if value == 1 else 1] -= 1
            assert min(lv[seat]) >= 0
        elif kind == E.T_OUT:
            active.discard(seat)
            went_out.append((seat, rnd))
            assert sum(lv[seat]) == 0
        elif kind == E.T_WIN:
            first[0] += 1
            first[1] += seat == first_loser
            sit[0, 0] += 1
            for place, (_, r) in enumerate(reversed(went_out), start=2):
                sit[place - 1] += (1, rnd - r, (rnd - r) ** 2)
            for me, key in snaps:
                hu[key] += (1, int(me == seat))
    return pos, calls, won, first, hu, {"start_again": again, "sit_out": sit,
                                        "hu_rounds": hu_rounds}  # fmt: skip


@pytest.mark.parametrize(
    "bots, rules",
    [
        ("reader,odds,tips,random", HeadcountRules()),
        ("odds,tips,random", HeadcountRules(trickster=True)),
        ("odds,odds,odds,odds,odds", HeadcountRules(start_player_may_peek=True)),
    ],
)
def test_fold_trace_agrees_with_a_plain_python_replay(bots, rules):
    setup, trace, ts = _folded(bots, rules, 60, seed=11)
    n = setup.players
    o, d = rules.lives
    pos, calls, won, first, hu, more = _replay(trace, n, (o, d))
    for (na, k), (r, lost) in pos.items():
        assert ts["pos_rounds"][na, k] == r and ts["pos_lost"][na, k] == lost
    assert ts["pos_rounds"].sum() == sum(r for r, _ in pos.values())
    assert list(ts["first_loser"]) == first
    # heads-up states need the lives replayed exactly (peeks, pointing, reopening, discards)
    assert ts["heads_up"][..., 0].sum() > 0
    assert np.array_equal(ts["heads_up"], hu)
    # issue 11: a starting loser by players left, rounds watched by finishing place, and the
    # start player's heads-up losses by who could peek
    for name, want in more.items():
        assert np.array_equal(ts[name], want), name
    assert ts["sit_out"][:, 0].sum() == n * first[0]  # every seat has one place per game
    assert ts["hu_rounds"][..., 0].sum() > 0
    # the fold keeps only calls without a peek and without a special card in sight
    assert ts["calls"].sum() <= calls and ts["calls_won"].sum() <= won


@pytest.mark.parametrize(
    "bots, rules",
    [
        ("equilibrium,odds,tips,reader", HeadcountRules()),
        ("odds,odds,odds", HeadcountRules(tie_goes_to="caller")),
    ],
)
def test_every_turn_facing_a_bid_is_settled_at_the_count(bots, rules):
    """Issue 22 item 5 ("when to call"): each turn the fold counts as one where a call was
    possible is settled at the round's count as if the seat had called (H6: the bidder loses
    below its bid, or at it when ties go to the caller), by players left and gap, here replayed
    in plain Python from the same events."""
    from headcount_lab.games.headcount.rules import N_NUMBER, VALUES

    setup, trace, ts = _folded(bots, rules, 80, seed=5)
    n = setup.players
    want = np.zeros_like(ts["would_won"])
    turns = np.zeros_like(ts["call_turns"])
    active, cards, peeked, pending = set(range(n)), {}, set(), []
    last = None  # the last bid of the round
    prev = (None, None)  # the event before this one: (kind, seat)
    for kind, seat, value in trace.tolist():
        if kind == E.T_START:
            pending, peeked, last = [], set(), None
            if value == 1:  # a new game
                active = set(range(n))
        elif kind == E.T_FOREHEAD:
            cards[seat] = value
        elif kind == E.T_PEEK:
            peeked.add(seat)
        elif kind in (E.T_BID, E.T_CALL) and last is not None:
            seen = [cards[s] for s in active if s != seat]
            special = any(c >= N_NUMBER for c in seen)
            if seat not in peeked and not special and prev != (E.T_PEEK, seat):
                g = min(max(last - sum(VALUES[c] for c in seen) - P.GAP_LO, 0), P.GAP_N - 1)
                turns[len(active), g] += 1
                pending.append((len(active), g, last))
        elif kind == E.T_COUNT:
            for na, g, bid in pending:
                want[na, g] += value < bid + rules.shift
            pending = []
        elif kind == E.T_OUT:
            active.discard(seat)
        if kind == E.T_BID:
            last = value
        prev = (kind, seat)
    assert np.array_equal(ts["call_turns"], turns)
    assert np.array_equal(ts["would_won"], want)
    assert 0 < want.sum() < turns.sum()


def test_trace_job_replays_a_block_whose_trace_overflowed(monkeypatch):
    setup = Setup(tuple(parse_bots("odds,odds,odds", 3)), HeadcountRules(), False)
    full = run(P.trace_job(setup, 40), 5)
    monkeypatch.setattr(P, "TRACE_ROWS_PER_GAME", 3)  # far too small: every block replays
    small = run(P.trace_job(setup, 40), 5)
    assert full.keys() == small.keys()
    for k in full:
        assert np.array_equal(full[k], small[k]), k


def test_trace_job_refuses_rotated_seats():
    setup = Setup(tuple(parse_bots("odds,tips,tips", 3)), HeadcountRules(), True)
    with pytest.raises(ValueError, match="fixed seats"):
        P.trace_job(setup, 10)


def test_a_pair_of_identical_set_ups_never_differs():
    odds = parse_bot("odds")
    pair = P.Pair(4, odds, odds, parse_bot("tips"), HeadcountRules(), HeadcountRules())
    st = run(P.paired_job(pair, 400), 2)
    joint = st["joint"]
    assert joint.sum() == 400 and joint[:, 1, 0].sum() == 0 and joint[:, 0, 1].sum() == 0
    assert st["share_sq"][0] == 0.0
    s = P.paired_summary(st)
    assert s["diff"] == (0.0, 0.0, 0.0) and s["rounds_a"] == s["rounds_b"]
    for k in ("wins", "round", "slot"):
        assert np.array_equal(st[f"a_{k}"], st[f"b_{k}"]), k


def test_paired_games_share_their_deals():
    # a random focal bot against a strong one: outcomes differ, but the first deal of each
    # game is the same, so the focal seat and the number of games line up exactly
    pair = P.Pair(
        3, parse_bot("odds"), parse_bot("random"), parse_bot("odds"),
        HeadcountRules(), HeadcountRules(),
    )  # fmt: skip
    st = run(P.paired_job(pair, 300), 4)
    s = P.paired_summary(st)
    assert st["joint"].sum(axis=(1, 2)).tolist() == [100, 100, 100]
    assert s["diff"][1] > 0  # odds beats random in the focal seat, with its interval above 0
    assert s["win_a"][0] - s["win_b"][0] == pytest.approx(s["diff"][0])


def test_heads_up_values_compare_states_that_differ_in_one_card():
    from headcount_lab.analysis.headcount.playtest import heads_up_values

    hu = np.zeros((P.HU,) * 4 + (2, 2), np.int64)
    # (1 open, 1 down) wins 60 %, (0 open, 2 down) 50 %, (0 open, 1 down) 30 %, same opponent
    for (o, d), rate in (((1, 1), 0.6), ((0, 2), 0.5), ((0, 1), 0.3)):
        hu[o, d, 1, 1, 0] = (1000, int(1000 * rate))
    table = heads_up_values(hu).set_index("compare")
    assert table.loc["open_instead_of_face_down", "value"] == pytest.approx(0.1)
    assert table.loc["one_more_face_down_life", "value"] == pytest.approx(0.2)
    lo, hi = table.loc["one_more_face_down_life", ["lo", "hi"]]
    half = 1.959963984540054 * math.sqrt(0.5 * 0.5 / 1000 + 0.3 * 0.7 / 1000)
    assert (lo, hi) == pytest.approx((0.2 - half, 0.2 + half))


def test_a_run_too_small_for_the_heads_up_values_keeps_both_rows_unmeasured():
    """`report headcount --games 100` once stopped with a traceback: no heads-up stratum had 20
    games on both sides, the table came out without columns and the report's facts could not
    find its rows. Both rows stay, NaN (the report prints "—")."""
    from headcount_lab.analysis.headcount.playtest import heads_up_values

    hu = np.zeros((P.HU,) * 4 + (2, 2), np.int64)
    hu[1, 1, 1, 1, 0] = (19, 10)  # one game short of a stratum on one side
    hu[0, 2, 1, 1, 0] = (500, 250)
    table = heads_up_values(hu).set_index("compare")
    assert list(table.index) == ["open_instead_of_face_down", "one_more_face_down_life"]
    assert table[["value", "lo", "hi"]].isna().all(axis=None)


def test_a_gap_table_with_no_gap_measured_still_has_its_columns():
    """Rates by gap are shown from MIN_CALLS calls; in a small run none may reach it, and the
    report filters the empty table by its columns."""
    from headcount_lab.analysis.headcount import playtest as T

    few = np.full(T.GAPS.size, T.MIN_CALLS - 1)
    rows = T._gap_rows(few, few // 2, {"exact": np.zeros(T.GAPS.size)}, players_left=4)
    assert rows == []
    table = T._gap_frame(rows, "players_left", more=("exact",))
    assert table.empty
    assert list(table.columns) == ["players_left", "gap", "n", "k", "value", "lo", "hi", "exact"]
    many = T._gap_rows(few + 1, few // 2, {"exact": np.zeros(T.GAPS.size)}, players_left=4)
    full = T._gap_frame(many, "players_left", more=("exact",))
    assert list(full.columns) == list(T.pd.DataFrame(many).columns)  # the same order as before


def test_h9_split_comeback_rows_count_every_round_a_loser_starts():
    """Issue 11: the "loser starts and loses again" rate split by players left. Under H9's
    ``next_start=loser`` every round but a game's first is started by the last round's loser,
    unless that loser has just gone out (n - 2 times a game: the last elimination ends it), so
    the split rows' rounds add up to rounds - games (n - 1); each row's fair share is 1/left."""
    from headcount_lab.analysis.headcount.playtest import comeback_split, sit_out_rows

    n = 4
    setup = Setup(tuple(parse_bots(",".join(["reader"] * n), n)), HeadcountRules(), False)
    st = P.run(P.trace_job(setup, 600), seed=4, workers=1)
    games = int(st["first_loser"][0])
    rounds = int(st["pos_rounds"][:, 0].sum())  # one start player per round
    rows = comeback_split(st["start_again"], n)
    assert [r["players_left"] for r in rows] == [4, 3, 2]
    assert sum(r["n"] for r in rows) == rounds - games * (n - 1)
    assert sum(r["k"] for r in rows) == int(st["start_again"][:, 1].sum())
    assert all(r["fair"] == 1 / r["players_left"] for r in rows)
    # rounds watched: the winner and the last one out watch none; per game, the seats'
    # watched rounds add up to the rounds after each elimination
    sit = {r["place"]: r for r in sit_out_rows(st["sit_out"], n)}
    assert sit["1"]["value"] == 0 and sit["2"]["value"] == 0
    assert all(sit[str(p)]["games"] == games for p in range(1, n + 1))
    assert sit["4"]["value"] > sit["3"]["value"] > 0


def test_a_pair_refuses_a_bot_its_engine_cannot_play():
    """The paired games run the engine compiled for agents.EVERY: a ``bayes`` seat (issue 22
    item 1) would otherwise play as another bot without a word."""
    pair = P.Pair(4, parse_bot("bayes"), parse_bot("odds"), parse_bot("equilibrium"),
                  HeadcountRules(), HeadcountRules())  # fmt: skip
    with pytest.raises(ValueError, match="bayes is not one"):
        pair.arrays("a")
    P.Pair(4, parse_bot("odds"), parse_bot("tips"), parse_bot("odds"),
           HeadcountRules(), HeadcountRules()).arrays("b")  # fmt: skip
