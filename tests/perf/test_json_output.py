"""lint's JSON output, built from the C string encoder, equals json.dumps(indent=2), with
lone surrogates (a file name that is not UTF-8) written ``\\udcff`` so that it is UTF-8."""

from __future__ import annotations

import json
import random

from editor.escaping import without_surrogates
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
        assert to_json(findings) == without_surrogates(expected) + "\n"


def test_unusual_field_types_are_encoded_as_json_dumps_does() -> None:
    """Fields of other types than the usual (a bool or float count, a number among the
    tiles, a % in a message) take the general encoder: still json.dumps's bytes."""
    odd: list[object] = [True, False, 2.0, 1.5, None, 3, "%s %d", "%"]
    rng = random.Random(9)
    for _ in range(500):
        findings = [Finding("%s", "%", rng.choice(["a%sb", "%%", "x"]), "p%d", "$",
                            rng.choice([1, 2.5, True]), rng.choice([7, 0.5, False]),
                            rng.choice(odd),  # type: ignore[arg-type]
                            tuple(rng.choice(odd) for _ in range(rng.randrange(3))),  # type: ignore[misc]
                            tuple(rng.choice(odd) for _ in range(rng.randrange(3))),  # type: ignore[misc]
                            tuple(rng.choice(odd) for _ in range(rng.randrange(4))))  # type: ignore[misc]
                    for _ in range(rng.randrange(1, 4))]
        expected = json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False)
        assert to_json(findings) == without_surrogates(expected) + "\n"
