"""Score a real table's match from its bids and tricks (W7, W8), rejecting impossible input.

The input is ``{"players": n, "hands": [{"cards": k, "bids": [...], "tricks": [...]}, ...]}``
with bids and tricks in seat order. Each hand scores 5 + tricks for an exact bid and minus the
difference otherwise; with the dealer's restriction (W5) the bids can never add up to the hand
size, so such a hand is rejected as impossible. Among hands of two or more cards, runs of made
or missed contracts earn the streak bonus (``streak_mode``: a long run pays every five or once).
"""

from __future__ import annotations

from typing import Any

from headcount_lab.games.whist.rules import (
    MAX_CARDS,
    WhistRules,
    check_players,
    hand_score,
    streak_step,
)


def _int_list(value: Any, n: int, what: str, where: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise ValueError(f"{where}: {what} must be a list of {n} whole numbers")
    if len(value) != n:
        raise ValueError(f"{where}: {what} must have one entry per player ({n}), got {len(value)}")
    return value


def score_match(data: Any, rules: WhistRules | None = None) -> dict[str, Any]:
    """Scores of every hand with the running totals; ``ValueError`` names the bad hand."""
    if not isinstance(data, dict) or "players" not in data or "hands" not in data:
        raise ValueError('the score file must be {"players": n, "hands": [...]}')
    n = data["players"]
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError("players must be a whole number")
    check_players(n)
    rules = WhistRules(players=n) if rules is None else rules.with_flags([f"players={n}"])
    if not isinstance(data["hands"], list) or not data["hands"]:
        raise ValueError("hands must be a non-empty list")
    totals = [0] * n
    runs = [(0, 0)] * n
    out = []
    for i, hand in enumerate(data["hands"], start=1):
        where = f"hand {i}"
        if not isinstance(hand, dict):
            raise ValueError(f"{where}: expected an object with cards, bids and tricks")
        k = hand.get("cards")
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_CARDS:
            raise ValueError(f"{where}: cards must be a whole number from 1 to {MAX_CARDS}")
        bids = _int_list(hand.get("bids"), n, "bids", where)
        tricks = _int_list(hand.get("tricks"), n, "tricks", where)
        for s, b in enumerate(bids):
            if not 0 <= b <= k:
                raise ValueError(f"{where}: seat {s} bid {b}, outside 0..{k}")
        for s, t in enumerate(tricks):
            if t < 0:
                raise ValueError(f"{where}: seat {s} took {t} tricks")
        if rules.dealer_restriction and sum(bids) == k:
            raise ValueError(
                f"{where}: bids sum to the {k} tricks, which the dealer may not allow (W5; "
                "use --rule dealer_restriction=off for a table without that rule)"
            )
        if sum(tricks) != k:
            raise ValueError(f"{where}: tricks sum to {sum(tricks)}, but {k} were played")
        scores = []
        bonus = []
        for s in range(n):
            ok = bids[s] == tricks[s]
            extra = 0
            if k >= 2:  # W8: one-card hands neither build nor break a run
                a, b, extra = streak_step(runs[s][0], runs[s][1], ok, rules)
                runs[s] = (a, b)
            scores.append(hand_score(bids[s], tricks[s]) + extra)
            bonus.append(extra)
            totals[s] += scores[-1]
        out.append(
            {"hand": i, "cards": k, "scores": scores, "bonus": bonus, "totals": list(totals)}
        )
    return {"players": n, "streak_mode": rules.streak_mode, "hands": out, "totals": totals}
