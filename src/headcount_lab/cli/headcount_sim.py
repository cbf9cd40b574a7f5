"""``headcount simulate`` and ``headcount replay``: tournaments of bots and recorded games.

Thin shims over :func:`simulate` and :func:`replay_file`, which return data. numba is imported
inside the commands only. :func:`register` adds both commands to the ``headcount`` group.
"""

from __future__ import annotations

import json
import time
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
from headcount_lab.core.paths import check_file, write_file


def rules_for(variant: str | None, rule: list[str] | None):  # type: ignore[no-untyped-def]
    """Rules for ``--variant standard|trickster|double`` then the ``--rule`` assignments."""
    from headcount_lab.games.headcount.rules import rules_for_variant

    return rules_for_variant(variant, rule or [])


def simulate(
    players: int,
    bots: str,
    games: int,
    seed: int,
    rotate: bool,
    variant: str | None,
    rule: list[str] | None,
    record: int,
    record_file: Path,
    opts: RunOptions,
) -> dict[str, Any]:
    """Play the tournament; return the summary (schema in docs/games/headcount.md)."""
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.tournament import Setup, make_job, summarize

    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    if not 0 <= record <= max(games, 0):
        raise UserError(f"--record K must be between 0 and --games ({games}), got {record}")
    if record:
        check_file(record_file, "--record-file")
    rules = rules_for(variant, rule)
    setup = Setup(tuple(parse_bots(bots, players)), rules, rotate)
    job = make_job(setup, games)
    t0 = time.perf_counter()
    job.warmup()
    t1 = time.perf_counter()
    stats = run_options.execute(job, seed, opts)
    t2 = time.perf_counter()
    out = summarize(setup, stats, seed)
    out["seconds"] = {"setup_and_compile": t1 - t0, "play": t2 - t1}
    out["rounds_per_second"] = out["rounds"] / (t2 - t1) if t2 > t1 else None
    if record:
        from headcount_lab.games.headcount.record import record_games

        rec = record_games(setup, seed, record)
        text = json.dumps(rec, ensure_ascii=False, indent=1) + "\n"
        write_file(record_file, text, "--record-file")
        out["record"] = {"file": str(record_file), "games": record}
    return out


def replay_file(path: Path) -> dict[str, Any]:
    from headcount_lab.games.headcount.record import load, replay

    return replay(load(path))


def _pct(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{r['rate']:7.2%}  [{lo:.2%}, {hi:.2%}]"


def print_summary(s: dict[str, Any]) -> None:
    rules = ", ".join(f"{k}={v}" for k, v in s["rules"].items())
    typer.echo(
        f"{s['games']:,} games ({s['rounds']:,} rounds), {s['players']} players, seed {s['seed']}"
        f"{', rotating ' + str(s['seat_orders']) + ' seat orders' if s['rotate_seats'] else ''}"
    )
    typer.echo(f"rules: {rules}")
    width = max(12, *(len(b["label"]) for b in s["per_bot"]))
    typer.echo(f"{'bot':<{width}} {'win rate  [95% CI]':>30}  calls lost  peeks/round")
    for b in s["per_bot"]:
        calls = f"{b['calls_lost'] / b['calls']:.1%}" if b["calls"] else "-"
        peeks = b["peeks"] / b["rounds"] if b["rounds"] else 0.0
        typer.echo(f"{b['label']:<{width}} {_pct(b):>30}  {calls:>10}  {peeks:11.3f}")
    typer.echo("by seat (seat 0 starts the first round):")
    for i, r in enumerate(s["per_seat"]):
        typer.echo(f"  seat {i}: {_pct(r)}")
    pr = s["per_round"]
    typer.echo(
        f"per round: caller loses {pr['caller_loses']:.1%}, {pr['peeks_per_round']:.3f} peeks, "
        f"{pr['bids_per_round']:.2f} bids, opening bid {pr['opening_bid']['mean']:.1f} "
        f"(sd {pr['opening_bid']['sd']:.1f}), raise {pr['raise_size']['mean'] or 0:.2f} "
        f"(sd {pr['raise_size']['sd'] or 0:.2f}); ties {pr['ties']:.1%}"
    )
    rpg = s["rounds_per_game"]
    typer.echo(f"rounds per game: mean {rpg['mean']:.2f} (sd {rpg['sd']:.2f})")
    if s.get("rounds_per_second"):
        typer.echo(
            f"time: {s['seconds']['setup_and_compile']:.2f} s set-up, {s['seconds']['play']:.2f} s"
            f" play, {s['rounds_per_second'] / 1e6:.2f} M rounds/s"
        )
    if "record" in s:
        k = s["record"]["games"]
        typer.echo(f"recorded {k} game{'s' if k != 1 else ''} in {s['record']['file']}")


def simulate_cmd(
    players: Annotated[int, typer.Option("--players", help="Players, 3..6.")] = 4,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="One bot per seat: random, tips, odds, reader, bluffer, each optionally with "
            "parameters, e.g. 'odds:call=0.55,quantile=0.4,tips,tips,random'.",
        ),
    ] = "reader,odds,tips,random",
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 1,
    rotate: Annotated[
        bool,
        typer.Option("--rotate-seats", help="Play every deal with the bots in every seat order."),
    ] = False,
    variant: Annotated[
        str | None,
        typer.Option("--variant", help="standard, trickster or double.", show_default="standard"),
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="House rule NAME=VALUE, e.g. tie_goes_to=caller (repeatable)."),
    ] = None,
    record: Annotated[
        int, typer.Option("--record", help="Also write the first K games as a JSON record.")
    ] = 0,
    record_file: Annotated[
        Path, typer.Option("--record-file", help="Where --record writes.")
    ] = Path("headcount-record.json"),
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    workers: WorkersOpt = None,
    out: OutOpt = None,
    resume: ResumeOpt = False,
    force: ForceOpt = False,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Tournament of bots: game-win rates per bot and per seat with 95% CIs, round statistics."""
    opts = RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out)
    with user_errors():
        result = simulate(
            players, bots, games, seed, rotate, variant, rule, record, record_file, opts
        )
    if json_out:
        print_json(result)
    else:
        print_summary(result)


def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A record written by `simulate --record K`.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Check every action of recorded games, recount every round and print the outcomes."""
    from headcount_lab.games.headcount.record import describe

    with user_errors():
        result = replay_file(file)
    if json_out:
        print_json(result)
    else:
        for line in describe(result):
            typer.echo(line)
        n = len(result["games"])
        typer.echo(f"{n} game{'s' if n != 1 else ''} replayed: every action legal")


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_cmd)
    app.command("replay")(replay_cmd)
