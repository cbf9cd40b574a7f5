"""Recorded matches: every deal, bid and card as JSON, and a replay that checks and rescores them.

A record is what a kernel match log holds (see ``kernels.py``) written out with card names:

``{"format": "forehead-whist-match", "version": VERSION, "rules": {...}, "bots": [by seat],
"hands": [{"hand", "cards", "dealer", "trump_card", "deal": [[cards] by seat],
"bids": [by seat], "tricks": [{"leader", "cards": [in play order]}]}, ...], "totals": [...]}``

:func:`replay_match` plays the record again from its actions only: it checks the schedule, the
deal, every bid (range, the dealer's restriction) and every card (held by that player, legal, led
by the right seat), recomputes the tricks and scores, and compares the totals with the record's.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.core.cards import CardError, parse_card
from headcount_lab.games.whist.rules import (
    VERSION,
    WhistRules,
    card_id,
    card_text,
    forbidden_bid,
    hand_score,
    hand_sizes,
    has_trump,
    legal_cards,
    streak_step,
    trick_winner,
)
from headcount_lab.games.whist.schema import FILE_FORMAT, FORMAT, check_match, matches_of


def record_matches(
    rules: WhistRules, names: list[str], seed: int, k: int, rotate: bool
) -> dict[str, Any]:
    """The first ``k`` matches of a ``simulate`` run: block 0 replayed with logging on (the same
    stream, so the record is what the run played), each checked by :func:`replay_match`."""
    import numpy as np

    from headcount_lab.core import record as envelope
    from headcount_lab.core.rng import block_state
    from headcount_lab.core.seats import rotated
    from headcount_lab.games.whist import kernels
    from headcount_lab.games.whist.agents import policy_params

    ids, params = policy_params(names)
    rec = np.zeros((k, kernels.log_length(rules.players)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    matches = [
        decode_log([int(v) for v in rec[m]], rules, rotated(names, m, rotate)) for m in range(k)
    ]
    body = {"matches": matches}
    return envelope.envelope("whist", FILE_FORMAT, VERSION, rules.as_dict(), seed, body, names)


def decode_log(log: list[int], rules: WhistRules, bots: list[str]) -> dict[str, Any]:
    """Turn a kernel match log into a record (with the kernel's totals) and check it by replay."""
    n = rules.players
    ranks = rules.ranks
    pos = 0
    hands = []
    for h, (k, dealer) in enumerate(rules.schedule()):
        trump = log[pos]
        pos += 1
        deal = []
        for _ in range(n):
            deal.append([card_text(c, ranks) for c in log[pos : pos + k]])
            pos += k
        bids = [0] * n
        for i in range(n):
            bids[(dealer + 1 + i) % n] = log[pos]
            pos += 1
        tricks = []
        leader = (dealer + 1) % n
        for _ in range(k):
            cards = log[pos : pos + n]
            pos += n
            tricks.append({"leader": leader, "cards": [card_text(c, ranks) for c in cards]})
            leader = (
                leader + trick_winner(cards, trump // ranks if trump >= 0 else None, ranks)
            ) % n
        hands.append(
            {
                "hand": h + 1,
                "cards": k,
                "dealer": dealer,
                "trump_card": card_text(trump, ranks) if trump >= 0 else None,
                "deal": deal,
                "bids": bids,
                "tricks": tricks,
            }
        )
    totals = log[pos : pos + n]
    record = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.as_dict(),
        "bots": bots,
        "hands": hands,
        "totals": [int(t) for t in totals],
    }
    replay_match(record)
    return record


def _card(text: Any, ranks: int, where: str) -> int:
    if not isinstance(text, str):
        raise ValueError(f"{where}: a card must be text like 'K♠' or 'KS', not {text!r}")
    try:
        return card_id(parse_card(text), ranks)
    except CardError as exc:
        raise ValueError(f"{where}: {exc}") from None


def replay_match(record: dict[str, Any]) -> dict[str, Any]:
    """Validate every action of ``record`` and rescore it; return the hands' scores and totals."""
    rules = check_match(record)  # the declared shape, types and version first (schema.py)
    n = rules.players
    ranks = rules.ranks
    hands = record.get("hands")
    schedule = rules.schedule()
    if not isinstance(hands, list) or len(hands) != len(schedule):
        raise ValueError(f"a {n}-player match has {len(hand_sizes(n))} hands")
    totals = [0] * n
    runs = [(0, 0)] * n
    scores_out = []
    actions = 0
    for h, (hand, (k, dealer)) in enumerate(zip(hands, schedule, strict=True), start=1):
        where = f"hand {h}"
        if hand.get("cards") != k or hand.get("dealer") != dealer:
            raise ValueError(f"{where}: the schedule has {k} cards dealt by seat {dealer} (W2, W3)")
        trump = hand.get("trump_card")
        if has_trump(k) != (trump is not None):
            raise ValueError(f"{where}: {'a' if has_trump(k) else 'no'} trump card is turned (W4)")
        trump_id = _card(trump, ranks, where) if trump is not None else None
        trump_suit = trump_id // ranks if trump_id is not None else None
        deal = hand.get("deal")
        if not isinstance(deal, list) or len(deal) != n:
            raise ValueError(f"{where}: the deal must list {n} hands")
        held: list[set[int]] = []
        seen = {trump_id} if trump_id is not None else set()
        for s, cards in enumerate(deal):
            ids = [_card(c, ranks, f"{where}, seat {s}") for c in cards]
            if len(ids) != k:
                raise ValueError(f"{where}: seat {s} was dealt {len(ids)} cards, not {k}")
            for c in ids:
                if c in seen:
                    raise ValueError(f"{where}: card {card_text(c, ranks)} is dealt twice")
                seen.add(c)
            held.append(set(ids))
        bids = hand.get("bids")
        if not isinstance(bids, list) or len(bids) != n:
            raise ValueError(f"{where}: bids must list {n} numbers in seat order")
        for s, b in enumerate(bids):
            if not isinstance(b, int) or not 0 <= b <= k:
                raise ValueError(f"{where}: seat {s} bid {b!r}, outside 0..{k}")
        others = [b for s, b in enumerate(bids) if s != dealer]
        if bids[dealer] == forbidden_bid(k, others, rules):
            raise ValueError(
                f"{where}: the dealer (seat {dealer}) bid the forbidden {bids[dealer]} (W5)"
            )
        actions += n
        tricks = hand.get("tricks")
        if not isinstance(tricks, list) or len(tricks) != k:
            raise ValueError(f"{where}: {k} tricks must be played")
        took = [0] * n
        leader = (dealer + 1) % n
        for t, trick in enumerate(tricks, start=1):
            wt = f"{where}, trick {t}"
            if trick.get("leader") != leader:
                raise ValueError(f"{wt}: seat {leader} leads, not {trick.get('leader')} (W6)")
            cards = [_card(c, ranks, wt) for c in trick.get("cards", [])]
            if len(cards) != n:
                raise ValueError(f"{wt}: every one of the {n} players plays one card")
            for i, c in enumerate(cards):
                seat = (leader + i) % n
                if c not in held[seat]:
                    raise ValueError(f"{wt}: seat {seat} does not hold {card_text(c, ranks)}")
                led = cards[0] // ranks if i else None
                if c not in legal_cards(held[seat], led, trump_suit, rules):
                    raise ValueError(
                        f"{wt}: seat {seat} may not play {card_text(c, ranks)} "
                        "(follow suit, else trump if able: W6)"
                    )
                held[seat].remove(c)
            actions += n
            leader = (leader + trick_winner(cards, trump_suit, ranks)) % n
            took[leader] += 1
        scores = []
        for s in range(n):
            ok = bids[s] == took[s]
            extra = 0
            if k >= 2:
                a, b, extra = streak_step(runs[s][0], runs[s][1], ok, rules)
                runs[s] = (a, b)
            scores.append(hand_score(bids[s], took[s]) + extra)
            totals[s] += scores[-1]
        scores_out.append({"hand": h, "tricks": took, "scores": scores})
    if "totals" in record and record["totals"] != totals:
        raise ValueError(
            f"the recorded totals {record['totals']} differ from the replay's {totals}"
        )
    return {"hands": scores_out, "totals": totals, "actions": actions}


def replay_file(data: Any) -> dict[str, Any]:
    """Replay one match record or a file of them (``{"matches": [records]}``); a bad match names
    its number."""
    matches = matches_of(data)
    results = []
    for i, m in enumerate(matches, start=1):
        try:
            results.append(replay_match(m))
        except ValueError as exc:
            raise ValueError(f"match {i}: {exc}") from None
    return {
        "matches": len(results),
        "actions": sum(r["actions"] for r in results),
        "totals": [r["totals"] for r in results],
    }


def describe(result: dict[str, Any]) -> list[str]:
    """The replay result as lines of text."""
    lines = [f"{result['matches']} matches, {result['actions']} actions: all legal, totals agree"]
    for i, t in enumerate(result["totals"], start=1):
        lines.append(f"match {i}: " + " ".join(str(v) for v in t))
    return lines
