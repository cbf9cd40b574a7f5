"""``headcount-lab warm``: compile every game's kernels into numba's on-disk cache, ahead.

A fresh clone's first ``simulate`` compiles its game's kernels (10-60 s on two cores); ``make
venv`` runs ``headcount-lab warm --quiet`` once so that no command a newcomer types waits for a
compiler. Each game's steps are its ``simulate`` kernels for the default table and the extra ones
its :class:`~headcount_lab.games.GameSpec` names in ``warm`` (Headcount's other bot sets, whose
engines its default table does not reach, and ``deal``). A warm cache makes the command a few
seconds of loading.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from multiprocessing import get_context
from typing import Annotated

import typer

from headcount_lab.cli.common import fail
from headcount_lab.games import GameSpec


def simulate_kernels(spec: GameSpec) -> None:
    """Compile (or load) the kernels of ``spec``'s ``simulate`` for its default table."""
    rules = spec.make_rules(None, [], spec.default_players)
    t = spec.load("tournament")(rules, spec.default_bots, spec.default_players, 1, False)
    t.job.warmup()


def steps(spec: GameSpec) -> list[tuple[str, Callable[[], None]]]:
    """What ``warm`` runs for ``spec``: (label, function) in order. A ``GameSpec.warm`` entry is
    a ``"module:NAME_kernels"`` function compiling the kernels of the game's command or bot
    family NAME (Headcount: ``deal``; the ``bayes`` bots), heaviest first."""
    from headcount_lab.games import _load

    out: list[tuple[str, Callable[[], None]]] = [
        (f"{spec.title} simulate", lambda: simulate_kernels(spec))
    ]
    for target in spec.warm:
        name = target.rpartition(":")[2].removesuffix("_kernels")
        out.append((f"{spec.title} {name}", _load(target)))
    return out


def warm(
    games: Annotated[
        list[str] | None,
        typer.Argument(help="Games to compile (default: every game).", show_default=False),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=1,
            max=64,
            help="Processes compiling at once, each taking the next step (make venv: 2).",
        ),
    ] = 1,
) -> None:
    """Compile every game's kernels into numba's on-disk cache (once after installing).

    The first run of a command in a fresh clone otherwise compiles its game's kernels (10-60 s
    on two cores). With a warm cache this takes a few seconds. `make venv` runs it.

    Example: headcount-lab warm whist foolish
    """
    from headcount_lab.core import coldstart, progress
    from headcount_lab.games import registered

    known = registered()
    for g in games or []:
        if g not in known:
            fail(f"unknown game {g!r}: choose from {', '.join(known)}")
    chosen = list(dict.fromkeys(games or known))
    if jobs > 1:
        _in_processes(chosen, jobs, quiet)
        return
    todo = [s for spec in (known[g] for g in chosen) for s in steps(spec)]
    coldstart.disable()  # the bar below says what compiles
    bar = progress.Bar(len(todo), "steps", "warm") if progress.wanted(quiet, False) else None
    label = ""

    def compiling(function: str, done: int) -> None:
        if bar is not None:  # the bar moves within a step too: what compiles, how many done
            bar.progress.update(bar.task, description=f"{label}: {done} compiled, {function}")

    t0 = time.perf_counter()
    with bar or contextlib.nullcontext(), _watching(compiling):
        for label, run in todo:
            if bar is not None:
                bar.progress.update(bar.task, description=label)
            run()
            if bar is not None:
                bar.progress.update(bar.task, description=label, advance=1)
    if not quiet:
        seconds = time.perf_counter() - t0
        typer.echo(f"warm: {len(todo)} kernel sets compiled or loaded in {seconds:.1f} s", err=True)


def _in_processes(games: list[str], jobs: int, quiet: bool) -> None:
    """``warm`` in ``jobs`` processes sharing ``games``: a process takes a whole game, all its
    steps in order, and then the next game, the games with the most steps first. A game's
    kernel sets share functions (Headcount's engines share its bots' decision functions), which
    one process then compiles once and loads for the game's later sets; and with two processes
    Headcount's sets, about half of all the compiling, run beside the other games instead
    of leaving one process the last large set. Numba's cache files are written whole, so a
    kernel two games share is at worst compiled twice, never half-written."""
    from concurrent.futures import ProcessPoolExecutor

    from headcount_lab.games import registered

    known = registered()
    labels = {g: [label for label, _ in steps(known[g])] for g in games}
    todo = game_order(games, {g: len(v) for g, v in labels.items()})
    processes = min(jobs, len(todo))
    t0 = time.perf_counter()
    failed, took = [], []
    # spawn: a child imports the package afresh (no copy of the parent's numba state)
    with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
        runs = [(g, pool.submit(_run_game, g)) for g in todo]
        for g, run in runs:
            if (e := run.exception()) is not None:
                failed.append(f"{known[g].title} ({type(e).__name__}: {e})")
            else:
                took.append(f"{g} {run.result():.1f} s")
    if failed:
        fail(f"warm failed for: {'; '.join(failed)}")
    if not quiet:
        seconds = time.perf_counter() - t0
        sets = sum(len(v) for v in labels.values())
        # each game's own seconds say which process set the wall time (what to move between them)
        typer.echo(
            f"warm: {len(games)} games ({sets} kernel sets) compiled or loaded in "
            f"{processes} processes in {seconds:.1f} s ({', '.join(took)})",
            err=True,
        )


def game_order(games: list[str], sets: dict[str, int]) -> list[str]:
    """``games`` in the order ``warm --jobs N`` hands them out: most kernel sets (``sets``)
    first, the given order among equals."""
    return sorted(games, key=lambda g: -sets[g])


def _run_game(game: str) -> float:
    """Every step of :func:`steps` of ``game`` in order, in a process of :func:`_in_processes`;
    the seconds they took."""
    from headcount_lab.games import registered

    t0 = time.perf_counter()
    for _, run in steps(registered()[game]):
        run()
    return time.perf_counter() - t0


@contextlib.contextmanager
def _watching(compiling: Callable[[str, int], None]) -> Iterator[None]:
    """Tell ``compiling`` each function numba starts to compile while the block runs."""
    from numba.core import event

    from headcount_lab.core.coldstart import CompileWatch

    event.Listener.register(CompileWatch)
    watch = CompileWatch(lambda game: None, compiling, lambda game, seconds: None)
    with event.install_listener("numba:compile", watch):
        yield
