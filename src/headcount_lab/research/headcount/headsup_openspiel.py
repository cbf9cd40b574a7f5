"""The heads-up Headcount round as an OpenSpiel Python game, to check ``headsup.py`` against it.

The game is the abstraction of :mod:`headcount_lab.research.headcount.headsup` (same bid grid, same
peeks, same action codes) written afresh to OpenSpiel's state API, move by move from the rules,
with the payoff counted by the plain-Python :func:`~headcount_lab.games.headcount.rules.count`
over every draw-pile top: nothing here reuses the solver's public tree or its survival table.
OpenSpiel's CFR+ and its ``exploitability`` then give trusted numbers for the same game.

Chance deals player 0's forehead, player 1's forehead and the hidden card (positions in the
abstraction's deck). Information state of a player: what it sees (the other forehead), the hidden
card once it peeked, and the public actions (bids, calls, peeks). Payoffs: each player's
probability of winning the round (constant-sum 1).

Needs ``open_spiel`` (a dev dependency); only tests and checks import this module.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as os_policy

from headcount_lab.games.headcount.rules import JOKER, HeadcountRules, card_text, count
from headcount_lab.research.headcount.headsup import (
    CALL,
    NO_PEEK,
    PEEK,
    RAISE0,
    TERMINAL,
    HeadsUpAbstraction,
    HeadsUpTree,
)

SHORT_NAME = "python_headcount_headsup"
# payoffs by (abstraction, deal, bid): OpenSpiel may rebuild the game object, so not on it
_RETURNS: dict[tuple, Fraction] = {}


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Headcount heads-up round",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"abstraction": ""},
    )


def abstraction_param(ab: HeadsUpAbstraction) -> str:
    """The abstraction as the game's one string parameter: the hex of a ``repr`` of its fields
    (OpenSpiel rebuilds games from ``name(key=value)`` strings, so no brackets or commas)."""
    return repr((ab.rules.as_dict(), ab.bids, ab.peeks, ab.deck)).encode().hex()


def _abstraction_of(text: str) -> HeadsUpAbstraction:
    import ast

    rules, bids, peeks, deck = ast.literal_eval(bytes.fromhex(text).decode())
    return HeadsUpAbstraction(HeadcountRules(**rules), tuple(bids), tuple(peeks), tuple(deck))


class HeadsUpGame(pyspiel.Game):  # type: ignore[misc]
    """One heads-up round under an abstraction (given by the ``abstraction`` parameter)."""

    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        self.ab = (
            _abstraction_of(params["abstraction"]) if params.get("abstraction") else
            HeadsUpAbstraction()
        )  # fmt: skip
        k = len(self.ab.bids)
        info = pyspiel.GameInfo(
            num_distinct_actions=RAISE0 + k,
            max_chance_outcomes=len(self.ab.deck),
            num_players=2,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=2 * k + 2,
        )
        super().__init__(_game_type(), info, {"abstraction": abstraction_param(self.ab)})

    def new_initial_state(self) -> HeadsUpState:
        return HeadsUpState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> HeadsUpObserver:
        return HeadsUpObserver()


def bidder_wins(ab: HeadsUpAbstraction, deal: tuple[int, ...], bid: int) -> Fraction:
    """P(total reaches ``bid``) for the dealt positions, over every draw-pile top (H2-H6)."""
    key = (abstraction_param(ab), *deal, bid)
    if key not in _RETURNS:
        deck = ab.deck
        in_play = [deck[q] for q in deal]
        rest = [c for q, c in enumerate(deck) if q not in deal]
        draws = rest if JOKER in in_play else rest[:1]
        shift = 1 if ab.rules.tie_goes_to == "caller" else 0
        joker = JOKER in in_play
        hits = sum(count(in_play, d if joker else None) >= bid + shift for d in draws)
        _RETURNS[key] = Fraction(hits, len(draws))
    return _RETURNS[key]


class HeadsUpState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: HeadsUpGame) -> None:
        super().__init__(game)
        self.ab = game.ab
        self.deal: list[int] = []
        self.actions: list[int] = []  # public decisions, as action codes
        self.to_move = 0
        self.last: int | None = None  # grid index of the last bid
        self.peeked = [False, False]
        self.just_peeked = False
        self.caller: int | None = None
        self.peek_decided = False  # this turn's peek question is answered

    # --- chance
    def _dealt(self) -> bool:
        return len(self.deal) == self.ab.n_in_play

    def current_player(self) -> int:
        if self.caller is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if not self._dealt():
            return int(pyspiel.PlayerId.CHANCE)
        return self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [q for q in range(len(self.ab.deck)) if q not in self.deal]
        return [(q, 1.0 / len(left)) for q in left]

    # --- the rules, move by move
    def _may_peek(self, p: int) -> bool:
        rules = self.ab.rules
        if not (rules.hidden_card and self.ab.peeks[p]) or self.peeked[p] or self.peek_decided:
            return False
        if self.last is None and not rules.start_player_may_peek:  # H7: not before opening
            return False
        return not rules.peek_must_raise or self._lowest_raise() < len(self.ab.bids)

    def _lowest_raise(self) -> int:
        return self.ab.first_level if self.last is None else self.last + 1

    def _legal_actions(self, player: int) -> list[int]:
        if self._may_peek(player):
            return [NO_PEEK, PEEK]
        out = []
        if self.last is not None and not (self.just_peeked and self.ab.rules.peek_must_raise):
            out.append(CALL)
        out += [RAISE0 + j for j in range(self._lowest_raise(), len(self.ab.bids))]
        return out

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.deal.append(action)
            return
        p = self.to_move
        self.actions.append(action)
        if action == PEEK:
            self.peeked[p] = True
            self.just_peeked = True
            self.peek_decided = True
        elif action == NO_PEEK:
            self.peek_decided = True
        elif action == CALL:
            self.caller = p
        else:
            self.last = action - RAISE0
            self.to_move = 1 - p
            self.just_peeked = False
            self.peek_decided = False

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_text(self.ab.deck[action])}"
        if action in (NO_PEEK, PEEK):
            return "peek" if action == PEEK else "no peek"
        return "call" if action == CALL else f"bid {self.ab.bids[action - RAISE0]}"

    def is_terminal(self) -> bool:
        return self.caller is not None

    def returns(self) -> list[float]:
        if self.caller is None:
            return [0.0, 0.0]
        assert self.last is not None
        bidder = 1 - self.caller
        w = float(bidder_wins(self.ab, tuple(self.deal), self.ab.bids[self.last]))
        return [w, 1.0 - w] if bidder == 0 else [1.0 - w, w]

    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        sees = self.deal[1 - p] if len(self.deal) > 1 - p else -1
        peek = self.deal[2] if self.peeked[p] else -1
        return f"p{p} sees {sees} peek {peek} | {' '.join(map(str, self.actions))}"

    def __str__(self) -> str:
        return f"deal {self.deal} actions {self.actions}"


class HeadsUpObserver:
    """Information-state strings only (perfect recall), as OpenSpiel's observers provide them."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: HeadsUpState, player: int) -> None:
        pass

    def string_from(self, state: HeadsUpState, player: int) -> str:
        return state.information_state_string(player)


pyspiel.register_game(_game_type(), HeadsUpGame)


def load(ab: HeadsUpAbstraction) -> HeadsUpGame:
    """The registered game for ``ab`` (``pyspiel.load_game`` with its parameter)."""
    game = pyspiel.load_game(SHORT_NAME, {"abstraction": abstraction_param(ab)})
    return game  # type: ignore[no-any-return]


def to_openspiel_policy(
    game: HeadsUpGame, tree: HeadsUpTree, table: np.ndarray
) -> os_policy.TabularPolicy:
    """Our flat strategy ``table`` as an OpenSpiel ``TabularPolicy`` of ``game``. Follows each
    state's public actions through ``tree``; fails loudly if the two games' legal actions differ."""
    pol = os_policy.TabularPolicy(game)
    d = len(game.ab.deck)
    for state in pol.states:
        p = state.current_player()
        node = 0
        for c in state.actions:
            lo, na = int(tree.first[node]), int(tree.n_act[node])
            node = int(tree.child[lo + list(tree.code[lo : lo + na]).index(c)])
        assert tree.kind[node] != TERMINAL and tree.actor[node] == p
        lo, na = int(tree.first[node]), int(tree.n_act[node])
        codes = [int(c) for c in tree.code[lo : lo + na]]
        if codes != state.legal_actions():
            raise AssertionError(f"legal actions differ at {state}: {codes} vs ours")
        sees = state.deal[1 - p]
        row = sees * d + state.deal[2] if (tree.peeked[node] >> p) & 1 else sees
        probs = table[int(tree.act_base[node]) + row * na :][:na]
        idx = pol.state_lookup[state.information_state_string(p)]
        pol.action_probability_array[idx, :] = 0.0
        pol.action_probability_array[idx, codes] = probs
    return pol
