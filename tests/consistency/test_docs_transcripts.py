"""The docs' terminal transcripts are what the commands print: every fenced block that starts
with ``$ realms`` is run as written, and each line it shows must come out, in order.

``...`` on a line of its own stands for lines left out; a line ending in ``...`` for the rest
of that line. Blank lines are not compared. A block whose first command writes a file (``-o``)
runs in an empty folder, the others in the repository; a block naming an input that exists in
neither is skipped with the name (the text makes it, e.g. ``split.realm.json``).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_runner import run_cli

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[a-z]*\n(\$ realms .*?)^```", re.MULTILINE | re.DOTALL)
# plays 400 games (7 s of CPU), too slow for the suite; tests/play checks the report it prints
SLOW = ("realms playtest",)


@dataclass(frozen=True)
class Step:
    argv: list[str]
    shown: list[str]  # the lines the page shows after the command


def transcripts() -> list[tuple[str, list[Step]]]:
    found = []
    for page in PAGES:
        for number, match in enumerate(FENCE.finditer(page.read_text(encoding="utf-8"))):
            steps: list[Step] = []
            for line in match.group(1).splitlines():
                if line.startswith("$ "):
                    steps.append(Step(shlex.split(line[2:])[1:], []))
                elif line.strip():
                    steps[-1].shown.append(line.rstrip())
            found.append((f"{page.name}#{number}", steps))
    return found


TRANSCRIPTS = transcripts()


def matches(shown: list[str], printed: list[str]) -> str | None:
    """None when ``printed`` holds ``shown`` in order (with the page's elisions); else the
    first line of the page that is not there."""
    at, skipping = 0, False
    for line in shown:
        if line == "...":
            skipping = True
            continue
        def fits(candidate: str, expected: str = line) -> bool:
            if expected.endswith("..."):
                return candidate.startswith(expected[:-3].rstrip())
            return candidate == expected
        while at < len(printed) and skipping and not fits(printed[at]):
            at += 1
        if at >= len(printed) or not fits(printed[at]):
            return line
        at, skipping = at + 1, False
    return None


def test_the_docs_have_transcripts() -> None:
    assert len(TRANSCRIPTS) >= 5


@pytest.mark.parametrize(("where", "steps"), TRANSCRIPTS, ids=[w for w, _ in TRANSCRIPTS])
def test_a_transcript_prints_what_the_page_shows(where: str, steps: list[Step],
                                                  tmp_path: Path) -> None:
    if any(" ".join(["realms", *step.argv]).startswith(SLOW) for step in steps):
        pytest.skip("it plays 400 games: too slow for the suite (tests/play checks the report)")
    first = steps[0].argv
    folder = tmp_path if "-o" in first else REPO
    inputs = [a for step in steps for a in step.argv if a.endswith(".json")
              and "-o" not in step.argv[max(step.argv.index(a) - 1, 0):step.argv.index(a)]]
    made = {a for step in steps for i, a in enumerate(step.argv)
            if i and step.argv[i - 1] == "-o"}
    absent = [a for a in inputs if a not in made and not (folder / a).exists()]
    if absent:
        pytest.skip(f"the page makes {absent[0]} itself")
    for step in steps:
        result = run_cli(*step.argv, cwd=folder)
        printed = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()
                   if line.strip()]
        missing = matches(step.shown, printed)
        assert missing is None, (f"{where}: `realms {' '.join(step.argv)}` does not print\n"
                                 f"{missing}\nbut:\n" + "\n".join(printed))
