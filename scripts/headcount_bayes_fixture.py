"""Write the test figure of ``tests/headcount/fixtures/bayes_meter.json`` (issue 22 item 1).

The fixture keeps two kinds of figures of the best-response meter against three ``equilibrium``
seats at 4 players: ``test``, the small meter that ``tests/headcount/test_bayes.py`` runs again
and must reproduce exactly (written by this script), and ``cli``, the full meter before (main,
without the ``bayes`` responder) and after, copied from the JSON of the commands stored beside
them (``--cli-before FILE``, ``--cli-after FILE``: that command's ``--json`` output).

    PYTHONPATH=src python scripts/headcount_bayes_fixture.py [--cli-before F] [--cli-after F]
"""

from __future__ import annotations

import json
from pathlib import Path

from headcount_lab.core.scripts import OneLineParser

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "headcount" / "fixtures" / "bayes_meter.json"
TEST = {"budget": 1200, "games": 1000, "seed": 1}
CLI = "headcount-lab headcount exploit --players 4 --field equilibrium --seed 1 --json"


def _keep(result: dict) -> dict:
    keys = ("responder", "win_rate", "ci95", "gain", "gain_ci95", "fair_share", "games", "budget")
    return {k: result[k] for k in keys}


def main() -> None:
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.research.headcount.exploit import exploit

    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli-before", type=Path, help="JSON of the CLI meter on main")
    ap.add_argument("--cli-after", type=Path, help="JSON of the CLI meter with bayes")
    args = ap.parse_args()
    data = json.loads(FIXTURE.read_text(encoding="utf-8")) if FIXTURE.is_file() else {}
    r = exploit(4, "equilibrium", HeadcountRules(), bayes=True, **TEST)
    data["test"] = {
        "command": "PYTHONPATH=src python scripts/headcount_bayes_fixture.py",
        "call": "exploit(4, 'equilibrium', HeadcountRules(), budget=1200, games=1000, seed=1, "
        "bayes=True)",
        **_keep(r.as_dict()),
        **TEST,
    }
    cli = data.setdefault("cli", {})
    for name, path, note in (
        ("before", args.cli_before, "on main (97bfae0), before the bayes responder"),
        ("after", args.cli_after, "with the bayes responder (the CLI's default --bayes)"),
    ):
        if path is not None:
            cli[name] = {"command": CLI, "note": note,
                         **_keep(json.loads(path.read_text(encoding="utf-8")))}  # fmt: skip
    FIXTURE.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE.relative_to(ROOT)}: test gain {r.gain:+.4f} {r.gain_ci95}")


if __name__ == "__main__":
    main()
