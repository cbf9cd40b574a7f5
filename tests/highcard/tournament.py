"""High Card tournaments: the runner job, its summary and its record (through the core pieces)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.core import seats
from headcount_lab.core.botspec import BotSpec
from headcount_lab.core.record import envelope
from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.core.runner import Job
from headcount_lab.core.stats import ci_text, mean, wilson
from headcount_lab.core.tournament import Tournament
from highcard.bots import MENU, act
from highcard.reference import play_game
from highcard.rules import VERSION, HighCardRules, card_text

BLOCK = 600  # games per block; divisible by 3..6 so rotated seats balance within a block
FORMAT = "highcard-record/1"


@dataclass(frozen=True)
class Block:
    """A block of games (plain data, so the job pickles by reference for Dask)."""

    rules: HighCardRules
    bots: tuple[BotSpec, ...]
    rotate: bool

    def games(self, state: np.ndarray, n_games: int):  # type: ignore[no-untyped-def]
        stream = PyStream([int(v) for v in state])
        slots = list(range(len(self.bots)))
        for g in range(n_games):
            at = seats.rotated(slots, g, self.rotate)  # slot at each seat

            def decide(seat: int, seen: list[int], u: float, at: list[int] = at) -> bool:
                cards = [c for c in seen if c >= 0]
                return act(self.bots[at[seat]], cards, self.rules.ranks, u)

            yield at, play_game(self.rules, stream, decide)

    def __call__(self, state: np.ndarray, n_games: int) -> dict[str, np.ndarray]:
        n = self.rules.players
        st = {
            "games": np.zeros(1, np.int64),
            "points": np.zeros(n, np.int64),
            "points_sq": np.zeros(n, np.int64),
            "claims": np.zeros(n, np.int64),
            "right": np.zeros(n, np.int64),
            "wins": np.zeros((n, n), np.int64),  # [seat, slot]: held the highest card
            "seated": np.zeros((n, n), np.int64),
        }
        for at, g in self.games(state, n_games):
            st["games"][0] += 1
            for s, slot in enumerate(at):
                v = g["scores"][s]
                st["points"][slot] += v
                st["points_sq"][slot] += v * v
                st["claims"][slot] += g["claims"][s]
                st["right"][slot] += g["claims"][s] and s == g["highest"]
                st["seated"][s, slot] += 1
                st["wins"][s, slot] += s == g["highest"]
        return st


def tournament(
    rules: HighCardRules, bots: str, players: int, games: int, rotate: bool
) -> Tournament:
    specs = tuple(MENU.parse_list(bots, players))
    block = Block(rules, specs, rotate)
    params = {"rules": rules.as_dict(), "bots": [b.canonical for b in specs], "rotate": rotate}
    job = Job("highcard-simulate", {**params, "version": VERSION}, games, BLOCK, block)

    def summarize(st: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
        n_games = int(st["games"][0])
        rows = []
        for slot, b in enumerate(specs):
            points = mean(st["points"][slot], st["points_sq"][slot], n_games)
            claims = int(st["claims"][slot])
            rows.append(
                {
                    "bot": b.text,
                    "mean": points.value,
                    "ci95": points.ci_json,  # null from a single game
                    "claims": claims,
                    "claims_right": wilson(int(st["right"][slot]), claims)[0] if claims else None,
                }
            )
        return {
            "game": "highcard",
            "seed": seed,
            "games": n_games,
            "players": players,
            "rules": rules.as_dict(),
            "rotate_seats": rotate,
            "bots": rows,
            "highest_by_seat": seats.per_seat(st["wins"], n_games),
        }

    def record(seed: int, k: int) -> dict[str, Any]:
        out = []
        for at, g in block.games(block_state(seed, 0), k):
            out.append(
                {
                    "seats": [specs[slot].text for slot in at],
                    "cards": [card_text(c, rules.ranks) for c in g["cards"]],
                    "claims": g["claims"],
                    "scores": g["scores"],
                }
            )
        labels = [b.text for b in specs]
        return envelope("highcard", FORMAT, VERSION, rules.as_dict(), seed, {"games": out}, labels)

    return Tournament(job, summarize, record, min(games, BLOCK))


def print_summary(res: dict[str, Any]) -> None:
    print(f"{res['games']} games, {res['players']} players, seed {res['seed']}")
    for r in res["bots"]:
        print(f"{r['bot']:<20} mean {r['mean']:+.3f} {ci_text(r['ci95'], '+.3f', res['games'])}")
