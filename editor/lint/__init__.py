"""One rule engine for the editor and the ``realms lint`` command (no Qt).

``lint_loaded`` checks a scenario already in memory (the editor's);
``lint_path`` reads a file first, turning load errors into schema findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.lint.config import LintConfig, default_config
    from editor.lint.findings import Finding
    from editor.lint.runner import lint_path
    from editor.model.scenario_io import LoadedScenario
    from editor.topology import Realm

__all__ = ["Finding", "LintConfig", "default_config", "lint_loaded", "lint_path"]

# Loaded on first use: importing any ``editor.lint`` module (the result cache, the
# settings) must not import the rule engine, which a warm cached run never needs.
_LAZY = {"Finding": "editor.lint.findings", "LintConfig": "editor.lint.config",
         "default_config": "editor.lint.config", "lint_path": "editor.lint.runner"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def lint_loaded(loaded: LoadedScenario, players: int | None = None,
                config: LintConfig | None = None, *,
                realm: Realm | None = None) -> list[Finding]:
    """Findings for an in-memory scenario, for one player count or (default) every
    count the scenario supports. Its current content is schema-checked first.

    ``realm``: the realm the caller already derived for ``players`` (the editor's), so
    lint does not derive it a second time. With ``loaded.text`` empty, findings carry no
    line:column (1:1): the editor shows none, and mapping paths costs a scan of the text."""
    from editor.lint.config import default_config
    from editor.lint.engine import lint_document, to_findings
    from editor.lint.findings import REFERENCE, SCHEMA
    from editor.lint.registry import enabled_codes
    from editor.lint.rules_schema import loaded_hits

    config = config if config is not None else default_config()
    enabled = enabled_codes(config.select, config.ignore)
    if enabled & {SCHEMA, REFERENCE}:
        pre = [h for h in loaded_hits(loaded) if h.code in enabled]
        if pre:
            shown = str(loaded.path) if loaded.path is not None else "<memory>"
            return to_findings(pre, shown, loaded.text)
    return lint_document(loaded, config, players, realm=realm)
