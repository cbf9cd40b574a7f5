"""Score a real table's match from its bids and tricks (W7, W8), rejecting impossible input.

The input is ``{"players": n, "hands": [{"cards": k, "bids": [...], "tricks": [...]}, ...]}``
with bids and tricks in seat order, its hands in the order of the schedule (W2; see
``schema.py``). Each hand scores 5 + tricks for an exact bid and minus the
difference otherwise; with the dealer's restriction (W5) the bids can never add up to the hand
size, so such a hand is rejected as impossible. Among hands of two or more cards, runs of made
or missed contracts earn the streak bonus (``streak_mode``: a long run pays every five or once).
"""

from __future__ import annotations

from typing import Any

from headcount_lab.games.whist.rules import WhistRules, hand_score, streak_step
from headcount_lab.games.whist.schema import Sheet, check_score_sheet


def score_match(
    data: Any, rules: WhistRules | None = None, schedule: bool = True
) -> dict[str, Any]:
    """Scores of every hand with the running totals; ``ValueError`` names the bad hand.

    ``data`` is the sheet as loaded from JSON (or already a checked :class:`Sheet`); it is
    checked against the schema, and with ``schedule`` (the default, and what ``whist score``
    does) against the hand schedule (W2), before any hand is scored.
    """
    sheet = data if isinstance(data, Sheet) else check_score_sheet(data, schedule)
    n = sheet.players
    if rules is None:
        rules = WhistRules(players=n)
    elif rules.players != n:
        raise ValueError(f"the rules are for {rules.players} players, the sheet for {n}")
    totals = [0] * n
    runs = [(0, 0)] * n
    out = []
    for i, hand in enumerate(sheet.hands, start=1):
        where = f"hand {i}"
        k = hand.cards
        bids = _per_seat(hand.bids, n, "bids", where)
        tricks = _per_seat(hand.tricks, n, "tricks", where)
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


def _per_seat(values: list[int], n: int, what: str, where: str) -> list[int]:
    if len(values) != n:
        raise ValueError(f"{where}: {what} must have one entry per player ({n}), got {len(values)}")
    return values
