"""Forehead Whist's own commands (``blind-odds``, ``schedule``, ``score``): thin shims over plain
functions. ``simulate``, ``replay``, ``play`` and ``bench`` come from the game's record in
:mod:`headcount_lab.games` (built in :mod:`headcount_lab.cli.games`).

Heavy modules (numba kernels) are imported inside the commands that need them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from headcount_lab.cli.common import UserError, print_json, user_errors, warn
from headcount_lab.cli.run_options import count_option, seed_option

app = typer.Typer(no_args_is_help=True)

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players, 3 to 6.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]


@app.command("blind-odds")
def blind_odds(
    see: Annotated[
        str,
        typer.Option("--see", help='Cards in play order from the leader, ? for you: "K♠ ? 8♥ A♦".'),
    ],
    trump_card: Annotated[str, typer.Option("--trump-card", help="The turned trump card.")],
    players: PlayersOpt = 4,
    forbidden: Annotated[
        int | None, typer.Option("--forbidden", help="Your forbidden bid if you deal (W5).")
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Exact chance that your unseen card takes a blind one-card trick, and the best bid (W9).

    Example: headcount-lab whist blind-odds --players 4 --see "K♠ ? 8♥ A♦" --trump-card 9♦
    """
    from headcount_lab.games.whist.exact import blind_odds as odds

    with user_errors():
        res = odds(players, see, trump_card, forbidden)
    if json_out:
        print_json(res)
        return
    typer.echo(f"P(your card takes the trick) = {res['fraction']} = {res['p_win']:.4f}")
    typer.echo(
        f"{len(res['winning_cards'])} of {res['possible_cards']} possible cards win: "
        + (" ".join(res["winning_cards"]) or "none")
    )
    ev = res["expected_score"]
    typer.echo(f"expected score: bid 0 -> {ev['0']:+.3f}, bid 1 -> {ev['1']:+.3f}")
    note = (
        f" ({res['forbidden']} is the dealer's forbidden bid, W5)" if forbidden is not None else ""
    )
    typer.echo(f"best bid: {res['best_bid']}{note}")


@app.command("schedule")
def schedule(
    players: PlayersOpt = 4,
    first_dealer: Annotated[
        int, typer.Option("--first-dealer", help="Seat of the first dealer.")
    ] = 0,
    json_out: JsonOpt = False,
) -> None:
    """Every hand of a match: cards per player, dealer, trump or not, blind or not (W2-W4, W9).

    Example: headcount-lab whist schedule --players 4
    """
    from headcount_lab.games.whist.rules import check_players, schedule_table

    with user_errors():
        check_players(players)
        if not 0 <= first_dealer < players:
            raise UserError(f"--first-dealer must be a seat 0..{players - 1}, not {first_dealer}")
        rows = schedule_table(players, first_dealer)
    if json_out:
        print_json(rows)
        return
    typer.echo("hand  cards  dealer  trump  blind")
    for r in rows:
        typer.echo(
            f"{r['hand']:>4}  {r['cards']:>5}  {r['dealer']:>6}  {'yes' if r['trump'] else 'no':>5}"
            f"  {'yes' if r['blind'] else 'no':>5}"
        )


@app.command("score")
def score(
    file: Annotated[
        Path, typer.Argument(help='JSON: {"players": n, "hands": [{"cards", "bids", "tricks"}]}')
    ],
    streak_mode: Annotated[
        str | None,
        typer.Option("--streak-mode", help="every_five or once (W8).", show_default="every_five"),
    ] = None,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Score a real table's match: each hand's scores and the running totals (W7, W8).

    Example: headcount-lab whist score docs/games/whist-score-example.json
    """
    with user_errors():
        res = score_file(file, streak_mode, rule or [])
    if json_out:
        print_json(res)
        return
    n = res["players"]
    typer.echo("hand cards  " + "  ".join(f"seat {s:<2}" for s in range(n)) + "   (score / total)")
    for h in res["hands"]:
        cells = "  ".join(f"{sc:>3}/{t:<4}" for sc, t in zip(h["scores"], h["totals"], strict=True))
        typer.echo(f"{h['hand']:>4} {h['cards']:>5}  {cells}")
    typer.echo("totals: " + " ".join(str(t) for t in res["totals"]))


def score_file(file: Path, streak_mode: str | None, rule: list[str]) -> dict[str, Any]:
    """The data behind ``whist score``: the sheet decides the players, ``--streak-mode`` (if
    given) the streak mode; a ``--rule`` contradicting either is refused."""
    from headcount_lab.core.schema import read_json
    from headcount_lab.games.whist.rules import WhistRules
    from headcount_lab.games.whist.schema import check_score_sheet
    from headcount_lab.games.whist.scorekeeper import score_match

    sheet = check_score_sheet(read_json(file))
    set_by = {"players": f"the score sheet's {sheet.players} players"}
    base = WhistRules(players=sheet.players)
    if streak_mode is not None:
        base = WhistRules(players=sheet.players, streak_mode=streak_mode.strip().lower())
        set_by["streak_mode"] = f"--streak-mode {streak_mode}"
    return score_match(sheet, base.with_flags(rule, set_by))


@app.command("blind-equilibrium")
def blind_equilibrium(
    players: PlayersOpt = 4,
    bonus: Annotated[
        int, typer.Option("--bonus", help="Points for a made bid before the tricks (W7: 5).")
    ] = 5,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="House rule NAME=VALUE, e.g. dealer_restriction=off."),
    ] = None,
    samples: Annotated[
        int | None,
        count_option(
            "--samples",
            help="Evaluate the equilibrium exactly on this many sampled dealer views (7n deals "
            "each; a multiple of 10) instead of every deal: 95% intervals, any table size.",
        ),
    ] = None,
    seed: Annotated[int, seed_option("--seed", help="Seed of the sampled views.")] = 1,
    json_out: JsonOpt = False,
) -> None:
    """Equilibrium of blind one-card bidding: every seat bids best from what it sees and the
    bids before it, knowing how the earlier seats bid (W9). Exact over every deal at 3 to 5
    players; with --samples, exact bids on sampled deals with 95% intervals (3 to 6 players).

    Example: headcount-lab whist blind-equilibrium --players 6 --samples 100 --seed 1 --json
    """
    from headcount_lab.games.whist.equilibrium import EXACT_PLAYERS, equilibrium
    from headcount_lab.games.whist.rules import WhistRules, check_players
    from headcount_lab.research.whist.equilibrium_sample import check_inputs, sampled_equilibrium

    with user_errors():
        check_players(players)
        rules = WhistRules(players=players).with_flags(rule or [])
        if rules.players != players:
            raise UserError(f"--rule players={rules.players} contradicts --players {players}")
        if not rules.blind_one_card_hands:
            raise UserError("blind_one_card_hands=off has no blind hands to solve")
        if not 1 <= bonus <= 1000:
            raise UserError(f"--bonus must be between 1 and 1000, got {bonus}")
        if samples is not None:
            check_inputs(players, bonus, samples, seed)
        elif players not in EXACT_PLAYERS:
            raise UserError(
                f"the equilibrium is enumerated for 3 to 5 players, not {players} "
                "(6 players would take 9.2e10 deals): add --samples K for an exact "
                "evaluation over K sampled dealer views"
            )
    if samples is None and seed != 1:
        warn(f"--seed {seed} has no effect without --samples: every deal is enumerated")
    if samples is not None:
        res = sampled_equilibrium(players, samples, seed, bonus).to_json(rules.dealer_restriction)
    else:
        res = equilibrium(players, bonus).to_json(rules.dealer_restriction)
    if json_out:
        print_json(res)
        return
    on = "on" if rules.dealer_restriction else "off"
    how = (
        f"{res['deals']:,} deals (trump card from one suit)"
        if res["exact"]
        else f"{res['samples']:,} sampled dealer views, {res['deals']:,} deals, seed {seed} "
        "(95% intervals)"
    )
    typer.echo(
        f"{players} players, bonus {bonus}, dealer's restriction {on}: {how}, every seat listening"
    )
    typer.echo("seat            mean score              made")
    for i, s in enumerate(res["seats"]):
        name = "leader" if i == 0 else "dealer" if i == players - 1 else f"seat {i + 1}"
        typer.echo(
            f"{name:<8} {_num(s, 'mean_score', '+8.4f')} {_how(res, s, 'mean_score'):<16} "
            f"{_num(s, 'made_rate', '7.2%')} {_how(res, s, 'made_rate', True)}"
        )
    typer.echo(
        f"dealer forced off its best bid: {_num(res, 'dealer_forced_share', '.2%')} of deals "
        f"{_how(res, res, 'dealer_forced_share', True)}"
    )
    typer.echo(
        f"dealer's cost of the restriction: {_num(res, 'dealer_cost', '+.4f')} "
        f"{_how(res, res, 'dealer_cost')} points per blind hand "
        f"({_num(res, 'dealer_cost_when_forced', '+.4f')} in the deals where it binds)"
    )


def _num(res: dict[str, Any], key: str, spec: str) -> str:
    """An exact fraction or a sampled value formatted by ``spec``, or ``no data``."""
    from headcount_lab.core.stats import value_text

    v = res[key]
    return value_text(_dec(v) if isinstance(v, str) else v, spec)


def _how(run: dict[str, Any], res: dict[str, Any], key: str, pct: bool = False) -> str:
    """``= a/b`` for an exact value, ``[lo, hi]`` for a sampled one, or why there is none: the
    interval is Student's t over chunks of :data:`~.equilibrium_sample.CHUNK` sampled views
    (``run`` holds the number of samples)."""
    from headcount_lab.core.stats import ci_text
    from headcount_lab.research.whist.equilibrium_sample import CHUNK

    if isinstance(res[key], str):
        return f"= {res[key]}"
    chunks = run.get("samples", 0) // CHUNK
    return ci_text(res[f"{key}_ci95"], ".2%" if pct else ".4f", chunks, f"chunk of {CHUNK} views")


def _dec(fraction: str) -> float:
    num, _, den = fraction.partition("/")
    return int(num) / int(den or 1)
