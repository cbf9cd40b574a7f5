"""The text summary of ``headcount simulate`` (the command itself is built for every game from
its :class:`~headcount_lab.games.GameSpec` in :mod:`headcount_lab.cli.games`)."""

from __future__ import annotations

from typing import Any

import typer

from headcount_lab.core.stats import ci_text, value_text


def _pct(r: dict[str, Any]) -> str:
    return f"{value_text(r['rate'], '7.2%')}  {ci_text(r['ci95'], '.2%', r['games'])}"


def merged_note(per_bot: list[dict[str, Any]]) -> str | None:
    """The line saying which rows pool identical bots (JSON: ``per_bot[].copies``), or None."""
    merged = [f"{b['label']} holds {b['copies']} seats" for b in per_bot if b["copies"] > 1]
    if not merged:
        return None
    return (
        "note: identical bots share one row, their seats pooled (win rate per seat taken): "
        + ", ".join(merged)
    )


def print_summary(s: dict[str, Any]) -> None:
    rules = ", ".join(f"{k}={v}" for k, v in s["rules"].items())
    typer.echo(
        f"{s['games']:,} games ({s['rounds']:,} rounds), {s['players']} players, seed {s['seed']}"
        f"{', rotating ' + str(s['seat_orders']) + ' seat orders' if s['rotate_seats'] else ''}"
    )
    typer.echo(f"rules: {rules}")
    width = max(12, *(len(b["label"]) for b in s["per_bot"]))
    typer.echo(f"{'bot':<{width}} {'win rate  [95% CI]':>30}  calls lost  peeks/round")
    for b in s["per_bot"]:
        calls = f"{b['calls_lost'] / b['calls']:.1%}" if b["calls"] else "-"
        peeks = b["peeks"] / b["rounds"] if b["rounds"] else 0.0
        typer.echo(f"{b['label']:<{width}} {_pct(b):>30}  {calls:>10}  {peeks:11.3f}")
    if note := merged_note(s["per_bot"]):
        typer.echo(note)
    labels = {b["bot"]: b["label"] for b in s["per_bot"]}
    if s.get("pairs"):
        typer.echo("differences, paired by deal [95% CI]:")
    deals = s["games"] // s["seat_orders"]  # the pairs' unit
    for d in s.get("pairs", []):
        diff = value_text(d["difference"], "+.2%")
        ci = ci_text(d["ci95"], "+.2%", deals, "deal")
        typer.echo(f"  {labels[d['a']]} - {labels[d['b']]}: {diff}  {ci}")
    typer.echo("by seat (seat 0 starts the first round):")
    for i, r in enumerate(s["per_seat"]):
        typer.echo(f"  seat {i}: {_pct(r)}")
    pr = s["per_round"]
    opening = pr["opening_bid"]
    typer.echo(
        f"per round: caller loses {pr['caller_loses']:.1%}, {pr['peeks_per_round']:.3f} peeks, "
        f"{pr['bids_per_round']:.2f} bids, opening bid {value_text(opening['mean'], '.1f')} "
        f"(sd {value_text(opening['sd'], '.1f')}), raise {pr['raise_size']['mean'] or 0:.2f} "
        f"(sd {pr['raise_size']['sd'] or 0:.2f}); ties {pr['ties']:.1%}"
    )
    rpg = s["rounds_per_game"]
    typer.echo(f"rounds per game: mean {rpg['mean']:.2f} (sd {rpg['sd']:.2f})")
    if s.get("rounds_per_second"):
        typer.echo(
            f"time: {s['seconds']['setup_and_compile']:.2f} s set-up, {s['seconds']['play']:.2f} s"
            f" play, {s['rounds_per_second'] / 1e6:.2f} M rounds/s"
        )
    if "record" in s:
        k = s["record"]["games"]
        typer.echo(f"recorded {k} game{'s' if k != 1 else ''} in {s['record']['file']}")
