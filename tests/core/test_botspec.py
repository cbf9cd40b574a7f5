"""Bot specs: one ``name:key=value`` syntax for every game (issue 10 item 2, issue 15 items 2
and 16)."""

import pytest

from headcount_lab.core.botspec import BotMenu, Param, Policy
from headcount_lab.games import registered

MENU = BotMenu(
    "toy",
    [
        Policy("plain", 0),
        Policy(
            "tuned",
            1,
            (
                Param("rate", 0.5, 0.0, 1.0, help="a share"),
                Param("samples", 8, 1, 1000, True, "a count"),
                Param("side", 0, 0, 1, True, "which side", (("left", 0), ("right", 1))),
            ),
        ),
    ],
)


def test_defaults_and_named_values():
    bot = MENU.parse("tuned:samples=20,side=right")
    assert bot.values == (0.5, 20.0, 1.0)
    assert bot.canonical == "tuned:rate=0.5,samples=20,side=1"
    assert bot.label == "tuned:samples=20,side=1"
    assert bot.text == "tuned:samples=20,side=right"
    assert MENU.parse(" PLAIN ").canonical == "plain"


def test_a_table_groups_each_key_with_the_bot_before_it():
    bots = MENU.parse_list("tuned:rate=0.1,samples=3,plain,tuned", 3)
    assert [b.name for b in bots] == ["tuned", "plain", "tuned"]
    assert bots[0].values[:2] == (0.1, 3.0)
    with pytest.raises(ValueError, match="lists 3 bots but --players is 4"):
        MENU.parse_list("plain,plain,plain", 4)
    with pytest.raises(ValueError, match="empty bot"):
        MENU.parse_list("plain,,plain", 3)


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("genius", "unknown bot 'genius'"),
        ("plain:rate=1", "takes no parameters"),
        ("tuned:speed=1", "unknown parameter 'speed=1'; tuned takes rate, samples, side"),
        ("tuned:rate=0.1,rate=0.2", "rate is given twice"),  # issue 15 item 16
        ("tuned:rate=lots", "rate must be a number"),
        # a parameter with words names them (side takes left and right)
        ("tuned:side=up", "side must be one of left, right or a number, not 'up'"),
        ("tuned:rate=nan", "finite"),
        ("tuned:samples=2.5", "whole number"),
        ("tuned:samples=0", r"samples=0 is out of range \[1, 1000\]"),
        ("tuned:samples=1e30", "out of range"),  # issue 15 item 2: no overflow into a kernel
        ("tuned:0.3", "parameters are named, e.g. tuned:rate=0.3"),
        ("tuned:4:2", "parameters are named"),
    ],
)
def test_bad_specs_name_the_bot_and_the_key(spec, why):
    with pytest.raises(ValueError, match=why):
        MENU.parse(spec)


def test_help_lists_every_parameter_with_its_default_and_range():
    text = MENU.help()
    assert "plain: no parameters." in text
    assert "rate=0.5 (0..1)" in text
    assert "samples=8 (whole number 1..1000)" in text
    assert "side=0 (whole number 0..1, left=0, right=1)" in text


@pytest.mark.parametrize("game", list(registered()))
def test_every_game_menu_has_defaults_inside_their_ranges(game):
    menu = registered()[game].load("bots")
    for policy in menu.policies.values():
        assert MENU.parse is not menu.parse
        bot = menu.parse(policy.name)  # the defaults pass their own checks
        assert bot.values == policy.defaults
        for p in policy.params:
            assert p.lo <= p.default <= p.hi, (policy.name, p.name)


def test_a_quiet_parameter_is_left_out_of_the_canonical_spec_at_its_default():
    # a parameter added later: specs written before it keep their canonical text
    menu = BotMenu(
        "toy",
        [Policy("later", 0, (Param("a", 1, 0, 2), Param("b", 0, 0, 2, True, quiet=True))),
         Policy("only", 1, (Param("b", 0, 0, 2, True, quiet=True),))],
    )  # fmt: skip
    assert menu.parse("later").canonical == "later:a=1"
    assert menu.parse("later:b=2").canonical == "later:a=1,b=2"
    assert menu.parse("only").canonical == "only"
    assert menu.parse(menu.parse("later:b=2").canonical).values == (1.0, 2.0)


def test_a_named_parameter_prints_its_word_and_reads_back():
    # a value that names something (the Headcount bayes bot's field policy): the spec prints
    # the word the user typed, not the number behind it; an unnamed one prints the number
    menu = BotMenu(
        "toy",
        [Policy("reads", 0, (Param("field", 2, 0, 3, True, "whose", (("me", 0), ("you", 2)),
                                   named=True), Param("side", 0, 0, 1, True, "", (("l", 0),))))],
    )  # fmt: skip
    bot = menu.parse("reads:field=0")
    assert bot.canonical == "reads:field=me,side=0" and bot.label == "reads:field=me"
    assert menu.parse(bot.canonical).values == bot.values
    assert menu.parse("reads").canonical == "reads:field=you,side=0"
    assert menu.parse("reads:field=3").label == "reads:field=3"  # a number without a word
    assert "field=you (whole number 0..3, me=0, you=2)" in menu.help()
    bayes = registered()["headcount"].load("bots")
    assert bayes.parse("bayes:field=3").label == "bayes:field=reader"


@pytest.mark.parametrize(
    "value",
    ["9223372036854775807", "9223372036854775808", "-9223372036854775809", str(10**30),
     "9007199254740993", "1e308", "-1e308", "1e309", "inf", "-inf", "nan", "Infinity", "1" * 400],
)  # fmt: skip
@pytest.mark.parametrize("key", ["rate", "samples"])
def test_values_at_or_past_int64_and_huge_or_missing_floats_are_refused(key, value):
    """Issue 26: a whole-number and a fractional parameter alike refuse int64's ends, 2^53 + 1,
    the largest floats, infinities and NaN with a ValueError naming the key (no OverflowError
    from ``int(inf)``, nothing reaching a kernel's int64)."""
    with pytest.raises(ValueError, match=rf"bot tuned: {key}"):
        MENU.parse(f"tuned:{key}={value}")


def test_arrays_put_each_value_in_its_slot_or_in_order_over_the_fill():
    ids, params = MENU.arrays(["plain", "tuned:samples=20"], 5, {"rate": 4, "samples": 0,
                              "side": 2}, fill=(9, 9, 9, 9, 9))  # fmt: skip
    assert ids.tolist() == [0, 1] and ids.dtype.name == "int64"
    assert params.dtype.name == "float64"
    assert params.tolist() == [[9, 9, 9, 9, 9], [20, 9, 0, 9, 0.5]]
    _, ordered = MENU.arrays(["tuned:side=1", "plain"], 4)
    assert ordered.tolist() == [[0.5, 8, 1, 0], [0, 0, 0, 0]]
