"""The source's lint reasons, carried in an engine export's provenance.

An engine file cannot hold a scenario's ``lint.ignore`` or ``turns_reason``, so without
them ``realms lint`` of an export (or of a built site, which holds exports) reports what
the source justified. The export therefore records, under ``provenance.lint``:

- ``ignore``: only the source's entries that suppressed a finding at this player count
  (lint of the source, default settings), never the others, and each for one exact rule
  code: an entry for a family or a prefix (``"G0"``) is written once per code it
  suppressed;
- ``turns_reason``: only when the turn count differs from the turn track's at this count;
- ``sha256``: the hash of the document without its provenance, and of these reasons.

Reading the file back (lint, ``realms import --from engine``) applies them only while the
hash still matches, so an export edited afterwards is linted for what it now is. The hash
has no key and its recipe is public: it catches an edit, not a forgery, and anyone can
write a block with a matching hash. What bounds a forged block is the reading side:

- only entries for one exact rule code are honoured, and only for codes an export can
  carry at all (:func:`carriable`): never a family or prefix (``"G"``, ``"R"``), never the
  codes a scenario's own ``lint.ignore`` cannot silence, never the codes of a board every
  engine export refuses (``editor/data/provenance.toml``);
- a carried ``turns_reason`` silences R001 only as a carried entry silences its code:
  lint applies it apart from the scenario (``editor/lint/engine.py``);
- lint counts the findings the provenance hid in its summary, and ``realms lint
  --no-provenance`` shows them;
- ``realms import --from engine`` copies only the entries honoured here into the new
  scenario's ``lint.ignore``, where a reviewer reads them like any other, and says how
  many it left out.
"""

from __future__ import annotations

import copy
import hashlib
import tomllib
from functools import cache
from typing import TYPE_CHECKING, Any

from editor.model.jsonio import canonical_json
from editor.model.paths import data_file
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
    """The source's ``lint.ignore`` entries that suppress a finding at ``realm.players``,
    one per exact code they suppressed (in the entries' order, then the codes')."""
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
    codes: dict[int, set[str]] = {}
    for hit in hits:
        for entry in entries:
            if entry.matches(hit):
                codes.setdefault(entry.index, set()).add(hit.code)
    written = loaded.scenario.section("lint").get("ignore", [])
    out = []
    for entry in entries:
        for code in sorted(codes.get(entry.index, ())):
            copied = copy.deepcopy(written[entry.index])
            copied["code"] = code
            out.append(copied)
    return out


@cache
def _never_carried() -> frozenset[str]:
    """Codes of boards every engine export refuses (editor/data/provenance.toml)."""
    with open(data_file("provenance.toml"), "rb") as handle:
        return frozenset(tomllib.load(handle)["never"])


def carriable(code: str) -> bool:
    """Whether an export's provenance can carry an entry for ``code``: one exact rule code
    that a scenario's ``lint.ignore`` may silence, of a board an engine export can hold."""
    from editor.lint import suppress
    from editor.lint.registry import all_rules

    return (code in all_rules() and not suppress.protected(code)
            and code not in _never_carried())


def _entries(lint: dict[str, Any]) -> list[Any]:
    entries = lint.get("ignore")
    return entries if isinstance(entries, list) else []


def _honoured(entry: Any) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("code"), str) and carriable(
        entry["code"])


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


def _vouched(document: dict[str, Any]) -> dict[str, Any] | None:
    """``provenance.lint`` while its hash matches the document, else None."""
    provenance = document.get("provenance")
    lint = provenance.get(PROVENANCE_KEY) if isinstance(provenance, dict) else None
    if not isinstance(lint, dict) or lint.get("sha256") != content_hash(document, lint):
        return None
    return lint


def applicable(document: dict[str, Any]) -> dict[str, Any]:
    """The scenario sections (``lint``, ``turns_reason``) an engine file's provenance still
    vouches for: none once the file no longer has the content it was exported with, and
    of its ``ignore`` entries only those an export can carry (:func:`carriable`)."""
    lint = _vouched(document)
    if lint is None:
        return {}
    out: dict[str, Any] = {}
    honoured = [copy.deepcopy(entry) for entry in _entries(lint) if _honoured(entry)]
    if honoured:
        out["lint"] = {"ignore": honoured}
    if isinstance(lint.get("turns_reason"), str):
        out["turns_reason"] = lint["turns_reason"]
    return out


def refused_entries(document: dict[str, Any]) -> list[Any]:
    """The ``provenance.lint.ignore`` entries no export could have written (a family or
    prefix, a protected code, an unknown one): never honoured, never imported."""
    lint = _vouched(document)
    return [] if lint is None else [entry for entry in _entries(lint) if not _honoured(entry)]


__all__ = ["PROVENANCE_KEY", "applicable", "carriable", "carried", "content_hash",
           "refused_entries", "stamp", "used_entries"]
