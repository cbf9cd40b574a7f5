"""Foolish Faces' own commands in the `foolish` group (thin shims over plain functions).

The data behind each command comes from a plain function that returns it: ``rules.referee``
(trick), ``exact.odds_table`` (odds), ``ladder.ladder`` (ladder). ``simulate``, ``replay``,
``play`` and ``bench`` are the platform's (``cli/games.py``), built from the game's registry
entry. Heavy modules (numba kernels) are imported inside the commands that need them.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from headcount_lab.cli.common import UserError, print_json, user_errors
from headcount_lab.cli.run_options import QuietOpt, YesOpt, count_option, seed_option

app = typer.Typer(no_args_is_help=True)

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players, 4 or 5.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]


@app.command("trick")
def trick(
    plays: Annotated[
        str,
        typer.Argument(
            help='The plays in order, player 1 leading: "7 down Q@1 K@2" (A 2..10 J JK face '
            "up, T for 10, down, Q@k covers player k's card, K@k names player k; Q on k and "
            "K names k, as in play, mean the same)."
        ),
    ],
    players: PlayersOpt = 4,
    json_out: JsonOpt = False,
) -> None:
    """Referee one complete trick (F5-F12): who takes it and how many points it holds.

    Example: headcount-lab foolish trick --players 4 "JK Q@1 Q@2 down"
    """
    from headcount_lab.games.foolish.rules import referee

    with user_errors():
        res = referee(players, plays)
    if json_out:
        typer.echo(json.dumps(res))
        return
    typer.echo(f"player {res['winner']} takes the trick: {res['points']} points")


@app.command("odds")
def odds(players: PlayersOpt = 4, json_out: JsonOpt = False) -> None:
    """Exact team-composition odds (F2, F3): Lone Fool, two Fools, redeals, per seat.

    Example: headcount-lab foolish odds --players 5
    """
    from headcount_lab.games.foolish.exact import odds_table
    from headcount_lab.games.foolish.rules import check_players

    with user_errors():
        check_players(players)
        res = odds_table(players)
    if json_out:
        print_json(res)
        return
    for k, v in res.items():
        if isinstance(v, dict):
            typer.echo(f"{k:<36} {v['fraction']:>14} = {v['value']:.6f}")
        else:
            typer.echo(f"{k:<36} {v:>14}")


@app.command("ladder")
def ladder(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bots from weakest to strongest; the whole ladder is "
            "random,rules,pimc,pimc-top,ismcts (slow at the top).",
        ),
    ] = "random,rules,pimc",
    players: PlayersOpt = 4,
    games: Annotated[int, count_option("--games", help="Games per rung.")] = 200,
    seed: Annotated[int, seed_option("--seed", help="Seed (rung i uses seed + i).")] = 0,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    json_out: JsonOpt = False,
    quiet: QuietOpt = False,
    yes: YesOpt = False,
) -> None:
    """Each bot head to head against the one below it: win-share and score differences (CIs).

    Example: headcount-lab foolish ladder --bots random,rules,pimc --games 200 --seed 1
    """
    from headcount_lab.core.progress import advancing
    from headcount_lab.games.foolish.bots import MENU
    from headcount_lab.games.foolish.rules import FoolishRules, check_players
    from headcount_lab.research.foolish.ladder import ladder as run_ladder

    with user_errors():
        check_players(players)
        rules = FoolishRules(players=players).with_flags(rule or [])
        if rules.players != players:
            raise UserError("set the number of players with --players, not --rule players=...")
        if seed < 0:
            raise UserError(f"--seed must not be negative, got {seed}")
        names = MENU.split(bots)
        total = games * max(0, len(names) - 1)
        with advancing(quiet, json_out, total, "games", "foolish ladder") as advance:
            res = run_ladder(rules, names, games, seed, advance, yes)
    if json_out:
        print_json(res)
        return
    from headcount_lab.core.stats import ci_text

    typer.echo(f"{players} players, {games} games per rung, seed {seed}")
    for r in res["rungs"]:
        w, s = r["win_share_diff"], r["score_diff"]
        typer.echo(
            f"{r['a']} vs {r['b']}: win share {w['mean']:+.3f} {ci_text(w['ci95'], '+.3f', games)}"
            f", score {s['mean']:+.2f} {ci_text(s['ci95'], '+.2f', games)}"
            + ("" if r["holds"] else "  (not separated)")
        )
