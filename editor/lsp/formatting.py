"""Document formatting: the canonical form ``realms format`` writes (sorted keys, 2-space
indent, trailing newline), as one edit over the whole buffer, so the editor's formatter
and the CLI can never disagree about a file's layout."""

from __future__ import annotations

from lsprotocol import types

from editor.lsp.diagnostics import LONE_SURROGATE, LineIndex, Subject, over_limit


def canonical_edits(subject: Subject) -> tuple[list[types.TextEdit] | None, str | None]:
    """The edits that make the buffer canonical (none when it already is), or None and why
    the text cannot be formatted (it does not load, or its canonical form would be over the
    size limit every command reads)."""
    from editor.cli.cmd_format import too_big_to_read
    from editor.model.errors import LoadError
    from editor.model.scenario_io import parse_scenario, scenario_text

    if over_limit(subject.text):
        return None, "the text is over the size limit every command reads (see its S002)"
    if LONE_SURROGATE.search(subject.text):
        return None, "the text holds a lone surrogate, which no file can hold"
    try:
        loaded = parse_scenario(subject.text, str(subject.path), subject.path.parent)
        canonical = scenario_text(loaded.scenario)
    except LoadError as exc:
        return None, str(exc)
    except (ValueError, RecursionError) as exc:
        return None, f"{type(exc).__name__}: {exc}"
    if canonical == subject.text:
        return [], None
    too_big = too_big_to_read(canonical)
    if too_big is not None:
        return None, f"the canonical form would be {too_big}"
    index = LineIndex(subject.text)
    return [types.TextEdit(index.range(0, len(subject.text)), canonical)], None
