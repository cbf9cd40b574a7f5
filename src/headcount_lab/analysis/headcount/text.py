"""How the Headcount report writes numbers in each language (its words are ``[headcount]`` in
``headcount_lab/words/<lang>.toml``, read by :mod:`headcount_lab.core.words`)."""

from __future__ import annotations


def fmt_num(x: float, lang: str, digits: int = 1, sign: bool = False) -> str:
    s = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "de" else s


def fmt_pct(x: float, lang: str, digits: int = 1) -> str:
    """A probability as a percentage: ``45.8%`` / ``45,8 %``."""
    s = fmt_num(100 * x, lang, digits)
    return f"{s} %" if lang == "de" else f"{s}%"


def fmt_pp(x: float, lang: str, digits: int = 1) -> str:
    """A difference of probabilities in percentage points, signed."""
    s = fmt_num(100 * x, lang, digits, sign=True)
    return f"{s} Pp." if lang == "de" else f"{s} pp"
