"""Recorded Headcount games: write them as JSON, and replay them checking every action.

A record holds the rules, and for every game and round the deal (forehead cards by seat, the
hidden card, the draw-pile top) and every action in order: peeks, bids, the call, Trickster
pointing, the total, who lost and won, and the loser's discard. :func:`replay` checks each
action against the rules and rulings H5-H10 with its own bookkeeping (turn order, lives, bids)
and the verbs of :mod:`~headcount_lab.games.headcount.rules` that the engine plays by
(``may_peek``, ``may_call``, ``may_bid``, ``settle_round``, ``discard_life``, ``next_start``,
...), recounts each round with :func:`~headcount_lab.games.headcount.rules.count` and returns the
outcomes. It accepts every legal record, including what the engine's bots never do (a second
peek in a round, H7). The first problem
raises :class:`ReplayError` naming the game, round and action and saying why.

The format (``"format": "headcount-record/1"``) is documented in ``docs/games/headcount.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.core.cards import CardError
from headcount_lab.core.record import envelope
from headcount_lab.core.schema import read_json
from headcount_lab.games.headcount import rules as R
from headcount_lab.games.headcount.rules import (
    JOKER,
    VERSION,
    HeadcountRules,
    card_text,
    count,
    parse_ids,
)
from headcount_lab.games.headcount.schema import FORMAT, check_record

BID_LIMIT = 2**62  # the engine's bids are int64 (its "Count!" action is -2**62)


class ReplayError(ValueError):
    """A recorded game that breaks the rules or the format; the message says where and why."""


# --------------------------------------------------------------------------- writing


def game_record(events: list[tuple[str, int, int]], seats: list[str]) -> dict[str, Any]:
    """One game as a JSON-able dict, from engine events ``(kind, seat, value)``."""
    rounds: list[dict[str, Any]] = []
    winner = None
    r: dict[str, Any] = {}
    for kind, seat, value in events:
        if kind == "start":
            r = {"round": value, "start": seat, "foreheads": [None] * len(seats), "hidden": None}
            r["actions"] = []
            rounds.append(r)
        elif kind == "forehead":
            r["foreheads"][seat] = card_text(value)
        elif kind == "hidden":
            r["hidden"] = card_text(value)
        elif kind == "draw":
            r["draw"] = card_text(value)
        elif kind == "peek":
            r["actions"].append({"seat": seat, "peek": True})
        elif kind == "bid":
            r["actions"].append({"seat": seat, "bid": value})
        elif kind == "call":
            r["actions"].append({"seat": seat, "call": True})
        elif kind == "point":
            r.setdefault("points", []).append({"seat": seat, "at": value})
        elif kind == "count":
            r["total"] = value
        elif kind == "lose":
            r["loser"], r["winner"] = seat, value
        elif kind == "discard":
            r["discard"] = "open" if value else "down"
        elif kind == "out":
            r["out"] = seat
        elif kind == "win":
            winner = seat
    return {"seats": seats, "winner": winner, "rounds": rounds}


def make_record(
    rules: HeadcountRules, games: list[tuple[list[str], list]], seed: int | None = None
) -> dict[str, Any]:
    """A whole record: ``games`` is a list of (bot spec by seat, events)."""
    body = {"games": [game_record(ev, seats) for seats, ev in games]}
    return envelope("headcount", FORMAT, VERSION, rules.as_dict(), seed, body)


def record_games(setup, seed: int, k: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The first ``k`` games of ``simulate`` with this setup and seed, played by the reference
    engine on the same streams as the kernel (so the record is what the run played)."""
    from headcount_lab.core.rng import PyStream, block_state
    from headcount_lab.games.headcount.reference import play_deals

    orders = [list(o) for o in setup.orders]
    per_block = setup.deals_per_block
    beliefs = setup.beliefs()
    out: list[tuple[list[str], list]] = []
    block = 0
    while len(out) < k:
        stream = PyStream(block_state(seed, block))
        need = -(-(k - len(out)) // len(orders))
        played = play_deals(min(need, per_block), orders, list(setup.bots), setup.rules, beliefs,
                            stream)  # fmt: skip
        for order, events in played:
            out.append(([setup.bots[i].spec for i in order], events))
        block += 1
    return make_record(setup.rules, out[:k], seed)


# --------------------------------------------------------------------------- replaying


@dataclass
class _Where:
    game: int
    round: int | None = None
    what: str = ""

    def fail(self, why: str) -> ReplayError:
        at = f"game {self.game}"
        if self.round is not None:
            at += f", round {self.round}"
        if self.what:
            at += f", {self.what}"
        return ReplayError(f"{at}: {why}")


def _is(value: Any, number: int) -> bool:
    """``value`` is the whole number ``number`` (JSON ``true`` is not the seat 1)."""
    return type(value) is int and value == number


def _card(text: Any, double: bool, where: _Where) -> int:
    if not isinstance(text, str):
        raise where.fail(f"expected a card, got {text!r}")
    try:
        ids = parse_ids(text, double)
    except CardError as exc:
        raise where.fail(str(exc)) from None
    if len(ids) != 1:
        raise where.fail(f"expected one card, got {text!r}")
    return ids[0]


def _describe(i: int, a: dict[str, Any]) -> str:
    kind = "peek" if a.get("peek") else "call" if a.get("call") else f"bid {a.get('bid')}"
    return f"action {i + 1} (seat {a.get('seat')} {kind})"


def load(path: str | Path) -> dict[str, Any]:
    try:
        return read_json(path)  # type: ignore[no-any-return]
    except ValueError as exc:
        raise ReplayError(str(exc)) from None


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Check every game of a record; return the outcomes (winner, rounds, per-round lines)."""
    try:
        check_record(data)  # the declared shape and types first (schema.py), then the rules
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"not a Headcount record: the format must be {FORMAT!r}")
    if data.get("rules_version") != VERSION:
        raise ReplayError(
            f"the record uses rules version {data.get('rules_version')}, this program {VERSION}"
        )
    try:
        rules = HeadcountRules(**data["rules"])
    except (TypeError, KeyError, ValueError) as exc:
        raise ReplayError(f"bad rules in the record: {exc}") from None
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise ReplayError("the record has no games")
    return {
        "format": FORMAT,
        "rules": rules.as_dict(),
        "games": [_replay_game(g, i, rules) for i, g in enumerate(games)],
    }


def _replay_game(g: dict[str, Any], gi: int, rules: HeadcountRules) -> dict[str, Any]:
    where = _Where(gi)
    seats = g.get("seats")
    if not isinstance(seats, list) or not 3 <= len(seats) <= 6:
        raise where.fail("'seats' must list 3 to 6 players")
    n = len(seats)
    o, d = rules.lives
    open_l, down_l = [o] * n, [d] * n
    start = 0
    lines = []
    rounds = g.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise where.fail("the game has no rounds")
    for ri, r in enumerate(rounds):
        where = _Where(gi, ri + 1)
        active = [open_l[s] + down_l[s] > 0 for s in range(n)]
        if sum(active) < 2:
            raise where.fail("the game was already over (one player left)")
        if not isinstance(r, dict):
            raise where.fail("a round is an object")
        if not _is(r.get("round"), ri + 1):
            raise where.fail(f"rounds must be numbered 1, 2, ...; found {r.get('round')!r}")
        if not _is(r.get("start"), start):
            raise where.fail(f"seat {start} must start this round, not {r.get('start')!r} (H9)")
        line = _replay_round(r, where, rules, n, active, open_l, down_l)
        loser = line["loser"]
        if R.is_out(open_l[loser], down_l[loser]):  # H8
            if not _is(r.get("out"), loser):
                raise where.fail(f"seat {loser} has no life cards left and must be out")
        elif "out" in r:
            raise where.fail(f"seat {r['out']!r} is marked out but still has life cards")
        # H9: the loser starts; if it is out (or by the house rule) the next seat still in
        still_in = np.array([open_l[s] + down_l[s] > 0 for s in range(n)])
        start = int(R.next_start(still_in, loser, rules.next_start == "left_of_loser"))
        line["lives"] = [[open_l[s], down_l[s]] for s in range(n)]
        lines.append(line)
    left = [s for s in range(n) if open_l[s] + down_l[s] > 0]
    where = _Where(gi)
    if len(left) != 1:
        raise where.fail(f"the record ends with {len(left)} players still in (the game goes on)")
    if not _is(g.get("winner"), left[0]):
        raise where.fail(f"seat {left[0]} won, not {g.get('winner')!r}")
    return {"game": gi, "winner": left[0], "winner_bot": seats[left[0]], "rounds": lines}


def _replay_round(
    r: dict[str, Any],
    where: _Where,
    rules: HeadcountRules,
    n: int,
    active: list[bool],
    open_l: list[int],
    down_l: list[int],
) -> dict[str, Any]:
    dbl = rules.double
    heads = r.get("foreheads")
    if not isinstance(heads, list) or len(heads) != n:
        raise where.fail(f"'foreheads' must list {n} seats (null for players who are out)")
    cards: dict[int, int] = {}
    for s in range(n):
        w = _Where(where.game, where.round, f"forehead of seat {s}")
        if active[s]:
            cards[s] = _card(heads[s], dbl, w)
        elif heads[s] is not None:
            raise w.fail("a player who is out holds no card")
    hidden = None
    if rules.hidden_card:
        hidden = _card(r.get("hidden"), dbl, _Where(where.game, where.round, "hidden card"))
    elif r.get("hidden") is not None:
        raise where.fail("there is no hidden card with hidden_card off")
    draw = _card(r.get("draw"), dbl, _Where(where.game, where.round, "draw card"))
    in_play = list(cards.values()) + ([hidden] if hidden is not None else [])
    if len(set(in_play + [draw])) != len(in_play) + 1:
        raise where.fail("a card is dealt twice")

    order = [s for s in range(n) if active[s]]
    seat = r["start"]
    bids: list[tuple[int, int]] = []
    peeked: set[int] = set()
    caller = None
    actions = r.get("actions")
    if not isinstance(actions, list) or not actions:
        raise where.fail("the round has no actions")
    peeked_now = False  # the seat to act peeked on this turn
    min_first = rules.min_first
    for i, a in enumerate(actions):
        w = _Where(where.game, where.round, _describe(i, a) if isinstance(a, dict) else "")
        if caller is not None:
            raise w.fail("nothing can follow the call")
        if not isinstance(a, dict) or not _is(a.get("seat"), seat):
            raise w.fail(f"it is seat {seat}'s turn")
        last = bids[-1][0] if bids else 0
        if a.get("peek") is True:
            if not rules.hidden_card:
                raise w.fail("there is no hidden card to peek at")
            if peeked_now:
                raise w.fail("a seat peeks at most once a turn, at its start (H7)")
            if open_l[seat] == 0:
                raise w.fail("peeking needs an open life card (H7)")
            first_turn = seat == r["start"] and not bids
            if not R.may_peek(True, open_l[seat], first_turn, rules.start_player_may_peek):
                raise w.fail("the start player may not peek on their first turn (H7)")
            open_l[seat], down_l[seat] = R.peek_lives(open_l[seat], down_l[seat])
            peeked.add(seat)
            peeked_now = True
            continue
        if a.get("call") is True:
            if not R.may_call(len(bids), peeked_now, rules.peek_must_raise):
                if not bids:
                    raise w.fail("nobody can call before the first bid (H5)")
                raise w.fail("after peeking the player must raise (H7)")
            caller = seat
            continue
        bid = a.get("bid")
        if type(bid) is not int:
            raise w.fail("an action is a peek, a whole-number bid or a call")
        if not -BID_LIMIT < bid < BID_LIMIT:
            raise w.fail(f"a bid must lie between -{BID_LIMIT} and {BID_LIMIT}")
        if not R.may_bid(bid, len(bids), last, min_first):
            if bids:
                raise w.fail(f"a bid must be higher than the last bid {last} (H5)")
            raise w.fail(f"the opening bid must be at least {min_first} (min_first_bid)")
        bids.append((bid, seat))
        peeked_now = False
        seat = int(R.next_active(np.array(active), seat))  # H9
    if caller is None:
        raise where.fail("the round ends without a call")
    last, bidder = bids[-1]

    points = r.get("points", [])
    if not isinstance(points, list) or not all(isinstance(p, dict) for p in points):
        raise where.fail("'points' lists objects {seat, at}")
    pointers = [s for s in order if R.must_point(s, caller, bidder)] if rules.trickster else []
    if len(points) != len(pointers) or not all(
        _is(p.get("seat"), s) for p, s in zip(points, pointers, strict=False)
    ):
        raise where.fail(f"seats {pointers} must point (H10), the record has {points}")
    for p in points:
        at = p.get("at")
        if type(at) is not int or not 0 <= at < n or not R.may_point_at(at, caller, bidder):
            raise where.fail(f"seat {p['seat']} must point at the caller or the bidder (H10)")

    total = count(in_play, draw if JOKER in in_play else None)
    if not _is(r.get("total"), total):
        raise where.fail(f"the cards count {total}, the record says {r.get('total')!r}")
    loser, winner = (int(x) for x in R.settle_round(total, last, bidder, caller, rules.shift))
    if not (_is(r.get("loser"), loser) and _is(r.get("winner"), winner)):
        raise where.fail(
            f"total {total} against the bid {last}: seat {loser} loses and seat {winner} wins "
            f"(H6), the record says loser {r.get('loser')!r}, winner {r.get('winner')!r}"
        )
    for p in points:  # H10
        s = p["seat"]
        open_l[s], down_l[s] = R.pointer_lives(open_l[s], down_l[s], p["at"] == winner)
    open_l[winner], down_l[winner] = R.winner_lives(open_l[winner], down_l[winner])  # H8
    discard = r.get("discard")
    if discard not in ("open", "down"):
        raise where.fail("the loser's 'discard' must be 'open' or 'down'")
    discard_open = 1 if discard == "open" else 0
    if not R.may_discard(open_l[loser], down_l[loser], discard_open):
        raise where.fail(f"seat {loser} has no {discard} life card to discard (H8)")
    open_l[loser], down_l[loser] = R.discard_life(open_l[loser], down_l[loser], discard_open)
    return {
        "round": r["round"],
        "start": r["start"],
        "last_bid": last,
        "bidder": bidder,
        "caller": caller,
        "total": total,
        "loser": loser,
        "winner": winner,
        "peeks": sorted(peeked),
    }


def describe(result: dict[str, Any]) -> list[str]:
    """Human lines for a replay result."""
    out = []
    for g in result["games"]:
        out.append(f"game {g['game']}: seat {g['winner']} ({g['winner_bot']}) wins after "
                   f"{len(g['rounds'])} rounds")  # fmt: skip
        for r in g["rounds"]:
            peeks = f", peeks {r['peeks']}" if r["peeks"] else ""
            lives = " ".join(f"{o}+{d}" for o, d in r["lives"])
            out.append(
                f"  round {r['round']:>2}: seat {r['bidder']} bid {r['last_bid']}, seat "
                f"{r['caller']} called, total {r['total']} -> seat {r['loser']} loses{peeks}; "
                f"lives {lives}"
            )
    n = len(result["games"])
    out.append(f"{n} game{'s' if n != 1 else ''} replayed: every action legal")
    return out
