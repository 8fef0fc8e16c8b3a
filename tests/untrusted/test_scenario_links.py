"""Scenario paths go through one gate (editor/model/user_paths.py): a symbolic link that
leaves the collection root, a FIFO, a device or a link loop is refused with one line and
exit 2 by every command, and nothing of the refused file is printed (issue 27, point 2)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from untrusted_support import no_traceback, run_cli, small_scenario, write_json

from editor.lint.runner import lint_path
from editor.model.errors import LoadError
from editor.model.scenario_io import load_scenario

CANARY = "CANARY-7f3a9"

# Every command that reads a scenario, as issue 27 lists them ({} is the scenario path).
COMMANDS = [
    ("lint", "{}"),
    ("lint", "--show-source", "{}"),
    ("lint", "--format", "json", "{}"),
    ("format", "--check", "{}"),
    ("format", "--diff", "{}"),
    ("format", "{}"),
    ("derive", "{}"),
    ("export", "{}", "--to", "engine", "--players", "2", "-o", "-"),
    ("balance", "{}"),
]


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    """outside/secret.realm.json (a valid scenario whose title is a canary, and a file whose
    only content is a canary) beside a collection holding links to them."""
    outside = tmp_path / "outside"
    outside.mkdir()
    data = small_scenario()
    data["title"] = CANARY
    write_json(outside / "secret.realm.json", data)
    (outside / "secret.json").write_text(json.dumps({"id": CANARY}))
    collection = tmp_path / "coll"
    collection.mkdir()
    write_json(collection / "good.realm.json", small_scenario())
    return {"outside": outside, "collection": collection, "tmp": tmp_path}


def _args(command: tuple[str, ...], path: Path) -> list[str]:
    return [str(path) if part == "{}" else part for part in command]


def _refused(result: object, needle: str = "outside the collection root") -> None:
    no_traceback(result)  # type: ignore[arg-type]
    both = result.stdout + result.stderr  # type: ignore[attr-defined]
    assert result.returncode == 2, both  # type: ignore[attr-defined]
    assert CANARY not in both, both
    assert needle in both, both


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
@pytest.mark.parametrize("target", ["secret.realm.json", "secret.json"])
def test_link_out_of_the_collection_is_refused_by_every_command(
        world: dict[str, Path], command: tuple[str, ...], target: str) -> None:
    link = world["collection"] / "x.realm.json"
    link.symlink_to(Path("..") / "outside" / target)
    before = (world["outside"] / target).read_bytes()
    _refused(run_cli(*_args(command, link)))
    assert (world["outside"] / target).read_bytes() == before  # format wrote nothing


@pytest.mark.parametrize("command", [("lint", "{}"), ("lint", "--show-source", "{}"),
                                     ("format", "--check", "{}"), ("format", "--diff", "{}")],
                         ids=lambda c: " ".join(c))
def test_folder_commands_refuse_a_link_out_and_check_the_rest(
        world: dict[str, Path], command: tuple[str, ...]) -> None:
    (world["collection"] / "x.realm.json").symlink_to("../outside/secret.json")
    result = run_cli(*_args(command, world["collection"]))
    _refused(result)
    assert "x.realm.json" in result.stdout + result.stderr


def test_show_source_never_quotes_the_environment(world: dict[str, Path]) -> None:
    link = world["collection"] / "env.realm.json"
    link.symlink_to("/proc/self/environ")
    os.environ["REALMS_TEST_CANARY"] = CANARY
    try:
        _refused(run_cli("lint", "--show-source", str(link)))
        _refused(run_cli("lint", "--show-source", str(world["collection"])))
    finally:
        del os.environ["REALMS_TEST_CANARY"]


def test_a_folder_given_as_a_link_out_of_its_collection_is_not_searched(
        world: dict[str, Path]) -> None:
    (world["tmp"] / "realms.toml").write_text("[lint]\n")
    (world["collection"] / "linked").symlink_to("/" + str(world["outside"]).lstrip("/"))
    # outside/ is inside tmp's collection: allowed; a folder outside tmp is not
    elsewhere = world["tmp"].parent / (world["tmp"].name + "-elsewhere")
    elsewhere.mkdir()
    try:
        write_json(elsewhere / "e.realm.json", {"title": CANARY})
        (world["collection"] / "far").symlink_to(elsewhere)
        _refused(run_cli("lint", str(world["collection"] / "far")))
        _refused(run_cli("format", "--check", str(world["collection"] / "far")))
        ok = run_cli("lint", "--select", "S", str(world["collection"] / "linked"))
        assert ok.returncode == 0, ok.stdout + ok.stderr
    finally:
        for child in elsewhere.iterdir():
            child.unlink()
        elsewhere.rmdir()


def test_links_inside_the_collection_still_work(world: dict[str, Path]) -> None:
    (world["collection"] / "realms.toml").write_text("[lint]\n")
    (world["collection"] / "sub").mkdir()
    (world["collection"] / "sub" / "alias.realm.json").symlink_to("../good.realm.json")
    (world["collection"] / "same.realm.json").symlink_to("good.realm.json")
    result = run_cli("lint", "--select", "S", str(world["collection"]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert load_scenario(world["collection"] / "sub" / "alias.realm.json").scenario.title


def test_without_a_marker_the_root_is_the_links_own_folder(world: dict[str, Path]) -> None:
    """The catalogue rule: no realms.toml, pyproject.toml [tool.realms] or .git upward, so
    a link may point only into its own folder (and below)."""
    (world["collection"] / "same.realm.json").symlink_to("good.realm.json")
    (world["collection"] / "sub").mkdir()
    (world["collection"] / "sub" / "up.realm.json").symlink_to("../good.realm.json")
    assert run_cli("derive", str(world["collection"] / "same.realm.json")).returncode == 0
    result = run_cli("derive", str(world["collection"] / "sub" / "up.realm.json"))
    assert result.returncode == 2 and "realms.toml" in result.stderr, result.stderr


def test_catalogue_roots_widens_the_root_for_scenarios_too(world: dict[str, Path]) -> None:
    link = world["collection"] / "x.realm.json"
    link.symlink_to("../outside/secret.realm.json")
    _refused(run_cli("derive", str(link)))
    (world["collection"] / "realms.toml").write_text('catalogue-roots = ["../outside"]\n')
    result = run_cli("derive", str(link))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop", "dangling"])
def test_special_files_and_broken_links_are_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x.realm.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path.name)
    else:
        path.symlink_to("missing.realm.json")
    for command in COMMANDS:
        result = run_cli(*_args(command, path), timeout=20)
        no_traceback(result)
        assert result.returncode == 2, (command, result.stdout + result.stderr)
        if "json" not in command:
            assert len((result.stdout + result.stderr).strip().splitlines()) <= 3


def test_the_public_api_refuses_too(world: dict[str, Path]) -> None:
    link = world["collection"] / "x.realm.json"
    link.symlink_to("../outside/secret.realm.json")
    with pytest.raises(LoadError, match="outside the collection root"):
        load_scenario(link)
    findings = lint_path(link)
    assert [f.code for f in findings] == ["S001"]
    assert CANARY not in findings[0].message


def test_import_refuses_a_link_out(world: dict[str, Path]) -> None:
    link = world["collection"] / "e.engine.json"
    link.symlink_to("../outside/secret.json")
    out = world["collection"] / "imported.realm.json"
    _refused(run_cli("import", str(link), "--from", "engine", "-o", str(out)))
    assert not out.exists()


@pytest.mark.parametrize("target", [".git/config", ".env", ".git/hooks/x.json"])
def test_links_into_git_or_to_non_json_files_are_refused(world: dict[str, Path],
                                                         target: str) -> None:
    """Inside the root, but never a scenario: .git holds the checkout's token, and CI
    writes secrets into workspace files such as .env."""
    collection = world["collection"]
    secret = collection / target
    secret.parent.mkdir(parents=True, exist_ok=True)
    secret.write_text(json.dumps({"id": CANARY}))
    (collection / ".git").mkdir(exist_ok=True)  # the marker: the root is the collection
    link = collection / "x.realm.json"
    link.symlink_to(target)
    for command in COMMANDS:
        _refused(run_cli(*_args(command, link)), "not a scenario")
