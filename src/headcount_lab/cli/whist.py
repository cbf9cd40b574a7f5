"""CLI commands for the `whist` group (thin shims over plain functions).

Heavy modules (numba kernels) are imported inside the commands that need them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from headcount_lab.cli import run_options
from headcount_lab.cli.common import UserError, print_json, user_errors
from headcount_lab.cli.run_options import (
    BackendOpt,
    ForceOpt,
    OutOpt,
    QuietOpt,
    ResumeOpt,
    RunOptions,
    SchedulerOpt,
    WorkersOpt,
)

app = typer.Typer(no_args_is_help=True)

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players, 3 to 6.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UserError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno})") from None


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
    """Exact chance that your unseen card takes a blind one-card trick, and the best bid (W9)."""
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
    """Every hand of a match: cards per player, dealer, trump or not, blind or not (W2-W4, W9)."""
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
        str, typer.Option("--streak-mode", help="every_five (default) or once (W8).")
    ] = "every_five",
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Score a real table's match: each hand's scores and the running totals (W7, W8)."""
    from headcount_lab.games.whist.rules import WhistRules
    from headcount_lab.games.whist.scorekeeper import score_match

    with user_errors():
        data = _load_json(file)
        rules = WhistRules(streak_mode=streak_mode).with_flags(rule or [])
        res = score_match(data, rules)
    if json_out:
        print_json(res)
        return
    n = res["players"]
    typer.echo("hand cards  " + "  ".join(f"seat {s:<2}" for s in range(n)) + "   (score / total)")
    for h in res["hands"]:
        cells = "  ".join(f"{sc:>3}/{t:<4}" for sc, t in zip(h["scores"], h["totals"], strict=True))
        typer.echo(f"{h['hand']:>4} {h['cards']:>5}  {cells}")
    typer.echo("totals: " + " ".join(str(t) for t in res["totals"]))


@app.command("simulate")
def simulate(
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="One bot per seat: random, heuristic, montecarlo[:BID[:PLAY]]."
        ),
    ],
    players: PlayersOpt = 4,
    matches: Annotated[int, typer.Option("--matches", help="Matches to play.")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    rotate_seats: Annotated[
        bool, typer.Option("--rotate-seats", help="Rotate the bots round the seats match by match.")
    ] = False,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    record: Annotated[
        int, typer.Option("--record", help="Write the first K matches, every action, as JSON.")
    ] = 0,
    record_to: Annotated[Path, typer.Option("--record-to", help="File for --record.")] = Path(
        "whist-matches.json"
    ),
    workers: WorkersOpt = None,
    out: OutOpt = None,
    resume: ResumeOpt = False,
    force: ForceOpt = False,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    quiet: QuietOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Play a tournament: mean match score per bot with 95% CIs, win rates, bids made by size."""
    with user_errors():
        res = simulate_run(
            players, bots, matches, seed, rotate_seats, rule or [], record, record_to,
            RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out),
        )  # fmt: skip
    if json_out:
        print_json(res)
        return
    typer.echo(
        f"{res['matches']} matches, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
    )
    typer.echo(f"{'bot':<16} {'mean':>8}  {'95% CI':<19} {'wins':>6}  made by hand size 1..8")
    for r in res["bots"]:
        lo, hi = r["ci95"]
        made = " ".join(f"{v:.2f}" for v in r["made_by_cards"].values())
        ci = f"[{lo:>7.2f}, {hi:>7.2f}]"
        typer.echo(f"{r['bot']:<16} {r['mean']:>8.2f}  {ci} {r['win_rate']:>6.3f}  {made}")
    if record:
        typer.echo(f"recorded {record} matches in {record_to}")


def simulate_run(
    players: int,
    bots: str,
    matches: int,
    seed: int,
    rotate: bool,
    rule: list[str],
    record: int,
    record_to: Path,
    opts: RunOptions,
) -> dict[str, Any]:
    """The data behind ``whist simulate``."""
    from headcount_lab.games.whist import tournament
    from headcount_lab.games.whist.rules import WhistRules, check_players

    check_players(players)
    rules = WhistRules(players=players).with_flags(rule)
    names = tournament.parse_bots(bots, players)
    if matches < 1:
        raise UserError(f"--matches must be at least 1, got {matches}")
    if seed < 0:
        raise UserError(f"--seed must not be negative, got {seed}")
    job = tournament.make_job(rules, names, matches, rotate)
    if not 0 <= record <= min(matches, job.block_size):
        raise UserError(f"--record takes 0..{min(matches, job.block_size)} matches, not {record}")
    stats = run_options.execute(job, seed, opts)
    res: dict[str, Any] = {
        "players": players,
        "matches": matches,
        "seed": seed,
        "rotate_seats": rotate,
        "rules": rules.as_dict(),
        "bots": tournament.summarize(stats, names),
    }
    if record:
        res["recorded"] = str(record_to)
        _write_records(rules, names, seed, record, rotate, record_to)
    return res


def _write_records(
    rules: Any, names: list[str], seed: int, k: int, rotate: bool, path: Path
) -> None:
    """Replay block 0 of the run for its first ``k`` matches with logging on (same stream)."""
    import numpy as np

    from headcount_lab.core.rng import block_state
    from headcount_lab.games.whist import kernels, record
    from headcount_lab.games.whist.agents import policy_params

    ids, params = policy_params(names)
    rec = np.zeros((k, kernels.log_length(rules.players)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    n = rules.players
    matches = []
    for m in range(k):
        shift = m % n if rotate else 0
        seat_bots = [names[(s - shift) % n] for s in range(n)]
        matches.append(record.decode_log([int(v) for v in rec[m]], rules, seat_bots))
    try:
        path.write_text(
            json.dumps({"seed": seed, "matches": matches}, ensure_ascii=False, indent=1)
        )
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="Recorded matches (from simulate --record).")],
    json_out: JsonOpt = False,
) -> None:
    """Check every action of recorded matches against the rules and rescore them."""
    from headcount_lab.games.whist.record import replay_file

    with user_errors():
        res = replay_file(_load_json(file))
    if json_out:
        print_json(res)
        return
    typer.echo(f"{res['matches']} matches, {res['actions']} actions: all legal, totals agree")
    for i, t in enumerate(res["totals"], start=1):
        typer.echo(f"match {i}: " + " ".join(str(v) for v in t))


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
    json_out: JsonOpt = False,
) -> None:
    """Exact equilibrium of blind one-card bidding: every seat bids best from what it sees and
    the bids before it, knowing how the earlier seats bid (W9). 3 to 5 players.

    Example: headcount-lab whist blind-equilibrium --players 4 --json
    """
    from headcount_lab.games.whist.equilibrium import EXACT_PLAYERS, equilibrium
    from headcount_lab.games.whist.rules import WhistRules, check_players

    with user_errors():
        check_players(players)
        rules = WhistRules(players=players).with_flags(rule or [])
        if rules.players != players:
            raise UserError(f"--rule players={rules.players} contradicts --players {players}")
        if not rules.blind_one_card_hands:
            raise UserError("blind_one_card_hands=off has no blind hands to solve")
        if players not in EXACT_PLAYERS:
            raise UserError(
                f"the equilibrium is enumerated for 3 to 5 players, not {players} "
                "(6 players would take 9.2e10 deals)"
            )
        if not 1 <= bonus <= 1000:
            raise UserError(f"--bonus must be between 1 and 1000, got {bonus}")
        res = equilibrium(players, bonus).to_json(rules.dealer_restriction)
    if json_out:
        print_json(res)
        return
    on = "on" if rules.dealer_restriction else "off"
    typer.echo(
        f"{players} players, bonus {bonus}, dealer's restriction {on}: "
        f"{res['deals']:,} deals (trump card from one suit), every seat listening"
    )
    typer.echo("seat            mean score              made")
    for i, s in enumerate(res["seats"]):
        name = "leader" if i == 0 else "dealer" if i == players - 1 else f"seat {i + 1}"
        typer.echo(
            f"{name:<8} {_dec(s['mean_score']):+8.4f} = {s['mean_score']:<14} "
            f"{_dec(s['made_rate']):7.2%} = {s['made_rate']}"
        )
    typer.echo(
        f"dealer forced off its best bid: {_dec(res['dealer_forced_share']):.2%} of deals "
        f"= {res['dealer_forced_share']}"
    )
    typer.echo(
        f"dealer's cost of the restriction: {_dec(res['dealer_cost']):+.4f} = "
        f"{res['dealer_cost']} points per blind hand "
        f"({_dec(res['dealer_cost_when_forced']):+.4f} in the deals where it binds)"
    )


def _dec(fraction: str) -> float:
    num, _, den = fraction.partition("/")
    return int(num) / int(den or 1)
