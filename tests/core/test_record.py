"""The record envelope: written atomically, read back with one clean error per bad file."""

import json
import os
from pathlib import Path

import pytest

from headcount_lab.core.record import (
    MAX_DEPTH,
    check_writable,
    envelope,
    load_json,
    load_record,
    write_record,
)


def test_envelope_round_trip(tmp_path):
    rec = envelope("toy", "toy-record/1", 3, {"flag": True}, 7, {"games": [1, 2]}, ["a", "b"])
    assert list(rec) == ["format", "game", "rules_version", "rules", "seed", "bots", "games"]
    path = tmp_path / "r.json"
    write_record(path, rec)
    assert load_record(path, {"toy-record/1": "toy"}) == rec
    with pytest.raises(ValueError, match="not a record of this game"):
        load_record(path, {"other/1": "other"})
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left behind


def test_a_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    with pytest.raises(TypeError):
        write_record(path, {"x": object()})  # not JSON-able: nothing is replaced
    assert path.read_text() == "old"


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "no such file"),
        ("{", "is not valid JSON"),
        ("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5), "nests deeper"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_bad_files_give_one_clean_error(tmp_path, content, why):
    path = tmp_path / "x.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(ValueError, match=why):
        load_json(path)
    with pytest.raises(ValueError, match="is a folder, not a file"):
        load_json(tmp_path)


def test_strings_with_brackets_do_not_count_as_nesting(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"s": "[" * 500}))
    assert load_json(path) == {"s": "[" * 500}


def test_output_paths_are_checked_before_any_work(tmp_path):
    check_writable(tmp_path / "new.json")
    with pytest.raises(ValueError, match="does not exist"):
        check_writable(tmp_path / "missing" / "x.json")
    with pytest.raises(ValueError, match="is a folder, not a file"):
        check_writable(tmp_path)
    with pytest.raises(ValueError, match="is a folder, not a file"):
        check_writable(Path(""))  # what an empty --record-file '' becomes
    if os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        with pytest.raises(ValueError, match="permission denied"):
            check_writable(ro / "x.json")


def test_open_envelope_checks_format_version_and_rules():
    from dataclasses import dataclass

    from headcount_lab.core.botspec import BotMenu, Policy
    from headcount_lab.core.record import SEED_MAX, open_envelope

    @dataclass(frozen=True)
    class Rules:
        players: int = 4

        def __post_init__(self) -> None:
            if not 2 <= self.players <= 5:
                raise ValueError(f"players must be between 2 and 5, not {self.players}")

    menu = BotMenu("toy", [Policy("a", 0), Policy("b", 1)])

    def check(data):  # type: ignore[no-untyped-def]
        return open_envelope(data, "toy/1", "Toy", 2, Rules, game="toy", bots=menu,
                             players=(2, 5))  # fmt: skip

    rec = envelope("toy", "toy/1", 2, {"players": 3}, 1, {"games": []}, ["a", "b", "person"])
    assert check(rec) == Rules(3)
    assert check({**rec, "seed": SEED_MAX, "bots": None}) == Rules(3)
    for bad, why in [
        ([], "not a Toy record"),
        ({**rec, "format": "x"}, "not a Toy record"),
        ({**rec, "rules_version": 1}, "rules version 1, this program 2"),
        ({**rec, "rules_version": 2.0}, "rules version 2.0, this program 2"),
        ({**rec, "game": "other"}, "it is a record of 'other', not 'toy'"),
        ({**rec, "game": None}, "its game is null"),
        ({**rec, "rules": 5}, "rules: must be an object"),
        ({**rec, "rules": {"colour": 1}}, "unknown rule 'colour'"),
        ({**rec, "rules": {"players": 9}}, "players must be between 2 and 5"),
        ({**rec, "rules": {"players": "3"}}, "rules, players: Input should be a valid integer"),
        ({**rec, "seed": float("nan")}, "seed: must be a whole number or null, not NaN"),
        ({**rec, "seed": "1"}, 'seed: must be a whole number or null, not "1"'),
        ({**rec, "seed": True}, "seed: must be a whole number or null, not true"),
        ({**rec, "seed": -1}, "seed: must be between 0 and"),
        ({**rec, "seed": SEED_MAX + 1}, "seed: must be between 0 and"),
        ({**rec, "bots": "a"}, "bots: Input should be a valid list"),
        ({**rec, "bots": ["a", 1, "b"]}, r"bots\[1\]: Input should be a valid string"),
        ({**rec, "bots": ["a", "b"]}, "bots must name 3 bots, one per seat, not 2"),
        ({**rec, "bots": ["a", "b", "c"]}, r"bots\[2\]: unknown bot 'c'"),
    ]:
        with pytest.raises(ValueError, match=why):
            check(bad)
