"""Recorded games: every deal and play as JSON, and a replay that checks and rescores them.

A record is a kernel game log (see ``kernels.py``) written out with card names. Seats are
numbered from 0 in records (the referee's ``Q@k`` counts players from 1 in trick order)::

    {"format": "foolish-faces-game", "version": VERSION, "rules": {...}, "bots": [by seat],
     "first_start": s0,
     "rounds": [{"round": r, "start": seat, "stock": ["7", "JK"], "deal": [[types] by seat],
                 "tricks": [{"leader": seat, "plays": [...], "winner": seat, "points": p}],
                 "party_crasher": seat or null, "scores": [by seat]}],
     "totals": [by seat]}

A play is ``"7"`` (face up), ``"9 down"`` (face down, with the card the record knows),
``"Q on 2"`` (a face-up Queen covering seat 2's card), ``"K names 3"``; a trick cut short by
Party Crasher (F18) ends with ``"party crasher"`` and has no winner.

:func:`replay_game` plays the record again from its actions only: it checks the start seats, the
stock and the deal (the whole deck, no stock with both Jokers), every play (whose turn, held,
legal by F5-F8 and F6), every Party Crasher (F18), recomputes winners, points and scores.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.games.foolish.rules import (
    A_CRASH,
    COPIES,
    KING,
    N_TYPES,
    NAMES,
    QUEEN,
    TARGET_WORDS,
    VERSION,
    FoolishRules,
    Play,
    action_play,
    can_crash,
    fools,
    hand_size,
    must_redeal,
    parse_type,
    play_problem,
    round_scores,
    stock_size,
    trick_points,
    trick_winner,
)

FORMAT = "foolish-faces-game"
CRASH_TEXT = "party crasher"


def play_text(p: Play) -> str:
    if not p.up:
        return f"{NAMES[p.card]} down"
    if p.card == QUEEN:
        return f"Q on {p.target}"
    if p.card == KING:
        return f"K names {p.target}"
    return NAMES[p.card]


def typed_play(text: str) -> str:
    """A play typed at the table in the records' notation: the referee's ``Q@2`` and ``K@3``
    (``foolish trick``) read as ``Q on 2`` and ``K names 3``, and the card names and keywords in
    any case (``q on 2``, ``7 DOWN``, ``t``). The number is still a seat, from 0."""
    words = text.split()
    if len(words) == 1 and "@" in words[0]:
        name, _, k = words[0].partition("@")
        if name.upper() in TARGET_WORDS:
            words = [name, TARGET_WORDS[name.upper()], k]
    if len(words) == 3 and words[0].upper() in TARGET_WORDS:
        return f"{words[0].upper()} {words[1].lower()} {words[2]}"
    if len(words) == 2 and words[1].lower() == "down":
        return f"{words[0]} down"
    if len(words) == 1 and words[0].upper() in TARGET_WORDS:
        return words[0].upper()
    return " ".join(words)


def parse_record_play(text: Any, seat: int, n: int, where: str) -> Play | None:
    """A recorded play (``None`` for Party Crasher); malformed text raises ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"{where}: a play is text like '7', '9 down', 'Q on 2', not {text!r}")
    words = text.split()
    try:
        if text == CRASH_TEXT:
            return None
        if len(words) == 2 and words[1] == "down":
            return Play(seat, parse_type(words[0]), False)
        if len(words) == 3 and words[:2] in (["Q", "on"], ["K", "names"]):
            if not words[2].isdigit() or not 0 <= int(words[2]) < n:
                raise ValueError(f"{text!r} must name a seat 0..{n - 1}")
            return Play(seat, QUEEN if words[0] == "Q" else KING, True, int(words[2]))
        if len(words) == 1:
            t = parse_type(words[0])
            if t in (QUEEN, KING):
                raise ValueError(f"a face-up {words[0]} needs a target ('Q on 2', 'K names 3')")
            return Play(seat, t, True)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    raise ValueError(f"{where}: cannot read the play {text!r}")


def decode_log(log: list[int], rules: FoolishRules, bots: list[str]) -> dict[str, Any]:
    """Turn a kernel game log into a record and check it by replay."""
    n = rules.players
    s, h = stock_size(n), hand_size(n)
    s0 = log[0]
    pos = 1
    rounds = []
    for r in range(1, rules.n_rounds + 1):
        stock = [NAMES[t] for t in log[pos : pos + s]]
        pos += s
        deal = []
        for _ in range(n):
            deal.append([NAMES[t] for t in log[pos : pos + h]])
            pos += h
        actions = log[pos : pos + h * n]
        pos += h * n
        start = (s0 + r - 1) % n
        tricks: list[dict[str, Any]] = []
        trick: list[Play] = []
        texts: list[str] = []
        leader = start
        crasher = None
        for a in actions:
            if a < 0:
                break
            seat = (leader + len(trick)) % n
            if a == A_CRASH:
                crasher = seat
                tricks.append({"leader": leader, "plays": [*texts, CRASH_TEXT]})
                break
            p = action_play(a, seat, n)
            trick.append(p)
            texts.append(play_text(p))
            if len(trick) == n:
                w = trick_winner(trick)
                tricks.append(
                    {"leader": leader, "plays": texts, "winner": w, "points": trick_points(trick)}
                )
                leader = w if w is not None else leader
                trick, texts = [], []
        scores = [int(v) for v in log[pos : pos + n]]
        pos += n
        rounds.append(
            {
                "round": r,
                "start": start,
                "stock": stock,
                "deal": deal,
                "tricks": tricks,
                "party_crasher": crasher,
                "scores": scores,
            }
        )
    record = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.as_dict(),
        "bots": bots,
        "first_start": int(s0),
        "rounds": rounds,
        "totals": [int(v) for v in log[pos : pos + n]],
    }
    replay_game(record)
    return record


def _types(cards: Any, where: str) -> list[int]:
    if not isinstance(cards, list):
        raise ValueError(f"{where}: expected a list of cards")
    try:
        if not all(isinstance(c, str) for c in cards):
            raise ValueError("cards are text like '7' or 'JK'")
        return [parse_type(c) for c in cards]
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _int(v: Any, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{where}: expected a whole number, not {v!r}")
    return v


def replay_round(rules: FoolishRules, rnd: Any, r: int, start: int) -> tuple[list[int], int]:
    """Check one recorded round; return its scores and the number of actions."""
    n = rules.players
    where = f"round {r}"
    if not isinstance(rnd, dict):
        raise ValueError(f"{where}: not a round")
    if rnd.get("round") != r or rnd.get("start") != start:
        raise ValueError(f"{where}: round {r} starts at seat {start} (F4)")
    stock = _types(rnd.get("stock"), f"{where} stock")
    deal = rnd.get("deal")
    if not isinstance(deal, list) or len(deal) != n:
        raise ValueError(f"{where}: the deal has one hand per seat")
    hands_t = [_types(d, f"{where} seat {s}") for s, d in enumerate(deal)]
    if len(stock) != stock_size(n) or any(len(h) != hand_size(n) for h in hands_t):
        raise ValueError(f"{where}: {stock_size(n)} stock cards and {hand_size(n)} each (F2)")
    every = stock + [t for h in hands_t for t in h]
    if any(every.count(t) != COPIES[t] for t in range(N_TYPES)):
        raise ValueError(f"{where}: stock and hands are not the 54-card deck (F1)")
    if must_redeal(stock):
        raise ValueError(f"{where}: a stock with both Jokers is dealt again (F2)")
    hands = [[h.count(t) for t in range(N_TYPES)] for h in hands_t]
    jokers = [h[13] for h in hands]
    lone_known = [j == 2 or (j == 1 and stock.count(13) == 1) for j in jokers]
    team = fools(hands_t)
    won, pts = [0] * n, [0] * n
    leader = start
    crashed = False
    actions = 0
    trick: list[Play] = []
    tricks = rnd.get("tricks")
    if not isinstance(tricks, list) or len(tricks) > hand_size(n):
        raise ValueError(f"{where}: at most {hand_size(n)} tricks")
    for k, tr in enumerate(tricks, start=1):
        wt = f"{where} trick {k}"
        if crashed:
            raise ValueError(f"{wt}: the round ended with Party Crasher (F18)")
        if not isinstance(tr, dict) or tr.get("leader") != leader:
            raise ValueError(f"{wt}: seat {leader} leads (F4, F12)")
        plays = tr.get("plays")
        if not isinstance(plays, list) or not plays or len(plays) > n:
            raise ValueError(f"{wt}: a trick has 1..{n} plays")
        trick = []
        for i, text in enumerate(plays):
            seat = (leader + i) % n
            p = parse_record_play(text, seat, n, f"{wt} seat {seat}")
            actions += 1
            if p is None:
                if not can_crash(rules, hands[seat], lone_known[seat]):
                    raise ValueError(f"{wt} seat {seat}: Party Crasher is not allowed here (F18)")
                if i != len(plays) - 1:
                    raise ValueError(f"{wt}: nothing is played after Party Crasher (F18)")
                crashed = True
                break
            if hands[seat][p.card] == 0:
                raise ValueError(f"{wt} seat {seat}: does not hold {NAMES[p.card]}")
            problem = play_problem(trick, p, n)
            if problem is not None:
                raise ValueError(f"{wt} seat {seat}: {problem}")
            hands[seat][p.card] -= 1
            trick.append(p)
        if crashed:
            continue
        if len(trick) != n:
            raise ValueError(f"{wt}: every player plays one card")
        w = trick_winner(trick)
        if w is None:  # cannot happen in a legal trick (F6); kept for the type checker
            raise ValueError(f"{wt}: nobody takes this trick (F6)")
        p_ = trick_points(trick)
        if tr.get("winner") != w or tr.get("points") != p_:
            raise ValueError(f"{wt}: seat {w} takes {p_} points (F9-F12), not what is recorded")
        won[w] += 1
        pts[w] += p_
        leader = w
    if not crashed and len(tricks) != hand_size(n):
        raise ValueError(f"{where}: a round has {hand_size(n)} tricks")
    if (rnd.get("party_crasher") is not None) != crashed or (
        crashed and rnd.get("party_crasher") != (leader + len(trick)) % n
    ):
        raise ValueError(f"{where}: party_crasher does not match the plays")
    scores = round_scores(rules, r, team, won, pts, crashed)
    if rnd.get("scores") != scores:
        raise ValueError(f"{where}: the scores are {scores} (F15, F16), not {rnd.get('scores')}")
    return scores, actions


def replay_game(record: Any) -> dict[str, Any]:
    """Validate every action of ``record`` and rescore it; return the totals and action count."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"not a recorded game (expected format {FORMAT!r})")
    if record.get("version") != VERSION:
        raise ValueError(f"recorded with rules version {record.get('version')}, not {VERSION}")
    try:
        rules = FoolishRules(**record["rules"])
    except (TypeError, KeyError) as exc:
        raise ValueError(f"bad rules in the record: {exc}") from None
    n = rules.players
    s0 = _int(record.get("first_start"), "first_start")
    if not 0 <= s0 < n or (rules.first_start is not None and s0 != rules.first_start):
        raise ValueError(f"first_start {s0} is not a seat the rules allow (F4)")
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != rules.n_rounds:
        raise ValueError(f"a game has {rules.n_rounds} rounds (F1)")
    totals = [0] * n
    actions = 0
    for r, rnd in enumerate(rounds, start=1):
        sc, k = replay_round(rules, rnd, r, (s0 + r - 1) % n)
        actions += k
        totals = [t + v for t, v in zip(totals, sc, strict=True)]
    if record.get("totals") != totals:
        raise ValueError(f"the totals are {totals}, not {record.get('totals')}")
    return {"totals": totals, "actions": actions}


def replay_file(data: Any) -> dict[str, Any]:
    """Replay one record or ``{"games": [records]}``; a bad game names its number."""
    games = data.get("games") if isinstance(data, dict) and "games" in data else [data]
    if not isinstance(games, list) or not games:
        raise ValueError("no recorded games in the file")
    results = []
    for i, g in enumerate(games, start=1):
        try:
            results.append(replay_game(g))
        except ValueError as exc:
            raise ValueError(f"game {i}: {exc}") from None
    return {
        "games": len(results),
        "actions": sum(r["actions"] for r in results),
        "totals": [r["totals"] for r in results],
    }


# --- record files (the platform's envelope) ----------------------------------------------------

#: the format id of a record file: the core envelope around a list of game records
FILE_FORMAT = "foolish-faces-record"


def record_games(
    rules: FoolishRules, names: list[str], seed: int, k: int, rotate: bool
) -> dict[str, Any]:
    """The first ``k`` games of a ``simulate`` run: block 0 played again with logging on (the
    same stream, so the record is what the run played), each checked by :func:`replay_game`,
    inside the :func:`headcount_lab.core.record.envelope`."""
    import numpy as np

    from headcount_lab.core.record import envelope
    from headcount_lab.core.rng import block_state
    from headcount_lab.core.seats import rotated
    from headcount_lab.games.foolish import kernels
    from headcount_lab.games.foolish.agents import policy_params

    ids, params = policy_params(names)
    rec = np.zeros((k, kernels.log_length(rules.players, rules.n_rounds)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    games = [
        decode_log([int(v) for v in rec[g]], rules, rotated(names, g, rotate)) for g in range(k)
    ]
    return envelope("foolish", FILE_FORMAT, VERSION, rules.as_dict(), seed, {"games": games}, names)


def replay(data: Any) -> dict[str, Any]:
    """Replay a record file (already loaded): its envelope (format, rules version, rules), then
    every game, which must be played under the envelope's rules; a bad game names its number.
    A file written before the envelope (``{"seed": S, "games": [...]}``, each game carrying its
    own format, version and rules) is still read: its games are checked the same way."""
    from headcount_lab.core.record import ENVELOPE, check_seed
    from headcount_lab.games import GAMES

    if isinstance(data, dict) and "games" in data and not set(data) & (set(ENVELOPE) - {"seed"}):
        check_seed(data.get("seed"))
        return replay_file(data)
    rules = GAMES["foolish"].open_record(data, FILE_FORMAT)
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise ValueError("no recorded games in the file")
    for i, g in enumerate(games, start=1):
        if not isinstance(g, dict) or g.get("rules") != rules.as_dict():
            raise ValueError(f"game {i}: its rules are not the record's rules")
    return replay_file({"games": games})


def describe(result: dict[str, Any]) -> list[str]:
    """The replay result as lines of text."""
    lines = [f"{result['games']} games, {result['actions']} actions: all legal, scores agree"]
    for i, t in enumerate(result["totals"], start=1):
        lines.append(f"game {i}: " + " ".join(str(v) for v in t))
    return lines
