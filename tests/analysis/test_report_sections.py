"""Reports rebuilt in parts (issue 26 item 4): ``report GAME --only SECTION`` rebuilds the named
sections, keeps the rest of the folder, and writes the bytes a whole run with the same options
writes; a folder missing, or written with other options, is refused before any work."""

import json
import shutil

import pytest
from typer.testing import CliRunner

from headcount_lab.cli import report as cli
from headcount_lab.cli.app import app
from headcount_lab.core import report as core

#: per game: its folder, and the section rebuilt (one that reads other sections' results where
#: the report has one: Headcount's traced games read the exact odds' table and facts)
GAMES = {
    "headcount": ("headcount", "traced"),
    "whist": ("forehead-whist", "tournament"),
    "poohead": ("poohead", "swap"),
    "foolish": ("foolish-faces", "seats"),
}


def _out(game, folder):
    """``--out`` for the report of ``game`` in ``folder``: the folder itself for the commands of
    their own (headcount, whist), its parent (the reports' root) for the others."""
    return str(folder if game in ("headcount", "whist") else folder.parent)


def _files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def whole(quick_reports_seed3):
    return quick_reports_seed3[0]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_section_rebuilt_alone_gives_the_bytes_of_the_whole_run(whole, tmp_path, game):
    folder, section = GAMES[game]
    part = tmp_path / folder
    shutil.copytree(whole / folder, part)
    args = ["report", game, "--quick", "--seed", "3", "--out", _out(game, part), "--only", section]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    sections = {s.name: s.what for s in cli.report_sections(game)}
    assert r.stderr.count(sections.pop(section)) == 2  # it ran: started, and finished with its time
    assert not [what for what in sections.values() if what in r.stderr]  # the others did not
    # every file the same, metadata.json too: kept, as the files did not change, so a report
    # regenerated from the same inputs shows no change in git (issue 15 item 11)
    assert _files(part) == _files(whole / folder)
    assert [p.name for p in tmp_path.iterdir()] == [folder]  # no staging folder left


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_section_is_refused_with_the_valid_ones(tmp_path, game):
    r = CliRunner().invoke(app, ["report", game, "--out", str(tmp_path / "x"), "--only", "nope"])
    assert r.exit_code == 2
    valid = ", ".join(s.name for s in cli.report_sections(game))
    assert r.output.count("error:") == 1 and f"'nope' of the {game} report" in r.output
    assert f"choose from {valid}" in r.output
    assert not (tmp_path / "x").exists()


def test_sections_are_listed_per_game():
    r = CliRunner().invoke(app, ["report", "sections", "headcount"])
    assert r.exit_code == 0
    assert "exploitability" in r.output and "q12_exploitability" in r.output
    r = CliRunner().invoke(app, ["report", "sections"])
    for game in GAMES:
        assert f"{game}:" in r.output
        for s in cli.report_sections(game):
            assert f"  {s.name} " in r.output
    r = CliRunner().invoke(app, ["report", "sections", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output


def test_every_table_belongs_to_one_section(whole):
    for game, (folder, _) in GAMES.items():
        tables = [t for s in cli.report_sections(game) for t in s.tables]
        assert len(tables) == len(set(tables)), game
        assert sorted(tables) == sorted(p.stem for p in (whole / folder).glob("*.csv")), game


@pytest.mark.parametrize(
    "game, folder, section", [(g, f, s) for g, (f, s) in GAMES.items() if g != "headcount"]
)
def test_a_folder_missing_or_written_with_other_options_is_refused(tmp_path, game, folder, section):
    out = tmp_path / folder
    base = ["report", game, "--quick", "--out", _out(game, out), "--only", section]
    r = CliRunner().invoke(app, base)
    assert r.exit_code == 2 and "holds none" in r.output and "without --only" in r.output
    assert not out.exists() and not any(tmp_path.iterdir())
    out.mkdir()
    command = f"headcount-lab report {game} --quick --seed 7"
    (out / core.METADATA_FILE).write_text(json.dumps({"report": folder, "command": command}))
    r = CliRunner().invoke(app, [*base, "--seed", "1"])
    assert r.exit_code == 2 and r.output.count("error:") == 1
    assert f"written by `{command}`" in r.output and "--seed 1`" in r.output
    # the right options, but a table of a kept section missing
    r = CliRunner().invoke(app, [*base, "--seed", "7"])
    assert r.exit_code == 2 and ".csv (section" in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [folder]


def test_headcount_refuses_a_report_without_its_facts(tmp_path):
    out = tmp_path / "headcount"
    out.mkdir()
    command = "headcount-lab report headcount --lang en --seed 1 --quick"
    (out / core.METADATA_FILE).write_text(json.dumps({"report": "headcount", "command": command}))
    r = CliRunner().invoke(app, ["report", "headcount", "--quick", "--out", str(out),
                                 "--only", "calibration"])  # fmt: skip
    assert r.exit_code == 2 and "facts" in r.output and "without --only" in r.output


def test_quick_with_games_runs_that_many_games(monkeypatch, tmp_path):
    # issue 26: --quick --games N used to play 2000 games per set-up whatever N said
    from headcount_lab.analysis.headcount import report as R

    def of(o: core.ReportOptions) -> R.ReportOptions:  # as build makes them
        return R.REPORT.options(o.size, o.quick, o.seed)

    o = of(core.ReportOptions(seed=1, quick=True, size=500))
    assert o.n == 500
    assert o.command("en").endswith("--seed 1 --quick --games 500")
    plain = of(core.ReportOptions(seed=1, quick=True))
    assert plain.n == R.QUICK_GAMES and plain.command("en").endswith("--quick")
    full = of(core.ReportOptions(seed=1))
    assert full.n == R.DEFAULT_GAMES
    assert full.command("de").endswith(f"--lang de --seed 1 --games {R.DEFAULT_GAMES}")
    seen = []
    monkeypatch.setattr(R, "build", lambda folder, opts, *a: seen.append(opts) or [])
    r = CliRunner().invoke(app, ["report", "headcount", "--quick", "--games", "500",
                                 "--out", str(tmp_path / "h")])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert of(seen[0]).n == 500
