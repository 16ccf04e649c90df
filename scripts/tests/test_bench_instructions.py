"""The instruction rows' check (scripts/bench/instruction_rows.py): what `make bench QUICK=1`
fails on, and what it says to save again."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import instruction_rows  # noqa: E402


def rows(**figures):
    return {key: {"label": key, "programs": {"flowshell": value, "cmd": 100_000}} for key, value in figures.items()}


def test_a_row_more_than_ten_percent_above_its_reference_fails():
    worse, better = instruction_rows.regressions(rows(filter=111_000), {"rows": rows(filter=100_000)})
    assert worse == ["filter: 111 k instructions against 100 k (+11%)"]
    assert better == []


def test_a_row_within_ten_percent_of_its_reference_passes():
    worse, better = instruction_rows.regressions(rows(filter=109_000, help=91_000),
                                                 {"rows": rows(filter=100_000, help=100_000)})
    assert worse == [] and better == []


def test_a_row_more_than_ten_percent_below_is_named_for_saving_again():
    worse, better = instruction_rows.regressions(rows(help=80_000), {"rows": rows(help=100_000)})
    assert worse == []
    assert better == ["help: 80 k instructions against 100 k (-20%)"]


def test_a_row_the_reference_lacks_is_not_checked():
    worse, better = instruction_rows.regressions(rows(where=500_000), {"rows": rows(filter=100_000)})
    assert worse == [] and better == []


def test_counts_read_in_thousands_and_millions():
    assert [instruction_rows.count_text(v) for v in (950, 22_700, 1_620_000)] == ["950", "22.7 k", "1.62 M"]
