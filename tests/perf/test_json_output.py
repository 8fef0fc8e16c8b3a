"""lint's JSON output, built from the C string encoder, equals json.dumps(indent=2)."""

from __future__ import annotations

import json
import random

from editor.lint.findings import Finding
from editor.lint.output import to_json


def text(rng: random.Random) -> str:
    return "".join(rng.choice('ab"\\\n\x01é€😀 <>&\udcff') for _ in range(rng.randrange(8)))


def test_same_bytes_as_json_dumps() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        findings = [Finding(text(rng), text(rng), text(rng), text(rng), text(rng),
                            rng.randrange(-3, 10**6), rng.randrange(9), rng.choice([None, 3]),
                            tuple(text(rng) for _ in range(rng.randrange(3))),
                            tuple(text(rng) for _ in range(rng.randrange(3))),
                            tuple(rng.randrange(7) for _ in range(rng.randrange(4))))
                    for _ in range(rng.randrange(4))]
        expected = json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False)
        assert to_json(findings) == expected + "\n"
