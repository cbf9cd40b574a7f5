"""The commands every game gets from its :class:`~headcount_lab.games.GameSpec`: ``simulate``,
``replay``, ``play``, ``bench`` and ``compare`` (the rule comparison of
:mod:`headcount_lab.core.compare`), with one vocabulary of options for every game.

This module builds them; :func:`headcount_lab.cli.app.build_app` adds them to each game's
group next to the game's own commands. No ``from __future__ import annotations`` here: the
option types are built at run time per game, and typer reads them from the signature.
"""

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from headcount_lab.cli import run_options
from headcount_lab.cli.common import UserError, positive, print_json, user_errors, warn
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
from headcount_lab.games import GameSpec, bench_runner

#: the default seed of every seeded command of every game
DEFAULT_SEED = 1
DEFAULT_GAMES = 10_000

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
SeedOpt = Annotated[int, seed_option("--seed", help="Seed of the run: same seed, same output.")]
RotateOpt = Annotated[
    bool,
    typer.Option("--rotate-seats", help="Rotate the bots round the seats to remove seat luck."),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", help="House rule NAME=VALUE (repeatable); the game's docs list them."),
]
RecordOpt = Annotated[
    int, count_option("--record", help="Also write the first K games, every action, as JSON.")
]


def simulate(
    spec: GameSpec,
    players: int,
    bots: str,
    games: int,
    seed: int,
    rotate: bool,
    variant: str | None,
    rule: list[str],
    record: int,
    record_file: Path,
    opts: RunOptions,
) -> dict[str, Any]:
    """Play the game's tournament; return its summary (schema on the game's docs page) with the
    timings and, with ``record``, where the record went."""
    from headcount_lab.core.record import check_writable, write_record

    lo, hi = spec.players
    if not lo <= players <= hi:
        raise UserError(f"--players must be between {lo} and {hi}, got {players}")
    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    positive("--games", games)
    rules = spec.make_rules(variant, rule, players)
    t = spec.load("tournament")(rules, bots, players, games, rotate)
    if not 0 <= record <= t.record_limit:
        raise UserError(f"--record K must be between 0 and {t.record_limit}, got {record}")
    if record:
        check_writable(record_file)  # before the work, not after it
    t0 = time.perf_counter()
    t.job.warmup()
    t1 = time.perf_counter()
    stats = run_options.execute(t.job, seed, opts)
    t2 = time.perf_counter()
    out = t.summarize(stats, seed)
    out["seconds"] = {"setup_and_compile": t1 - t0, "play": t2 - t1}
    if "rounds" in out:
        out["rounds_per_second"] = out["rounds"] / (t2 - t1) if t2 > t1 else None
    if record:
        write_record(record_file, t.record(seed, record))
        out["record"] = {"file": str(record_file), "games": record}
    elif record_file != Path(f"{spec.name}-record.json"):  # said once the run has succeeded
        warn(f"--record-file {record_file} has no effect without --record K: nothing recorded")
    return out


def _assignments(items: list[str], option: str) -> dict[str, str]:
    """``NAME=VALUE`` items of ``option`` by name; a name given twice is refused."""
    out: dict[str, str] = {}
    for a in items:
        name, sep, value = a.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UserError(f"{option} takes NAME=VALUE, got {a!r}")
        if name in out:
            raise UserError(f"{option} gives rule {name} twice")
        out[name] = value.strip()
    return out


def compare_field(spec: GameSpec, field: str | None, players: int) -> tuple[list[str], str]:
    """The field's bots, one per seat, and where they came from. One bot given fills every
    seat; without ``--field`` every seat is ``competent`` (issue 23 item 1: a rule is judged
    by the competent field), or, for a game that commits no field, the game's default bots
    repeated round the table."""
    menu = spec.load("bots")
    if field is not None:
        bots = [b.text for b in (menu.parse(x) for x in menu.split(field))]
        if len(bots) == 1:
            return bots * players, "given"
        if len(bots) != players:
            raise UserError(f"--field lists {len(bots)} bots but --players is {players}")
        return bots, "given"
    if spec.metagame:
        from headcount_lab.core.competent import NAME

        return [NAME] * players, "the competent field"
    bots = menu.split(spec.default_bots)
    return [bots[i % len(bots)] for i in range(players)], "the game's default bots"


def compare(
    spec: GameSpec,
    rule: list[str],
    against: list[str],
    sweep: str | None,
    variant: str | None,
    players: int,
    field: str | None,
    games: int,
    seed: int,
    opts: RunOptions,
    adapt: bool = False,
    adapt_budget: str | None = None,
) -> dict[str, Any]:
    """Play the same games under the base rules (defaults or ``--variant``, then ``--against``)
    and the changed ones (the base with ``--rule``, or one set per ``--sweep`` value); return
    the metrics with their paired differences (:mod:`headcount_lab.core.compare`). With
    ``adapt``, the same games again with the field adapted to each rule set
    (:mod:`headcount_lab.core.adapt`) at ``adapt_budget`` (default ``quick``)."""
    from dataclasses import replace

    from headcount_lab.core import compare as C

    lo, hi = spec.players
    if not lo <= players <= hi:
        raise UserError(f"--players must be between {lo} and {hi}, got {players}")
    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    positive("--games", games)
    if not spec.metrics:
        raise UserError(f"{spec.title} declares no designer metrics: compare is not available")
    if not rule and sweep is None:
        raise UserError("nothing to compare: give --rule NAME=VALUE or --sweep NAME=V1,V2,...")
    base_flags = _assignments(against, "--against")
    change = _assignments(rule, "--rule")
    base = spec.make_rules(variant, [f"{k}={v}" for k, v in base_flags.items()], players)

    def rules_with(extra: dict[str, str]) -> Any:
        flags = {**base_flags, **change, **extra}
        return spec.make_rules(variant, [f"{k}={v}" for k, v in flags.items()], players)

    values: list[str] = []
    key = None
    if sweep is None:
        changed = [rules_with({})]
    else:
        key, sep, text = sweep.partition("=")
        key = key.strip()
        values = [v.strip() for v in text.split(",") if v.strip()]
        if not sep or not key or not values:
            raise UserError(f"--sweep takes NAME=V1,V2,..., got {sweep!r}")
        if key in change:
            raise UserError(f"rule {key} is both swept and set by --rule")
        if len(set(values)) != len(values):
            raise UserError(f"--sweep {key} lists a value twice")
        changed = [rules_with({key: v}) for v in values]
    same_rules = all(c == base for c in changed)
    bots, source = compare_field(spec, field, players)
    from headcount_lab.core.competent import is_competent, pinned, resolve

    # competent is resolved once, for the base rules: every arm seats the same players
    mix = resolve(spec, players, base) if any(is_competent(b) for b in bots) else None
    if mix is not None and mix.single:  # one member is not drawn: the seats are that bot,
        bots = [mix.members[0] if is_competent(b) else b for b in bots]  # so --adapt fits it
    drawn = mix if mix is not None and not mix.single else None  # seats drawn per game

    def arm_fn(rules: Any, text: str, n: int) -> Any:
        return spec.load("tournament")(rules, text, n, 1, False).job.block_fn

    if adapt and not spec.adapt:
        raise UserError(f"{spec.title} has no adapted field: --adapt is not available")
    if adapt and drawn is not None:
        raise UserError(
            "--adapt adapts named bots: competent plays a committed field, give its members "
            f"instead ({drawn.text()})"
        )
    with pinned(drawn):
        arm_fn(base, ",".join(bots), players)  # bad bots are refused before any work
        cmp = C.Comparison(
            spec.name, (base, *changed), tuple(bots), games, seed, spec.load("metrics"), arm_fn,
            spec.unit,
        )  # fmt: skip
        t0 = time.perf_counter()
        fields = []
        budget = adapt_budget or "quick"
        if adapt:  # before any play: a bad budget is refused first, and the training shows
            adapter = spec.load("adapt")
            quiet = opts.quiet or opts.json
            fields = [adapter.adapt(r, tuple(bots), players, budget, quiet) for r in cmp.rule_sets]
        t_adapt = time.perf_counter() - t0
        job = cmp.job()
    if same_rules:  # said once every input is accepted: a refusal stays one line
        warn("the changed rules equal the base: every difference is zero (an A/A check)")
    if drawn is not None:  # a rebuilt field is another run: --resume must not mix the two
        job = replace(job, params={**job.params, "competent": drawn.json()})
    t0 = time.perf_counter()
    job.warmup()
    t1 = time.perf_counter()
    stats = run_options.execute(job, seed, opts)
    t2 = time.perf_counter()
    res = C.summary(cmp, stats, source, key, values)
    if mix is not None:
        res["competent"] = mix.json()
    res["seconds"] = {"setup_and_compile": t1 - t0, "play": t2 - t1}
    if adapt:
        rows = cmp.results(stats)  # the same players when no field changed
        if any(f.changed for f in fields):
            ids = tuple(f.file if f.changed else None for f in fields)
            again = replace(cmp, arms=tuple(f.arm for f in fields), arm_ids=ids)
            job = again.job()
            sub = None if opts.out is None else opts.out / "adapted"
            t3 = time.perf_counter()
            job.warmup()
            rows = again.results(run_options.execute(job, seed, replace(opts, out=sub)))
            res["seconds"]["adapted_play"] = time.perf_counter() - t3
        res["seconds"]["adapt"] = t_adapt
        C.add_adapted(res, rows, {
            "budget": budget, "cost": adapter.cost.get(budget, "as given"),
            "same_players": not any(f.changed for f in fields),
            "fields": [f.describe(base) for f in fields],
        })  # fmt: skip
    if adapt_budget is not None and not adapt:  # said once the run has succeeded
        warn(f"--adapt-budget {adapt_budget} has no effect without --adapt: nobody adapted")
    if opts.out is not None:
        from headcount_lab.core.paths import atomic_write_json

        atomic_write_json(opts.out / "compare.json", res)
        if key is not None:
            chart = opts.out / f"compare-sweep-{key}.png"
            C.sweep_chart(res).savefig(chart)
            res["chart"] = str(chart)
    return res


def replay(spec: GameSpec, file: Path) -> dict[str, Any]:
    """Check every action of a record file against the rules; return the outcomes."""
    from headcount_lab.core.record import load_json

    return dict(spec.load("replay")(load_json(file)))


def bench(spec: GameSpec, quick: bool) -> dict[str, Any]:
    return {area: bench_runner(target)(quick) for area, target in spec.bench.items()}


def play(
    spec: GameSpec,
    bots: str,
    seat: int,
    seed: int,
    variant: str | None,
    rule: list[str],
    record_file: Path,
    console: Any,
    hint: str | None = None,
) -> dict[str, Any] | None:
    """A person plays ``seat`` against ``bots`` (the other seats in order); the record is written
    to ``record_file`` at the end and returned (None if the person quit). ``hint``: the bot the
    ``hint`` command asks (None: the game's ``HINT_BOT``)."""
    from headcount_lab.core.play import Hint, Quit, seat_bots
    from headcount_lab.core.record import check_writable, write_record

    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    menu = spec.load("bots")
    others = [b.text for b in (menu.parse(s) for s in menu.split(bots))]
    players = len(others) + 1
    lo, hi = spec.players
    if not lo <= players <= hi:
        raise UserError(
            f"--bots names the other {lo - 1} to {hi - 1} players, got {len(others)} bots"
        )
    rules = spec.make_rules(variant, rule, players)
    from headcount_lab.core.competent import fixed, is_competent

    asked = [] if hint is None else [menu.parse(hint).text]
    # a competent seat (or hint) plays one member for the game: drawn from the play's seed
    played, mix = fixed(spec.name, [*others, *asked], players, rules, seed)
    if mix is not None:
        console.say(mix.text())
    others = played[: len(others)]
    shown = None
    if asked:
        name = f"competent ({played[-1]})" if is_competent(asked[0]) else asked[0]
        shown = Hint(played[-1], name)
    table_bots = seat_bots(others, seat)
    check_writable(record_file)
    table = spec.load("play")(rules, table_bots, seat, seed, console, hint=shown)
    try:
        rec = table.play()
    except Quit as exc:
        console.say(f"stopped ({exc}): no record written")
        return None
    write_record(record_file, rec)
    console.say(f"record written to {record_file} (check it with: headcount-lab {spec.name} "
                f"replay {record_file})")  # fmt: skip
    return dict(rec)


def _bots_help(spec: GameSpec) -> str:
    menu = spec.load("bots")
    return (
        "One bot per seat, NAME or NAME:KEY=VALUE,... (a KEY=VALUE item belongs to the bot "
        f"before it). {menu.help()}"
    )


def _variant_option(spec: GameSpec) -> Any:
    """``--variant``: one of the game's variants, none given meaning its defaults (so ``--rule``
    may set any flag); ``--help`` shows the first variant as the default."""
    return Annotated[
        str | None,
        typer.Option(
            "--variant",
            help=f"Rules variant: {', '.join(spec.variants)}.",
            show_default=next(iter(spec.variants)),
        ),
    ]


def _players_option(spec: GameSpec) -> Any:
    lo, hi = spec.players
    return Annotated[int, typer.Option("--players", help=f"Players, {lo} to {hi}.")]


def _units_option(spec: GameSpec, what: str) -> Any:
    """``--games`` (and ``--matches`` for a game played in matches): how many units."""
    names = ("--games", "--matches") if spec.unit == "matches" else ("--games",)
    return Annotated[int, count_option(*names, help=f"{spec.unit.capitalize()} {what}.")]


def simulate_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    def command(
        players: _players_option(spec) = spec.default_players,  # type: ignore[valid-type]
        bots: Annotated[str, typer.Option("--bots", help=_bots_help(spec))] = spec.default_bots,
        games: _units_option(spec, "to play") = DEFAULT_GAMES,  # type: ignore[valid-type]
        seed: SeedOpt = DEFAULT_SEED,
        rotate: RotateOpt = False,
        variant: _variant_option(spec) = None,  # type: ignore[valid-type]
        rule: RuleOpt = None,
        record: RecordOpt = 0,
        record_file: Annotated[
            Path, typer.Option("--record-file", help="Where --record writes (checked first).")
        ] = Path(f"{spec.name}-record.json"),
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
        opts = RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out, yes=yes)
        with user_errors():
            res = simulate(
                spec, players, bots, games, seed, rotate, variant, rule or [], record,
                record_file, opts,
            )  # fmt: skip
        if json_out:
            print_json(res)
        else:
            spec.load("summary")(res)
            if "competent" in res:
                from headcount_lab.core.competent import summary_line

                typer.echo(summary_line(res["competent"]))

    command.__doc__ = (
        f"Tournament of {spec.title} bots: results per bot and per seat with 95% CIs.\n\n"
        f"Example: headcount-lab {spec.name} simulate --players {spec.default_players} "
        f"--bots {spec.default_bots} --games 2000 --seed 1 --rotate-seats"
    )
    return command


def replay_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    def command(
        file: Annotated[
            Path, typer.Argument(help="A record written by `simulate --record K` or `play`.")
        ],
        json_out: JsonOpt = False,
    ) -> None:
        with user_errors():
            res = replay(spec, file)
        if json_out:
            print_json(res)
        else:
            for line in spec.load("describe")(res):
                typer.echo(line)

    command.__doc__ = (
        f"Check every action of recorded {spec.title} {spec.unit} against the rules and print "
        "the outcomes.\n\n"
        f"Example: headcount-lab {spec.name} simulate --record 2 --record-file r.json && "
        f"headcount-lab {spec.name} replay r.json"
    )
    return command


def bench_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    def command(
        quick: Annotated[bool, typer.Option("--quick", help="Small sizes, for a smoke test.")] = (
            False
        ),
        json_out: Annotated[
            bool, typer.Option("--json", help="Print the figures as JSON (default: one per line).")
        ] = False,
    ) -> None:
        from headcount_lab.cli.bench import show

        show(bench(spec, quick), json_out)

    command.__doc__ = (
        f"Measure {spec.title}'s speed against baselines in the same run: one line per figure, "
        "or JSON.\n\n"
        f"Example: headcount-lab {spec.name} bench --quick"
    )
    return command


def play_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    default_others = ",".join(spec.load("bots").split(spec.default_bots)[1:])

    def command(
        bots: Annotated[
            str,
            typer.Option(
                "--bots", help="The bots in the other seats, in seat order. " + _bots_help(spec)
            ),
        ] = default_others,
        seat: Annotated[int, typer.Option("--seat", help="Your seat, 0 = first.")] = 0,
        seed: SeedOpt = DEFAULT_SEED,
        variant: _variant_option(spec) = None,  # type: ignore[valid-type]
        rule: RuleOpt = None,
        record_file: Annotated[
            Path, typer.Option("--record-file", help="Where the game's record is written.")
        ] = Path(f"{spec.name}-play.json"),
        hint: Annotated[
            str | None,
            typer.Option(
                "--hint",
                help="The bot `hint` asks (default: the game's own); `competent` asks the "
                "committed field's member, drawn from --seed if the field has several.",
            ),
        ] = None,
    ) -> None:
        from headcount_lab.core.interrupts import signals_as_interrupts
        from headcount_lab.core.play import Console

        console = Console(read=_read_line, write=typer.echo)
        try:
            with user_errors(), signals_as_interrupts():
                play(spec, bots, seat, seed, variant, rule or [], record_file, console, hint)
        except KeyboardInterrupt as exc:  # Ctrl-C at a prompt or while the bots think
            interrupted_play(spec, record_file, exc)

    command.__doc__ = (
        f"Play one seat of {spec.title} against bots in the terminal: you see exactly what "
        "your seat sees, type moves in card notation, help for the moves, hint for what the "
        "strongest bot would do and why; the record at the end replays with `replay`.\n\n"
        f"Example: headcount-lab {spec.name} play --bots {default_others} --seat 1 --seed 7"
    )  # fmt: skip
    return command


def interrupted_play(spec: GameSpec, record_file: Path, exc: KeyboardInterrupt) -> None:
    """One line on stderr for a game stopped by Ctrl-C (or SIGTERM, SIGHUP): the record is
    written only when a game ends, so nothing was saved; exit 128 + the signal's number."""
    from headcount_lab.core.interrupts import exit_status, signum_of

    # the prompt's line (on stdout) is still open: end it, so the message stands on its own
    typer.echo("")
    typer.echo(
        f"interrupted: the {spec.title} game was not finished; nothing saved "
        f"({record_file} is written only at the end of a game)",
        err=True,
    )
    raise typer.Exit(exit_status(signum_of(exc)))


def _read_line(prompt: str) -> str:
    """One line of standard input after ``prompt`` (EOFError at the end of the input)."""
    import sys

    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


def compare_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    unit = spec.unit

    def command(
        rule: RuleOpt = None,
        against: Annotated[
            list[str] | None,
            typer.Option(
                "--against",
                help="A base rule NAME=VALUE (repeatable); default: the defaults (or --variant).",
            ),
        ] = None,  # fmt: skip
        sweep: Annotated[
            str | None,
            typer.Option("--sweep", help="NAME=V1,V2,...: one changed rule set per value."),
        ] = None,
        variant: _variant_option(spec) = None,  # type: ignore[valid-type]
        players: _players_option(spec) = spec.default_players,  # type: ignore[valid-type]
        field: Annotated[
            str | None,
            typer.Option(
                "--field",
                "--bots",
                help="The bots, one per seat, or one bot for every seat (default: the "
                "competent field, see GAME field; slow for the search games' fields, give "
                "cheaper bots for a quick look). " + _bots_help(spec),
            ),
        ] = None,  # fmt: skip
        games: _units_option(spec, "to play in every arm") = DEFAULT_GAMES,  # type: ignore[valid-type]
        seed: SeedOpt = DEFAULT_SEED,
        json_out: JsonOpt = False,
        workers: WorkersOpt = None,
        out: OutOpt = None,
        resume: ResumeOpt = False,
        force: ForceOpt = False,
        backend: BackendOpt = "local",
        scheduler: SchedulerOpt = None,
        quiet: QuietOpt = False,
        yes: YesOpt = False,
        adapt: Annotated[
            bool,
            typer.Option(
                "--adapt",
                help="Also play every rule set with the field adapted to it (players who "
                "adapted): both verdicts side by side. " + _adapt_help(spec),
            ),
        ] = False,
        adapt_budget: Annotated[
            str | None,
            typer.Option(
                "--adapt-budget",
                help="How much adapting: quick (a first look) or full; cached per rule set.",
                show_default="quick",
            ),
        ] = None,
    ) -> None:
        from headcount_lab.core.compare import text_lines

        opts = RunOptions(workers, out, resume, force, backend, scheduler, quiet, json_out, yes=yes)
        with user_errors():
            res = compare(
                spec, rule or [], against or [], sweep, variant, players, field, games, seed,
                opts, adapt, adapt_budget,
            )  # fmt: skip
        if json_out:
            print_json(res)
        else:
            for line in text_lines(res):
                typer.echo(line)
            if "competent" in res:
                from headcount_lab.core.competent import summary_line

                typer.echo(summary_line(res["competent"]) + " (for the base rules, in every arm)")
            if "chart" in res:
                typer.echo(f"chart: {res['chart']}")

    command.__doc__ = (
        f"Judge a {spec.title} rule change: the same {unit} under the base and the changed "
        "rules, the designer metrics of both and their paired differences with 95% CIs.\n\n"
        f"Example: headcount-lab {spec.name} compare --rule NAME=VALUE --games 2000 --seed 1 "
        f"(the rules are on {spec.docs})"
    )
    return command


def _adapt_help(spec: GameSpec) -> str:
    """What ``--adapt`` does for ``spec`` and what it costs, for ``--help`` (the game's docs page
    says more)."""
    if not spec.adapt:
        return f"{spec.title} has none."
    return f"See {spec.docs} for what adapting means here and its cost."


def exploit(
    spec: GameSpec,
    players: int,
    field: str,
    variant: str | None,
    rule: list[str],
    budget: int | None,
    games: int | None,
    seed: int,
    quiet: bool,
    json_out: bool,
    yes: bool,
) -> dict[str, Any]:
    """The best-response meter (:func:`headcount_lab.core.exploit.exploit`) for ``GAME
    exploit``: the field and the sizes checked before any work, a progress bar on a terminal."""
    from headcount_lab.core import exploit as E
    from headcount_lab.core.progress import advancing

    resp = spec.load("metagame").responders
    lo, hi = spec.players
    if not lo <= players <= hi:
        raise UserError(f"--players must be between {lo} and {hi}, got {players}")
    if seed < 0:
        raise UserError(f"--seed must be a non-negative integer, got {seed}")
    budget = resp.budget if budget is None else budget
    games = resp.games if games is None else games
    for name, value in (("--budget", budget), ("--games", games)):
        if not 1 <= value <= E.MAX_GAMES:
            raise UserError(f"{name} must be between 1 and {E.MAX_GAMES:,}, got {value}")
    rules = spec.make_rules(variant, rule, players)
    E.parse_field(spec.load("bots"), field, players, spec.players)  # refused before any work
    rule_args = " ".join(
        [f"--variant {variant.strip().lower()}"] if variant else []
    ) + "".join(f" --rule {r}" for r in rule)  # fmt: skip
    label = f"{spec.name} exploit"
    with advancing(quiet, json_out, budget + games, spec.unit, label) as on_games:
        return E.exploit(spec, players, field, rules, budget, games, seed, on_games, yes,
                         rule_args.strip())  # fmt: skip


def exploit_lines(res: dict[str, Any], fg: Any) -> list[str]:
    """The meter's result as text, in the game's unit (percentage points for shares)."""
    show, unit = fg.show, fg.shown_unit
    lo, hi = res["ci95"]
    glo, ghi = res["gain_ci95"]
    fair = "measured: a field bot in its seat" if res["fair_share_measured"] else "fair share"
    return [
        f"{res['games']:,} {'matches' if 'match' in res['unit'] else 'games'}, "
        f"{res['players']} players, seed {res['seed']}; field: {', '.join(res['field'])}",
        f"responder: {show(res['result'])} [{show(lo)}, {show(hi)}] {res['unit']}"
        + (" (%)" if fg.percent else "")
        + f" against {show(res['fair_share'])} ({fair})",
        f"gain {show(res['gain'])} {unit} [{show(glo)}, {show(ghi)}]",
        f"responder: {res['responder_label']}",
        f"replay: {res['command']}",
    ]


def exploit_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    resp = spec.load("metagame").responders
    fam = resp.family
    ranges = ", ".join(f"{k.name} {k.lo:g}..{k.hi:g}" for k in fam.knobs)

    def command(
        field: Annotated[
            str,
            typer.Option(
                "--field",
                help="The fixed field: one bot for every other seat, or players - 1 bots. "
                + _bots_help(spec),
            ),
        ],
        players: _players_option(spec) = spec.default_players,  # type: ignore[valid-type]
        variant: _variant_option(spec) = None,  # type: ignore[valid-type]
        rule: RuleOpt = None,
        budget: Annotated[
            int | None,
            count_option(
                "--budget",
                help=f"Training {spec.unit}, all candidates together (default {resp.budget:,}).",
            ),
        ] = None,  # fmt: skip
        games: Annotated[
            int | None,
            count_option(
                *(("--games", "--matches") if spec.unit == "matches" else ("--games",)),
                help=f"Fresh {spec.unit} that measure the responder (default {resp.games:,}).",
            ),
        ] = None,  # fmt: skip
        seed: SeedOpt = DEFAULT_SEED,
        json_out: JsonOpt = False,
        quiet: QuietOpt = False,
        yes: YesOpt = False,
    ) -> None:
        with user_errors():
            res = exploit(
                spec, players, field, variant, rule or [], budget, games, seed, quiet,
                json_out, yes,
            )  # fmt: skip
        if json_out:
            print_json(res)
        else:
            for line in exploit_lines(res, spec.load("metagame")):
                typer.echo(line)

    command.__doc__ = (
        f"Best-response meter: how much one {spec.title} seat can win against a fixed field.\n\n"
        f"A responder is searched by simulation against the known field (the documented "
        f"settings, and the {fam.bot} family over {ranges}), then plays --games fresh "
        f"{spec.unit} against it (every seat order); its gain over the fair share is printed "
        f"with a 95% CI (see docs/metagame.md).\n\n"
        f"Example: headcount-lab {spec.name} exploit --players {spec.default_players} "
        f"--field {fam.bot} --budget 400 --games 200 --seed 1"
    )
    return command


def add_game_commands(group: typer.Typer, spec: GameSpec) -> None:
    """Add the generic commands of ``spec`` to its CLI group."""
    group.command("simulate")(simulate_command(spec))
    if spec.metrics:
        group.command("compare")(compare_command(spec))
    group.command("replay")(replay_command(spec))
    group.command("play")(play_command(spec))
    if spec.bench:
        group.command("bench")(bench_command(spec))
    own = {c.name for c in group.registered_commands}
    if spec.metagame and spec.load("metagame").responders and "exploit" not in own:
        group.command("exploit")(exploit_command(spec))
