"""The full lint of a generated scenario: the cheap scores guide the search, this decides."""

from __future__ import annotations

from typing import Any

from editor.lint.config import LintConfig


def loaded_from(data: dict[str, Any], shown: str = "<generated>") -> Any:
    from editor.model.jsonio import canonical_json
    from editor.model.scenario_io import parse_scenario

    return parse_scenario(canonical_json(data), shown)


def confirm(data: dict[str, Any], players: int,
            config: LintConfig) -> tuple[int, tuple[str, ...]]:
    """(errors, warnings as "CODE message") of ``realms lint`` for one player count."""
    from editor.lint import lint_loaded

    findings = lint_loaded(loaded_from(data), players, config)
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = tuple(f"{f.code} {f.message}" for f in findings if f.severity == "warning")
    return errors, warnings
