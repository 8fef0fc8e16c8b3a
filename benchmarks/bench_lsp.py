"""`realms lsp` under a storm of edits: how soon a hover is answered after the last one.

Run:  python benchmarks/bench_lsp.py [--rounds 3]

Two cases, each against one server process, driven over its pipes with LSP framing
written here (no client library): ``highland-crossing.realm.json`` (13 KB) with 1,000
whole-document changes, and the 1,000-tile ring of ``bench_derive_ring.py`` with 200. Each
round writes the changes (the text alternates between two versions) and then a hover on a
tile letter; it measures, from the moment the last change is written to the pipe, the
time to the hover's answer and to the diagnostics published for the last version.

Budget: the hover's median within 200 ms of the last change, for the 13 KB file (the
ring's hover derives its 1,000 tiles itself, and is shown beside it). Exit status 1 when the
budget is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_derive_ring import write_rings

REPO = Path(__file__).resolve().parents[1]
BUDGET = 0.200


class Server:
    """``realms lsp`` in a subprocess, every message it sends stamped on arrival."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "editor", "lsp"], cwd=cwd,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.received: list[tuple[float, dict[str, Any]]] = []
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            length = 0
            while (line := stdout.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            message = json.loads(stdout.read(length))
            with self.lock:
                self.received.append((time.monotonic(), message))
                self.lock.notify_all()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def wait(self, test: Any, timeout: float = 120) -> tuple[float, dict[str, Any]]:
        with self.lock:
            found = self.lock.wait_for(
                lambda: next((m for m in self.received if test(m[1])), None), timeout)
        if found is None:
            sys.exit("the server did not answer in time")
        return found  # type: ignore[no-any-return]


def storm(server: Server, uri: str, texts: list[str], changes: int, first: int,
          where: dict[str, int], ident: int) -> tuple[float, float]:
    """Hover and publish latency (s) after ``changes`` edits from version ``first``."""
    for version in range(first, first + changes):
        server.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": texts[version % 2]}]}})
    sent = time.monotonic()
    last = first + changes - 1
    server.send({"id": ident, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri}, "position": where}})
    answered, answer = server.wait(lambda m: m.get("id") == ident)
    if not answer.get("result"):
        sys.exit(f"the hover gave no answer: {answer}")
    published, _ = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                               and m["params"].get("version") == last)
    return answered - sent, published - sent


def case(path: Path, letter: str, changes: int, rounds: int) -> tuple[list[float], list[float]]:
    text = json.dumps(json.loads(path.read_text(encoding="utf-8")), indent=2)
    other = text.replace('"title": "', '"title": "edited ', 1)
    lines = text.split("\n")
    line = next(i for i, row in enumerate(lines) if f'"tile": "{letter}"' in row)
    where = {"line": line, "character": lines[line].index(f'"{letter}"') + 1}
    server = Server(path.parent)
    server.send({"id": 0, "method": "initialize", "params": {"capabilities": {}}})
    server.wait(lambda m: m.get("id") == 0)
    server.send({"method": "initialized", "params": {}})
    uri = path.resolve().as_uri()
    server.send({"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "json", "version": 1, "text": text}}})
    server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    hovers, publishes = [], []
    for index in range(rounds):
        hover, publish = storm(server, uri, [text, other], changes, 2 + index * changes,
                               where, index + 1)
        hovers.append(hover)
        publishes.append(publish)
    server.send({"id": 99, "method": "shutdown"})
    server.wait(lambda m: m.get("id") == 99)
    server.send({"method": "exit"})
    server.process.wait(60)
    return hovers, publishes


def row(name: str, values: list[float]) -> str:
    return (f"| {name} | {min(values) * 1000:,.0f} ms | "
            f"{statistics.median(values) * 1000:,.0f} ms |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-lsp-") as tmp:
        highland = Path(tmp) / "highland-crossing.realm.json"
        highland.write_bytes((REPO / "scenarios" / "highland-crossing.realm.json").read_bytes())
        small = case(highland, "C", 1000, args.rounds)
        ring = write_rings(Path(tmp))[1000]
        big = case(ring, "T0x0", 200, args.rounds)
    print("| after the last edit | min | median |")
    print("| --- | --- | --- |")
    print(row("highland-crossing, 1,000 edits: hover answered", small[0]))
    print(row("highland-crossing, 1,000 edits: last version's diagnostics", small[1]))
    print(row("1,000-tile ring, 200 edits: hover answered", big[0]))
    print(row("1,000-tile ring, 200 edits: last version's diagnostics", big[1]))
    verdict = statistics.median(small[0]) <= BUDGET
    print(f"budget: hover median <= {BUDGET * 1000:.0f} ms on highland-crossing: "
          + ("met" if verdict else "MISSED"))
    return 0 if verdict else 1


if __name__ == "__main__":
    raise SystemExit(main())
