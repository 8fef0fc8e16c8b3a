"""`realms lint` as CI sees it: exit codes, selection, formats, config and suppressions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from lint_support import REPO, base, lint_data, run_cli, scenario, tile, write

from editor.lint.findings import Finding
from editor.lint.output import github_line
from editor.lint.registry import is_enabled

TINY = scenario([tile("L1", 0, 0), tile("L2", 1, 0)])  # B001 error for 2 players


def strict_fifths(folder: Path) -> None:
    """base() is 2.2 regions off a fifth: inside the default 1/5 tolerance (2.5, the balance
    standard's), a B003 warning at 2.0 (set here for the files in ``folder``)."""
    (folder / "realms.toml").write_text("[lint.balance]\nfifth-rule-tolerance = 2.0\n",
                                        encoding="utf-8")


def test_clean_file_exits_0(tmp_path: Path) -> None:
    path = write(tmp_path, base())
    result = run_cli(str(path), "--select", "G,S,I,R")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All checks passed" in result.stdout


def test_error_exits_1_and_exit_zero_exits_0(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    result = run_cli(str(path))
    assert result.returncode == 1
    assert re.search(r"case\.realm\.json:\d+:\d+: B001 \[error\] \$\.boards: 2 land regions",
                     result.stdout)
    assert run_cli(str(path), "--exit-zero").returncode == 0


def test_fail_on_warning_counts_warnings(tmp_path: Path) -> None:
    strict_fifths(tmp_path)
    path = write(tmp_path, base())  # warnings only (balance), no errors
    assert run_cli(str(path), "--select", "B003").returncode == 0
    assert run_cli(str(path), "--select", "B003", "--fail-on", "warning").returncode == 1


@pytest.mark.parametrize("args", [["--select", "X9"], ["--ignore", "Q"], ["nowhere/"],
                                  ["--players", "9"], ["--config", "missing.toml"]])
def test_usage_errors_exit_2(args: list[str], tmp_path: Path) -> None:
    write(tmp_path, base())
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    folder = tmp_path / "odd.realm.json"
    folder.mkdir()  # a folder named like a scenario, given explicitly
    result = run_cli(str(folder), cwd=tmp_path)
    assert result.returncode == 0  # a folder is searched, not read: nothing to lint
    assert "no *.realm.json" in result.stderr
    missing = run_cli(str(tmp_path / "missing.realm.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    broken = write(tmp_path, "{", "broken.realm.json")
    result = run_cli(str(broken))
    assert result.returncode == 1 and "S002" in result.stdout


def test_select_and_ignore_prefixes() -> None:
    assert is_enabled("B003", ("ALL",), ())
    assert not is_enabled("B003", ("ALL",), ("B",))
    assert is_enabled("B003", ("ALL",), ("B00", "B")) is False
    assert is_enabled("B003", ("B003",), ("B",))  # more specific select wins
    assert not is_enabled("B003", ("B",), ("B",))  # equal: ignore wins
    assert not is_enabled("G001", ("B",), ())


def test_select_and_ignore_on_the_command_line(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    out = json.loads(run_cli(str(path), "--format", "json").stdout)
    assert "B001" in {f["code"] for f in out}
    only_b = json.loads(run_cli(str(path), "--format", "json", "--select", "B001").stdout)
    assert {f["code"] for f in only_b} == {"B001"}
    only_g = json.loads(run_cli(str(path), "--format", "json", "--select", "G").stdout)
    assert all(f["code"].startswith("G") for f in only_g)
    no_b = json.loads(run_cli(str(path), "--format", "json", "--ignore", "B").stdout)
    assert not [f for f in no_b if f["code"].startswith("B")]


def test_json_output_has_every_field(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    (finding,) = [f for f in json.loads(run_cli(str(path), "--format", "json").stdout)
                  if f["code"] == "B001"]
    assert finding["severity"] == "error" and finding["players"] == 2
    assert finding["json_path"] == "$.boards" and finding["line"] > 1
    assert finding["path"].endswith("case.realm.json")
    assert "aim for about 18" in finding["message"]  # says how to fix it


def test_sarif_validates_against_the_sarif_schema(tmp_path: Path) -> None:
    write(tmp_path, TINY)
    write(tmp_path, "{", "broken.realm.json")
    result = run_cli("--format", "sarif", ".", cwd=tmp_path)
    log = json.loads(result.stdout)
    sarif_schema = json.loads((REPO / "schemas" / "sarif-2.1.0.json").read_text("utf-8"))
    jsonschema.Draft4Validator(sarif_schema).validate(log)
    results = log["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"B001", "S002"}
    location = results[0]["locations"][0]["physicalLocation"]
    assert not location["artifactLocation"]["uri"].startswith("/")
    assert location["region"]["startLine"] >= 1 and location["region"]["startColumn"] >= 1


def test_github_annotations(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    lines = run_cli(str(path), "--format", "github").stdout.splitlines()
    assert any(re.fullmatch(r"::error file=[^,]+case\.realm\.json,line=\d+,col=\d+,"
                            r"title=B001::\$\.boards: 2 land regions .*", line)
               for line in lines), lines


def test_github_escaping() -> None:
    finding = Finding("B003", "warning", "50% off\nnext, line: x", "dir,a:b/f.realm.json",
                      "$", 3, 4)
    assert github_line(finding) == (
        "::warning file=dir%2Ca%3Ab/f.realm.json,line=3,col=4,title=B003::"
        "50%25 off%0Anext, line: x")


def test_statistics(tmp_path: Path) -> None:
    path = write(tmp_path, TINY)
    result = run_cli(str(path), "--statistics")
    assert re.search(r"^\s+1\s+B001\s+\[error\]", result.stdout, re.MULTILINE)


def test_counts_merge_into_one_finding(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0)], players=(2, 4),
                    markers=[{"kind": "peak", "region": "L1.s1"}])
    (finding,) = lint_data(tmp_path, data, "G008")
    assert finding.player_counts == (2, 3, 4) and finding.players is None
    assert "(for 2-4 players)" in finding.message


def test_players_option_limits_the_counts(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0)], players=(2, 4))
    out = json.loads(run_cli(str(write(tmp_path, data)), "--players", "3", "--format",
                             "json", "--select", "B001").stdout)
    assert [f["players"] for f in out] == [3]


def test_config_discovery_upward_and_closest_wins(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.realms.lint]\nignore = ["B"]\n')
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    write(nested, TINY)
    assert run_cli("--format", "json", ".", cwd=tmp_path).stdout.strip() == "[]"
    (tmp_path / "a" / "realms.toml").write_text('[lint]\nselect = ["B001"]\n')
    out = json.loads(run_cli("--format", "json", ".", cwd=tmp_path).stdout)
    assert {f["code"] for f in out} == {"B001"}
    explicit = tmp_path / "other.toml"
    explicit.write_text('[lint]\nselect = ["G"]\n[lint.balance]\nempty-run-length = 9\n')
    result = run_cli("--config", str(explicit), "--format", "json", ".", cwd=tmp_path)
    assert json.loads(result.stdout) == []


def test_config_thresholds_change_results(tmp_path: Path) -> None:
    write(tmp_path, TINY)
    (tmp_path / "realms.toml").write_text(
        '[lint.balance]\nregions-per-player-error = [0.5, 12]\nregions-per-player-warn = '
        '[0.5, 12]\n')
    out = json.loads(run_cli("--format", "json", "--select", "B00", ".", cwd=tmp_path).stdout)
    assert not [f for f in out if f["code"] in ("B001", "B002")]


@pytest.mark.parametrize("settings, said", [
    ("[lint]\nselekt = ['B']\n", "unknown setting 'selekt'"),
    # a negative count failed the inventory rule itself (S000, an IndexError)
    ("[lint.inventory]\nlost_tribe = -3\n",
     "realms.toml: inventory.lost_tribe: expected a whole number of 0 or more, got -3"),
    ("[lint.balance]\nfifth-rule-tolerance = '3'\n",  # it said "(<class 'int'>, ...)"
     "realms.toml: balance.fifth-rule-tolerance: expected a number, got a string '3'"),
    ("[lint]\nignore = ['ZZZ9']\n", "realms.toml: ignore: unknown rule selector 'ZZZ9'"),
    ("[lint]\nselect = []\n", "realms.toml: select = [] selects no rule"),
    # the place first, as editors and CI annotations read it
    ("[lint]\nignore = [\n", "realms.toml:3:1: invalid TOML: invalid value; fix the syntax"),
    ("[lint]\nignore = [1,\n x\n", "realms.toml:3:2: invalid TOML: invalid value; fix"),
])
def test_bad_config_is_a_usage_error_naming_the_file_and_key(
        tmp_path: Path, settings: str, said: str) -> None:
    write(tmp_path, TINY)
    (tmp_path / "realms.toml").write_text(settings)
    result = run_cli("--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert said in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_config_codes_are_read_as_the_command_line_reads_them(tmp_path: Path) -> None:
    """``ignore = ["b001"]`` is B001, as ``--ignore b001`` is (it was "unknown selector")."""
    write(tmp_path, TINY)
    (tmp_path / "realms.toml").write_text("[lint]\nignore = ['b001']\n")
    result = run_cli("--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr  # TINY's one finding is B001
    assert "B001" not in {f["code"] for f in json.loads(result.stdout)}


def test_a_config_file_without_lint_settings_is_refused(tmp_path: Path) -> None:
    """``--config other.toml`` holding no lint table changed nothing, silently."""
    write(tmp_path, TINY)
    (tmp_path / "other.toml").write_text("x = 1\n")
    result = run_cli("--no-cache", "--config", "other.toml", ".", cwd=tmp_path)
    assert result.returncode == 2 and "no [lint] or [tool.realms.lint] table" in result.stderr


@pytest.mark.parametrize("selection", ["", ",,"])
def test_an_empty_select_is_refused(tmp_path: Path, selection: str) -> None:
    """An empty CI variable in ``--select "$RULES"`` turned every rule off: a pass."""
    write(tmp_path, TINY)
    result = run_cli("--no-cache", "--select", selection, ".", cwd=tmp_path)
    assert result.returncode == 2 and "--select names no rule" in result.stderr


def test_suppressions_need_a_reason_and_match_code_players_region(tmp_path: Path) -> None:
    data = scenario([tile("L1", 0, 0), tile("L2", 1, 0)], players=(2, 3),
                    markers=[{"kind": "peak", "region": "L1.s1"}])
    data["lint"] = {"ignore": [
        {"code": "G008", "reason": "peak on the plain is this variant's point",
         "players": [2], "region": "L1.s1"},
        {"code": "B001", "reason": "tiny test realm"},
        {"code": "G001", "reason": "nothing overlaps: this entry is stale"},
    ]}
    findings = lint_data(tmp_path, data, "ALL")
    by_code = {f.code: f for f in findings}
    assert "B001" not in by_code
    assert by_code["G008"].player_counts == (3,)  # only the 2-player finding is suppressed
    assert by_code["R007"].json_path == "$.lint.ignore[2]"
    no_reason = json.loads(json.dumps(data))
    del no_reason["lint"]["ignore"][0]["reason"]
    assert "S003" in {f.code for f in lint_data(tmp_path, no_reason)}


def test_folders_are_searched_recursively(tmp_path: Path) -> None:
    (tmp_path / "deep" / "er").mkdir(parents=True)
    write(tmp_path / "deep" / "er", TINY, "x.realm.json")
    write(tmp_path, TINY, "notes.json")  # not a scenario name: skipped in folders
    out = json.loads(run_cli("--format", "json", "--select", "B001", ".", cwd=tmp_path).stdout)
    assert [Path(f["path"]).name for f in out] == ["x.realm.json"]


def test_jobs_give_the_same_findings(tmp_path: Path) -> None:
    for i in range(6):
        write(tmp_path, TINY if i % 2 else base(), f"s{i}.realm.json")
    one = run_cli("--format", "json", "--jobs", "1", ".", cwd=tmp_path).stdout
    two = run_cli("--format", "json", "--jobs", "2", ".", cwd=tmp_path).stdout
    assert json.loads(one) == json.loads(two) and json.loads(one)


def test_shipped_scenarios_pass() -> None:
    result = run_cli("scenarios/")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_files_are_linted_as_graph_only_boards(tmp_path: Path) -> None:
    from editor.export import export_bytes
    from editor.model.scenario_io import load_scenario

    loaded = load_scenario(write(tmp_path, TINY, "tiny.realm.json"))
    (tmp_path / "exports").mkdir()
    (tmp_path / "exports" / "tiny.engine.json").write_bytes(export_bytes(loaded, "engine", 2))
    out = json.loads(run_cli("--format", "json", "exports", cwd=tmp_path).stdout)
    assert {f["code"] for f in out} >= {"B001"}
    assert not [f for f in out if f["code"].startswith("S")], out
    assert all(f["path"].endswith("tiny.engine.json") for f in out)


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_every_format_exits_alike(tmp_path: Path, fmt: str) -> None:
    """JSON and GitHub output keep only what the exit status needs, not every finding:
    the status is the same in every format, with and without --statistics."""
    strict_fifths(tmp_path)
    clean = write(tmp_path, base(), "clean.realm.json")
    warned = write(tmp_path, base(), "warned.realm.json")
    failing = write(tmp_path, TINY, "failing.realm.json")
    broken = write(tmp_path, "{", "broken.realm.json")
    (tmp_path / "folder.realm.json").mkdir()  # an S001 from the walk, not from a file
    gone = tmp_path / "linked" / "gone.realm.json"  # an S001 of a file: a dangling link
    gone.parent.mkdir()
    gone.symlink_to(tmp_path / "nowhere.realm.json")
    cases = [
        ((str(clean), "--select", "G,S,I,R"), 0),
        ((str(warned), "--select", "B003"), 0),
        ((str(warned), "--select", "B003", "--fail-on", "warning"), 1),
        ((str(failing),), 1),
        ((str(failing), "--exit-zero"), 0),
        ((str(broken), "--select", "B"), 0),  # its S002 is not selected
        ((str(broken), str(failing)), 1),  # S002 is an error, not a linter failure
        ((str(gone.parent), str(clean), "--select", "G,S"), 2),
        ((str(tmp_path), "--select", "G"), 2),
        ((str(tmp_path), "--exit-zero"), 2),
    ]
    for args, status in cases:
        for extra in ((), ("--statistics",)):
            result = run_cli(*args, "--format", fmt, "--no-cache", *extra)
            assert result.returncode == status, (args, extra, result.stdout, result.stderr)
