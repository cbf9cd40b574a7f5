"""The words of the Headcount playtest report, in English and German.

The German text uses the German edition's own terms (listed in docs/rules/headcount.md):
*Nachzählen!* (the call), *Spicken* (peeking), *Lebenskarten* (life cards), *Überraschung* (the
mystery Joker), *Höchste auf null* (the A♠), *Trickser* and *Verdoppeln* (the variants).
Placeholders in braces are filled by :mod:`headcount_lab.analysis.headcount.report`.
"""

from __future__ import annotations

from typing import Any

_EN: dict[str, Any] = {
    "title": "Headcount playtest report",
    "thousands": ",",
    "intro": (
        "Does Headcount work as a game, and what should a player bid? This report answers the "
        "questions of the playtest from exact enumeration (every unseen card equally "
        "likely; rulings H1-H10) and from {games} simulated games per set-up played by the bots "
        "of the engine through the runner (seed {seed}). Rates come with 95% intervals "
        "(Wilson for single rates, normal for differences; paired differences use common "
        "random numbers: the same deals played both ways). Rates over rounds and turns "
        "(questions 2-4) count the rounds of one game as independent, so their intervals are "
        "somewhat too narrow; game-level rates and paired differences do not have this "
        "problem. The strong field is `{strong}` (one setting, `playtest.STRONG_FIELD`): the "
        "traced and paired games seat copies of it, it leads the mixed field, and every "
        "finding ends by saying which field it holds against. "
        "Everything here is rebuilt by `{command}`; the tables are the CSV files next to this "
        "page, and `metadata.json` records the seed, sizes, versions and commit."
    ),
    "method": "Method.",
    "finding": "Finding.",
    "holds": "*Holds against: {field}.*",
    "fields": {
        "exact": "no field: exact card-only odds (every unseen card equally likely, bids ignored)",
        "strong": "the strong field, `{strong}` in every seat",
        "mixed": "the mixed field, `{mixed}`",
        "odds": "three `odds` bots",
        "mixed_odds": "the mixed field, `{mixed}`; the last sentence: three `odds` bots",
        "strong_exact": "the strong field (`{strong}` in every seat) beside the exact odds",
    },
    "columns": {},
    "wins_col": "{bot}_wins",
    "cells": {},
    "not_measured": (
        "not measured: `{strong}` has no `{param}` parameter to compare a setting against"
    ),
    "reproduce": "Reproduce:",
    "one_view": "One view at a time (Anna's view in the rule text's example): `{command}`",
    "players": "{n} players",
    "rule_names": {
        "standard": "standard",
        "trickster": "Trickster",
        "double": "Double",
        "tie_to_caller": "tie goes to the caller",
        "first_bid_1": "first bid at least 1",
        "start_may_peek": "start player may peek",
        "no_hidden_card": "no hidden card",
        "peek_may_call": "peek may call",
        "left_of_loser": "left of loser starts",
    },
    "measure_names": {
        "rounds_per_game": "rounds per game",
        "best_bot_wins": "{best}'s game-win rate",
        "random_bot_wins": "random's game-win rate",
    },
    "no_change": "no change we can detect (every interval includes zero)",
    "negligible": " (detectable, but below the size a player would notice)",
    "files": (
        "Files: one CSV per table (`q1_*.csv` ... `q11_*.csv`), the charts `q*.png`, the tip "
        "chart `strategy_tips.png` / `.pdf`, and `metadata.json`."
    ),
    "tips": {
        "title": "Headcount: strategy tips",
        "bid_title": "What to bid: a bid that survives a call 3 times in 4",
        "bid_xlabel": "sum of the cards you see (points; no A♠ or Joker in view)",
        "bid_ylabel": "bid (points)",
        "call_title": 'When to call "Count!": chance that the call wins',
        "call_xlabel": "last bid minus the sum you see (points)",
        "call_ylabel": "chance (0-1)",
        "peek_title": "How often the strong bot peeks when it may",
        "peek_xlabel": "last bid minus the sum you see (points)",
        "peek_ylabel": "peeks (% of turns)",
        "players": "{n} players",
        "tips": [
            "Bid the sum you see {off4} (4 players) or {off6} (6 players) to survive a call "
            "3 times in 4; the dotted line is 'bid = what you see'.",
            "{call_tip}",
            "{peek_tip}",
            "The player who lost the last round starts and loses {start_loss} of rounds "
            "(4 players): open low and safe.",
        ],
    },
    "q1": {
        "title": "1. Safe bids",
        "method": (
            "For every view a seat can have (the other foreheads, and the hidden card if it "
            "peeked) the exact distribution of the total gives the highest bid that survives a "
            "call with chance at least 50%, 75% and 90% (ties go to the bidder, H6). Views are "
            "grouped by the sum of the number cards seen and by the special cards seen "
            "(A♠ top to zero, Joker mystery); each row gives the median over its views."
        ),
        "panel": {
            "none": "No A♠ or Joker in view",
            "A♠": "The A♠ in view",
            "JK": "The Joker in view",
        },
        "xlabel": "sum of the number cards you see (points)",
        "ylabel": "75% safe bid (points)",
        "peeked": "peeked",
        "table_note": (
            "4 players, standard deck, no special card in view, no peek (every 5th sum; "
            "`q1_safe_bids_by_view.csv` has every player count, variant, special card and peek)."
        ),
        "finding": (
            "The safe bid follows what you see almost point for point: with a typical view the "
            "75% safe bid is {bid3} for a sum of {sum3} seen (3 players), {bid4} for {sum4} "
            "(4), {bid5} for {sum5} (5) and {bid6} for {sum6} (6) — exact values: the bid that "
            "is safe 3 times in 4 sits at or just below the sum you see, because your own card "
            "and the hidden card may be negative and the A♠ may zero the highest card. At 4 "
            "players, seeing the A♠ changes the 75% bid by {top} points on average against a "
            "view with the same sum, seeing the Joker by {joker}."
        ),
    },
    "peek_tip": "Peek when you may and will raise anyway: it gave {strong} {peek_gain} games.",
    "call_tip": (
        "By the cards alone a call wins from a bid {gap} above what you see ({gap_top} if you "
        "see the A♠, {gap_jk} the Joker); against {strong} bidders such calls won {play_win}, "
        "and more than half at every gap only from {play_gap} on: call later than the cards say."
    ),
    "call_tip_never": (
        "By the cards alone a call wins from a bid {gap} above what you see ({gap_top} if you "
        "see the A♠, {gap_jk} the Joker); against {strong} bidders such calls won {play_win}, "
        "never more than half from any gap on: against strong bidders, call later than the "
        "cards say."
    ),
    "peek_tip_none": "Peek when the hidden card would change your bid.",
    "q2": {
        "title": "2. When to call",
        "method": (
            "From the caller's view (no peek) the chance that a call wins is P(total < last "
            "bid), exact, averaged over all views with the same gap between the last bid and "
            "the number-card sum seen (views are dealt equally often). The strong bot's actual "
            "calls come from traced games of four copies of it: the share of its turns without "
            "a peek and without a special card in view on which it called, by gap."
        ),
        "bot_label": "{best}: share of turns it calls (95% CI)",
        "bot_lead": {"more": "is more cautious", "less": "is bolder", "none": "rarely calls"},
        "bot_rule": (
            " (it calls when its belief, which also reads the others' bids, gives the bidder "
            "more than {call} chance to lose)"
        ),
        "chart_title": "Call odds, standard deck, no special card seen",
        "xlabel": "last bid minus the sum you see (points)",
        "ylabel": "probability",
        "players_p": "{n} players: P(call wins)",
        "table_note": (
            "Smallest gap at which a call wins more often than not (exact), by player count and "
            "the special card seen (`q2_call_odds_by_gap.csv` has every gap)."
        ),
        "finding": (
            "At 4 players a call wins more often than not once the last bid is {gap} or more "
            "above what you see (exact); seeing the A♠ brings that down to {gap_top}, seeing "
            "the Joker raises it to {gap_jk}. The threshold barely depends on the number of "
            "players. `{best}` {lead}{rule}: it calls on most of its turns only from a gap of "
            "{bot_gap}, and when it calls without having peeked its call wins {win} {win_ci}"
            "{win_note}."
        ),
        "win_note": {
            "low": (
                " (probably because its opponents' bids were made with more knowledge, often "
                "after a peek, than the exact odds from the caller's view assume)"
            ),
            "high": "",
        },
        "play_method": (
            "**What the bids are worth.** Every call the strong bot made in the traced games "
            "(no peek that round, no A♠ or Joker in view) counts once, by the gap between the "
            "last bid and the number-card sum the caller saw, with four and with three players "
            "left; its success rate (the bidder lost) has a Wilson 95% interval and stands beside "
            "the exact card-only chance for the same gap. Gaps with fewer than 30 calls are left "
            "out. The calls are the bot's own choices, so this is what a call is worth when "
            "`{strong}` chooses it against `{strong}` bidders."
        ),
        "play_table_note": (
            "Calls in play with 4 players left, every 2nd gap (`q2_calls_in_play.csv` has "
            "every gap and 3 players left); `exact`: the card-only chance."
        ),
        "play_title": "Calls in play against the strong field",
        "play_label": "{strong}'s calls won ({n} left, 95% CI)",
        "exact_label": "exact card-only ({n} players)",
        "play_ylabel": "share of calls that won",
        "play_finding": (
            "Against `{strong}` bidders the bids carry information the card-only odds ignore: "
            "at the exact threshold gap of {gap} the calls made in play won {at_gap}, at that "
            "gap or more {above} (exact card-only: more than half at every such gap), and "
            "{half} (4 players left). A reader of the tip sheet should treat the exact "
            "threshold as a floor, not as a signal to call."
        ),
        "half": "they won more often than not at every gap only from {play_gap} on",
        "never": "from no gap on did they win more often than not at every gap",
    },
    "q3": {
        "title": "3. What a peek is worth",
        "method": (
            "Paired games: the strong bot peeking as it likes (and peeking whenever it may) "
            "against the same bot that never peeks, each time against three copies of the "
            "strong bot, on the same deals with the focal seat rotated. Traced games give when it "
            "peeks (by position in the bidding, lives and gap) and the heads-up game-win "
            "chance of holding an open instead of a face-down life card against one more life."
        ),
        "seat_label": ("focal seat {seat}", "all seats"),
        "compare": {
            "q3_peek_eager_vs_never": "peeks whenever allowed vs never",
            "q3_peek_default_vs_never": "peeks as it likes vs never",
        },
        "hu_label": {
            "open_instead_of_face_down": "heads-up: open instead of face-down card",
            "one_more_face_down_life": "heads-up: one more (face-down) life",
        },
        "hu_group": "heads-up state values",
        "lead": {
            "up": "Peeking is worth a lot:",
            "down": "Peeking hurts:",
            "none": "Peeking makes no difference we can detect:",
        },
        "xlabel": "gain in game-win chance (percentage points)",
        "chart_title": "Value of peeking (95% CI)",
        "gap_xlabel": "last bid minus the sum seen (points)",
        "gap_ylabel": "turns with a peek (%)",
        "gap_title": "When the strong bot peeks",
        "table_note": (
            "Peek rate and share of rounds lost with and without a peek, by position in the "
            "bidding (1 = first after the start player) and lives at the start of the round "
            "(traced games; not causal: peeks are chosen)."
        ),
        "finding": (
            "{lead} `{best}` wins {default} more games when it peeks as it likes than when it "
            "never peeks (paired, 4 players), {eager} when it peeks whenever allowed; its share "
            "of rounds lost changes by {rounds}. It peeks on {share} of the turns where it may: "
            "the must-raise rule does not hold it back. Heads-up, an open life card instead of a "
            "face-down one is worth {open_value} of game wins and one more life {life_value}: a "
            "peek is {verdict}. The cost of the must-raise rule (H7), from the mixed-field "
            "tournaments of question 7 with a peeker allowed to call instead: {may_call}."
        ),
        "finding_unpaired": (
            "`{best}` peeks on {share} of the turns where it may ({paired}). Heads-up, an open "
            "life card instead of a face-down one is worth {open_value} of game wins and one more "
            "life {life_value}: a peek is {verdict}. The cost of the must-raise rule (H7), from "
            "the mixed-field tournaments of question 7 with a peeker allowed to call instead: "
            "{may_call}."
        ),
        "verdict": {
            "more": "worth more than a life",
            "less": "worth less than a life",
            "unclear": "not distinguishable from a life",
        },
    },
    "q4": {
        "title": "4. Seat and start advantage",
        "method": (
            "Traced games of the strong bot in every seat, 3 to 6 players, give the share of "
            "rounds lost by position in the bidding (0 = start player, who is the last round's "
            "loser) and the game-win rate by seat (seat 0 starts the first round). With "
            "identical bots, any difference between seats or positions is the rules' doing."
        ),
        "pos_xlabel": "position in the bidding (0 = start player)",
        "pos_ylabel": "rounds lost (%)",
        "pos_title": "Round loss by bidding position",
        "seat_xlabel": "seat (0 starts the first round)",
        "seat_ylabel": "games won (%)",
        "seat_title": "Game wins by seat",
        "pos_col": "position",
        "snowball": ": 'the loser starts' hurts the loser and snowballs",
        "left_verdict": {
            "up": "so 'the loser starts' hurts the loser",
            "down": "so 'the loser starts' helps the loser",
            "none": "no difference we can detect, so we cannot say whether 'the loser starts' "
            "helps or hurts the loser",
        },
        "lead": {
            "bad": "Starting is a handicap:",
            "good": "Starting is an advantage:",
            "none": "Starting makes no difference we can detect:",
        },
        "first_col": "first-round loser wins game",
        "again_item": "{left} left {rate} {ci} (fair {fair})",
        "table_note": (
            "Share of rounds lost by position (all seats active) and the game-win rate of the "
            "first round's loser (`q4_*.csv` have counts and intervals)."
        ),
        "finding": (
            "{lead} at {n} players the start player loses {start} {start_ci} of rounds against a "
            "fair {fair}, while position {best_pos} loses only {best}. Because the loser starts "
            "the next round, a loser who starts loses it again, by players left: {again}; and "
            "the loser of the first round (a life down and starting the next) goes on to win "
            "{first} {first_ci} of games (fair: {fair}){snowball}. Seat 0, which starts the first"
            " round, wins {seat0} {seat0_ci} of games; in the mixed field with every seat order "
            "it wins {mixed0} {mixed0_ci}. When instead the next player after the loser starts "
            "(H9 house rule), the first round's loser wins {left_first} {left_first_ci} of games,"
            " a change of {left_diff} (independent intervals): {left_verdict}. In the mixed "
            "field that house rule changes: {left_rules}."
        ),
    },
    "q5": {
        "title": "5. Variants: Trickster and Double",
        "method": (
            "Tournaments of the mixed field ({mixed}, every seat order) "
            "under each variant, compared with the standard game: rounds per game, the strong "
            "bot's game-win rate (skill) and the random bot's (luck); differences use "
            "independent intervals, conservative because the runs share their seed. How often "
            "the total lands more than 10 away from every seat's expected total is exact."
        ),
        "rounds_xlabel": "change in rounds per game",
        "rounds_title": "Game length vs standard",
        "wins_xlabel": "change in game-win rate (percentage points)",
        "wins_title": "Skill and luck vs standard",
        "win_groups": {"best_bot_wins": "{best} (skill)", "random_bot_wins": "random (luck)"},
        "table_note": "Per rule set (4 players, mixed field); win rates are shares of games.",
        "finding": (
            "Trickster: {trickster}. Double: {double}. With the ×2 joker the total lands more "
            "than 10 points away from every player's expected total in {far_double} of deals, "
            "against {far_std} in the standard game (exact fractions, 4 players); since Double "
            "doubles every distance, in units of each player's own standard deviation (more "
            "than one away from every player) it is {far_sd_double} against {far_sd_std}."
        ),
    },
    "q6": {
        "title": "6. The loser's discard",
        "method": (
            "Paired games: the strong bot that gives up an open life card first against the same "
            "bot giving up a face-down card first, each against three copies of the strong bot on "
            "the same deals, with the focal seat rotated. The difference in game-win rate is "
            "paired per game."
        ),
        "xlabel": "open first minus face-down first (percentage points)",
        "chart_title": "Discarding an open life card instead of a face-down one",
        "verdict": {
            "none": "the choice makes no difference we can detect",
            "up": "give up the open card",
            "down": "give up the face-down card and keep the open one for peeking",
        },
        "finding": (
            "Discarding an open card first changes `{best}`'s game-win rate by {diff}: {verdict}."
        ),
        "finding_none": "The discard choice of `{best}`: {what}.",
    },
    "q7": {
        "title": "7. House rules",
        "method": (
            "The same mixed-field tournaments as in question 5 under each house rule (tie to "
            "the caller, a first bid of at least 1, a start player who may peek, no hidden "
            "card, a peeker who may call instead of raising, the next player after the loser "
            "starting), against the standard game, on the same seed. Only differences whose "
            "interval excludes zero are reported as changes, and only those of at least 1 pp of "
            "game wins or 0.25 rounds per game as practical ones (with 24 comparisons, one or "
            "two may exclude zero by chance)."
        ),
        "rounds_xlabel": "change in rounds per game",
        "rounds_title": "Game length vs standard",
        "wins_xlabel": "change in game-win rate (percentage points)",
        "wins_title": "Skill and luck vs standard",
        "win_groups": {"best_bot_wins": "{best} (skill)", "random_bot_wins": "random (luck)"},
        "finding": (
            "Without the hidden card the count surprises the whole table far less often "
            "({far_none} of deals against {far_hidden}, exact). What each rule changes:"
        ),
    },
    "q8": {
        "title": "8. Luck and skill",
        "method": (
            "A tournament of the four bots ({mixed}) with every seat order, "
            "standard rules: each bot's game-win rate with its Wilson interval. For the strong "
            "bot against each other bot: the games needed to show with 95% confidence and 80% "
            "power that the strong bot is better (an exact one-sided sign test on the games one "
            "of the two won; its power summed exactly over the binomial number of such games, at "
            "the measured win rates)."
        ),
        "xlabel": "games won (%), fair share dashed",
        "chart_title": "Game-win rate in the mixed field (95% CI)",
        "field_title": "Each bot alone against three odds bots (95% CI)",
        "lead": {True: "Skill counts:", False: "Skill is hard to see:"},
        "finding": (
            "{lead} `{best}` wins {rate} {ci} of games (fair share {fair}), the "
            "random bot {random} {random_ci}. Even against the next best bot, `{other}` "
            "(gap {gap}), it takes {games} games to show with 95% confidence and 80% power that "
            "`{best}` is better. "
            "Alone against three `odds` bots (fair share 25%) the bots win: {field}."
        ),
    },
    "q9": {
        "title": "9. Findings for the designer",
        "intro": "Each point quotes a number from the sections above.",
        "start_head": {
            "bad": "Starting a round is a handicap",
            "good": "Starting a round is an advantage",
            "none": "Starting a round makes no difference we can detect",
        },
        "start_rule": {
            "none": "but 'the loser starts' is not what makes the loser's comeback hard",
            "up": "and 'the loser starts' makes the loser's comeback harder",
            "down": "and 'the loser starts' helps the loser come back",
        },
        "loser_starts": (
            "**{head}, {rule}.** The start player loses {start} {start_ci} of rounds (fair "
            "{fair}, 4 players). The engine has the H9 flag `next_start` to test the "
            "alternative: when the player after the loser starts, the first round's loser wins "
            "{left_first} of games against {first} when it starts itself, a change of {left_diff} "
            "(question 4). In the exact heads-up round (question 11, bids by {step}) the start "
            "player loses {hu_both} when both players can peek and {hu_none} when neither can: "
            "the position costs a little even in perfect play, and the rest of the gap is how "
            "the bots play it."
        ),
        "peek_strong": (
            "**Peeking dominates.** It is worth {gain} of game wins to `{best}`, which peeks on "
            "{share} of the turns where it may: the must-raise rule does not deter it. If "
            "peeking should be a real decision, it needs a higher price (an idea to playtest, "
            "e.g. a peeked life card that cannot be reopened)."
        ),
        "peek_none": "**Peeking**: {what}.",
        "discard_unmeasured": "**The loser's discard**: {what}.",
        "peek_weak": (
            "**Peeking is a minor option**: worth {gain} of game wins to `{best}`, which "
            "peeks on {share} of allowed turns."
        ),
        "discard_none": (
            "**The loser's discard choice is pointless**: open or face-down first changes the "
            "game-win rate by {diff}, interval including zero."
        ),
        "discard_up": (
            "**The discard choice matters a little**: giving up an open card first changes the "
            "game-win rate by {diff}."
        ),
        "discard_down": (
            "**The discard choice matters a little**: giving up an open card first changes the "
            "game-win rate by {diff}; keep open cards for peeking."
        ),
        "tip_lead": {True: "The beginner tip is a little high", False: "The beginner tip holds"},
        "beginner_tip": (
            "**{lead}**: 'what you see plus about 5 for each unseen "
            "card' puts the total at what you see +10, but the bid that survives a call half "
            "the time is what you see {off} on average (exact, 4 players), and a call wins "
            "more often than not from a gap of {gap}. The A♠ is why: seeing it moves the 75% "
            "safe bid by {top}. The tip could say 'about {each} each', and warn about the A♠ in "
            "numbers."
        ),
        "rule_real": "**{rule}** changes the game: {what}.",
        "rule_skill_up": (
            "**{rule}** rewards skill more: `{best}`'s game-win rate changes by {diff} in the "
            "mixed field."
        ),
        "rule_skill_down": (
            "**{rule}** levels the field: `{best}`'s game-win rate changes by {diff} in the "
            "mixed field."
        ),
        "rule_small": (
            "**{rule}** makes no practical difference: every change we can detect is below "
            "1 pp of game wins and 0.25 rounds per game."
        ),
        "rule_none": "**{rule}** changes nothing we can detect: every interval includes zero.",
        "length": (
            "**Game length is fixed by the lives**: {lo} to {hi} rounds at {n} players (H8), "
            "{mean} on average; no variant or house rule moves it by more than {diff} rounds "
            "({rule})."
        ),
        "surprise": (
            "**The hidden card and the A♠/Joker create the surprise**: the total lands more "
            "than 10 away from every player's expectation in {far_std} of deals, {far_none} "
            "without the hidden card, {far_double} with the ×2 joker (exact, 4 players); but "
            "Double doubles every distance, and in units of each player's own standard "
            "deviation (more than one away from everyone) the rates are {far_sd_std} and "
            "{far_sd_double}: Double does not surprise more."
        ),
        "skill": (
            "**It is a game of skill**: `{best}` wins {rate} of games at a table of four, the "
            "random bot {random}; it takes {games} games against `{other}` to show with 95% "
            "confidence and 80% power that `{best}` is better."
        ),
        "sit_out": (
            "**Going out early means a long wait**: at 4 players the first player out watches "
            "{first_out} rounds on average, {all} per player per game (question 10)."
        ),
    },
    "q10": {
        "title": "10. How long eliminated players sit out",
        "method": (
            "Traced games of the strong bot in every seat, 3 to 6 players: for each player, "
            "the rounds played after it lost its last life card until the game ended, by "
            "finishing place (1 = the winner, who watches none; the last place went out "
            "first). Means with normal 95% intervals (over games; the `all` row pools every "
            "seat of a game, so its interval is somewhat too narrow)."
        ),
        "table_note": "Rounds watched after going out, by players and finishing place.",
        "xlabel": "finishing place (1 = winner)",
        "ylabel": "rounds watched after going out",
        "chart_title": "Sitting out, by finishing place (95% CI)",
        "finding": (
            "At 4 players a game lasts {rounds} rounds (mixed field; question 9); the first "
            "player out (place 4) then watches {first_out} {first_out_ci} rounds and place 3 "
            "{third} (place 2 goes out in the last round); per player and game that is {all} "
            "{all_ci} rounds of waiting. At 6 players the first out watches {six}."
        ),
    },
    "q11": {
        "title": "11. The heads-up endgame",
        "method": (
            "Every game ends with two players left. The heads-up round is solved exactly to "
            "equilibrium on a bid grid (`games/headcount/headsup.py`: CFR+ with exact "
            "exploitability, checked against OpenSpiel; bids 0 to 40 by {step}, {iterations} "
            "iterations; see docs/games/headcount.md), once for each situation of who still "
            "has an open life card to peek with; the result is cached in `data/` by `{command}`. "
            "Beside it, the heads-up rounds of the strong field's traced games (4 players) "
            "under both values of the H9 flag `next_start`: how often their start player lost, "
            "by the same peek situations (Wilson 95%), and the equilibrium averaged over the "
            "field's own mix of situations."
        ),
        "peeks": {
            "both": "both can peek",
            "starter": "start player only",
            "other": "other player only",
            "none": "neither",
            "all": "all rounds",
        },
        "exact_group": "equilibrium (exact)",
        "play_group": "{strong}, next_start={rule}",
        "xlabel": "start player loses the round (%)",
        "chart_title": "Heads-up: start player's loss",
        "table_note": (
            "The start player's loss: exact at equilibrium (`lo`/`hi`: the bracket of the game "
            "value) and in the strong field's games (`q11_heads_up_in_play.csv`)."
        ),
        "finding": (
            "Played exactly, the start player of a heads-up round loses {both} when both can "
            "peek, {starter} when only it can, {other} when only the other can and {none} when "
            "neither can (bids by {step}; finer grids move these by a point or two). `{strong}` "
            "loses {play_loser} {play_loser_ci} of the heads-up rounds it starts under "
            "`next_start=loser` and {play_left} {play_left_ci} under `left_of_loser`; the exact "
            "round over the same mix of peek situations would give {mix_loser} and "
            "{mix_left}: the rule's own share of the gap, the rest is the bots'."
        ),
    },
}

_DE: dict[str, Any] = {
    "title": "Kopfrechnen: Bericht zum Testspiel",
    "thousands": ".",
    "intro": (
        "Funktioniert „Kopfrechnen“ als Spiel, und was soll man bieten? Dieser Bericht "
        "beantwortet die Fragen des Testspiels durch exaktes Abzählen (jede ungesehene "
        "Karte gleich wahrscheinlich; Regelentscheide H1–H10) und mit {games} simulierten "
        "Partien je Aufstellung, gespielt von den Bots der Engine über den Runner (Seed "
        "{seed}). Anteile stehen mit 95-%-Intervallen da (Wilson für einzelne Anteile, normal "
        "für Differenzen; gepaarte Differenzen spielen dieselben Karten auf beide Arten). "
        "Anteile über Runden und Züge (Fragen 2–4) zählen die Runden einer Partie als "
        "unabhängig, ihre Intervalle sind daher etwas zu schmal; Anteile über Partien und "
        "gepaarte Differenzen haben dieses Problem nicht. Das starke Feld ist `{strong}` (eine "
        "Einstellung, `playtest.STRONG_FIELD`): Die protokollierten und gepaarten Partien "
        "setzen Exemplare davon an den Tisch, er führt das gemischte Feld an, und jedes "
        "Ergebnis sagt am Ende, gegen welches Feld es gilt. "
        "Alles hier erzeugt `{command}` neu; die Tabellen liegen als CSV neben dieser "
        "Seite, `metadata.json` hält Seed, Umfang, Versionen und Commit fest."
    ),
    "method": "Methode.",
    "finding": "Ergebnis.",
    "holds": "*Gilt gegen: {field}.*",
    "fields": {
        "exact": "kein Feld: exakte Chancen allein aus den Karten (jede ungesehene Karte gleich "
        "wahrscheinlich, Gebote unbeachtet)",
        "strong": "das starke Feld, `{strong}` auf jedem Platz",
        "mixed": "das gemischte Feld, `{mixed}`",
        "odds": "drei `odds`-Bots",
        "mixed_odds": "das gemischte Feld, `{mixed}`; der letzte Satz: drei `odds`-Bots",
        "strong_exact": "das starke Feld (`{strong}` auf jedem Platz) neben den exakten Chancen",
    },
    "wins_col": "Siege {bot}",
    "columns": {
        "visible_sum": "gesehene Summe",
        "views": "Sichten",
        "safe_bid_50": "Gebot 50 %",
        "safe_bid_75": "Gebot 75 %",
        "safe_bid_90": "Gebot 90 %",
        "lowest_75": "kleinstes 75 %",
        "highest_75": "größtes 75 %",
        "players": "Spieler",
        "none": "keine",
        "A♠": "A♠",
        "JK": "JK",
        "players_left": "Spieler übrig",
        "gap": "Abstand",
        "n": "n",
        "k": "k",
        "value": "Wert",
        "lo": "unten",
        "hi": "oben",
        "exact": "exakt",
        "position": "Position",
        "lives": "Lebenskarten",
        "peeks": "Spicken",
        "round_lost_after_peek": "Runde verloren nach Spicken",
        "round_lost_without_peek": "Runde verloren ohne Spicken",
        "rules": "Regeln",
        "rounds_per_game": "Runden je Partie",
        "caller_loses": "Rufer verliert",
        "peeks_per_round": "Spicken je Runde",
        "ties": "Gleichstand",
        "measure": "Maß",
        "seat": "Platz",
        "bot": "Bot",
        "fair": "fair",
        "better": "besser",
        "other": "anderer",
        "games_to_show_better": "Partien für den Nachweis",
        "place": "Platz im Ergebnis",
        "games": "Partien",
        "start_player_loses": "Startspieler verliert",
        "exploitability": "Ausnutzbarkeit",
        "bid_step": "Gebotsschritt",
        "iterations": "Iterationen",
        "next_start": "next_start",
        "equilibrium": "Gleichgewicht",
    },
    "cells": {
        "game_win": "Partiesieg",
        "win_a": "Siegquote A",
        "win_b": "Siegquote B",
        "all": "alle",
        "round_loss_share": "Anteil verlorener Runden",
    },
    "not_measured": (
        "nicht gemessen: `{strong}` hat keinen Parameter `{param}`, dessen Einstellungen man "
        "vergleichen könnte"
    ),
    "reproduce": "Nachrechnen:",
    "one_view": "Eine einzelne Sicht (Annas Sicht im Beispiel der Regel): `{command}`",
    "players": "{n} Spieler",
    "rule_names": {
        "standard": "Grundspiel",
        "trickster": "Trickser",
        "double": "Verdoppeln",
        "tie_to_caller": "Gleichstand gewinnt der Rufer",
        "first_bid_1": "erstes Gebot mindestens 1",
        "start_may_peek": "Startspieler darf spicken",
        "no_hidden_card": "ohne verdeckte Karte",
        "peek_may_call": "nach dem Spicken darf man nachzählen",
        "left_of_loser": "links vom Verlierer beginnt",
    },
    "measure_names": {
        "rounds_per_game": "Runden je Partie",
        "best_bot_wins": "Siegquote von {best}",
        "random_bot_wins": "Siegquote von random",
    },
    "no_change": "keine messbare Änderung (jedes Intervall enthält null)",
    "negligible": " (messbar, aber unter der Schwelle, die man am Tisch bemerkt)",
    "files": (
        "Dateien: je Tabelle eine CSV (`q1_*.csv` … `q11_*.csv`), die Grafiken `q*.png`, die "
        "Tippkarte `strategy_tips.png` / `.pdf` und `metadata.json`."
    ),
    "tips": {
        "title": "Kopfrechnen: Tipps",
        "bid_title": "Was bieten: ein Gebot, das 3 von 4 Mal hält",
        "bid_xlabel": "Summe der Karten, die du siehst (Punkte; kein A♠, kein Joker)",
        "bid_ylabel": "Gebot (Punkte)",
        "call_title": "Wann „Nachzählen!“ rufen: Chance, dass der Ruf gewinnt",
        "call_xlabel": "letztes Gebot minus die Summe, die du siehst (Punkte)",
        "call_ylabel": "Chance (0–1)",
        "peek_title": "Wie oft der starke Bot spickt, wenn er darf",
        "peek_xlabel": "letztes Gebot minus die Summe, die du siehst (Punkte)",
        "peek_ylabel": "Spicken (% der Züge)",
        "players": "{n} Spieler",
        "tips": [
            "Biete die Summe, die du siehst, {off4} (4 Spieler) bzw. {off6} (6 Spieler), dann "
            "hält das Gebot 3 von 4 Mal; gepunktet: „Gebot = was du siehst“.",
            "{call_tip}",
            "{peek_tip}",
            "Wer die letzte Runde verloren hat, beginnt und verliert {start_loss} der Runden "
            "(4 Spieler): niedrig und sicher eröffnen.",
        ],
    },
    "q1": {
        "title": "1. Sichere Gebote",
        "method": (
            "Für jede mögliche Sicht eines Platzes (die Stirnkarten der anderen und, nach dem "
            "Spicken, die verdeckte Karte) liefert die exakte Verteilung der Summe das höchste "
            "Gebot, das ein „Nachzählen!“ mit mindestens 50, 75 und 90 % Wahrscheinlichkeit "
            "übersteht (Gleichstand gewinnt der Bieter, H6). Die Sichten sind nach der Summe "
            "der gesehenen Zahlenkarten und den gesehenen Sonderkarten (Höchste auf null = A♠, "
            "Überraschung = Joker) gruppiert; jede Zeile nennt den Median über ihre Sichten."
        ),
        "panel": {
            "none": "Kein A♠, kein Joker zu sehen",
            "A♠": "Höchste auf null (A♠) zu sehen",
            "JK": "Überraschung (Joker) zu sehen",
        },
        "xlabel": "Summe der gesehenen Zahlenkarten (Punkte)",
        "ylabel": "sicheres Gebot zu 75 % (Punkte)",
        "peeked": "gespickt",
        "table_note": (
            "4 Spieler, Grundspiel, keine Sonderkarte zu sehen, nicht gespickt (jede 5. Summe; "
            "`q1_safe_bids_by_view.csv` enthält alle Spielerzahlen, Varianten, Sonderkarten "
            "und das Spicken)."
        ),
        "finding": (
            "Das sichere Gebot folgt fast Punkt für Punkt dem, was man sieht: Bei einer "
            "typischen Sicht liegt das Gebot, das zu 75 % hält, bei {bid3} für gesehene {sum3} "
            "(3 Spieler), {bid4} für {sum4} (4), {bid5} für {sum5} (5) und {bid6} für {sum6} "
            "(6) — exakte Werte: Das zu 3/4 sichere Gebot liegt bei oder knapp unter der "
            "gesehenen Summe, weil die eigene und die verdeckte Karte negativ sein können und "
            "Höchste auf null die höchste Karte streichen kann. Zu viert ändert ein sichtbares "
            "A♠ das 75-%-Gebot im Mittel um {top} Punkte gegenüber einer Sicht mit derselben "
            "Summe, eine sichtbare Überraschung (Joker) um {joker}."
        ),
    },
    "peek_tip": (
        "Spick, wenn du darfst und ohnehin erhöhen willst: Das brachte {strong} {peek_gain} Siege."
    ),
    "call_tip": (
        "Allein nach den Karten gewinnt „Nachzählen!“ ab einem Gebot {gap} über dem, was du "
        "siehst ({gap_top} mit Höchste auf null, {gap_jk} mit der Überraschung); gegen bietende "
        "{strong}-Bots gewann so ein Ruf {play_win}, bei jedem Abstand öfter als nicht erst ab "
        "{play_gap}: später rufen, als die Karten sagen."
    ),
    "call_tip_never": (
        "Allein nach den Karten gewinnt „Nachzählen!“ ab einem Gebot {gap} über dem, was du "
        "siehst ({gap_top} mit Höchste auf null, {gap_jk} mit der Überraschung); gegen bietende "
        "{strong}-Bots gewann so ein Ruf {play_win}, von keinem Abstand an öfter als nicht: "
        "gegen starke Bieter später rufen, als die Karten sagen."
    ),
    "peek_tip_none": "Spick, wenn die verdeckte Karte dein Gebot ändern würde.",
    "q2": {
        "title": "2. Wann „Nachzählen!“ rufen",
        "method": (
            "Aus der Sicht des Rufers (ohne Spicken) ist die Chance, dass „Nachzählen!“ "
            "gewinnt, P(Summe < letztes Gebot), exakt gemittelt über alle Sichten mit demselben "
            "Abstand zwischen letztem Gebot und gesehener Zahlensumme (jede Sicht wird gleich "
            "oft ausgeteilt). Die tatsächlichen Rufe des starken Bots stammen aus "
            "protokollierten Partien von vier Exemplaren: der Anteil seiner Züge ohne Spicken "
            "und ohne Sonderkarte in Sicht, in denen er rief, nach Abstand."
        ),
        "bot_label": "{best}: Anteil der Züge mit Ruf (95-%-KI)",
        "bot_lead": {"more": "ist vorsichtiger", "less": "ist mutiger", "none": "ruft selten"},
        "bot_rule": (
            " (er ruft, wenn seine Einschätzung, die auch die Gebote der anderen liest, dem "
            "Bieter mehr als {call} Verlustchance gibt)"
        ),
        "chart_title": "Chance des Rufs, Grundspiel, keine Sonderkarte zu sehen",
        "xlabel": "letztes Gebot minus gesehene Summe (Punkte)",
        "ylabel": "Wahrscheinlichkeit",
        "players_p": "{n} Spieler: P(Ruf gewinnt)",
        "table_note": (
            "Kleinster Abstand, ab dem „Nachzählen!“ öfter gewinnt als verliert (exakt), nach "
            "Spielerzahl und gesehener Sonderkarte (`q2_call_odds_by_gap.csv` hat jeden "
            "Abstand)."
        ),
        "finding": (
            "Zu viert gewinnt „Nachzählen!“ öfter als es verliert, sobald das letzte Gebot "
            "{gap} oder mehr über der gesehenen Summe liegt (exakt); wer Höchste auf null "
            "sieht, kann schon ab {gap_top} rufen, wer die Überraschung sieht, erst ab "
            "{gap_jk}. Die Schwelle hängt kaum von der Spielerzahl ab. `{best}` {lead}{rule}: Er "
            "ruft in den meisten Zügen erst ab einem Abstand von {bot_gap}, und wenn er "
            "ungespickt ruft, gewinnt der Ruf {win} {win_ci}{win_note}."
        ),
        "win_note": {
            "low": (
                " (vermutlich, weil die Gebote der anderen auf mehr Wissen beruhen, oft nach dem "
                "Spicken, als die exakte Chance aus Sicht des Rufers annimmt)"
            ),
            "high": "",
        },
        "play_method": (
            "**Was die Gebote verraten.** Jeder Ruf des starken Bots in den protokollierten "
            "Partien (ohne Spicken in dieser Runde, kein A♠ und kein Joker in Sicht) zählt "
            "einmal, nach dem Abstand zwischen letztem Gebot und der gesehenen Zahlensumme, bei "
            "vier und bei drei verbliebenen Spielern; sein Erfolg (der Bieter verlor) steht mit "
            "Wilson-95-%-Intervall neben der exakten Chance allein aus den Karten für denselben "
            "Abstand. Abstände mit weniger als 30 Rufen fehlen. Die Rufe wählt der Bot selbst: "
            "Das ist der Wert eines Rufs, den `{strong}` gegen bietende `{strong}`-Bots wählt."
        ),
        "play_table_note": (
            "Rufe im Spiel bei 4 verbliebenen Spielern, jeder 2. Abstand "
            "(`q2_calls_in_play.csv` hat jeden Abstand und 3 Spieler übrig); `exakt`: die "
            "Chance allein aus den Karten."
        ),
        "play_title": "Rufe im Spiel gegen das starke Feld",
        "play_label": "Rufe von {strong} gewonnen ({n} übrig, 95-%-KI)",
        "exact_label": "exakt, nur Karten ({n} Spieler)",
        "play_ylabel": "Anteil gewonnener Rufe",
        "play_finding": (
            "Gegen bietende `{strong}`-Bots tragen die Gebote Wissen, das die Chancen allein aus "
            "den Karten nicht kennen: Beim exakten Schwellenabstand {gap} gewannen die Rufe im "
            "Spiel {at_gap}, bei diesem Abstand oder mehr {above} (exakt allein aus den Karten: "
            "bei jedem solchen Abstand mehr als die Hälfte), und {half} (4 Spieler übrig). Die "
            "exakte Schwelle der Tippkarte ist eine Untergrenze, kein Signal zum Rufen."
        ),
        "half": "bei jedem Abstand öfter, als sie verloren, erst ab {play_gap}",
        "never": "von keinem Abstand an gewannen sie bei jedem Abstand öfter, als sie verloren",
    },
    "q3": {
        "title": "3. Was Spicken wert ist",
        "method": (
            "Gepaarte Partien: der starke Bot, der nach eigenem Ermessen spickt (bzw. immer, "
            "wenn er darf), gegen denselben Bot, der nie spickt, jeweils gegen drei Exemplare "
            "des starken Bots, auf denselben Karten und mit wechselndem Platz. Protokollierte "
            "Partien zeigen, wann er spickt (nach Bietposition, Lebenskarten und Abstand), und "
            "im Zweikampf, was eine offene statt einer verdeckten Lebenskarte gegenüber einer "
            "zusätzlichen Lebenskarte wert ist."
        ),
        "seat_label": ("Platz {seat}", "alle Plätze"),
        "compare": {
            "q3_peek_eager_vs_never": "spickt immer, wenn erlaubt, vs. nie",
            "q3_peek_default_vs_never": "spickt nach Ermessen vs. nie",
        },
        "hu_label": {
            "open_instead_of_face_down": "Zweikampf: offene statt verdeckte Lebenskarte",
            "one_more_face_down_life": "Zweikampf: eine Lebenskarte mehr (verdeckt)",
        },
        "hu_group": "Werte im Zweikampf",
        "lead": {
            "up": "Spicken ist viel wert:",
            "down": "Spicken schadet:",
            "none": "Spicken macht keinen messbaren Unterschied:",
        },
        "xlabel": "Gewinn an Siegchance (Prozentpunkte)",
        "chart_title": "Wert des Spickens (95-%-KI)",
        "gap_xlabel": "letztes Gebot minus gesehene Summe (Punkte)",
        "gap_ylabel": "Züge mit Spicken (%)",
        "gap_title": "Wann der starke Bot spickt",
        "table_note": (
            "Anteil Spicken und Anteil verlorener Runden mit und ohne Spicken, nach Bietposition "
            "(1 = erster nach dem Startspieler) und Lebenskarten zu Rundenbeginn (protokollierte "
            "Partien; nicht kausal: gespickt wird nach Lage)."
        ),
        "finding": (
            "{lead} `{best}` gewinnt {default} mehr Partien, wenn er nach Ermessen spickt, als "
            "wenn er nie spickt (gepaart, 4 Spieler), {eager}, wenn er immer spickt; sein Anteil "
            "verlorener Runden ändert sich um {rounds}. Er spickt in {share} der Züge, in denen "
            "er darf: Die Pflicht zu erhöhen hält ihn nicht ab. Im Zweikampf ist eine offene "
            "statt einer verdeckten Lebenskarte {open_value} Siegchance wert, eine Lebenskarte "
            "mehr {life_value}: Spicken ist {verdict}. Der Preis der Erhöhungspflicht (H7), aus "
            "den Turnieren des gemischten Felds von Frage 7, wenn man nach dem Spicken auch "
            "„Nachzählen!“ rufen darf: {may_call}."
        ),
        "finding_unpaired": (
            "`{best}` spickt in {share} der Züge, in denen er darf ({paired}). Im Zweikampf ist "
            "eine offene statt einer verdeckten Lebenskarte {open_value} Siegchance wert, eine "
            "Lebenskarte mehr {life_value}: Spicken ist {verdict}. Der Preis der "
            "Erhöhungspflicht (H7), aus den Turnieren des gemischten Felds von Frage 7, wenn man "
            "nach dem Spicken auch „Nachzählen!“ rufen darf: {may_call}."
        ),
        "verdict": {
            "more": "mehr wert als eine Lebenskarte",
            "less": "weniger wert als eine Lebenskarte",
            "unclear": "nicht von einer Lebenskarte zu unterscheiden",
        },
    },
    "q4": {
        "title": "4. Platz- und Startvorteil",
        "method": (
            "Protokollierte Partien mit dem starken Bot auf jedem Platz, 3 bis 6 Spieler, "
            "liefern den Anteil verlorener Runden nach Bietposition (0 = Startspieler, also "
            "der Verlierer der letzten Runde) und die Siegquote je Platz (Platz 0 beginnt die "
            "erste Runde). Bei gleichen Bots geht jeder Unterschied auf die Regeln zurück."
        ),
        "pos_xlabel": "Bietposition (0 = Startspieler)",
        "pos_ylabel": "verlorene Runden (%)",
        "pos_title": "Rundenverlust nach Bietposition",
        "seat_xlabel": "Platz (0 beginnt die erste Runde)",
        "seat_ylabel": "gewonnene Partien (%)",
        "seat_title": "Partiesiege nach Platz",
        "pos_col": "Position",
        "snowball": ": „Der Verlierer beginnt“ schadet dem Verlierer und schaukelt sich auf",
        "left_verdict": {
            "up": "„Der Verlierer beginnt“ schadet also dem Verlierer",
            "down": "„Der Verlierer beginnt“ hilft also dem Verlierer",
            "none": "kein messbarer Unterschied; ob „Der Verlierer beginnt“ dem Verlierer hilft "
            "oder schadet, lässt sich nicht sagen",
        },
        "lead": {
            "bad": "Beginnen ist ein Handicap:",
            "good": "Beginnen ist ein Vorteil:",
            "none": "Beginnen macht keinen messbaren Unterschied:",
        },
        "first_col": "Verlierer Runde 1 gewinnt",
        "again_item": "{left} übrig {rate} {ci} (fair {fair})",
        "table_note": (
            "Anteil verlorener Runden nach Position (alle Plätze aktiv) und Siegquote des "
            "Verlierers der ersten Runde (`q4_*.csv` mit Zählungen und Intervallen)."
        ),
        "finding": (
            "{lead} Bei {n} Spielern verliert der Startspieler {start} {start_ci} der Runden "
            "statt fairer {fair}, Position {best_pos} nur {best}. Da der Verlierer die nächste "
            "Runde beginnt, verliert ein beginnender Verlierer sie erneut, nach verbliebenen "
            "Spielern: {again}; und der Verlierer der ersten Runde (eine Lebenskarte weniger, "
            "und er beginnt)"
            " gewinnt {first} {first_ci} der Partien (fair: {fair}){snowball}. Platz 0, der die "
            "erste Runde beginnt, gewinnt {seat0} {seat0_ci} der Partien, im gemischten Feld mit "
            "jeder Sitzordnung {mixed0} {mixed0_ci}. Beginnt stattdessen der Spieler links vom "
            "Verlierer (Hausregel zu H9), gewinnt der Verlierer der ersten Runde {left_first} "
            "{left_first_ci} der Partien, eine Änderung um {left_diff} (unabhängige Intervalle):"
            " {left_verdict}. Im gemischten Feld ändert diese Hausregel: {left_rules}."
        ),
    },
    "q5": {
        "title": "5. Varianten: Trickser und Verdoppeln",
        "method": (
            "Turniere des gemischten Felds ({mixed}, jede Sitzordnung) in "
            "jeder Variante, verglichen mit dem Grundspiel: Runden je Partie, Siegquote des "
            "starken Bots (Können) und des Zufallsbots (Glück); die Differenzen nutzen "
            "unabhängige Intervalle, konservativ, weil die Läufe denselben Seed teilen. Wie oft "
            "die Summe mehr als 10 von der Erwartung jedes Platzes abweicht, ist exakt."
        ),
        "rounds_xlabel": "Änderung der Runden je Partie",
        "rounds_title": "Partielänge vs. Grundspiel",
        "wins_xlabel": "Änderung der Siegquote (Prozentpunkte)",
        "wins_title": "Können und Glück vs. Grundspiel",
        "win_groups": {"best_bot_wins": "{best} (Können)", "random_bot_wins": "random (Glück)"},
        "table_note": (
            "Je Regelsatz (4 Spieler, gemischtes Feld); Siegquoten als Anteil der Partien."
        ),
        "finding": (
            "Trickser: {trickster}. Verdoppeln: {double}. Mit dem ×2-Joker liegt die Summe in "
            "{far_double} der Austeilungen mehr als 10 Punkte neben der Erwartung jedes "
            "Spielers, im Grundspiel in {far_std} (exakte Brüche, 4 Spieler); da Verdoppeln "
            "jeden Abstand verdoppelt, gemessen in der eigenen Standardabweichung jedes Spielers "
            "(mehr als eine von jedem entfernt): {far_sd_double} gegen {far_sd_std}."
        ),
    },
    "q6": {
        "title": "6. Welche Lebenskarte der Verlierer abgibt",
        "method": (
            "Gepaarte Partien: der starke Bot, der zuerst eine offene Lebenskarte abgibt, gegen "
            "denselben Bot, der zuerst eine verdeckte abgibt, jeweils gegen drei Exemplare des "
            "starken Bots auf denselben Karten, mit wechselndem Platz. Die Differenz der "
            "Siegquote ist je Partie gepaart."
        ),
        "xlabel": "offen zuerst minus verdeckt zuerst (Prozentpunkte)",
        "chart_title": "Offene statt verdeckte Lebenskarte abgeben",
        "verdict": {
            "none": "die Wahl macht keinen messbaren Unterschied",
            "up": "gib die offene Karte ab",
            "down": "gib die verdeckte Karte ab und behalte die offene zum Spicken",
        },
        "finding": (
            "Zuerst eine offene Karte abzugeben ändert die Siegquote von `{best}` um {diff}: "
            "{verdict}."
        ),
        "finding_none": "Welche Lebenskarte `{best}` abgibt: {what}.",
    },
    "q7": {
        "title": "7. Hausregeln",
        "method": (
            "Dieselben Turniere des gemischten Felds wie in Frage 5 unter jeder Hausregel "
            "(Gleichstand für den Rufer, erstes Gebot mindestens 1, Startspieler darf spicken, "
            "ohne verdeckte Karte, nach dem Spicken darf man nachzählen statt zu erhöhen, der "
            "Spieler links vom Verlierer beginnt), verglichen mit dem Grundspiel, mit demselben "
            "Seed. Als Änderung gilt nur, dessen Intervall null ausschließt, als praktisch "
            "bedeutsam nur ab 1 Pp. Siegquote oder 0,25 Runden je Partie (bei 24 Vergleichen "
            "schließen ein oder zwei null zufällig aus)."
        ),
        "rounds_xlabel": "Änderung der Runden je Partie",
        "rounds_title": "Partielänge vs. Grundspiel",
        "wins_xlabel": "Änderung der Siegquote (Prozentpunkte)",
        "wins_title": "Können und Glück vs. Grundspiel",
        "win_groups": {"best_bot_wins": "{best} (Können)", "random_bot_wins": "random (Glück)"},
        "finding": (
            "Ohne verdeckte Karte überrascht das Nachzählen den ganzen Tisch viel seltener "
            "({far_none} der Austeilungen statt {far_hidden}, exakt). Was jede Regel ändert:"
        ),
    },
    "q8": {
        "title": "8. Glück und Können",
        "method": (
            "Ein Turnier der vier Bots ({mixed}) in jeder Sitzordnung, "
            "Grundspiel: die Siegquote jedes Bots mit Wilson-Intervall. Für den starken Bot "
            "gegen jeden anderen: wie viele Partien man braucht, um mit 95 % Sicherheit und "
            "80 % Trennschärfe (Power) zu zeigen, dass der starke Bot besser ist (exakter "
            "einseitiger Vorzeichentest über die Partien, die einer der beiden gewann; die Power "
            "exakt über deren binomiale Anzahl summiert, bei den gemessenen Siegquoten)."
        ),
        "xlabel": "gewonnene Partien (%), fairer Anteil gestrichelt",
        "chart_title": "Siegquote im gemischten Feld (95-%-KI)",
        "field_title": "Jeder Bot allein gegen drei odds-Bots (95-%-KI)",
        "lead": {True: "Können zählt:", False: "Können ist kaum zu sehen:"},
        "finding": (
            "{lead} `{best}` gewinnt {rate} {ci} der Partien (fairer Anteil {fair}), "
            "der Zufallsbot {random} {random_ci}. Selbst gegen den Zweitbesten, `{other}` "
            "(Abstand {gap}), braucht es {games} Partien, um mit 95 % Sicherheit und 80 % "
            "Power zu zeigen, dass `{best}` besser ist. Allein gegen drei `odds`-Bots "
            "(fairer Anteil 25 %) "
            "gewinnen die Bots: {field}."
        ),
    },
    "q9": {
        "title": "9. Ergebnisse für die Autoren",
        "intro": "Jeder Punkt nennt eine Zahl aus den Abschnitten oben.",
        "start_head": {
            "bad": "Eine Runde zu beginnen ist ein Handicap",
            "good": "Eine Runde zu beginnen ist ein Vorteil",
            "none": "Eine Runde zu beginnen macht keinen messbaren Unterschied",
        },
        "start_rule": {
            "none": "aber „Der Verlierer beginnt“ erschwert dem Verlierer das Comeback nicht",
            "up": "und „Der Verlierer beginnt“ erschwert dem Verlierer das Comeback",
            "down": "und „Der Verlierer beginnt“ hilft dem Verlierer zurück ins Spiel",
        },
        "loser_starts": (
            "**{head}, {rule}.** Der Startspieler verliert {start} {start_ci} der Runden (fair "
            "{fair}, 4 Spieler). Die Engine hat für die Alternative den Schalter `next_start` "
            "(H9): Beginnt der Spieler nach dem Verlierer, gewinnt der Verlierer der ersten "
            "Runde {left_first} der Partien statt {first}, wenn er selbst beginnt, eine Änderung "
            "um {left_diff} (Frage 4). Im exakt gelösten Zweikampf (Frage 11, Gebote in "
            "{step}er-Schritten) verliert der Startspieler {hu_both}, wenn beide spicken können, "
            "und {hu_none}, wenn keiner kann: Die Position kostet auch bei perfektem Spiel ein "
            "wenig, der Rest der Lücke liegt am Spiel der Bots."
        ),
        "peek_strong": (
            "**Spicken dominiert.** Es ist `{best}` {gain} Siegchance wert, und er spickt in "
            "{share} der erlaubten Züge: Die Erhöhungspflicht schreckt ihn nicht ab. Soll "
            "Spicken eine echte Entscheidung sein, braucht es einen höheren Preis (eine Idee "
            "zum Testen, etwa eine gespickte Lebenskarte, die nicht wieder aufgedeckt wird)."
        ),
        "peek_none": "**Spicken**: {what}.",
        "discard_unmeasured": "**Die abgegebene Lebenskarte**: {what}.",
        "peek_weak": (
            "**Spicken ist eine Nebensache**: `{best}` bringt es {gain} Siegchance, er spickt "
            "in {share} der erlaubten Züge."
        ),
        "discard_none": (
            "**Die Wahl der abgegebenen Lebenskarte ist bedeutungslos**: offen oder verdeckt "
            "zuerst ändert die Siegquote um {diff}, Intervall mit null."
        ),
        "discard_up": (
            "**Die Wahl der abgegebenen Lebenskarte zählt ein wenig**: offen zuerst ändert die "
            "Siegquote um {diff}."
        ),
        "discard_down": (
            "**Die Wahl der abgegebenen Lebenskarte zählt ein wenig**: offen zuerst ändert die "
            "Siegquote um {diff}; offene Karten zum Spicken behalten."
        ),
        "tip_lead": {
            True: "Der Einsteigertipp liegt etwas hoch",
            False: "Der Einsteigertipp passt",
        },
        "beginner_tip": (
            "**{lead}**: „was du siehst plus etwa 5 je "
            "ungesehene Karte“ ergibt das Gesehene +10, aber das Gebot, das ein Nachzählen "
            "zur Hälfte übersteht, liegt im Mittel beim Gesehenen {off} (exakt, 4 Spieler), "
            "und „Nachzählen!“ gewinnt ab einem Abstand von {gap} öfter als es verliert. Das "
            "liegt an Höchste auf null: Ein sichtbares A♠ verschiebt das 75-%-Gebot um {top}. "
            "Der Tipp könnte „etwa {each} je Karte“ sagen und das A♠ mit Zahlen erwähnen."
        ),
        "rule_real": "**{rule}** verändert das Spiel: {what}.",
        "rule_skill_up": (
            "**{rule}** belohnt Können stärker: Die Siegquote von `{best}` im gemischten Feld "
            "ändert sich um {diff}."
        ),
        "rule_skill_down": (
            "**{rule}** gleicht das Feld an: Die Siegquote von `{best}` im gemischten Feld "
            "ändert sich um {diff}."
        ),
        "length": (
            "**Die Partielänge liegt durch die Lebenskarten fest**: zu {n}. {lo} bis {hi} "
            "Runden (H8), im Mittel {mean}; keine Variante und keine Hausregel verschiebt sie "
            "um mehr als {diff} Runden ({rule})."
        ),
        "rule_small": (
            "**{rule}** macht praktisch keinen Unterschied: Jede messbare Änderung liegt unter "
            "1 Pp. Siegquote und 0,25 Runden je Partie."
        ),
        "rule_none": "**{rule}** ändert nichts Messbares: Jedes Intervall enthält null.",
        "surprise": (
            "**Verdeckte Karte, Höchste auf null und Überraschung sorgen für die Spannung**: "
            "Die Summe liegt in {far_std} der Austeilungen mehr als 10 neben der Erwartung "
            "jedes Spielers, ohne verdeckte Karte in {far_none}, mit dem ×2-Joker in "
            "{far_double} (exakt, 4 Spieler); aber Verdoppeln verdoppelt jeden Abstand, und "
            "gemessen in der eigenen Standardabweichung jedes Spielers (mehr als eine von jedem "
            "entfernt) sind es {far_sd_std} und {far_sd_double}: Verdoppeln überrascht nicht "
            "öfter."
        ),
        "skill": (
            "**Es ist ein Spiel des Könnens**: `{best}` gewinnt zu viert {rate} der Partien, "
            "der Zufallsbot {random}; gegen `{other}` braucht es {games} Partien, um mit 95 % "
            "Sicherheit und 80 % Power zu zeigen, dass `{best}` besser ist."
        ),
        "sit_out": (
            "**Wer früh ausscheidet, wartet lange**: Zu viert schaut der Erste, der ausscheidet, "
            "im Mittel {first_out} Runden zu, je Spieler und Partie sind es {all} (Frage 10)."
        ),
    },
    "q10": {
        "title": "10. Wie lange Ausgeschiedene zuschauen",
        "method": (
            "Protokollierte Partien mit dem starken Bot auf jedem Platz, 3 bis 6 Spieler: für "
            "jeden Spieler die Runden, die nach dem Verlust seiner letzten Lebenskarte bis zum "
            "Partieende gespielt wurden, nach Platz im Ergebnis (1 = Sieger, der keine zuschaut; "
            "der letzte Platz schied zuerst aus). Mittelwerte mit normalen 95-%-Intervallen "
            "(über Partien; die Zeile `alle` fasst jeden Platz einer Partie zusammen, ihr "
            "Intervall ist daher etwas zu schmal)."
        ),
        "table_note": "Zugeschaute Runden nach dem Ausscheiden, nach Spielerzahl und Platz.",
        "xlabel": "Platz im Ergebnis (1 = Sieger)",
        "ylabel": "zugeschaute Runden nach dem Ausscheiden",
        "chart_title": "Zuschauen nach Platz im Ergebnis (95-%-KI)",
        "finding": (
            "Zu viert dauert eine Partie {rounds} Runden (gemischtes Feld; Frage 9); der Erste, "
            "der ausscheidet (Platz 4), schaut danach {first_out} {first_out_ci} Runden zu, "
            "Platz 3 {third} (Platz 2 scheidet in der letzten Runde aus); je Spieler und Partie "
            "sind das {all} {all_ci} Runden Warten. Zu sechst schaut der Erste {six} Runden zu."
        ),
    },
    "q11": {
        "title": "11. Das Endspiel zu zweit",
        "method": (
            "Jede Partie endet mit zwei Spielern. Die Runde zu zweit ist auf einem Gebotsraster "
            "exakt bis zum Gleichgewicht gelöst (`games/headcount/headsup.py`: CFR+ mit exakter "
            "Ausnutzbarkeit, gegen OpenSpiel geprüft; Gebote 0 bis 40 in {step}er-Schritten, "
            "{iterations} Iterationen; siehe docs/games/headcount.md), einmal für jede Lage, wer "
            "noch eine offene Lebenskarte zum Spicken hat; das Ergebnis liegt zwischengespeichert "
            "in `data/`, erzeugt von `{command}`. Daneben die Runden zu zweit aus den "
            "protokollierten Partien des starken Felds (4 Spieler) unter beiden Werten des "
            "Schalters `next_start` (H9): wie oft ihr Startspieler verlor, nach denselben Lagen "
            "(Wilson 95 %), und das Gleichgewicht über die Mischung der Lagen im Feld gemittelt."
        ),
        "peeks": {
            "both": "beide können spicken",
            "starter": "nur der Startspieler",
            "other": "nur der andere",
            "none": "keiner",
            "all": "alle Runden",
        },
        "exact_group": "Gleichgewicht (exakt)",
        "play_group": "{strong}, next_start={rule}",
        "xlabel": "Startspieler verliert die Runde (%)",
        "chart_title": "Zu zweit: Verlust des Startspielers",
        "table_note": (
            "Verlust des Startspielers: exakt im Gleichgewicht (`unten`/`oben`: Schranken des "
            "Spielwerts) und in den Partien des starken Felds (`q11_heads_up_in_play.csv`)."
        ),
        "finding": (
            "Exakt gespielt verliert der Startspieler einer Runde zu zweit {both}, wenn beide "
            "spicken können, {starter}, wenn nur er kann, {other}, wenn nur der andere kann, und "
            "{none}, wenn keiner kann (Gebote in {step}er-Schritten; feinere Raster verschieben "
            "das um ein, zwei Punkte). `{strong}` verliert {play_loser} {play_loser_ci} der "
            "Runden zu zweit, die er beginnt, unter `next_start=loser` und {play_left} "
            "{play_left_ci} unter `left_of_loser`; die exakte Runde über dieselbe Mischung der "
            "Lagen ergäbe {mix_loser} und {mix_left}: der Anteil der Regel an der Lücke, der "
            "Rest liegt an den Bots."
        ),
    },
}

TEXT: dict[str, dict[str, Any]] = {"en": _EN, "de": _DE}

#: Translation maps for table headers and cells: German names every column and label, English
#: keeps the CSV's own names, so these may differ between languages (core.report.text_mismatches).
FREE_KEYS = ("columns", "cells")
