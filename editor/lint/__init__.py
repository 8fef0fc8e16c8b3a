"""One rule engine for the editor and the ``realms lint`` command (no Qt).

``lint_loaded`` checks a scenario already in memory (the editor's);
``lint_path`` reads a file first, turning load errors into schema findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.lint.config import LintConfig, default_config
from editor.lint.engine import lint_document, to_findings
from editor.lint.findings import Finding
from editor.lint.registry import enabled_codes
from editor.lint.rules_schema import REFERENCE, SCHEMA, loaded_hits
from editor.lint.runner import lint_path
from editor.model.scenario_io import LoadedScenario

if TYPE_CHECKING:
    from editor.topology import Realm

__all__ = ["Finding", "LintConfig", "default_config", "lint_loaded", "lint_path"]


def lint_loaded(loaded: LoadedScenario, players: int | None = None,
                config: LintConfig | None = None, *,
                realm: Realm | None = None) -> list[Finding]:
    """Findings for an in-memory scenario, for one player count or (default) every
    count the scenario supports. Its current content is schema-checked first.

    ``realm``: the realm the caller already derived for ``players`` (the editor's), so
    lint does not derive it a second time. With ``loaded.text`` empty, findings carry no
    line:column (1:1): the editor shows none, and mapping paths costs a scan of the text."""
    config = config if config is not None else default_config()
    enabled = enabled_codes(config.select, config.ignore)
    if enabled & {SCHEMA, REFERENCE}:
        pre = [h for h in loaded_hits(loaded) if h.code in enabled]
        if pre:
            shown = str(loaded.path) if loaded.path is not None else "<memory>"
            return to_findings(pre, shown, loaded.text)
    return lint_document(loaded, config, players, realm=realm)
