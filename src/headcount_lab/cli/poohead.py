"""Poohead's own commands in the `poohead` group: the move referee and the exact start odds,
thin typer shims over plain functions returning data (``legal_moves``, ``start_odds``), so that
another front end can call the same functions. ``simulate``, ``replay``, ``play`` and ``bench``
come from the game's registry entry (:mod:`headcount_lab.cli.games`).

Heavy modules (numba kernels) are imported inside the functions that need them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from headcount_lab.cli.common import print_json, user_errors

app = typer.Typer(no_args_is_help=True)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
RuleOpt = Annotated[
    list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
]


# --- plain functions ----------------------------------------------------------------------------


def legal_moves(pile: str, hand: str, rule: list[str]) -> dict[str, Any]:
    """The move referee: legal ranks (2, 3, ..., 10, J, Q, K, A order) or a forced pick-up."""
    from headcount_lab.games.poohead.rules import PooheadRules, parse_ranks, referee

    rules = PooheadRules().with_flags(rule)
    return referee(parse_ranks(pile), parse_ranks(hand), rules)


def start_odds(players: int) -> dict[str, Any]:
    """Exact start-of-game facts (swap off)."""
    from headcount_lab.games.poohead.exact import start_facts
    from headcount_lab.games.poohead.rules import check_players

    check_players(players)
    return start_facts(players)


# --- commands -----------------------------------------------------------------------------------


@app.command("legal")
def legal(
    pile: Annotated[
        str, typer.Option("--pile", help='The pile, bottom to top: "5 9" (suits ignored).')
    ] = "",
    hand: Annotated[
        str, typer.Option("--hand", help='The cards of your current source: "3 8 J 10".')
    ] = "",
    rule: RuleOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """The move referee: which ranks you may play on this pile, or that you must pick up.

    Example: headcount-lab poohead legal --pile "5 9" --hand "3 8 J 10"
    """
    with user_errors():
        res = legal_moves(pile, hand, rule or [])
    if json_out:
        print_json({"legal": res["legal"], "pick_up": res["pick_up"]})
        return
    if res["pick_up"]:
        typer.echo("pick up: no legal play on " + (res["top"] or "the empty pile"))
    else:
        typer.echo("legal: " + " ".join(res["legal"]))
        if res["may_pick_up"]:
            typer.echo("or pick up (voluntary_pickup)")


@app.command("start-odds")
def start_odds_cmd(
    players: Annotated[int, typer.Option("--players", help="Number of players, 2 to 4.")] = 4,
    json_out: JsonOpt = False,
) -> None:
    """Exact start-of-game facts with swap off: start rank, tie-break rate, blind flips (P6).

    Example: headcount-lab poohead start-odds --players 3
    """
    with user_errors():
        res = start_odds(players)
    if json_out:
        print_json(res)
        return
    typer.echo(f"{players} players, draw pile {res['draw_pile']} cards")
    for rank, v in res["start_rank"].items():
        typer.echo(f"start rank {rank:>4}: {v['fraction']:>22} = {v['p']:.5f}")
    tb = res["tie_break"]
    typer.echo(f"tie-break needed: {tb['fraction']} = {tb['p']:.5f}")
