"""The codes of the solved heads-up round's public tree, shared by the solver that writes the
table (:mod:`headcount_lab.research.headcount.headsup`) and the bot that plays it
(:mod:`.headsup_policy`), so the bot reads the file without importing the solver.

Actions are coded as :data:`NO_PEEK`, :data:`PEEK`, :data:`CALL` and ``RAISE0 + j`` (raise to the
grid's ``bids[j]``); a node is a :data:`TERMINAL` (a call), a :data:`PEEK_NODE` (the H7 choice
at the start of a turn) or a :data:`BID_NODE`. :data:`ROUND_FLAGS` are the rule flags a heads-up
round reads (the others do not change it); a table is solved for their values.
"""

from __future__ import annotations

NO_PEEK, PEEK, CALL, RAISE0 = 0, 1, 2, 3
TERMINAL, PEEK_NODE, BID_NODE = 0, 1, 2
#: Rule flags that the round game reads; the others do not change a heads-up round.
ROUND_FLAGS = ("double", "hidden_card", "min_first_bid", "tie_goes_to", "start_player_may_peek",
               "peek_must_raise")  # fmt: skip


def default_bids(step: int = 5) -> tuple[int, ...]:
    """The default bid grid: every ``step`` from 0 to 40 (heads-up totals lie in -15..45)."""
    return tuple(range(0, 41, step))
