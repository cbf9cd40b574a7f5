"""CLI commands for the `poohead` group: thin typer shims over plain functions returning data
(``legal_moves``, ``simulate_run``, ``replay_records``, ``start_odds``), so that another front
end can call the same functions.

Heavy modules (numba kernels) are imported inside the functions that need them.
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

PlayersOpt = Annotated[int, typer.Option("--players", help="Number of players, 2 to 4.")]
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

    return start_facts(players)


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
    """The data behind ``poohead simulate``."""
    from headcount_lab.games.poohead import tournament
    from headcount_lab.games.poohead.rules import PooheadRules, check_players

    check_players(players)
    rules = PooheadRules(players=players).with_flags(rule)
    names = tournament.parse_bots(bots, players)
    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    if seed < 0:
        raise UserError(f"--seed must not be negative, got {seed}")
    job = tournament.make_job(rules, names, games, rotate)
    if not 0 <= record <= min(games, job.block_size):
        raise UserError(f"--record takes 0..{min(games, job.block_size)} games, not {record}")
    if record:
        _check_writable(record_to)
    stats = run_options.execute(job, seed, opts)
    res: dict[str, Any] = {
        "players": players,
        "seed": seed,
        "rotate_seats": rotate,
        "rules": rules.as_dict(),
        **tournament.summarize(stats, names, rules),
    }
    if record:
        res["recorded"] = str(record_to)
        write_records(rules, names, seed, record, rotate, record_to)
    return res


def _check_writable(path: Path) -> None:
    if path.exists() and path.is_dir():
        raise UserError(f"--record-to {path} is a folder, not a file")
    if not path.parent.exists():
        raise UserError(f"--record-to: the folder {path.parent} does not exist")


def recorded_games(
    rules: Any, names: list[str], seed: int, k: int, rotate: bool
) -> list[dict[str, Any]]:
    """The first ``k`` games of block 0 of a run, played again with logging on (same stream)."""
    import numpy as np

    from headcount_lab.core.rng import block_state
    from headcount_lab.games.poohead import kernels, record
    from headcount_lab.games.poohead.agents import policy_params

    ids, params = policy_params(names)
    n = rules.players
    rec = np.zeros((k, kernels.log_length(n, rules.turn_cap)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), k, rules.array(), ids, params, rotate, rec)
    out = []
    for m in range(k):
        shift = m % n if rotate else 0
        seat_bots = [names[(s - shift) % n] for s in range(n)]
        out.append(record.decode_log([int(v) for v in rec[m]], rules, seat_bots))
    return out


def write_records(
    rules: Any, names: list[str], seed: int, k: int, rotate: bool, path: Path
) -> None:
    games = recorded_games(rules, names, seed, k, rotate)
    text = json.dumps({"seed": seed, "games": games}, ensure_ascii=False, indent=1)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)  # whole or nothing
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


def replay_records(path: Path) -> dict[str, Any]:
    from headcount_lab.games.poohead.record import replay_file

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path} is not valid JSON: {exc}") from None
    return replay_file(data)


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
    """The move referee: which ranks you may play on this pile, or that you must pick up."""
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
def start_odds_cmd(players: PlayersOpt = 4, json_out: JsonOpt = False) -> None:
    """Exact start-of-game facts with swap off: start rank, tie-break rate, blind flips (P6)."""
    from headcount_lab.games.poohead.rules import check_players

    with user_errors():
        check_players(players)
        res = start_odds(players)
    if json_out:
        print_json(res)
        return
    typer.echo(f"{players} players, draw pile {res['draw_pile']} cards")
    for rank, v in res["start_rank"].items():
        typer.echo(f"start rank {rank:>4}: {v['fraction']:>22} = {v['p']:.5f}")
    tb = res["tie_break"]
    typer.echo(f"tie-break needed: {tb['fraction']} = {tb['p']:.5f}")


@app.command("simulate")
def simulate(
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="One bot per seat: random, cheap, cheap+, pimc[:N[:H]], ismcts[:N[:H]]."
        ),
    ],
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    rotate_seats: Annotated[
        bool, typer.Option("--rotate-seats", help="Rotate the bots round the seats game by game.")
    ] = False,
    rule: RuleOpt = None,
    record: Annotated[
        int, typer.Option("--record", help="Write the first K games, every action, as JSON.")
    ] = 0,
    record_to: Annotated[Path, typer.Option("--record-to", help="File for --record.")] = Path(
        "poohead-games.json"
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
    """Play games: P(Poohead) per bot and per seat from the starter (95% CIs), finishing order,
    game length and the capped share (P20)."""
    with user_errors():
        res = simulate_run(
            players, bots, games, seed, rotate_seats, rule or [], record, record_to,
            RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out),
        )  # fmt: skip
    if json_out:
        print_json(res)
        return
    cs = res["capped_share"]
    typer.echo(
        f"{res['games']} games, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
        + f"; capped {res['capped']} ({cs['p']:.4f}), counted apart"
    )
    typer.echo(f"{'bot':<10} {'P(Poohead)':>10}  {'95% CI':<17} places 1..{res['players']}")
    for r in res["bots"]:
        p = r["p_poohead"]
        typer.echo(
            f"{r['bot']:<10} {p['p']:>10.4f}  [{p['ci95'][0]:.4f}, {p['ci95'][1]:.4f}] "
            + " ".join(str(x) for x in r["places"])
        )
    typer.echo("seat from the starter (0 = starter):")
    for i, p in enumerate(res["p_poohead_by_seat"]):
        typer.echo(f"  {i}: {p['p']:.4f}  [{p['ci95'][0]:.4f}, {p['ci95'][1]:.4f}]")
    t = res["turns"]
    typer.echo(f"turns: mean {t['mean']:.1f}, median {t['q0.5']}, 99% {t['q0.99']}, max {t['max']}")
    if record:
        typer.echo(f"recorded {record} games in {record_to}")


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="Recorded games (from simulate --record).")],
    json_out: JsonOpt = False,
) -> None:
    """Check every action of recorded games against the rules and recompute the outcomes."""
    with user_errors():
        res = replay_records(file)
    if json_out:
        print_json(res)
        return
    typer.echo(f"{res['games']} games, {res['actions']} actions: all legal, outcomes agree")
    for i, o in enumerate(res["outcomes"], start=1):
        end = "capped" if o["capped"] else f"Poohead: seat {o['poohead']}"
        typer.echo(f"game {i}: {o['turns']} turns, {end}")
