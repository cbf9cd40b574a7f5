"""``GAME field``: the committed competent field of a game (issue 22 item 2), and ``--solve`` to
rebuild it; the meta-game and its solver are :mod:`headcount_lab.core.metagame`, what each game
plays and measures is its :class:`~headcount_lab.core.metagame.FieldGame` (``GameSpec.metagame``).

No ``from __future__ import annotations`` here: typer reads the option types at run time.
"""

import math
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from headcount_lab.cli.common import UserError, positive, print_json, user_errors
from headcount_lab.cli.run_options import count_option, seed_option
from headcount_lab.core import progress
from headcount_lab.core.paths import FIELD_DATA, field_file
from headcount_lab.games import GameSpec

DEFAULT_SEED = 1
DATA = FIELD_DATA
AGAINST_GAMES = 2000  #: ``--against``: games per opponent multiset unless ``--games`` says


def _check(spec: GameSpec, players: int, variant: str | None) -> str:
    lo, hi = spec.players
    if not lo <= players <= hi:
        raise UserError(f"--players must be between {lo} and {hi}, got {players}")
    v = (variant or next(iter(spec.variants))).strip().lower()
    if v not in spec.variants:
        raise UserError(f"unknown variant {variant!r}: choose {', '.join(spec.variants)}")
    return v


def command_text(spec: GameSpec, players: int, variant: str, opts: dict[str, Any]) -> str:
    tail = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in opts.items())
    return f"headcount-lab {spec.name} field --players {players} --variant {variant} --solve {tail}"


def solve(
    spec: GameSpec,
    players: int,
    variant: str,
    games: int,
    seed: int,
    members: int,
    oracle_games: int,
    quiet: bool,
    oracles: str = "grid",
    refine: int = 0,
    add: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Build the field: play the population's profiles, solve, grow, refine, assess; ``add``:
    bots played beside the declared population (a what-if field)."""
    from headcount_lab.core import metagame as mg

    fg: mg.FieldGame = spec.load("metagame")
    rules = spec.make_rules(variant, [], players)
    menu = spec.load("bots")
    population = mg.canonical(menu, (*fg.population, *add))
    if members and members < len(population):
        raise UserError(f"--members must be 0 or at least the population's {len(population)}")
    names = [o.strip() for o in oracles.split(",")]
    searches = [fg.search(o, players, rules, seed) for o in names if o != "grid"]
    play = mg.game_player(spec, rules, players, fg)
    say = progress.stderr_lines(quiet)
    t0 = time.perf_counter()
    table = mg.build_table(population, players, play, games, seed, progress=say)
    steps: list[dict[str, Any]] = []
    if members > len(population) and oracle_games > 0:
        found = [mg.search_oracle(f, play, oracle_games, seed + 2) for f in searches]
        if "grid" in names:
            candidates = mg.canonical(menu, fg.candidates())
            found.append(mg.grid_oracle(candidates, play, oracle_games, seed + 1))
        oracle = mg.best_of(found)

        def extend(t: mg.Table, new: str) -> mg.Table:
            return mg.build_table([*t.members, new], players, play, games, seed, t, say)

        grown = mg.grow(table, oracle, fg.threshold, members, extend, say)
        table, sol, steps = grown.table, grown.solution, grown.steps
    else:
        sol = mg.solve(table)
    opts: dict[str, Any] = {"games": games, "seed": seed, "members": members,
                            "oracle_games": oracle_games}  # fmt: skip
    if oracles != "grid":
        opts["oracle"] = oracles
    if add:
        opts["add"] = ",".join(add)
    data = mg.field_json(spec, fg, players, variant, table, sol, seed, games, steps, None, 0.0,
                   command_text(spec, players, variant, opts))  # fmt: skip
    if refine:
        return refined(spec, data, refine, play, say, time.perf_counter() - t0)
    data["seconds"] = time.perf_counter() - t0
    return data


def refined(
    spec: GameSpec, data: dict[str, Any], refine: int, play: Any, say: Any, seconds: float
) -> dict[str, Any]:
    """``data`` (a field as written) with the profiles its mixture's payoffs read played
    ``refine`` more games each (:func:`headcount_lab.core.metagame.refine`), re-solved and
    re-assessed; its command gains ``--refine G``, which rebuilds the same from scratch."""
    from headcount_lab.core import metagame as mg

    if data.get("refined"):
        raise UserError(
            "the field is refined already: rebuild it with --solve and the --refine you want"
        )
    return mg.refined_field(spec, data, refine, play, say, seconds)


def meter_command(data: dict[str, Any]) -> str:
    """The best-response meter's command against the field ``data``: its game, table size and
    variant, the field played as ``competent``."""
    return (
        f"headcount-lab {data['game']} exploit --players {data['players']} "
        f"--variant {data['variant']} --field competent"
    )


def lines(data: dict[str, Any], fg: Any, menu: Any) -> list[str]:
    """The field as text: members by payoff against the field (by their short labels; the JSON
    has every parameter written out), the regret, the command."""
    unit = fg.shown_unit
    width = max(24, *(len(menu.parse(m["bot"]).label) for m in data["members"]))
    out = [
        f"{data['title']} competent field, {data['players']} players, {data['variant']} rules "
        f"(rules version {data['rules_version']}); payoff: {data['unit']}"
        + (" (in %)" if fg.percent else ""),
        f"  {'bot':<{width}} {'weight':>7}  payoff vs field [95% CI]",
    ]
    for m in data["members"]:
        lo, hi = m["ci95"]
        out.append(
            f"  {menu.parse(m['bot']).label:<{width}} {m['weight']:>7.3f}  {fg.show(m['payoff'])} "
            f"[{fg.show(lo)}, {fg.show(hi)}]"
        )
    rlo, rhi = data["regret_ci95"]
    out += [
        f"strongest against the field: {menu.parse(data['strongest']).label}",
        f"the mixture's own payoff {fg.show(data['mixture_payoff'])}; regret left within the "
        f"population {fg.show(data['regret'])} {unit} [{fg.show(rlo)}, {fg.show(rhi)}] "
        f"(growth threshold {fg.show(data['threshold'])} {unit})",
        # the regret sees only the members and the growth's oracle settings, not a player who
        # reads the field's actions (issue 22 item 2): say so where the number is printed
        "a best reply from outside the population (the best-response meter, which reads the "
        f"field's actions) is measured by: {meter_command(data)}",
        f"play it: --bots competent (a seat drawing one of these members per game with these "
        f"weights), e.g. headcount-lab {data['game']} simulate --players {data['players']} "
        f"--bots {','.join(['competent'] * data['players'])}",
        f"built by: {data['command']}",
        f"  ({data['profiles']} profiles of {data['games_per_profile']} {spec_unit(data)} each, "
        f"seats rotated{_refined(data)}, {data['seconds']:.0f} s)",
    ]
    return out


def against(
    spec: GameSpec, data: dict[str, Any], bots: str, games: int, seed: int, say: Any
) -> list[dict[str, Any]]:
    """Each of ``bots`` (a comma list of specs) played against the field's mixture: against
    every opponent multiset of its support, ``games`` games each on ``seed`` (the field's own
    seed replays its profiles' deals), weighted by the multiset's chance
    (:func:`headcount_lab.core.metagame.payoff_against`); its payoff with a 95% interval and its
    gain over the mixture's own payoff. Where the shares add up that payoff is exact and the
    gain's interval is the payoff's moved; elsewhere it is an estimate too
    (:func:`~headcount_lab.core.metagame.mixture_se`), whose variance the gain's adds (taken as
    independent: for a member, whose games are the table's own, the interval is wider than
    needed)."""
    import numpy as np

    from headcount_lab.core import metagame as mg
    from headcount_lab.core.stats import normal_ci

    fg: mg.FieldGame = spec.load("metagame")
    n = data["players"]
    menu = spec.load("bots")
    specs = mg.canonical(menu, menu.split(bots))
    table = mg.table_from_json(data, n)
    weight = {m["bot"]: m["weight"] for m in data["members"]}
    x = np.array([weight[b] for b in table.members], dtype=float)
    play = mg.game_player(spec, spec.make_rules(data["variant"], [], n), n, fg)
    own = float(data["mixture_payoff"])
    se_own = mg.mixture_se(table, x, fg.constant_sum)
    out = []
    for bot in specs:
        mean, se = mg.payoff_against(bot, table, x, play, games, seed, say)
        est, lo, hi = normal_ci(mean, se)
        glo, ghi = lo - own, hi - own
        if se_own > 0:
            _, glo, ghi = normal_ci(est - own, math.hypot(se, se_own))
        out.append({"bot": bot, "payoff": est, "ci95": [lo, hi], "gain": est - own,
                    "gain_ci95": [glo, ghi]})  # fmt: skip
    return out


def against_lines(rows: list[dict[str, Any]], data: dict[str, Any], fg: Any, menu: Any,
                  games: int, seed: int) -> list[str]:  # fmt: skip
    """:func:`against`'s rows as text, after the field's own lines."""
    unit = fg.shown_unit
    width = max(24, *(len(menu.parse(r["bot"]).label) for r in rows))
    out = [f"against the field (its mixture's own payoff {fg.show(data['mixture_payoff'])}):",
           f"  {'bot':<{width}}  payoff [95% CI]          gain over the mixture"]  # fmt: skip
    for r in rows:
        (lo, hi), (glo, ghi) = r["ci95"], r["gain_ci95"]
        out.append(
            f"  {menu.parse(r['bot']).label:<{width}}  {fg.show(r['payoff'])} [{fg.show(lo)}, "
            f"{fg.show(hi)}]  {fg.show(r['gain'], sign=True)} {unit} [{fg.show(glo, sign=True)}, "
            f"{fg.show(ghi, sign=True)}]"
        )
    out.append(f"  (each against every opponent multiset of the support, {games} games each, "
               f"seed {seed}, seats rotated)")  # fmt: skip
    return out


def _added(spec: GameSpec, add: str | None, data_dir: Path) -> tuple[str, ...]:
    """The bots of ``--add``, each a valid spec of the game; refused into the committed data
    folder, whose fields are the declared populations' (``competent`` plays them)."""
    if add is None:
        return ()
    if data_dir.resolve() == DATA.resolve():
        raise UserError(
            "--add builds a what-if field: give a --data-dir other than the committed data "
            "folder, whose fields competent plays"
        )
    # an empty item is refused here, an unknown or repeated bot by solve's canonical(), both
    # before any game is played (ValueError: one error line)
    return tuple(spec.load("bots").split(add))


def _oracle_help(spec: GameSpec) -> str:
    return (
        "With --solve: growth's best-response oracles, comma-separated: grid (the game's "
        f"documented settings; the default) or a search {spec.title} declares (its docs page "
        "names them)."
    )


def _refined(data: dict[str, Any]) -> str:
    r = data.get("refined")
    return f"; the {r['profiles']} its payoffs read {r['games']} more each" if r else ""


def spec_unit(data: dict[str, Any]) -> str:
    return "matches" if "match" in data["unit"] else "games"


def field_command(spec: GameSpec):  # type: ignore[no-untyped-def]
    lo, hi = spec.players

    def command(
        players: Annotated[
            int, typer.Option("--players", help=f"Players, {lo} to {hi}.")
        ] = spec.default_players,
        variant: Annotated[
            str | None,
            typer.Option(
                "--variant",
                help=f"Rules variant: {', '.join(spec.variants)}.",
                show_default=next(iter(spec.variants)),
            ),
        ] = None,  # fmt: skip
        json_out: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
        solve_it: Annotated[
            bool, typer.Option("--solve", help="Rebuild the field (slow) and write it.")
        ] = False,
        games: Annotated[
            int | None,
            count_option(
                "--games",
                help="With --solve: games (matches) per profile; with --against: per "
                "opponent multiset.",
            ),
        ] = None,
        seed: Annotated[
            int, seed_option("--seed", help="With --solve or --against: seed of every profile.")
        ] = DEFAULT_SEED,
        members: Annotated[
            int | None,
            count_option("--members", help="With --solve: the most members growth may reach."),
        ] = None,
        oracle_games: Annotated[
            int | None,
            count_option("--oracle-games", help="With --solve: games per oracle evaluation."),
        ] = None,
        refine: Annotated[
            int | None,
            count_option(
                "--refine",
                help="Play the profiles the field's payoffs read N more games each (with "
                "--solve, or on the committed field) and re-solve.",
            ),
        ] = None,
        oracle: Annotated[
            str | None,
            typer.Option("--oracle", help=_oracle_help(spec)),
        ] = None,
        data_dir: Annotated[
            Path, typer.Option("--data-dir", help="Folder of the field files.")
        ] = DATA,
        quiet: Annotated[bool, typer.Option("--quiet", help="No progress lines.")] = False,
        against_: Annotated[
            str | None,
            typer.Option(
                "--against",
                help="Bot specs (comma-separated) each played against the field's mixture "
                "(every opponent multiset of its support, --games each, default 2000): payoff "
                "and gain with 95% CIs.",
            ),
        ] = None,
        add: Annotated[
            str | None,
            typer.Option(
                "--add",
                help="With --solve: bot specs (comma-separated) played beside the declared "
                "population: a what-if field, written to a --data-dir other than the committed "
                "one.",
            ),
        ] = None,
    ) -> None:
        with user_errors():
            fg = spec.load("metagame")
            v = _check(spec, players, variant)
            path = field_file(data_dir, spec, players, v)
            if against_ is not None and (solve_it or refine is not None):
                raise UserError("--against reads a written field: not with --solve or --refine")
            if solve_it:
                extra = _added(spec, add, data_dir)
                g = positive("--games", fg.games if games is None else games)
                data = solve(
                    spec, players, v, g, seed,
                    fg.members if members is None else members,
                    fg.oracle_games if oracle_games is None else oracle_games,
                    quiet or json_out, oracle or "grid",
                    fg.refine if refine is None else refine, extra,
                )  # fmt: skip
                from headcount_lab.core.metagame import write_field

                write_field(path, data)
                if not json_out:
                    typer.echo(f"written: {path}", err=True)
            else:
                options = (("--games", games if against_ is None else None),
                           ("--members", members), ("--oracle-games", oracle_games),
                           ("--oracle", oracle), ("--add", add))  # fmt: skip
                given = [n for n, val in options if val is not None]
                if seed != DEFAULT_SEED and against_ is None:
                    given.append("--seed")
                if given:
                    also = " or --against" if set(given) <= {"--games", "--seed"} else ""
                    raise UserError(f"{', '.join(given)} only applies with --solve{also}")
                from headcount_lab.core.metagame import game_player, read_field, write_field

                data = read_field(path, spec.name, spec.version)
                if refine:
                    rules = spec.make_rules(v, [], players)
                    play = game_player(spec, rules, players, fg)
                    say = progress.stderr_lines(quiet or json_out)
                    data = refined(spec, data, refine, play, say, data["seconds"])
                    write_field(path, data)
                    if not json_out:
                        typer.echo(f"written: {path}", err=True)
                if against_ is not None:
                    g = positive("--games", AGAINST_GAMES if games is None else games)
                    # a line per opponent multiset only on a terminal, as every command's
                    # progress: a run logged or piped keeps stderr for warnings and errors
                    say = progress.stderr_lines(not progress.wanted(quiet, json_out))
                    rows = against(spec, data, against_, g, seed, say)
        if json_out:
            shown = {k: v for k, v in data.items() if k != "table"}
            if against_ is not None:
                shown["against"] = {"games_per_multiset": g, "seed": seed, "bots": rows}
            print_json(shown | {"file": str(path), "play_as": "competent"})
        else:
            menu = spec.load("bots")
            text = lines(data, fg, menu)
            if against_ is not None:
                text += against_lines(rows, data, fg, menu, g, seed)
            sys.stdout.write("\n".join(text) + "\n")

    command.__doc__ = (
        f"The competent field of {spec.title}: the bots of its population solved as a "
        "symmetric meta-game; members with weights, each member's payoff against the field "
        "with its 95% CI, the regret left within the population, the best-response meter's "
        "command and the command that built it. --solve "
        "rebuilds it (minutes; see docs/metagame.md).\n\n"
        f"Example: headcount-lab {spec.name} field --players {spec.default_players}"
    )
    return command


def add_field_command(group: typer.Typer, spec: GameSpec) -> None:
    if spec.metagame:
        group.command("field")(field_command(spec))
