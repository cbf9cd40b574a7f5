"""The console entry point: usage errors are one line with exit status 2, never a traceback."""

import pytest

from headcount_lab.cli.app import main


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["headcount", "odds", "--players", "x"], "--players"),
        (["headcount", "--bogus"], "No such option: --bogus"),
        (["nosuch"], "No such command"),
        (["headcount", "count", "QH", "ZZ"], "unknown card 'ZZ'"),
    ],
)
def test_usage_errors_are_one_line_exit_2(argv, needle, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert needle in err
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert "Traceback" not in err


def test_no_arguments_prints_help_and_succeeds(capsys):
    with pytest.raises(SystemExit) as e:
        main([])
    assert e.value.code == 0
    assert "headcount" in capsys.readouterr().out


def test_success_exits_zero(capsys):
    with pytest.raises(SystemExit) as e:
        main(["headcount", "count", "Q♥", "7♥", "K♥", "5♠", "3♥"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == "40"


def _commands(group, path=()):
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):  # a group (typer vendors its own click)
            yield from _commands(cmd, (*path, name))
        else:
            yield (*path, name)


def test_every_command_help_has_an_example_and_shows_flags_as_flags(capsys):
    """Issue 15 item 15: an example in every command's help; ``--json``, not ``--json <bool>``;
    every game's group names ``replay`` and ``play``."""
    import typer

    from headcount_lab.cli.app import build_app
    from headcount_lab.games import registered

    root = typer.main.get_command(build_app())
    paths = list(_commands(root))
    for name in registered():
        assert (name, "replay") in paths and (name, "play") in paths, name
    for path in paths:
        with pytest.raises(SystemExit):
            main([*path, "--help"])
        out = capsys.readouterr().out
        assert "Example: headcount-lab" in out, path
        assert "<bool>" not in out, path
    for name in registered():
        help_text = root.commands[name].help or ""
        assert "replay" in help_text and "play" in help_text, name


def test_every_game_uses_the_same_option_names_and_default_seed():
    import typer

    from headcount_lab.cli.app import build_app
    from headcount_lab.games import registered

    root = typer.main.get_command(build_app())
    for name in registered():
        for command in ("simulate", "play"):
            params = {p.name: p for p in root.commands[name].commands[command].params}
            assert params["seed"].default == 1, (name, command)
            assert "--record-file" in params["record_file"].opts, (name, command)
            assert params["bots"].opts == ["--bots"]


#: a report module as a game declares one: ``FOLDERS`` and ``build_all``
FOLDERS = {"en": "tiny"}


def write_tiny_report(out_root, opts, progress):
    """A report entry point: ``(root, options, progress) -> written paths``."""
    path = out_root / "tiny" / "README.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"seed {opts.seed}, quick {opts.quick}\n", encoding="utf-8")
    return [path]


def test_report_game_and_report_all_come_from_the_registry(tmp_path, monkeypatch):
    """A game that declares a report gets ``report GAME`` and a place in ``report all``."""
    import dataclasses

    from typer.testing import CliRunner

    from headcount_lab import games
    from headcount_lab.cli.app import build_app

    tiny = dataclasses.replace(
        games.registered()["highcard"], name="tiny", report="test_cli_main:write_tiny_report"
    )
    monkeypatch.setitem(games._REGISTERED, "tiny", tiny)
    res = CliRunner().invoke(build_app(), ["report", "tiny", "--quick", "--seed", "4",
                                           "--out", str(tmp_path)])  # fmt: skip
    assert res.exit_code == 0, res.output
    assert (tmp_path / "tiny" / "README.md").read_text() == "seed 4, quick True\n"
    from headcount_lab.cli.report import report_modules

    # the shipped games that declare a report, in the registry's order, then the registered
    # one; the toy game declares none and is not listed
    shipped = [name for name, spec in games.GAMES.items() if spec.report]
    assert shipped and list(report_modules()) == [*shipped, "tiny"]
