"""CLI commands for the ``headcount`` group: thin shims over plain functions.

numba, pandas and matplotlib are imported inside the commands, never at module import time, so
``headcount-lab --help`` starts fast.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from headcount_lab.cli import run_options
from headcount_lab.cli.common import UserError, print_json, user_errors, warn
from headcount_lab.cli.run_options import (
    BackendOpt,
    ForceOpt,
    OutOpt,
    QuietOpt,
    ResumeOpt,
    RunOptions,
    SchedulerOpt,
    WorkersOpt,
    YesOpt,
    count_option,
    seed_option,
)

app = typer.Typer(no_args_is_help=True)

VariantOpt = Annotated[
    str | None,
    typer.Option(
        "--variant",
        help="standard (17 cards) or double (adds the ×2 joker X2).",
        show_default="standard",
    ),
]
GameVariantOpt = Annotated[
    str | None,
    typer.Option("--variant", help="standard, trickster or double.", show_default="standard"),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", help="House rule NAME=VALUE, e.g. hidden_card=off (repeatable)."),
]


def _rules(variant: str | None, rule: list[str] | None):  # type: ignore[no-untyped-def]
    """The rules for ``--variant`` and ``--rule``; a rule contradicting a named variant raises."""
    from headcount_lab.games.headcount.rules import rules_for_variant

    return rules_for_variant(variant, rule or [], ("standard", "double"))


@app.command("count")
def count_cmd(
    cards: Annotated[
        list[str] | None, typer.Argument(help="The cards in play: foreheads and hidden card.")
    ] = None,
    draw: Annotated[
        str | None, typer.Option("--draw", help="Top card of the draw pile (needed with JK).")
    ] = None,
    variant: VariantOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Count the cards in play by the rules (H2-H4): the total a call is settled on.

    Example: headcount-lab headcount count Q♥ 7♥ K♥ 5♠ 3♥   (prints 40)
    """
    with user_errors():
        result = count_cards(cards or [], draw, _rules(variant, None).double)
    if json_out:
        print_json(result)
    else:
        typer.echo(result["total"])


def count_cards(tokens: list[str], draw: str | None, double: bool) -> dict:
    """Count the cards named by ``tokens``; return the total and each card's counted value."""
    from headcount_lab.games.headcount.rules import (
        JOKER,
        PLAYERS_MAX,
        X2,
        card_text,
        count_detail,
        parse_ids,
    )

    ids = parse_ids(tokens, double)
    if not ids:
        raise UserError("give the cards in play, e.g. `headcount-lab headcount count Q♥ 7♥ K♥`")
    most = PLAYERS_MAX + 1  # six foreheads and the hidden card
    if len(ids) > most:
        raise UserError(
            f"at most {most} cards are ever in play ({PLAYERS_MAX} foreheads and the hidden "
            f"card), got {len(ids)}"
        )
    draw_id = None
    if draw is not None:
        (draw_id,) = _one_card(draw, "--draw", double)
        if draw_id in ids or draw_id == JOKER:
            raise UserError(f"the draw card {card_text(draw_id)} is already in play")
    if JOKER in ids and draw_id is None:
        raise UserError("JK (mystery) is in play: give the draw pile's top card with --draw")
    total, counted, replaced_by = count_detail(ids, draw_id if JOKER in ids else None)
    cards = []
    for c, v in zip(ids, counted, strict=True):
        row: dict = {"card": card_text(c), "value": v}
        if c == JOKER and draw_id is not None:
            row["counts_as"] = card_text(draw_id)  # H2
        cards.append(row)
    return {
        "total": total,
        "variant": "double" if double else "standard",
        "cards": cards,
        "draw": None if draw_id is None else card_text(draw_id),
        "doubled": X2 in ids or replaced_by == X2,  # H4
    }


def _one_card(text: str, option: str, double: bool) -> list[int]:
    from headcount_lab.games.headcount.rules import parse_ids

    ids = parse_ids(text, double)
    if len(ids) != 1:
        raise UserError(f"{option} takes exactly one card, got {text!r}")
    return ids


@app.command("odds")
def odds_cmd(
    players: Annotated[int, typer.Option("--players", help="Players at the table, 3-6.")] = 4,
    see: Annotated[
        str, typer.Option("--see", help='The other players\' forehead cards, e.g. "7♥ K♥ 5♠".')
    ] = "",
    peek: Annotated[
        str | None, typer.Option("--peek", help="The hidden card, if this seat peeked.")
    ] = None,
    variant: VariantOpt = None,
    rule: RuleOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Exact distribution of the total from one seat's view, and the bids that are safe.

    Example: headcount-lab headcount odds --players 4 --see "7♥ K♥ 5♠"
    """
    with user_errors():
        result = odds(players, see, peek, variant, rule)
    if json_out:
        print_json(result)
    else:
        _print_odds(result)


def odds(
    players: int, see: str, peek: str | None, variant: str | None, rule: list[str] | None
) -> dict:
    from headcount_lab.games.headcount.exact import view_odds
    from headcount_lab.games.headcount.rules import parse_ids

    rules = _rules(variant, rule)
    seen = parse_ids(see, rules.double)
    peek_id = None if peek is None else _one_card(peek, "--peek", rules.double)[0]
    return view_odds(players, seen, peek_id, rules.double, rules.hidden_card)


def _print_odds(r: dict) -> None:
    view = "sees " + (" ".join(r["see"]) if r["see"] else "nothing")
    if r["peek"]:
        view += f", peeked {r['peek']}"
    typer.echo(f"{r['players']} players, {r['variant']}; {view}")
    typer.echo(f"mean {r['mean']:.2f}   median {r['median']}")
    safe = "   ".join(f"{float(k):.0%}: {b}" for k, b in r["safe_bids"].items())
    typer.echo(f"highest bid that survives a call with chance at least  {safe}")
    # every whole-number bid (H5) from near-certain to near-hopeless; a bid between two
    # possible totals survives exactly as often as the next possible total
    at_least = [(row["bid"], row["probability"]) for row in r["at_least"]]
    first = max([b for b, p in at_least if p > 0.995] or [at_least[0][0]])
    last = min([b for b, p in at_least if p < 0.005] or [at_least[-1][0] + 1])
    cells = []
    for bid in range(first, last + 1):
        p = next((p for b, p in at_least if b >= bid), 0.0)
        cells.append(f"{bid:5d} {p:7.1%}")
    _echo_columns("  bid  P(>=bid)", cells)


def _echo_columns(header: str, cells: list[str], n_cols: int = 4) -> None:
    """Print ``cells`` down ``n_cols`` columns, each headed by ``header``."""
    n_rows = -(-len(cells) // n_cols)
    gap = "    "
    typer.echo(gap.join([header] * min(n_cols, len(cells))))
    for i in range(n_rows):
        typer.echo(gap.join(cells[i::n_rows]))


@app.command("deal")
def deal_cmd(
    players: Annotated[int, typer.Option("--players", help="Players at the table, 3-6.")] = 4,
    hands: Annotated[int, count_option("--hands", help="Hands to deal and count.")] = 10_000_000,
    seed: Annotated[int, seed_option("--seed", help="Seed: same seed, same numbers.")] = 1,
    variant: VariantOpt = None,
    rule: RuleOpt = None,
    json_out: JsonOpt = False,
    workers: WorkersOpt = None,
    out: OutOpt = None,
    resume: ResumeOpt = False,
    force: ForceOpt = False,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    quiet: QuietOpt = False,
    yes: YesOpt = False,
) -> None:
    """Deal and count many random hands with the numba kernel; histogram of the totals.

    Example: headcount-lab headcount deal --players 4 --hands 1000000 --seed 1
    """
    opts = RunOptions(
        workers=workers,
        out=out,
        resume=resume,
        force=force,
        backend=backend,
        scheduler=scheduler,
        quiet=quiet,
        json=json_out,
        yes=yes,
    )
    with user_errors():
        result = deal(players, hands, seed, variant, rule, opts)
    if json_out:
        print_json(result)
    else:
        _print_deal(result)


def deal(
    players: int,
    hands: int,
    seed: int,
    variant: str | None,
    rule: list[str] | None,
    opts: RunOptions,
) -> dict:
    from headcount_lab.games.headcount.kernels import deal_job, deal_summary

    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    rules = _rules(variant, rule)
    job = deal_job(players, hands, rules.double, rules.hidden_card)
    job.warmup()  # compile first: the timing covers dealing only
    dealt_now = [0]  # hands dealt in this session: a resumed run reads the rest back

    def count_chunk(chunk: tuple[int, int]) -> None:
        dealt_now[0] += job.units_in(*chunk)

    t0 = time.perf_counter()
    stats = run_options.execute(job, seed, opts, on_chunk=count_chunk)
    return deal_summary(job, stats, seed, time.perf_counter() - t0, dealt_now[0])


def _print_deal(r: dict) -> None:
    typer.echo(
        f"{r['hands']:,} hands, {r['players']} players, {r['variant']}, seed {r['seed']}: "
        + (
            f"{r['seconds']:.3f} s, {r['hands_per_second'] / 1e6:.1f} M hands/s"
            if r["hands_per_second"] is not None
            else "read back from the results folder"
        )
        + (
            f" ({r['hands_this_session']:,} dealt now, the rest read back)"
            if 0 < r["hands_this_session"] < r["hands"]
            else ""
        )
    )
    typer.echo(f"mean total {r['mean']:.3f}")
    specials = ", ".join(f"{c} {n / r['hands']:.2%}" for c, n in r["specials_in_play"].items())
    typer.echo(f"in play: {specials}")
    cells = [f"{row['total']:6d} {row['count']:12,d}" for row in r["histogram"]]
    _echo_columns(" total        count", cells, 3)


# --- heads-up rounds solved (issue 11 item 4); kept at the end of the file for easy merges

PEEK_CHOICES = {"both": (True, True), "starter": (True, False), "other": (False, True),
                "none": (False, False)}  # fmt: skip


@app.command("headsup")
def headsup_cmd(
    rule: RuleOpt = None,
    iterations: Annotated[int, count_option("--iterations", help="CFR+ iterations.")] = 200,
    step: Annotated[int, typer.Option("--step", help="Bid grid: every STEP from 0 to 40.")] = 5,
    peeks: Annotated[
        str, typer.Option("--peeks", help="Who can peek: both, starter, other or none.")
    ] = "both",
    write: Annotated[
        bool, typer.Option("--write", help="Save the equilibrium table to data/ (npz).")
    ] = False,
    data_dir: Annotated[str, typer.Option("--data-dir", help="Folder for --write.")] = "data",
    json_out: JsonOpt = False,
    quiet: QuietOpt = False,
    yes: YesOpt = False,
) -> None:
    """Solve a two-player round by CFR+: the start player's equilibrium chance of losing it.

    Example: headcount-lab headcount headsup --step 10 --iterations 100
    """
    with user_errors():
        result = headsup(rule, iterations, step, peeks, write, data_dir, quiet or json_out, yes)
    if json_out:
        print_json(result)
        return
    lo, hi = result["start_player_loses_bounds"]
    bids = result["abstraction"]["bids"]
    typer.echo(
        f"heads-up round, bids {bids[0]}..{bids[-1]} by {step}, peeks: {peeks};"
        f" {iterations} CFR+ iterations"
    )
    typer.echo(
        f"start player ({result['start_player_is']}) loses {result['start_player_loses']:.4f}"
        f" (game value within [{lo:.4f}, {hi:.4f}])"
    )
    typer.echo(f"exploitability {result['exploitability']:.2e}")
    if result.get("written"):
        typer.echo(f"wrote {result['written']}")


#: CFR+ iterations no grid takes a day over (the finest, --step 1, takes a few seconds each)
HEADSUP_UNMEASURED = 10_000


def headsup(
    rule: list[str] | None,
    iterations: int,
    step: int,
    peeks: str,
    write: bool,
    data_dir: str,
    quiet: bool = True,
    yes: bool = False,
) -> dict:
    from pathlib import Path

    from headcount_lab.core.limits import check_run_time
    from headcount_lab.core.progress import advancing
    from headcount_lab.research.headcount import headsup as hu

    rules = _rules(None, rule)
    if peeks not in PEEK_CHOICES:
        raise UserError(f"unknown --peeks {peeks!r}: choose {', '.join(PEEK_CHOICES)}")
    if not 1 <= step <= 40:
        raise UserError(f"--step must be between 1 and 40, got {step}")
    if iterations < 1:
        raise UserError(f"--iterations must be at least 1, got {iterations}")
    ab = hu.HeadsUpAbstraction(rules, hu.default_bids(step), PEEK_CHOICES[peeks])
    if write and Path(data_dir).exists() and not Path(data_dir).is_dir():
        raise UserError(f"--data-dir {data_dir} is not a folder")  # say so before solving
    check_run_time(
        f"{iterations:,} CFR+ iterations",
        iterations,
        HEADSUP_UNMEASURED,
        lambda: hu.seconds_per_iteration(ab),
        yes,
        "iterations",
    )
    if not write and data_dir != "data":
        warn(f"--data-dir {data_dir} has no effect without --write: nothing is saved")
    t0 = time.perf_counter()
    with advancing(quiet, False, iterations, "iterations", "headcount headsup") as advance:
        solver, result = hu.solve(ab, iterations, advance)
    result["seconds"] = time.perf_counter() - t0
    result["peeks"] = peeks
    # H9: the round game is the same under both values; the flag only picks who opens it
    result["next_start"] = rules.next_start
    result["start_player_is"] = (
        "the last round's loser" if rules.next_start == "loser" else "the last round's winner"
    )
    if write:
        path = hu.policy_path(Path(data_dir), ab)
        try:
            hu.save_policy(path, solver, result)
        except OSError as exc:
            raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
        result["written"] = str(path)
    return result


# --- the equilibrium bot's table (issue 11 item 2); kept at the end of the file for easy merges

TRAIN_ITERATIONS, TRAIN_ROUNDS, TRAIN_SEED, TRAIN_EXPLORE = 40, 1_000_000, 11, 0.1
#: the population: the common bots and the responders the best-response meter found against
#: earlier tables (docs/games/headcount.md, "The population is grown from the meter's finds")
TRAIN_FIELD = [
    # `reader` four times: a field bot is drawn uniformly from the list, and with reader once
    # among 16 the table trained against the meter's finds no longer beat it 1 vs 3
    "reader",
    "reader",
    "reader",
    "reader",
    "odds",
    "tips",
    "responder:call=0.7875,quantile=0.088,sigma=50,model=0.7,shade=22,call2=0.7875,"
    "quantile2=0.088,raise2=0.25",
    "responder:call=0.7875,quantile=0.36,peek=0.15,sigma=50,model=0.53,raise=0.5,shade=22,"
    "call2=0.7875,quantile2=0.088,raise2=0.5",
    "responder:call=0.822,quantile=0.2203,peek=0.07471,sigma=7.399,model=0.03977,raise=0.8624,"
    "shade=1,call2=0.8546,quantile2=0.03979,raise2=0.9336",
    "responder:call=0.95,quantile=0.1,sigma=50,model=0.7,raise=0,shade=3,call2=0.7875,"
    "quantile2=0.02,raise2=0",
    "responder:call=0.95,quantile=0.19,discard=1,sigma=15.81,model=0.19,raise=0.5,shade=8,"
    "call2=0.7875,quantile2=0.088,raise2=0.5",
    "responder:call=0.95,quantile=0.088,peek=0.15,sigma=5,model=0.088,shade=0,call2=0.625,"
    "quantile2=0.02",
    # the meter's finds against the second table (its grid stage: a safe bidder that pushes
    # its bid by 2 six times in ten; and a responder at 6 players)
    "bluffer:call=0.8,quantile=0.05,rate=0.6,size=2",
    "bluffer:quantile=0.05,rate=0.6,size=2",
    "bluffer:call=0.8,rate=0.6,size=2",
    "responder:call=0.8919,quantile=0.1274,peek=0.0804,sigma=7.023,model=0.04787,raise=0.3635,"
    "shade=1,call2=0.7905,quantile2=0.2662,raise2=0.08462",
    # the meter's finds against that table at its full budget (4 players, seeds 7 and 8;
    # Double, seed 7): raise by about one, open far below plan, call seldom
    "responder:call=0.625,quantile=0.36,peek=0.15,sigma=0.5,model=0.05,call2=0.3,quantile2=0.53",
    "responder:call=0.828,quantile=0.02,peek=0.0302,sigma=3.636,model=0.05649,raise=0.348,"
    "shade=23,call2=0.5174,quantile2=0.03137,raise2=0.4915",
    "responder:call=0.8685,quantile=0.1573,peek=0.01435,sigma=6.137,model=0.07807,"
    "raise=0.05192,shade=3,call2=0.8014,quantile2=0.04448,raise2=0.06406",
]
TRAIN_FIELD_SHARE = 0.5
#: the bidders the stated call-win belief expects besides the table itself, and their share
TRAIN_BELIEF_FIELD = ["reader", "odds", "tips"]
TRAIN_BELIEF_SHARE = 0.25
#: rounds no training takes a day over (about 4 µs a round at 4 players, 1e9 take about an hour;
#: more are timed first on a small training of TRAIN_CALIBRATION_ROUNDS a batch)
TRAIN_UNMEASURED, TRAIN_CALIBRATION_ROUNDS = 10**9, 100_000


@app.command("train-equilibrium")
def train_equilibrium_cmd(
    players: Annotated[
        int, typer.Option("--players", help="Most active seats the rounds are drawn with.")
    ] = 4,
    iterations: Annotated[
        int, count_option("--iterations", help="Fictitious-play iterations.")
    ] = TRAIN_ITERATIONS,
    rounds: Annotated[
        int, count_option("--rounds", help="Self-play rounds per iteration.")
    ] = TRAIN_ROUNDS,
    explore: Annotated[
        float, typer.Option("--explore", help="Chance of a uniform exploring action.")
    ] = TRAIN_EXPLORE,
    field: Annotated[
        list[str] | None,
        typer.Option(
            "--field",
            help="A bot the table also plays against (repeatable).",
            show_default="reader, odds, tips and the meter's responders",
        ),
    ] = None,
    field_share: Annotated[
        float, typer.Option("--field-share", help="Chance a seat is a field bot, not the table.")
    ] = TRAIN_FIELD_SHARE,
    belief_field: Annotated[
        list[str] | None,
        typer.Option(
            "--belief-field",
            help="A bot the stated call-win belief expects as a bidder (repeatable).",
            show_default=", ".join(TRAIN_BELIEF_FIELD),
        ),
    ] = None,
    belief_share: Annotated[
        float,
        typer.Option("--belief-share", help="Chance a seat is a --belief-field bot."),
    ] = TRAIN_BELIEF_SHARE,
    seed: Annotated[int, seed_option("--seed", help="Random seed.")] = TRAIN_SEED,
    variant: VariantOpt = None,
    rule: Annotated[
        list[str] | None,
        typer.Option(
            "--rule",
            help="House rule NAME=VALUE the rounds are played by (repeatable): the flags that "
            "change a round reach it (docs/games/headcount.md lists them); the others cannot "
            "change which action loses a round least and are ignored.",
        ),
    ] = None,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            help="Where to write the table.",
            show_default="data/headcount-equilibrium-v<rules version>[-double].npz",
        ),
    ] = None,
    json_out: JsonOpt = False,
    quiet: QuietOpt = False,
    yes: YesOpt = False,
) -> None:
    """Train the equilibrium bot's table by fictitious self-play (seats of the population are
    the table or, with --field-share, the --field bots) and write it (npz).

    Example: headcount-lab headcount train-equilibrium --iterations 2 --out /tmp/eq.npz
    """
    with user_errors():
        rules = _rules(variant, rule)
        if rule and out is None:
            raise UserError("--rule trains a table for other rules: give --out (the committed "
                            "tables are the rulings')")  # fmt: skip
        result = train_equilibrium(
            players,
            iterations,
            rounds,
            explore,
            seed,
            out,
            TRAIN_FIELD if field is None else field,
            field_share,
            rules.double,
            TRAIN_BELIEF_FIELD if belief_field is None else belief_field,
            belief_share,
            quiet or json_out,
            yes,
            rules,
        )
    if json_out:
        print_json(result)
        return
    typer.echo(
        f"trained {result['iterations']} iterations of {result['rounds']:,} rounds "
        f"({result['visited_states']} of {result['states']} states visited) "
        f"in {result['seconds']:.1f} s"
    )
    typer.echo(f"wrote {result['written']} (sha256 {result['sha256'][:16]})")


def train_equilibrium(
    players: int,
    iterations: int,
    rounds: int,
    explore: float,
    seed: int,
    out: str | None,
    field: list[str],
    field_share: float,
    double: bool = False,
    belief_field: list[str] | None = None,
    belief_share: float = 0.0,
    quiet: bool = True,
    yes: bool = False,
    rules: Any = None,
) -> dict:
    """Train and write the table (``rules``: the house rules of its rounds, default the
    rulings on the deck of ``double``)."""
    from pathlib import Path

    from headcount_lab.core.limits import check_run_time
    from headcount_lab.core.paths import check_file
    from headcount_lab.core.progress import advancing
    from headcount_lab.games.headcount import equilibrium as eq

    path = eq.default_path(double) if out is None else Path(out)
    check_file(path, "--out")  # say so before training
    if not 2 <= players <= 6:
        raise UserError(f"--players must be between 2 and 6, got {players}")
    from headcount_lab.research.headcount.equilibrium_train import train

    fields = tuple(f for f in field if f)
    believed = tuple(f for f in belief_field or [] if f)

    def seconds_per_round() -> float:
        # a tiny training compiles (and raises what train would), then two iterations and the
        # beliefs' batch of a small one are timed
        args = (seed, explore, fields, field_share, double, believed, belief_share)
        train(players, 1, 10, *args, rules=rules)
        cal = min(rounds, TRAIN_CALIBRATION_ROUNDS)
        t0 = time.perf_counter()
        train(players, 2, cal, *args, rules=rules)
        return (time.perf_counter() - t0) / (3 * cal)

    # every iteration plays --rounds rounds, and the stated beliefs one batch more
    check_run_time(
        f"{iterations:,} iterations of {rounds:,} rounds",
        (iterations + 1) * rounds,
        TRAIN_UNMEASURED,
        seconds_per_round,
        yes,
        "rounds",
    )
    t0 = time.perf_counter()
    total = (iterations + 1) * rounds
    with advancing(quiet, False, total, "rounds", "headcount train-equilibrium") as advance:
        pol = train(
            players,
            iterations,
            rounds,
            seed,
            explore,
            fields,
            field_share,
            double,
            believed,
            belief_share,
            advance,
            rules,
        )
    seconds = time.perf_counter() - t0
    try:
        eq.save_policy(path, pol)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    return {**pol.meta, "seconds": seconds, "written": str(path), "sha256": pol.digest()}


# --- the best-response meter (issue 11 item 1); kept at the end of the file for easy merges


@app.command("exploit")
def exploit_cmd(
    players: Annotated[int, typer.Option("--players", help="Players at the table, 3-6.")] = 4,
    field: Annotated[
        str,
        typer.Option(
            "--field",
            help="The fixed field: one bot for every other seat, or players - 1 bots "
            "(bot specs as --bots of simulate).",
        ),
    ] = "reader",
    variant: GameVariantOpt = None,
    rule: RuleOpt = None,
    budget: Annotated[
        int, count_option("--budget", help="Training games, all candidates together.")
    ] = 1_500_000,
    games: Annotated[
        int, count_option("--games", help="Fresh games that measure the responder.")
    ] = 20_000,
    seed: Annotated[int, seed_option("--seed", help="Seed: same seed, same numbers.")] = 1,
    json_out: JsonOpt = False,
    quiet: QuietOpt = False,
    yes: YesOpt = False,
    bayes: Annotated[
        bool,
        typer.Option(
            "--bayes/--no-bayes",
            help="Also try the exact Bayesian responder wired to the field's policy "
            "(bayes:field=POLICY; a field of one policy only).",
        ),
    ] = True,
) -> None:
    """Best-response meter: tune a responder against a fixed field, measure its win rate.

    The responder is searched by simulation against the known field on training deals, then
    plays --games fresh games (the seed's own stream, every seat order) against it; its
    game-win rate is printed against the fair share 1/players with a 95% CI by deal.

    Example: headcount-lab headcount exploit --players 4 --field reader --games 4000 --seed 1
    """
    from headcount_lab.core.progress import advancing
    from headcount_lab.games.headcount.rules import rules_for_variant
    from headcount_lab.research.headcount.exploit import exploit, parse_field

    with user_errors():
        rules = rules_for_variant(variant, rule or [])  # Trickster too (H10)
        from headcount_lab.core.competent import fixed

        specs, mix = fixed("headcount", parse_field(field, players), players, rules)
        if budget < 1 or games < 1:
            raise UserError("--budget and --games must be positive")
        with advancing(quiet, json_out, budget + games, "games", "headcount exploit") as on_games:
            result = exploit(
                players, specs, rules, budget, games, seed, on_games, yes, bayes
            ).as_dict()
        if mix is not None:
            result["competent"] = mix.json()
    if json_out:
        print_json(result)
        return
    lo, hi = result["ci95"]
    typer.echo(
        f"{result['games']:,} games, {players} players, seed {seed}; field: "
        + ", ".join(b["bot"].split(":")[0] for b in result["field_win_rates"])
    )
    typer.echo(
        f"responder wins {result['win_rate']:.2%} [{lo:.2%}, {hi:.2%}] against a fair share of "
        f"{result['fair_share']:.2%}: gain {result['gain'] * 100:+.1f} points"
    )
    typer.echo(f"responder: {result['responder_label']}")
    typer.echo(f"replay: {result['command']}")
    if mix is not None:
        typer.echo(mix.text())
