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
