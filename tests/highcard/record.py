"""High Card records: replay checks every game of a record and rescoring agrees."""

from __future__ import annotations

from typing import Any

from headcount_lab.core.cards import CardError
from highcard.rules import card_id, highest, score

FORMAT = "highcard-record/1"


def replay(data: Any) -> dict[str, Any]:
    from highcard.game import SPEC

    rules = SPEC.open_record(data, FORMAT)  # the whole envelope, by the platform
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise ValueError("the record has no games")
    totals = [0] * rules.players
    for i, g in enumerate(games, start=1):
        try:
            cards = [card_id(t, rules.ranks) for t in g["cards"]]
        except (CardError, TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"game {i}: bad cards: {exc}") from None
        if len(cards) != rules.players or len(set(cards)) != len(cards):
            raise ValueError(f"game {i}: {rules.players} different cards are dealt")
        claims = g.get("claims")
        if not isinstance(claims, list) or len(claims) != rules.players:
            raise ValueError(f"game {i}: one claim (true/false) per seat")
        if not all(isinstance(c, bool) for c in claims):
            raise ValueError(f"game {i}: claims are true or false")
        top = highest(cards)
        scores = [score(claims[s], s == top, rules) for s in range(rules.players)]
        if g.get("scores") != scores:
            raise ValueError(f"game {i}: the scores are {scores}, not {g.get('scores')}")
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
    return {"games": len(games), "totals": totals}


def describe(result: dict[str, Any]) -> list[str]:
    return [
        f"{result['games']} games replayed: every claim scored right; totals {result['totals']}"
    ]
