"""The real engines (smawg, cestpasphoto) for tests that play an export in them.

Neither engine is on the package index. ``bash scripts/quickstart.sh test`` installs smawg
(and the ``play`` and ``cestpasphoto`` extras) from ``../shared/engines`` beside the repo
root when that folder exists (``REALMS_ENGINES_DIR`` overrides it, for both). Without it a
real-engine test skips with the reason; with ``CI`` set it fails, because CI must play the
exports in the engines, not stand-ins.

Fixtures (registered in tests/conftest.py, so any test folder may ask for them):

- ``real_smawg``: the installed ``smawg`` package (its ``Game``, ``RulesViolation``...);
  :func:`load_rules` imports a rules plugin file the way ``smawg play --rules=FILE`` does.
- ``real_cestpasphoto``: a :class:`Cestpasphoto` runner that plays an exported map module
  in a copy of the engine, in a subprocess (interpreted, or compiled by numba: see its
  docstring).

Only runs in these engines are "played in the engine"; tests/export/engine_play.py holds the
fast stand-ins.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
ENGINES_ENV = "REALMS_ENGINES_DIR"
CACHE_ENV = "REALMS_ENGINE_CACHE"  # where copies of cestpasphoto and numba's cache live
DRIVER = TESTS / "engines" / "cestpasphoto_driver.py"
INSTALL_HINT = "run `bash scripts/quickstart.sh test`, which installs it from that folder"


def engines_dir() -> Path:
    """``$REALMS_ENGINES_DIR``, else ``../shared/engines`` from the repo root (as on CI)."""
    override = os.environ.get(ENGINES_ENV)
    return Path(override) if override else (REPO.parent / "shared" / "engines")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason: str) -> NoReturn:
    """Skip with ``reason``; on CI (``CI`` set) fail instead: CI must play the real engines."""
    if in_ci():
        pytest.fail(f"real engine unavailable on CI: {reason}", pytrace=False)
    pytest.skip(reason)


def require_engine_folder(name: str) -> Path:
    folder = engines_dir() / name
    if not folder.is_dir():
        unavailable(f"the real {name} engine is not at {folder} (a snapshot lives in "
                    f"../shared/engines beside the repo root; set {ENGINES_ENV} to point "
                    "elsewhere)")
    return folder


def require_smawg() -> ModuleType:
    """The installed smawg, when the engines' folder is there."""
    require_engine_folder("smawg")
    try:
        import smawg
    except ImportError as exc:
        unavailable(f"smawg is not installed in this environment ({exc}); {INSTALL_HINT}")
    return smawg


_loaded_rules: dict[Path, type] = {}


def load_rules(path: Path) -> type:
    """The ``Rules`` class of a plugin file, as ``smawg play --rules=FILE`` finds it (the
    class must be named ``Rules``); each file under its own module name, so two plugins
    with the same file name in different folders do not shadow each other."""
    path = path.resolve()
    if path not in _loaded_rules:
        name = "realms_plugin_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        _loaded_rules[path] = module.Rules
    return _loaded_rules[path]


def engine_cache_dir() -> Path:
    """A writable folder kept between runs: the copies of cestpasphoto per map and numba's
    on-disk cache (``NUMBA_CACHE_DIR``). Inside the virtual environment that runs the tests
    (``.venv/engine-cache``, which git ignores), else in the temporary folder;
    ``REALMS_ENGINE_CACHE`` overrides both."""
    override = os.environ.get(CACHE_ENV)
    if override:
        folder = Path(override)
    elif sys.prefix != sys.base_prefix:
        folder = Path(sys.prefix) / "engine-cache"
    else:
        folder = Path(tempfile.gettempdir()) / "realms-engine-cache"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True)
class GameRecord:
    """One game played to its end in cestpasphoto."""

    seed: int
    moves: int
    rounds: int  # the engine's round counter at the end (NB_ROUNDS + 1 when over)
    scores: list[int]
    first_attacks: list[int]  # the areas of conquests under the border rule (entries)
    ended: bool


class Cestpasphoto:
    """Plays an exported ``SmallworldMaps_<N>pl.py`` in a copy of cestpasphoto's engine.

    The engine reads its map and ``NUMBER_PLAYERS`` as module globals (numba compiles them
    in as constants), so each (map, count) has its own copy of the engine, in
    :func:`engine_cache_dir` under the hash of the engine and the map. One driver process
    plays a list of maps, each in a child forked after numpy and numba are imported: no
    clash between two engines' ``smallworld`` packages, and one import for all. The games
    run interpreted by default: numba's compile is about a minute of CPU per map and cannot
    be cached (its jitclass ``Board`` is compiled again in every process), while the
    interpreted engine plays a map in a tenth of a second; one test plays a map compiled
    (``NUMBA_OPT=0``) and checks that the games are the same (docs/performance.md, "Games
    in the real cestpasphoto engine").
    """

    def __init__(self, source: Path) -> None:
        self.source = source
        self.cache = engine_cache_dir()

    def _engine_hash(self) -> str:
        digest = hashlib.sha256()
        for path in sorted(self.source.rglob("*.py")):
            digest.update(path.relative_to(self.source).as_posix().encode())
            digest.update(path.read_bytes())
        return digest.hexdigest()

    def prepare(self, map_text: str, players: int) -> Path:
        """A copy of the engine that plays ``map_text`` for ``players`` players."""
        key = hashlib.sha256(
            f"{self._engine_hash()}\n{players}\n{map_text}".encode()).hexdigest()[:20]
        copy = self.cache / f"cestpasphoto-{players}pl-{key}"
        if copy.is_dir():
            return copy
        # built aside, then renamed into place: two workers never see a half-made copy
        building = Path(tempfile.mkdtemp(prefix=f"{copy.name}.", dir=self.cache)) / "engine"
        shutil.copytree(self.source, building, ignore=shutil.ignore_patterns("__pycache__"))
        for path in [building, *building.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)  # the snapshot may be read-only
        package = building / "smallworld"
        constants = package / "SmallworldConstants.py"
        text, count = re.subn(r"(?m)^NUMBER_PLAYERS = \d+", f"NUMBER_PLAYERS = {players}",
                              constants.read_text(encoding="utf-8"))
        assert count == 1, f"{constants}: no NUMBER_PLAYERS line to set"
        constants.write_text(text, encoding="utf-8")
        (package / f"SmallworldMaps_{players}pl.py").write_text(map_text, encoding="utf-8")
        try:
            building.rename(copy)
        except OSError:  # another worker made it first
            if not copy.is_dir():
                raise
        shutil.rmtree(building.parent, ignore_errors=True)
        return copy

    def play_many(self, maps: list[tuple[str, int, list[int]]], *, compiled: bool = False,
                  timeout: float = 3600.0) -> list[list[GameRecord]]:
        """Play one game per seed to its end on each ``(map_text, players, seeds)``, each move
        drawn at random among the moves the engine says are valid; returns what each game
        did, map by map.

        Interpreted (``NUMBA_DISABLE_JIT=1``, the default) the engine's own Python runs as
        written, a map in about a tenth of a second; ``compiled`` runs it through numba
        (``NUMBA_OPT=0``), about a minute of compile per map: the games are the same
        (``test_the_compiled_engine_plays_the_same_games``)."""
        jobs = [{"engine": str(self.prepare(text, players)), "seeds": seeds}
                for text, players, seeds in maps]
        env = {**os.environ, "NUMBA_CACHE_DIR": str(self.cache / "numba")}
        if compiled:
            env["NUMBA_OPT"] = os.environ.get("NUMBA_OPT", "0")
            env.pop("NUMBA_DISABLE_JIT", None)
        else:
            env["NUMBA_DISABLE_JIT"] = "1"
        done = subprocess.run([sys.executable, str(DRIVER), json.dumps(jobs)],
                              capture_output=True, text=True, env=env, timeout=timeout,
                              check=False)
        if done.returncode != 0:
            raise AssertionError(f"cestpasphoto failed:\n{done.stderr[-4000:]}")
        games: list[list[GameRecord]] = [[] for _ in jobs]
        for line in done.stdout.splitlines():
            if line.startswith("{"):
                row: dict[str, Any] = json.loads(line)
                games[row.pop("job")].append(GameRecord(**row))
        return games

    def play(self, map_text: str, players: int, seeds: list[int], *,
             compiled: bool = False) -> list[GameRecord]:
        """:meth:`play_many` for one map."""
        (games,) = self.play_many([(map_text, players, seeds)], compiled=compiled)
        return games


def require_cestpasphoto() -> Cestpasphoto:
    source = require_engine_folder("cestpasphoto")
    missing = [name for name in ("numba", "numpy", "colorama")
               if importlib.util.find_spec(name) is None]
    if missing:
        unavailable(f"cestpasphoto needs {', '.join(missing)} (the `cestpasphoto` extra); "
                    f"{INSTALL_HINT}")
    return Cestpasphoto(source)
