"""The realms the consistency suite runs every command on (issue 29): every shipped scenario,
the three templates, 10 generated and 5 realised realms, each at every count it supports.

Generated and realised realms come from the commands themselves (``realms generate``,
``realms realise`` on booklet scenario 9, the one built during play) with fixed seeds, so a
failure names a file anyone can make again with the printed command.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "scenarios"
DYNAMIC = SCENARIOS / "booklet" / "09-a-game-of-gods.realm.json"

# (players, world, seed): counts 2-6 twice over, each world at least twice.
GENERATED: tuple[tuple[int, str, int], ...] = (
    (2, "surface", 11), (2, "underground", 12), (3, "surface", 13), (3, "both", 14),
    (4, "surface", 15), (4, "underground", 16), (5, "surface", 17), (5, "both", 18),
    (6, "surface", 19), (6, "surface", 20))
# (players, world, seed) for `realms realise` of scenario 9.
REALISED: tuple[tuple[int, str, int], ...] = (
    (2, "surface", 21), (3, "underground", 22), (4, "both", 23), (5, "surface", 24),
    (6, "surface", 25))


@dataclass(frozen=True)
class Realm:
    """One file of the corpus: ``name`` is the test id, ``command`` how it was made."""

    name: str
    path: Path
    command: str

    @property
    def counts(self) -> tuple[int, ...]:
        players = json.loads(self.path.read_text(encoding="utf-8"))["players"]
        return tuple(range(players["min"], players["max"] + 1))

    @property
    def empty(self) -> bool:
        """No board yet (a template, or scenario 9 before it is realised): nothing to export
        or measure, and every command says so."""
        boards = json.loads(self.path.read_text(encoding="utf-8"))["boards"]
        return not any(board.get("tiles") or board.get("graph") for board in boards)


def shipped() -> list[Path]:
    return sorted(SCENARIOS.glob("**/*.realm.json"))


def shipped_name(path: Path) -> str:
    return path.relative_to(SCENARIOS).as_posix().removesuffix(".realm.json")


def generated_name(players: int, world: str, seed: int) -> str:
    return f"generated-{players}p-{world}-seed{seed}"


def realised_name(players: int, world: str, seed: int) -> str:
    return f"realised-{players}p-{world}-seed{seed}"


NAMES: tuple[str, ...] = (*map(shipped_name, shipped()),
                          *(generated_name(*g) for g in GENERATED),
                          *(realised_name(*r) for r in REALISED))


def _made(folder: Path, name: str, args: list[str]) -> Realm:
    path = folder / f"{name}.realm.json"
    command = "realms " + " ".join([*args, "-o", path.name])
    if not path.exists():
        result = run_cli(*args, "-o", path, "--force")
        assert result.returncode == 0, f"{command}: {result.stderr}"
    return Realm(name, path, command)


def build(folder: Path) -> dict[str, Realm]:
    """Every realm of the corpus by name; generated and realised ones written to ``folder``
    (kept when already there: the seeds make them the same)."""
    folder.mkdir(parents=True, exist_ok=True)
    realms = {shipped_name(p): Realm(shipped_name(p), p, p.relative_to(REPO).as_posix())
              for p in shipped()}
    for players, world, seed in GENERATED:
        name = generated_name(players, world, seed)
        realms[name] = _made(folder, name, ["generate", "--players", str(players), "--world",
                                            world, "--seed", str(seed)])
    for players, world, seed in REALISED:
        name = realised_name(players, world, seed)
        realms[name] = _made(folder, name, ["realise", str(DYNAMIC), "--players",
                                            str(players), "--world", world, "--seed",
                                            str(seed)])
    return realms
