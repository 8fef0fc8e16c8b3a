"""The source's lint reasons, carried in an engine export's provenance.

An engine file cannot hold a scenario's ``lint.ignore`` or ``turns_reason``, so without
them ``realms lint`` of an export (or of a built site, which holds exports) reports what
the source justified. The export therefore records, under ``provenance.lint``:

- ``ignore``: only the source's entries that suppressed a finding at this player count
  (lint of the source, default settings), never the others;
- ``turns_reason``: only when the turn count differs from the turn track's at this count;
- ``sha256``: the hash of the document without its provenance, and of these reasons.

Reading the file back (lint, ``realms import --from engine``) applies them only while the
hash still matches, so a hand-edited export is linted for what it now is: the provenance
can never become a blanket suppression, nor an entry slipped into it by hand.
"""

from __future__ import annotations

import copy
import hashlib
from typing import TYPE_CHECKING, Any

from editor.model.jsonio import canonical_json
from editor.model.scenario import DEFAULT_TURNS

if TYPE_CHECKING:
    from editor.model.scenario_io import LoadedScenario
    from editor.topology.realm import Realm

PROVENANCE_KEY = "lint"


def content_hash(document: dict[str, Any], lint: dict[str, Any]) -> str:
    """sha256 of the canonical text of ``document`` without its ``provenance``, together
    with the carried ``lint`` (without its hash): an entry added by hand breaks it too."""
    body = {key: value for key, value in document.items() if key != "provenance"}
    reasons = {key: value for key, value in lint.items() if key != "sha256"}
    text = canonical_json({"document": body, "lint": reasons})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def used_entries(loaded: LoadedScenario, realm: Realm) -> list[dict[str, Any]]:
    """The source's ``lint.ignore`` entries that suppress a finding at ``realm.players``."""
    from editor.lint import suppress
    from editor.lint.config import default_config
    from editor.lint.engine import run_rules
    from editor.lint.registry import enabled_codes

    entries = suppress.suppressions(loaded.scenario)
    if not entries:
        return []
    config = default_config()
    enabled = enabled_codes(config.select, config.ignore)
    hits = run_rules(loaded, config, (realm.players,), enabled, realm)
    _, used = suppress.apply(hits, entries)
    written = loaded.scenario.section("lint").get("ignore", [])
    return [copy.deepcopy(written[entry.index]) for entry in entries if entry.index in used]


def carried(loaded: LoadedScenario, realm: Realm) -> dict[str, Any] | None:
    """``provenance.lint`` without its hash, or None when the source justifies nothing."""
    out: dict[str, Any] = {}
    ignore = used_entries(loaded, realm)
    if ignore:
        out["ignore"] = ignore
    reason = loaded.scenario.sections.get("turns_reason")
    players = realm.players
    if isinstance(reason, str) and loaded.scenario.turns(players) != DEFAULT_TURNS[players]:
        out["turns_reason"] = reason
    return out or None


def stamp(document: dict[str, Any], lint: dict[str, Any] | None) -> None:
    """Put ``lint`` (with the hash of the finished document) into its provenance."""
    if lint is not None:
        document["provenance"][PROVENANCE_KEY] = {**lint,
                                                  "sha256": content_hash(document, lint)}


def applicable(document: dict[str, Any]) -> dict[str, Any]:
    """The scenario sections (``lint``, ``turns_reason``) an engine file's provenance still
    vouches for: none once the file no longer has the content it was exported with."""
    provenance = document.get("provenance")
    lint = provenance.get(PROVENANCE_KEY) if isinstance(provenance, dict) else None
    if not isinstance(lint, dict) or lint.get("sha256") != content_hash(document, lint):
        return {}
    out: dict[str, Any] = {}
    if lint.get("ignore"):
        out["lint"] = {"ignore": copy.deepcopy(lint["ignore"])}
    if isinstance(lint.get("turns_reason"), str):
        out["turns_reason"] = lint["turns_reason"]
    return out


__all__ = ["PROVENANCE_KEY", "applicable", "carried", "content_hash", "stamp", "used_entries"]
