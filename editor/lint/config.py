"""Lint settings: rule selection and every threshold.

Defaults live in ``editor/data/lint-defaults.toml``. A collection overrides them
in ``pyproject.toml`` (``[tool.realms.lint]``) or ``realms.toml`` (``[lint]``),
found upward from each linted file, or with ``--config``; the command line's
``--select``/``--ignore`` come last.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from editor.lint.findings import SEVERITIES
from editor.model.paths import data_file

DEFAULTS_PATH = data_file("lint-defaults.toml")
CONFIG_NAMES = ("realms.toml", "pyproject.toml")


class ConfigError(ValueError):
    """A configuration file that cannot be used; ``str()`` is the line to print."""


@dataclass(frozen=True)
class BalanceSettings:
    regions_per_player_target: float
    regions_per_player_warn: tuple[float, float]
    regions_per_player_error: tuple[float, float]
    count_water: bool
    fifth_rule_tolerance: float
    empty_run_length: int
    terrains: tuple[str, ...]
    symbols: tuple[str, ...]
    underground_terrains: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScenarioSettings:
    default_turns: dict[int, int]
    sky_islands_turn_less: tuple[int, ...]
    sky_access_min_distance: int


@dataclass(frozen=True)
class LintConfig:
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fail_on: str
    balance: BalanceSettings
    inventory: dict[str, int]
    scenario: ScenarioSettings
    source: str = "defaults"

    def with_selection(self, select: tuple[str, ...] | None,
                       ignore: tuple[str, ...]) -> LintConfig:
        """Command-line selection: ``--select`` replaces, ``--ignore`` adds (none: this very
        config, which is frozen; lint asks once per file)."""
        if select is None and not ignore:
            return self
        return replace(self, select=select if select is not None else self.select,
                       ignore=self.ignore + ignore)


_KIND_NAMES = {int: "a whole number", float: "a number", bool: "true or false",
               str: "a string", dict: "a table", list: "a list"}


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if set(kinds) == {int, float}:
        return "a number"
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


def _expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    if isinstance(value, bool) and kind is not bool and bool not in (
            kind if isinstance(kind, tuple) else (kind,)):
        raise ConfigError(f"{where}: expected {_kind_name(kind)}, got true/false")
    if not isinstance(value, kind):
        got = _KIND_NAMES.get(type(value), type(value).__name__)
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
        raise ConfigError(f"{where}: expected {_kind_name(kind)}, got {got} {shown}")
    return value


def _count(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` (and up to ``high``): a count of pieces, turns, a
    distance (a negative one made the inventory rule fail with an IndexError)."""
    number: int = _expect(value, int, where)
    if number < low or (high is not None and number > high):
        bound = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise ConfigError(f"{where}: expected a whole number {bound}, got {number}")
    return number


def _selectors(value: Any, where: str, key: str) -> tuple[str, ...]:
    """select or ignore: rule codes and prefixes, upper-cased as on the command line
    (``g011`` is ``G011``); ``select = []`` would turn every rule off, so it is refused."""
    codes = tuple(code.strip().upper() for code in _strings(value, f"{where}: {key}"))
    if key == "select" and not any(codes):
        raise ConfigError(f"{where}: select = {value!r} selects no rule, so lint would pass "
                          'every file; name codes or prefixes, or remove it ("ALL" is the '
                          "default)")
    return tuple(code for code in codes if code)


def _pair(value: Any, where: str) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            or value[0] > value[1]):
        raise ConfigError(f"{where}: expected [low, high] numbers, got {value!r}")
    return (float(value[0]), float(value[1]))


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: expected a list of strings, got {value!r}")
    return tuple(value)


def _merge(base: dict[str, Any], override: dict[str, Any], where: str) -> dict[str, Any]:
    """Overlay user settings on the defaults, refusing keys the defaults do not have."""
    merged = dict(base)
    for key, value in override.items():
        if key not in base:
            raise ConfigError(f"{where}: unknown setting {key!r}; known: {', '.join(sorted(base))}")
        if isinstance(base[key], dict) and key != "default-turns":
            if not isinstance(value, dict):
                raise ConfigError(f"{where}.{key}: expected a table")
            merged[key] = _merge(base[key], value, f"{where}.{key}")
        else:
            merged[key] = value
    return merged


def _build(raw: dict[str, Any], source: str) -> LintConfig:
    where = source
    fail_on = _expect(raw["fail-on"], str, f"{where}: fail-on")
    if fail_on not in SEVERITIES:
        raise ConfigError(f"{where}: fail-on must be one of error, warning, info")
    b = raw["balance"]
    at = f"{where}: balance."
    balance = BalanceSettings(
        float(_expect(b["regions-per-player-target"], (int, float),
                      f"{at}regions-per-player-target")),
        _pair(b["regions-per-player-warn"], f"{at}regions-per-player-warn"),
        _pair(b["regions-per-player-error"], f"{at}regions-per-player-error"),
        _expect(b["count-water"], bool, f"{at}count-water"),
        float(_expect(b["fifth-rule-tolerance"], (int, float), f"{at}fifth-rule-tolerance")),
        _count(b["empty-run-length"], f"{at}empty-run-length", low=1),
        _strings(b["terrains"], f"{at}terrains"),
        _strings(b["symbols"], f"{at}symbols"),
        _strings(b["underground-terrains"], f"{at}underground-terrains"),
    )
    inventory = {k: _count(v, f"{where}: inventory.{k}") for k, v in raw["inventory"].items()}
    s = raw["scenario"]
    at = f"{where}: scenario."
    turns_raw = _expect(s["default-turns"], dict, f"{at}default-turns")
    try:
        turns = {int(k): _count(v, f"{at}default-turns.{k}", low=1, high=30)
                 for k, v in turns_raw.items()}
    except ValueError:
        raise ConfigError(f"{at}default-turns: its keys are player counts, \"2\" to \"6\"") \
            from None
    scenario = ScenarioSettings(
        turns,
        tuple(_count(v, f"{at}sky-islands-turn-less", high=30)
              for v in _expect(s["sky-islands-turn-less"], list, f"{at}sky-islands-turn-less")),
        _count(s["sky-access-min-distance"], f"{at}sky-access-min-distance"),
    )
    return LintConfig(
        _selectors(raw["select"], where, "select"),
        _selectors(raw["ignore"], where, "ignore"),
        fail_on, balance, inventory, scenario, source,
    )


def _toml_number(token: str) -> int | float:
    """Integral TOML floats (``2.0``) as ``int``, as scenario files are read."""
    value = float(token)
    return int(value) if value.is_integer() else value


@cache
def _default_table() -> dict[str, Any]:
    with DEFAULTS_PATH.open("rb") as handle:
        return tomllib.load(handle, parse_float=_toml_number)


def default_config() -> LintConfig:
    return _build(_default_table(), "defaults")


def _read_toml(path: Path) -> dict[str, Any]:
    """A config file, read with the checks every input gets (regular file, size cap), so
    ``--config`` naming a FIFO or a device cannot hang the run."""
    from editor.model.errors import LoadError
    from editor.model.jsonio import read_limited_bytes

    text = ""
    try:
        raw = read_limited_bytes(path)
        text = raw.decode("utf-8")
        return tomllib.loads(text, parse_float=_toml_number)
    except LoadError as exc:
        raise ConfigError(f"{path}: {exc.message}; {exc.hint}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        # "Unclosed array (at line 3, column 1)": the place goes first, as editors read it
        where = _TOML_PLACE.search(str(exc))
        what = _TOML_PLACE.sub("", str(exc)).replace("(at end of document)", "").strip()
        if where:
            at = f"{path}:{where['line']}:{where['column']}"
        else:  # "(at end of document)": after the last character
            last = text.rsplit("\n", 1)[-1]
            at = f"{path}:{text.count(chr(10)) + 1}:{len(last) + 1}"
        raise ConfigError(f"{at}: invalid TOML: {what[:1].lower()}{what[1:]}; fix the "
                          "syntax there (toml.io lists it)") from None


_TOML_PLACE = re.compile(r"\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)")


def _lint_table(path: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    """The lint table of a config file, or None when the file has none."""
    table: Any = data.get("tool", {}).get("realms", {}).get("lint")
    if table is None and path.name != "pyproject.toml":
        table = data.get("lint")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: the lint settings must be a table")
    return table


def load_config(path: Path, *, named: bool = False) -> LintConfig:
    """Defaults overlaid with one config file (``--config``, ``named``, or a discovered
    one). A named file without a lint table is refused: it would change nothing."""
    data = _read_toml(path)
    table = _lint_table(path, data)
    if named and table is None:
        raise ConfigError(f"{path}: no [lint] or [tool.realms.lint] table, so --config "
                          "would change nothing; add the settings under one")
    if table is None:
        table = {}
    return _build(_merge(_default_table(), table, str(path)), str(path))


@cache
def _config_in(directory: Path) -> Path | None:
    for name in CONFIG_NAMES:
        candidate = directory / name
        if os.path.isfile(candidate):  # False, not an error, in a folder we cannot search
            if name == "pyproject.toml" and _lint_table(candidate, _read_toml(candidate)) is None:
                continue
            return candidate
    return None


@cache
def _real_folder(folder: str) -> Path:
    return Path(os.path.realpath(folder))  # never raises on a link loop


def discover(start: Path) -> Path | None:
    """The closest ``realms.toml`` or ``pyproject.toml`` with lint settings, upward from
    ``start`` (a file or folder)."""
    if os.path.isfile(start) and not os.path.islink(start):
        # A plain file (not a link) lies in its folder's real path: one resolution per
        # folder, not one per file of a collection.
        directory = _real_folder(os.path.dirname(start))
    else:
        directory = Path(os.path.realpath(start))  # never raises on a link loop
        if not os.path.isdir(directory):
            directory = directory.parent
    for folder in (directory, *directory.parents):
        found = _config_in(folder)
        if found is not None:
            return found
    return None


@cache
def _config_from(found: Path | None) -> LintConfig:
    """One settings object per config file (and one for the defaults) in a run: a
    thousand files under one pyproject.toml read and build it once, not a thousand times."""
    return load_config(found) if found is not None else default_config()


@cache
def config_for(start: Path) -> LintConfig:
    return _config_from(discover(start))


_SETTINGS_TEXT: dict[tuple[int, object], tuple[LintConfig, str]] = {}


def settings_text(config: LintConfig, select: tuple[str, ...] | None,
                  ignore: tuple[str, ...]) -> str:
    """``repr`` of the effective settings (the result cache's key part), once per settings
    object and command line in a run rather than once per file."""
    key = (id(config), (select, ignore))
    known = _SETTINGS_TEXT.get(key)
    if known is None or known[0] is not config:
        known = (config, repr(config.with_selection(select, ignore)))
        _SETTINGS_TEXT[key] = known  # holds ``config``, so its id is not reused
    return known[1]


def forget_settings() -> None:
    """Drop the settings read so far: each ``realms lint`` run reads them afresh, so
    in-process runs (tests, editor) see edits to config files between runs."""
    config_for.cache_clear()
    _config_from.cache_clear()
    _SETTINGS_TEXT.clear()
    _real_folder.cache_clear()
    _config_in.cache_clear()
