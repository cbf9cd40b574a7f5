"""CLI commands for the `foolish` group (Foolish Faces; thin shims over plain functions).

The data behind each command comes from a plain function that returns it: ``rules.referee``
(trick), ``exact.odds_table`` (odds), :func:`simulate_run` (simulate), ``record.replay_file``
(replay). Heavy modules (numba kernels) are imported inside the commands that need them.
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

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players, 4 or 5.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]


@app.command("trick")
def trick(
    plays: Annotated[
        str,
        typer.Argument(
            help='The plays in order, player 1 leading: "7 down Q@1 K@2" (A 2..10 J JK face '
            "up, down, Q@k covers player k's card, K@k names player k)."
        ),
    ],
    players: PlayersOpt = 4,
    json_out: JsonOpt = False,
) -> None:
    """Referee one complete trick (F5-F12): who takes it and how many points it holds."""
    from headcount_lab.games.foolish.rules import referee

    with user_errors():
        res = referee(players, plays)
    if json_out:
        typer.echo(json.dumps(res))
        return
    typer.echo(f"player {res['winner']} takes the trick: {res['points']} points")


@app.command("odds")
def odds(players: PlayersOpt = 4, json_out: JsonOpt = False) -> None:
    """Exact team-composition odds (F2, F3): Lone Fool, two Fools, redeals, per seat."""
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


@app.command("simulate")
def simulate(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="One bot per seat: random, rules[:k=v,...], pimc[:SAMPLES], ismcts[:ITERATIONS].",
        ),
    ],
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    rotate_seats: Annotated[
        bool, typer.Option("--rotate-seats", help="Rotate the bots round the seats game by game.")
    ] = False,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    record: Annotated[
        int, typer.Option("--record", help="Write the first K games, every action, as JSON.")
    ] = 0,
    record_to: Annotated[Path, typer.Option("--record-to", help="File for --record.")] = Path(
        "foolish-games.json"
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
    """Play a tournament: win share and mean score per bot, mean round score by role (95% CIs)."""
    with user_errors():
        res = simulate_run(
            players, bots, games, seed, rotate_seats, rule or [], record, record_to,
            RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out),
        )  # fmt: skip
    if json_out:
        print_json(res)
        return
    typer.echo(
        f"{res['games']} games, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
        + f"; {res['rounds']} rounds, {res['lone_fool_rounds']} with a Lone Fool"
    )
    typer.echo(
        f"{'bot':<14} {'win share':>9}  {'95% CI':<16} {'mean':>7}  {'95% CI':<17}"
        "  round score: lone / two-fool / court"
    )
    for r in res["bots"]:
        lo, hi = r["win_share_ci95"]
        slo, shi = r["ci95"]
        roles = " / ".join(
            "-" if v["mean"] is None else f"{v['mean']:.2f}"
            for v in r["round_score_by_role"].values()
        )
        typer.echo(
            f"{r['bot']:<14} {r['win_share']:>9.3f}  [{lo:.3f}, {hi:.3f}]  {r['mean']:>7.2f}"
            f"  [{slo:.2f}, {shi:.2f}]  {roles}"
        )
    if record:
        typer.echo(f"recorded {record} games in {record_to}")


def simulate_run(
    players: int,
    bots: str,
    games: int,
    seed: int,
    rotate: bool,
    rule: list[str],
    record: int,
    record_to: Path,
    opts: RunOptions,
) -> dict[str, Any]:
    """The data behind ``foolish simulate``."""
    from headcount_lab.games.foolish import tournament
    from headcount_lab.games.foolish.rules import FoolishRules, check_players

    check_players(players)
    rules = FoolishRules(players=players).with_flags(rule)
    if rules.players != players:
        raise UserError("set the number of players with --players, not --rule players=...")
    names = tournament.parse_bots(bots, players)
    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    if seed < 0:
        raise UserError(f"--seed must not be negative, got {seed}")
    job = tournament.make_job(rules, names, games, rotate)
    if not 0 <= record <= min(games, job.block_size):
        raise UserError(f"--record takes 0..{min(games, job.block_size)} games, not {record}")
    stats = run_options.execute(job, seed, opts)
    res: dict[str, Any] = {
        "players": players,
        "games": games,
        "seed": seed,
        "rotate_seats": rotate,
        "rules": rules.as_dict(),
        "rounds": int(stats["rounds"][0]),
        "lone_fool_rounds": int(stats["lone_fool_rounds"][0]),
        "party_crashers": int(stats["crashes"][0]),
        "bots": tournament.summarize(stats, names),
    }
    if record:
        res["recorded"] = str(record_to)
        write_records(rules, names, seed, record, rotate, record_to)
    return res


def recorded_games(rules: Any, names: list[str], seed: int, k: int, rotate: bool) -> dict:
    """The first ``k`` games of block 0 of the run, played again with logging on (same stream)."""
    import numpy as np

    from headcount_lab.core.rng import block_state
    from headcount_lab.games.foolish import kernels, record
    from headcount_lab.games.foolish.agents import policy_params

    ids, params = policy_params(names)
    n = rules.players
    rec = np.zeros((k, kernels.log_length(n, rules.n_rounds)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    games = []
    for g in range(k):
        shift = g % n if rotate else 0
        seat_bots = [names[(s - shift) % n] for s in range(n)]
        games.append(record.decode_log([int(v) for v in rec[g]], rules, seat_bots))
    return {"seed": seed, "games": games}


def write_records(
    rules: Any, names: list[str], seed: int, k: int, rotate: bool, path: Path
) -> None:
    text = json.dumps(recorded_games(rules, names, seed, k, rotate), ensure_ascii=False, indent=1)
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path} is not valid JSON: {exc}") from None


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="Recorded games (from simulate --record).")],
    json_out: JsonOpt = False,
) -> None:
    """Check every action of recorded games against the rules and rescore them."""
    from headcount_lab.games.foolish.record import replay_file

    with user_errors():
        res = replay_file(_load_json(file))
    if json_out:
        print_json(res)
        return
    typer.echo(f"{res['games']} games, {res['actions']} actions: all legal, scores agree")
    for i, t in enumerate(res["totals"], start=1):
        typer.echo(f"game {i}: " + " ".join(str(v) for v in t))


@app.command("ladder")
def ladder(
    bots: Annotated[
        str,
        typer.Option("--bots", help="Bots from weakest to strongest: random,rules,pimc,ismcts."),
    ] = "random,rules,pimc,ismcts",
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option("--games", help="Games per rung.")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed (rung i uses seed + i).")] = 0,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule NAME=VALUE (repeatable).")
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Each bot head to head against the one below it: win-share and score differences (CIs)."""
    from headcount_lab.games.foolish.ladder import ladder as run_ladder
    from headcount_lab.games.foolish.rules import FoolishRules, check_players

    with user_errors():
        check_players(players)
        rules = FoolishRules(players=players).with_flags(rule or [])
        if rules.players != players:
            raise UserError("set the number of players with --players, not --rule players=...")
        if seed < 0:
            raise UserError(f"--seed must not be negative, got {seed}")
        res = run_ladder(rules, [b.strip() for b in bots.split(",") if b.strip()], games, seed)
    if json_out:
        print_json(res)
        return
    typer.echo(f"{players} players, {games} games per rung, seed {seed}")
    for r in res["rungs"]:
        w, s = r["win_share_diff"], r["score_diff"]
        typer.echo(
            f"{r['a']} vs {r['b']}: win share {w['mean']:+.3f} [{w['ci95'][0]:+.3f}, "
            f"{w['ci95'][1]:+.3f}], score {s['mean']:+.2f} [{s['ci95'][0]:+.2f}, "
            f"{s['ci95'][1]:+.2f}]" + ("" if r["holds"] else "  (not separated)")
        )
