"""The same checks over every registered game (a game is a folder, not a fork)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import re

import pytest
from game_cases import game_root

from headcount_lab.games import bench_runner, registered

ENTRIES = list(registered().values())
IDS = [g.name for g in ENTRIES]


def goldens(game):
    return sorted((game_root(game.name) / "tests" / game.name / "golden").glob("*.json"))


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_game_folder_has_the_standard_modules(game):
    """The modules docs/adding-a-game.md asks of every game (kernels, exact odds, benchmarks
    and reports are added where the game needs them)."""
    for module in ("rules", "bots", "reference", "tournament", "record", "play"):
        importlib.import_module(f"{game.package}.{module}")


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_rules_are_frozen_plain_data_with_a_version(game):
    rules_cls = game.load("rules")
    rules = rules_cls()
    assert dataclasses.is_dataclass(rules)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, dataclasses.fields(rules)[0].name, None)
    version = importlib.import_module(f"{game.package}.rules").VERSION
    assert isinstance(version, int) and version >= 1
    with pytest.raises(ValueError, match="unknown rule"):
        rules.with_flags(["no_such_flag=1"])


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_docs_page_lists_every_flag_and_the_current_version(game):
    text = (game_root(game.name) / game.docs).read_text(encoding="utf-8")
    for f in dataclasses.fields(game.load("rules")):
        assert f"`{f.name}" in text, f"{game.docs} does not document the flag {f.name}"
    history = text.split("## Version history", 1)
    assert len(history) == 2, f"{game.docs} has no '## Version history' section"
    version = importlib.import_module(f"{game.package}.rules").VERSION
    assert re.search(rf"\b{version}\b", history[1])


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_game_has_golden_playthroughs_that_replay(game):
    files = goldens(game)
    assert files, f"{game.title} has no recorded playthroughs in tests/{game.name}/golden/"
    replay = game.load("replay")
    for path in files:
        assert replay(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_replay_rejects_a_tampered_playthrough(game):
    """Change one recorded action's number and replay must refuse the record."""
    data = json.loads(goldens(game)[0].read_text(encoding="utf-8"))
    replay = game.load("replay")
    rejected = 0
    for path, value in _numbers(data):
        if "seed" in path[-1:] or "version" in str(path[-1]):
            continue
        bad = copy.deepcopy(data)
        _set(bad, path, value + 1)
        try:
            replay(bad)
        except ValueError:
            rejected += 1
        if rejected >= 3:
            break
    assert rejected >= 3


def _numbers(obj, path=()):
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        yield path, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _numbers(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _numbers(v, (*path, i))


def _set(obj, path, value):
    for p in path[:-1]:
        obj = obj[p]
    obj[path[-1]] = value


def small_tournament(game, games=48):
    """A small tournament of the game's default bots, seats rotated, from its record."""
    rules = game.make_rules("standard", [], game.default_players)
    return game.load("tournament")(rules, game.default_bots, game.default_players, games, True)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_simulate_gives_the_same_bits_however_the_runner_splits_it(game):
    """The runner's determinism contract, for every game's real job: one thread block by block,
    or two workers in chunks, give the same statistics to the last bit; another seed differs."""
    import numpy as np

    from headcount_lab.core import runner

    job = small_tournament(game, 40).job
    job = dataclasses.replace(job, block_size=max(1, job.units // 5))  # several blocks
    assert job.n_blocks >= 2
    one = runner.run(job, 11)
    two = runner.run_chunked(job, 11, workers=2, chunk_blocks=2)
    assert one.keys() == two.keys()
    for k in one:
        assert one[k].dtype == two[k].dtype and one[k].tobytes() == two[k].tobytes(), k
    other = runner.run(job, 12)
    assert any(not np.array_equal(one[k], other[k]) for k in one)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_simulate_record_replays_and_is_what_the_run_played(game, tmp_path):
    """``simulate --record 2`` through the CLI built from the registry; replay accepts it."""
    from typer.testing import CliRunner

    from headcount_lab.cli.app import build_app

    app, run = build_app(), CliRunner()
    path = tmp_path / "rec.json"
    res = run.invoke(app, [game.name, "simulate", "--games", "6", "--seed", "3", "--record", "2",
                           "--record-file", str(path), "--json", "--quiet"])  # fmt: skip
    assert res.exit_code == 0, res.output
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["game"] == game.name and rec["seed"] == 3 and rec["rules_version"] == game.version
    again = run.invoke(app, [game.name, "replay", str(path), "--json"])
    assert again.exit_code == 0, again.output


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_simulate_job_travels_to_dask_and_plays_identically(game):
    """A job sent to another process (Dask worker) must play the same games from the same
    block stream as the local one."""
    import pickle

    import numpy as np

    from headcount_lab.core import runner
    from headcount_lab.core.rng import block_state

    job = small_tournament(game).job
    copy = pickle.loads(pickle.dumps(runner.portable(job)))  # portable() raises if it cannot
    here = job.block_fn(block_state(5, 3), 4)
    there = copy.block_fn(block_state(5, 3), 4)
    assert here.keys() == there.keys()
    for k in here:
        assert np.array_equal(here[k], there[k]), k
    assert any(v.any() for v in here.values())


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_every_entry_of_the_game_record_loads(game):
    from headcount_lab.core.botspec import BotMenu

    for which in ("rules", "tournament", "summary", "replay", "describe", "play"):
        assert callable(game.load(which)), which
    assert isinstance(game.load("bots"), BotMenu)
    hint_bot = importlib.import_module(f"{game.package}.play").HINT_BOT  # what `hint` asks
    assert hint_bot in game.load("bots").policies
    game.load("bots").parse_list(game.default_bots, game.default_players)
    assert (game_root(game.name) / game.docs).is_file()
    for target in game.bench.values():
        assert callable(bench_runner(target))
    if game.report:
        assert callable(game.load("report"))


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_the_cli_has_the_generic_commands_of_every_game(game):
    import typer

    from headcount_lab.cli.app import build_app

    group = typer.main.get_command(build_app()).commands[game.name]
    for name in ("simulate", "replay", "play", *(["bench"] if game.bench else [])):
        assert name in group.commands, name
    assert "replay" in (group.help or "")  # the group help names every command a user needs


def test_the_toy_game_is_registered_for_the_tests_but_does_not_ship():
    """High Card (tests/highcard/) reaches the registry through ``games.register`` only: every
    listing of games sees it, the package's own ``GAMES`` does not."""
    from headcount_lab.games import GAMES, register

    assert "highcard" in registered() and "highcard" not in GAMES
    assert list(registered())[: len(GAMES)] == list(GAMES)
    with pytest.raises(ValueError, match="a game of the package already"):
        register(GAMES["whist"])


# --- every game's replay checks the whole envelope (issue 26) ----------------------------------

_RECORDS: dict[str, dict] = {}


def simulated_record(game, tmp_path_factory):
    """A record file of ``game`` from ``simulate --record 2`` (once per game)."""
    from cli_support import cli

    if game.name not in _RECORDS:
        path = tmp_path_factory.mktemp("records") / f"{game.name}.json"
        res = cli(game.name, "simulate", "--games", "6", "--seed", "3", "--record", "2",
                  "--record-file", str(path), "--json", "--quiet")  # fmt: skip
        assert res.code == 0, res.stderr
        _RECORDS[game.name] = json.loads(path.read_text(encoding="utf-8"))
    return copy.deepcopy(_RECORDS[game.name])


def _envelope_faults(game, rec):
    """(name, changed keys, words the one error line must hold) for every fault of issue 26."""
    rules = rec["rules"]
    first, value = next(iter(rules.items()))
    wrong = 7 if isinstance(value, bool) else "many" if isinstance(value, int) else 12
    menu = game.load("bots")
    bots = rec.get("bots") or menu.split(game.default_bots)  # Headcount's records name none
    other = next(name for name in registered() if name != game.name)
    lo, hi = game.players
    faults = [
        ("wrong game name", {"game": other}, f"not a {game.title} record"),
        ("game not a name", {"game": 3}, f"not a {game.title} record"),
        ("NaN seed", {"seed": float("nan")}, "seed: must be a whole number or null, not NaN"),
        ("string seed", {"seed": "3"}, "seed: must be a whole number"),
        ("fractional seed", {"seed": 3.0}, "seed: must be a whole number"),
        ("negative seed", {"seed": -1}, "seed: must be between 0 and"),
        ("huge seed", {"seed": 2**70}, "seed: must be between 0 and"),
        ("rules not an object", {"rules": [rules]}, "rules: must be an object"),
        ("rules null", {"rules": None}, "rules: must be an object"),
        ("unknown rule", {"rules": {**rules, "no_such_rule": 1}}, "unknown rule 'no_such_rule'"),
        ("bad rule value", {"rules": {**rules, first: wrong}}, f"rules, {first}: "),
        ("bots not a list", {"bots": bots[0]}, "bots: Input should be a valid list"),
        ("bots not names", {"bots": [1] * len(bots)}, "bots[0]: Input should be a valid string"),
        ("too many bots", {"bots": [bots[0]] * (hi + 1)}, "bots must name"),
        ("unknown bot", {"bots": ["no_such_bot", *bots[1:]]}, "unknown bot 'no_such_bot'"),
    ]
    if "players" in rules:  # the rules know the table: one bot too few is wrong too
        faults += [
            ("a bot too few", {"bots": bots[:-1]}, "bots must name"),
            ("players out of range", {"rules": {**rules, "players": hi + 5}}, "players must be"),
        ]
    return faults


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_replay_checks_the_whole_envelope(game, tmp_path, tmp_path_factory):
    """A wrong game name, a NaN, text, negative or huge seed, rules that are not an object or
    hold an unknown flag or a bad value, bots that are not a list, too many or an unknown one:
    each is refused by the game's replay, and through the CLI with one ``error:`` line, exit
    2 and no traceback. The record as written still replays."""
    from cli_support import cli, one_error_line

    rec = simulated_record(game, tmp_path_factory)
    replay = game.load("replay")
    assert replay(copy.deepcopy(rec))
    for name, change, words in _envelope_faults(game, rec):
        bad = {**copy.deepcopy(rec), **change}
        with pytest.raises(ValueError) as exc:
            replay(bad)
        assert words in str(exc.value), (name, str(exc.value))
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad), encoding="utf-8")  # NaN written as the bare token
        line = one_error_line(cli(game.name, "replay", str(path)))
        assert words in line and "Traceback" not in line, (name, line)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_replay_takes_the_envelopes_bots_and_a_person(game, tmp_path_factory):
    """``bots`` as ``simulate`` and ``play`` write them (a person's seat is ``person``) pass."""
    rec = simulated_record(game, tmp_path_factory)
    replay = game.load("replay")
    assert replay({**rec, "seed": None})
    if "bots" not in rec:  # Headcount's records name the bots in each game's seats only
        assert replay({**rec, "bots": rec["games"][0]["seats"]})
        return
    assert replay({**rec, "bots": ["person", *rec["bots"][1:]]})


# --------------------------------------------------------------------------- rule ranges (issue 26)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_every_whole_number_rule_has_a_range_and_values_past_it_are_refused(game):
    """Every ``int`` field of the rules is declared with ``core.flags.ranged``; the default lies
    inside, and one past either end (or at int64's end) is refused whether it comes by
    ``--rule`` or by building the rules (a record's way)."""
    from headcount_lab.core.flags import whole_number_fields, with_flags

    cls = game.load("rules")
    ranges = game.rule_ranges
    assert set(whole_number_fields(cls)) == set(ranges), "a whole-number rule has no range"
    for name, (lo, hi) in ranges.items():
        default = getattr(cls(), name)
        assert default is None or lo <= default <= hi, name
        for bad in (lo - 1, hi + 1, 2**63 - 1, -(2**63) - 1, 10**30):
            with pytest.raises(ValueError, match=name):
                with_flags(cls(), [f"{name}={bad}"])
            with pytest.raises(ValueError, match=name):
                cls(**{name: bad})


def _rules_with(game, name, value):
    """The game's rules with ``name=value``, in the first variant and player count that allow
    it (a seat number needs enough players, a high bid the Double deck); None if none does."""
    cls = game.load("rules")
    has_players = "players" in {f.name for f in dataclasses.fields(cls)}
    counts = range(game.players[1], game.players[0] - 1, -1) if has_players else [None]
    for variant in game.variants.values():
        for n in counts:
            extra = {} if n is None or name == "players" else {"players": n}
            try:
                return cls(**{**variant, **extra, name: value})
            except ValueError:
                continue
    return None


def _players(game, rules):
    return getattr(rules, "players", game.default_players)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_rule_ranges_keep_the_kernels_integer_sums_far_from_overflow(game):
    """At each end of every declared range the game's tournament runs, and its integer sums per
    unit, times the units of a day's run at the rate measured here on every core, stay below
    2^62: half of int64, so a run the one-day limit lets start cannot overflow them (Foolish
    Faces' lone_multiplier once could: 2^63-1 printed means near -4.6e16)."""
    import time

    import numpy as np

    from headcount_lab.core import runner

    menu = game.load("bots")
    day = 86_400 * runner.default_workers()
    for name, (lo, hi) in game.rule_ranges.items():
        for value in (lo, hi):
            rules = _rules_with(game, name, value)
            assert rules is not None, f"{name}={value} is in the range but no table allows it"
            n = _players(game, rules)
            bots = ",".join(["random" if "random" in menu.policies else menu.names[0]] * n)
            t = game.load("tournament")(rules, bots, n, 200, False)
            runner.run(t.job, 1)  # compiles
            t0 = time.perf_counter()
            stats = runner.run(t.job, 1)
            rate = t.job.units / max(time.perf_counter() - t0, 1e-9)
            for key, a in stats.items():
                if a.dtype.kind in "iu":
                    per_unit = float(np.abs(a).max()) / t.job.units
                    assert per_unit * rate * day < 2**62, (name, value, key, per_unit, rate)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_every_bot_parameter_is_bounded_and_its_ends_parse(game):
    """Issue 26: every bot parameter has a finite range holding its default; a whole-number one
    stays within 2^31, so what a kernel computes from it (samples x deals, iterations x plays)
    keeps far from int64. Both ends parse and one past the top is refused."""
    import math

    menu = game.load("bots")
    for policy in menu.policies.values():
        for p in policy.params:
            where = f"{policy.name}:{p.name}"
            assert math.isfinite(p.lo) and math.isfinite(p.hi) and p.lo <= p.default <= p.hi, where
            if p.integer:
                assert p.lo >= -(2**31) and p.hi <= 2**31, where
            for end in (p.lo, p.hi):
                assert p.parse(policy.name, f"{end:.17g}") == end, where
            with pytest.raises(ValueError, match="out of range"):
                p.parse(policy.name, f"{p.hi + max(1.0, abs(p.hi)):.17g}")
