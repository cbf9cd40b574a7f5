"""Recorded games: the deal, the swaps, the start and every action as JSON, and a replay that
checks every step against the rules and recomputes the outcome.

A record file (what ``simulate --record K`` and ``play`` write) is the core record envelope
(:mod:`headcount_lab.core.record`) with ``format`` ``poohead-games`` and the games as its body::

    {"format": "poohead-games", "game": "poohead", "rules_version": VERSION, "rules": {...},
     "seed": S, "bots": [as listed], "games": [game, ...]}

Each game is a whole record of its own (``format`` ``poohead-game``), so one game can be cut
out of a file and replayed alone::

    {"format": "poohead-game", "version": VERSION, "rules": {...}, "bots": [by seat],
     "deal": {"face_down": [[ranks] by seat], "face_up": [...], "hand": [...], "draw": [...]},
     "face_up": [[ranks after the swap] by seat], "starter": seat,
     "actions": [[seat, "3x2"], [seat, "pick up"], [seat, "flip K"], [seat, "pass"], ...],
     "outcome": {"finishing_order": [...], "poohead": seat or null, "capped": bool,
                 "turns": t}}

Ranks are written ``2`` .. ``10``, ``J``, ``Q``, ``K``, ``A``; the draw pile next card first.
:func:`replay` plays the record again from these actions only: the pack (four of every rank),
the swap (face-up cards from the player's own six, P3), the start (P6), and for every action the
player to move, its legality (P5-P18) and the flipped card (one of that player's face-down
cards); then the turn cap (P20) and the outcome.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.games.poohead.reference import ACTION_FLIPPED, Table
from headcount_lab.games.poohead.rules import (
    COPIES,
    DECK,
    FLIP,
    N_RANKS,
    RANK_NAMES,
    TABLE,
    VERSION,
    PooheadRules,
    action_text,
    parse_action,
    parse_rank,
)

FORMAT = "poohead-game"
#: a file of games in the core record envelope (``simulate --record K``, ``play``)
FILE_FORMAT = "poohead-games"


def _names(ranks: list[int]) -> list[str]:
    return [RANK_NAMES[r] for r in ranks]


def _ranks_of(counts: list[int]) -> list[str]:
    return [RANK_NAMES[r] for r in range(N_RANKS) for _ in range(counts[r])]


def decode_log(log: list[int], rules: PooheadRules, bots: list[str]) -> dict[str, Any]:
    """Turn a kernel game log (see ``kernels.py``) into a record, checked by :func:`replay`."""
    n = rules.players
    deck = log[:DECK]
    pos = DECK
    t = Table.dealt(rules, deck)
    deal = {
        "face_down": [_names(d) for d in t.down],
        "face_up": [_ranks_of(u) for u in t.up],
        "hand": [_ranks_of(h) for h in t.hand],
        "draw": _names(t.draw),
    }
    face_up = [_names(log[pos + TABLE * s : pos + TABLE * (s + 1)]) for s in range(n)]
    pos += TABLE * n
    starter = log[pos]
    count = log[pos + 1]
    pos += 2
    _set_face_up(t, face_up)
    t.set_starter(starter)
    actions = []
    for code in log[pos : pos + count]:
        seat = t.cur
        if code >= ACTION_FLIPPED:
            r = code - ACTION_FLIPPED
            t.apply(FLIP, t.down[seat].index(r))
            actions.append([seat, f"flip {RANK_NAMES[r]}"])
        else:
            t.apply(code)
            actions.append([seat, action_text(code)])
    record = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.as_dict(),
        "bots": bots,
        "deal": deal,
        "face_up": face_up,
        "starter": starter,
        "actions": actions,
        "outcome": _outcome(t, rules),
    }
    replay(record)
    return record


def _outcome(t: Table, rules: PooheadRules) -> dict[str, Any]:
    if t.turns >= rules.turn_cap and not (sum(t.active) <= 1):
        t.capped = True
    capped = t.capped or sum(t.active) > 1
    return {
        "finishing_order": [] if capped else list(t.order),
        "poohead": None if capped else t.order[-1],
        "capped": capped,
        "turns": t.turns,
    }


def _set_face_up(t: Table, face_up: list[list[str]]) -> None:
    """P3: each seat's chosen face-up cards, which must come from its own six."""
    for s, cards in enumerate(face_up):
        ranks = [parse_rank(c) for c in cards]
        if len(ranks) != TABLE:
            raise ValueError(f"seat {s} must have {TABLE} face-up cards, not {len(ranks)}")
        six = t.six(s)
        rest = list(six)
        for r in ranks:
            if r not in rest:
                raise ValueError(
                    f"seat {s} cannot put {RANK_NAMES[r]} face up: its six cards are "
                    + " ".join(_names(six))
                    + " (P3)"
                )
            rest.remove(r)
        if not t.rules.swap and sorted(ranks) != sorted(
            r for r in range(N_RANKS) for _ in range(t.up[s][r])
        ):
            raise ValueError(f"seat {s} swapped cards, but the rules say swap=off (P3)")
        t.up[s] = [ranks.count(r) for r in range(N_RANKS)]
        t.hand[s] = [rest.count(r) for r in range(N_RANKS)]


def _rank_list(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f'{where} must be a list of ranks like "3", "10", "K"')
    return [parse_rank(c) for c in value]


def replay(record: Any) -> dict[str, Any]:
    """Validate every step of ``record`` and recompute the outcome; raise ``ValueError`` for a
    malformed or illegal record."""
    try:
        return _replay(record)
    except (TypeError, KeyError, IndexError, AttributeError) as exc:
        raise ValueError(f"malformed record: {type(exc).__name__}: {exc}") from None


def _replay(record: Any) -> dict[str, Any]:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"not a recorded game (expected format {FORMAT!r})")
    if record.get("version") != VERSION:
        raise ValueError(f"recorded with rules version {record.get('version')}, not {VERSION}")
    rules = PooheadRules(**record["rules"])
    n = rules.players
    deal = record["deal"]
    zones = {}
    for key in ("face_down", "face_up", "hand"):
        seats = deal[key]
        if not isinstance(seats, list) or len(seats) != n:
            raise ValueError(f"deal.{key} must list {n} seats")
        zones[key] = [_rank_list(c, f"deal.{key}[{s}]") for s, c in enumerate(seats)]
        for s, cards in enumerate(zones[key]):
            if len(cards) != TABLE:
                raise ValueError(f"deal.{key}[{s}] must hold {TABLE} cards (P2)")
    draw = _rank_list(deal["draw"], "deal.draw")
    every = [r for key in zones for seat in zones[key] for r in seat] + draw
    if len(every) != DECK or any(every.count(r) != COPIES for r in range(N_RANKS)):
        raise ValueError("the deal is not one pack of 52 cards, four of every rank (P1, P2)")
    deck = (
        [r for seat in zones["face_down"] for r in seat]
        + [r for seat in zones["face_up"] for r in seat]
        + [r for seat in zones["hand"] for r in seat]
        + draw
    )
    t = Table.dealt(rules, deck)
    face_up = record["face_up"]
    if not isinstance(face_up, list) or len(face_up) != n:
        raise ValueError(f"face_up must list {n} seats")
    _set_face_up(t, [_names(_rank_list(c, f"face_up[{s}]")) for s, c in enumerate(face_up)])
    starter = record["starter"]
    r, copies = t.start_options()
    if not isinstance(starter, int) or not 0 <= starter < n:
        raise ValueError(f"starter must be a seat 0..{n - 1}")
    if r >= 0 and not copies[starter]:
        raise ValueError(
            f"seat {starter} cannot start: it holds no {RANK_NAMES[r]}, the lowest card (P6)"
        )
    if r >= 0 and rules.start_tiebreak == "seat":
        t.choose_starter(_NoStream())  # type: ignore[arg-type]
        if t.starter != starter:
            raise ValueError(f"seat {t.starter} starts by start_tiebreak=seat, not {starter}")
    t.set_starter(starter)
    actions = record["actions"]
    if not isinstance(actions, list):
        raise ValueError("actions must be a list of [seat, action]")
    seen: dict[tuple, int] = {}
    for i, item in enumerate(actions, start=1):
        where = f"action {i}"
        if t.over:
            raise ValueError(f"{where}: the game is already over")
        if t.turns >= rules.turn_cap:
            raise ValueError(f"{where}: the turn cap of {rules.turn_cap} is reached (P20)")
        if rules.repetition_limit:
            state = t.state_key()
            seen[state] = seen.get(state, 0) + 1
            if seen[state] >= rules.repetition_limit:
                raise ValueError(f"{where}: the repetition limit ended the game (P20)")
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int):
            raise ValueError(f"{where}: expected [seat, action]")
        seat, text = item
        if seat != t.cur:
            raise ValueError(f"{where}: seat {t.cur} is to move, not {seat}")
        a = parse_action(str(text))
        legal = t.legal_actions()
        if a not in legal:
            raise ValueError(
                f"{where}: seat {seat} may not {text!r}; legal: "
                + ", ".join(action_text(x) for x in legal)
            )
        if a == FLIP:
            card = str(text)[4:].strip()
            if not card:
                raise ValueError(f"{where}: a flip names the card it turned ('flip K')")
            fr = parse_rank(card)
            if fr not in t.down[seat]:
                raise ValueError(f"{where}: seat {seat} has no face-down {RANK_NAMES[fr]}")
            t.apply(FLIP, t.down[seat].index(fr))
        else:
            t.apply(a)
    if not t.over:
        capped_by_rep = False
        if rules.repetition_limit:
            capped_by_rep = seen.get(t.state_key(), 0) + 1 >= rules.repetition_limit
        if t.turns < rules.turn_cap and not capped_by_rep:
            raise ValueError("the record stops before the game is over")
        t.capped = True
    got = _outcome(t, rules)
    if "outcome" in record and record["outcome"] != got:
        raise ValueError(f"the recorded outcome {record['outcome']} differs from replay's {got}")
    return {"actions": len(actions), **got}


class _NoStream:
    """``choose_starter`` with ``start_tiebreak=seat`` draws nothing; a draw is a bug."""

    def below(self, n: int) -> int:
        raise ValueError("a random start player cannot be checked")


def record_games(
    rules: PooheadRules, names: list[str], seed: int, k: int, rotate: bool
) -> dict[str, Any]:
    """The first ``k`` games of a ``simulate`` run: block 0 played again by the kernels with
    logging on (the same stream, so the record is what the run played), each game checked by
    :func:`replay`, in the core record envelope."""
    import numpy as np

    from headcount_lab.core.rng import block_state
    from headcount_lab.core.seats import rotated
    from headcount_lab.games.poohead import kernels
    from headcount_lab.games.poohead.agents import policy_params

    ids, params = policy_params(names)
    rec = np.zeros((k, kernels.log_length(rules.players, rules.turn_cap)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    games = [
        decode_log([int(v) for v in rec[m]], rules, rotated(names, m, rotate)) for m in range(k)
    ]
    return file_record(rules, seed, names, games)


def file_record(
    rules: PooheadRules, seed: int | None, bots: list[str], games: list[dict[str, Any]]
) -> dict[str, Any]:
    """Games in the core record envelope (``bots``: as listed, before any seat rotation)."""
    from headcount_lab.core.record import envelope

    return envelope("poohead", FILE_FORMAT, VERSION, rules.as_dict(), seed, {"games": games}, bots)


def replay_file(data: Any) -> dict[str, Any]:
    """Replay a record file (the envelope of :func:`file_record`), or one game record alone; a
    bad game names its number. Every game must be played under the file's rules."""
    from headcount_lab.games import GAMES

    if isinstance(data, dict) and data.get("format") == FORMAT:
        games = [data]
    else:
        rules = GAMES["poohead"].open_record(data, FILE_FORMAT)
        games = data.get("games")
        if not isinstance(games, list) or not games:
            raise ValueError("no recorded games in the file")
        for i, gm in enumerate(games, start=1):
            if not isinstance(gm, dict) or gm.get("rules") != rules.as_dict():
                raise ValueError(f"game {i}: its rules are not the file's rules")
    results = []
    for i, gm in enumerate(games, start=1):
        try:
            results.append(replay(gm))
        except ValueError as exc:
            raise ValueError(f"game {i}: {exc}") from None
    return {
        "games": len(results),
        "actions": sum(r["actions"] for r in results),
        "outcomes": results,
    }


def describe(result: dict[str, Any]) -> list[str]:
    """The replay result as lines of text."""
    lines = [f"{result['games']} games, {result['actions']} actions: all legal, outcomes agree"]
    for i, o in enumerate(result["outcomes"], start=1):
        end = "capped" if o["capped"] else f"Poohead: seat {o['poohead']}"
        lines.append(f"game {i}: {o['turns']} turns, {end}")
    return lines
