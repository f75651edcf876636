"""Every benchmark ends the same way: its lines printed, then its section of RESULTS.md written
unless ``BENCH_RECORD=0``, through ``bench.results.publish``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import results

BENCHES = sorted(Path(results.__file__).parent.glob("bench_*.py"))


@pytest.fixture
def results_file(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "RESULTS.md"
    monkeypatch.setattr(results, "RESULTS", path)
    monkeypatch.delenv("BENCH_RECORD", raising=False)
    return path


def test_publish_prints_the_lines_and_writes_them_as_the_section(results_file, capsys):
    results.publish("Dice", ["| a | b |", "", "Load average 1.0 at the end."])
    assert capsys.readouterr().out == "| a | b |\n\nLoad average 1.0 at the end.\n"
    assert results_file.read_text() == (
        results.HEADER + "\n## Dice\n\n| a | b |\n\nLoad average 1.0 at the end.\n"
    )


def test_a_stamped_section_says_when_and_where_it_ran_above_what_was_printed(results_file, capsys):
    results.publish("Dice", ["one line"], stamped=True)
    assert capsys.readouterr().out == "one line\n"
    section = results_file.read_text().split("## Dice\n\n", 1)[1]
    first, blank, line = section.splitlines()
    assert first.startswith("Run ") and first.endswith(f" on {results.machine()}.")
    assert (blank, line) == ("", "one line")


@pytest.mark.parametrize("setting, record", [("0", True), ("1", False)])
def test_bench_record_0_or_record_false_only_prints(results_file, capsys, monkeypatch, setting, record):
    monkeypatch.setenv("BENCH_RECORD", setting)
    results.publish("Dice", ["one line"], record=record)
    assert capsys.readouterr().out == "one line\n"
    assert not results_file.exists()


def test_a_bench_record_other_than_0_writes(results_file, monkeypatch):
    monkeypatch.setenv("BENCH_RECORD", "true")
    results.publish("Dice", ["one line"])
    assert "one line" in results_file.read_text()


@pytest.mark.parametrize("bench", BENCHES, ids=lambda path: path.stem)
def test_every_bench_publishes_through_the_one_function(bench):
    source = bench.read_text()
    assert "publish(" in source
    assert "write_section" not in source and 'BENCH_RECORD", ' not in source
