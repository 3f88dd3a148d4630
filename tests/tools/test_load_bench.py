"""The load benchmark (scripts/load_bench.py) on a real server, small: the tables arrive over the
ramp, every phase is reported, and the figures add up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from briscola.tools.bench.load import main

pytestmark = pytest.mark.tools


def test_a_short_run_reports_the_arrival_and_the_steady_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "load.json"
    args = ["--tables", "4", "--seconds", "3", "--ramp", "1", "--think", "0.1"]
    assert main([*args, "--bot-delay", "0", "--bot-workers", "0", "--json", str(out)]) == 0
    d = json.loads(out.read_text())
    assert d["errors"] == {}, d["errors"]
    assert d["ramp"] == 1 and d["tables"] == 4
    assert d["seconds"] == pytest.approx(4.0, abs=0.1)  # the ramp, then 3 s more
    arrival, steady = d["arrival"], d["steady"]
    assert arrival["create_ms"]["n"] == 4  # every table arrived in the arrival
    assert 0 < arrival["seconds"] < d["seconds"]
    assert arrival["seconds"] + steady["seconds"] == pytest.approx(d["seconds"], abs=0.15)
    assert d["ack_ms"]["n"] == arrival["ack_ms"]["n"] + steady["ack_ms"]["n"] > 0
    assert steady["moves_per_s"] > 0 and steady["server_cpu_ms_per_move"] is not None
    by_program = d["server_cpu_s_by_program"]  # one process: python alone, and all of it
    assert set(by_program) == {"python"}
    assert by_program["python"] == pytest.approx(d["server_cpu_s"], abs=0.1)
    text = capsys.readouterr().out
    assert "4 tables vs simple" in text and "steady" in text and "arrival" in text
