"""Writing a generated scenario: canonical text, re-checked by the loader before any byte
is written, then the crash-safe write (or stdout for ``-o -``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from editor.escaping import ci_path


def scenario_text_of(data: dict[str, Any]) -> str:
    from editor.model.jsonio import canonical_json

    return canonical_json(data)


def write_scenario(data: dict[str, Any], output: str, force: bool, command: str) -> bool:
    """Write ``data`` to ``output`` (``-`` is stdout); False after printing why it failed."""
    from editor.model.errors import LoadError
    from editor.model.safe_write import WriteError, write_text
    from editor.model.scenario_io import parse_scenario

    text = scenario_text_of(data)
    target = Path(output)
    shown = ci_path(output)
    try:
        parse_scenario(text, output, target.parent if output != "-" else None)
    except LoadError as exc:  # a bug of ours: never write a file the loader refuses
        print(f"realms {command}: internal error, the result does not load: "
              f"{ci_path(str(exc))}", file=sys.stderr)
        return False
    if output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return True
    if target.is_dir():
        print(f"{shown}: is a folder; name the file to write, e.g. "
              f"{ci_path(target / 'realm.realm.json')}", file=sys.stderr)
        return False
    if target.exists() and not force:
        print(f"{shown}: already exists; choose another name or pass --force to overwrite it",
              file=sys.stderr)
        return False
    try:
        write_text(target, text, force=force)
    except WriteError as exc:
        print(f"{shown}: cannot write: {exc.reason}", file=sys.stderr)
        return False
    except OSError as exc:
        print(f"{shown}: cannot write: {exc.strerror or exc}; check the folder exists and is "
              "writable", file=sys.stderr)
        return False
    return True
