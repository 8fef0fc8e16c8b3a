"""Usage errors name the subcommand and suggest the option or value the user meant."""

from __future__ import annotations

import pytest

from editor.cli.main import main


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(list(argv))
    assert exited.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_an_unknown_option_is_blamed_on_the_subcommand(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "lint", "--selct", "S", "x.realm.json")
    assert line == ("realms lint: error: unrecognized arguments: --selct "
                    "(did you mean --select?)")


def test_an_option_with_a_value_is_matched_by_its_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "lint", "--exitzero", "--failon=warning")
    assert line == ("realms lint: error: unrecognized arguments: --exitzero (did you mean "
                    "--exit-zero?) --failon=warning (did you mean --fail-on?)")


def test_an_option_with_nothing_close_gets_no_suggestion(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "derive", "x.realm.json", "--zzzzzz")
    assert line == "realms derive: error: unrecognized arguments: --zzzzzz"


def test_an_option_before_the_subcommand_is_blamed_on_realms(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "--verison", "lint")
    assert line == "realms: error: unrecognized arguments: --verison (did you mean --version?)"


def test_a_mistyped_subcommand_is_suggested(capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "lnt", "x.realm.json")
    assert line.startswith("realms: error: argument COMMAND: invalid choice: 'lnt'")
    assert line.endswith("(did you mean 'lint'?)")


def test_a_mistyped_choice_is_suggested(capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "lint", "--fail-on", "warn")
    assert line.startswith("realms lint: error: argument --fail-on: invalid choice: 'warn'")
    assert line.endswith("(did you mean 'warning'?)")


def test_a_missing_argument_names_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    line = usage_error(capsys, "new")
    assert line.startswith("realms new: error: the following arguments are required")
