"""`realms lint` benchmark, side by side in one run (issue 4's acceptance figures).

Run:  python benchmarks/bench_lint.py [--files 1000] [--jobs 2] [--rounds 3]

* 1,000 generated 26-tile scenario files (tiles A-Z joining at booklet scenario 1's
  player counts, random rotations, markers), every player count 2-6:
  `realms lint --jobs 2` wall time (budget <= 10 s on the 2-core machine);
* the schema-only pass `realms lint --select S --jobs 2` next to
  `check-jsonschema --schemafile schemas/scenario.schema.json` on the same files
  (budget: at least 2x faster; check-jsonschema comes with `pip install -e '.[bench]'`),
  and the same schema pass with jsonschema_rs hidden (the fallback path, for reference);
  the file-collection commands run interleaved for ``--rounds`` rounds, medians reported;
* `realms lint --help` startup (budget <= 0.3 s, median of 7), next to a bare
  `python -c pass`;
* `lint_loaded` on one 26-tile realm, all counts, in process (the editor's path).
Exit status 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from layouts import LETTERS, SCENARIO_1, spiral

from editor.model.catalogue import default_catalogue

REPO = Path(__file__).resolve().parent.parent
FULL_BUDGET_S = 10.0
SCHEMA_SPEEDUP = 2.0
HELP_BUDGET_S = 0.3
MARKER_KINDS = ("mountain", "lost_tribe", "lost_tribe", "coin_mine", "monster_stack")


def scenario_dict(seed: int) -> dict[str, object]:
    """One 26-tile, 2-6 player scenario with a few markers on land regions."""
    rng = random.Random(seed)
    catalogue = default_catalogue()
    order = sorted(LETTERS, key=lambda c: (SCENARIO_1[c], rng.random()))
    tiles, markers = [], []
    for letter, (q, r) in zip(order, spiral(26), strict=True):
        joins = SCENARIO_1[letter]
        tile: dict[str, object] = {"tile": letter, "side": "surface", "q": q, "r": r,
                                   "rotation": rng.randrange(6)}
        if joins > 2:
            tile["min_players"] = joins
        tiles.append(tile)
        land = [reg.local_id for reg in catalogue.side(letter, "surface").regions
                if not reg.is_water]
        if land and rng.random() < 0.5:
            marker: dict[str, object] = {"kind": rng.choice(MARKER_KINDS),
                                         "region": f"{letter}.{rng.choice(land)}"}
            if joins > 2:
                marker["min_players"] = joins
            markers.append(marker)
    return {"format_version": 1, "title": f"Generated realm {seed}",
            "players": {"min": 2, "max": 6},
            "boards": [{"id": "surface", "kind": "surface", "tiles": tiles,
                        "markers": markers}]}


def generate(folder: Path, count: int) -> list[Path]:
    paths = []
    for seed in range(count):
        path = folder / f"generated-{seed:04d}.realm.json"
        path.write_text(json.dumps(scenario_dict(seed), indent=2) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def wall(cmd: list[str], cwd: Path = REPO) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd[:6])}... failed ({done.returncode}): {done.stderr[-500:]}")
    return elapsed, done.returncode


def lint_loaded_ms() -> float:
    from layouts import booklet_like_realm

    from editor.lint import lint_loaded

    loaded = booklet_like_realm()
    lint_loaded(loaded)
    times = []
    for _ in range(20):
        start = time.perf_counter()
        lint_loaded(loaded)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the file-collection measurements (median reported)")
    args = parser.parse_args()
    python = sys.executable
    realms = [python, "-m", "editor", "lint"]
    # The same CLI with jsonschema_rs hidden: the code path of an install without it.
    no_rs = [python, "-c", "import sys; sys.modules['jsonschema_rs'] = None; "
             "from editor.cli.main import main; sys.argv[0] = 'realms'; "
             "raise SystemExit(main())", "lint"]
    checker = shutil.which("check-jsonschema") or str(Path(python).parent / "check-jsonschema")
    has_checker = Path(checker).exists()
    ok = True
    samples: dict[str, list[float]] = {k: [] for k in ("full", "schema", "reference", "no_rs")}
    with tempfile.TemporaryDirectory(prefix="bench-lint-") as tmp:
        folder = Path(tmp)
        files = generate(folder, args.files)
        for _ in range(args.rounds):  # interleaved, so each round shares the machine's load
            samples["full"].append(wall([*realms, "--jobs", str(args.jobs), "--format", "json",
                                         str(folder)])[0])
            samples["schema"].append(wall([*realms, "--select", "S", "--jobs", str(args.jobs),
                                           str(folder)])[0])
            samples["no_rs"].append(wall([*no_rs, "--select", "S", "--jobs", str(args.jobs),
                                          str(folder)])[0])
            if has_checker:
                samples["reference"].append(wall([
                    checker, "--schemafile", str(REPO / "schemas" / "scenario.schema.json"),
                    *map(str, files)])[0])
        helps = [wall([*realms, "--help"])[0] for _ in range(7)]
        bare = [wall([python, "-c", "pass"])[0] for _ in range(7)]
    help_s, bare_s = statistics.median(helps), statistics.median(bare)
    full, schema, no_rs_s = (statistics.median(samples[k]) for k in ("full", "schema", "no_rs"))
    editor_ms = lint_loaded_ms()
    try:
        import jsonschema_rs  # noqa: F401
        fast = "jsonschema_rs fast path on"
    except ImportError:
        fast = "jsonschema only (jsonschema_rs not installed)"

    print(f"realms lint benchmark: {args.files} generated 26-tile files, players 2-6, "
          f"--jobs {args.jobs}, median of {args.rounds} interleaved rounds; {fast}")
    print("| measurement | time | baseline | ratio | budget | verdict |")
    print("| --- | --- | --- | --- | --- | --- |")
    reference = statistics.median(samples["reference"]) if has_checker else None
    verdict = full <= FULL_BUDGET_S
    ok &= verdict
    base_text, ratio = "-", "-"
    if reference is not None:
        base_text = f"{reference:.2f} s (check-jsonschema, schema only)"
        ratio = f"{reference / full:.1f}x"
    print(f"| `realms lint --jobs {args.jobs}` (all rules, all counts) | {full:.2f} s | "
          f"{base_text} | {ratio} | <= {FULL_BUDGET_S:.0f} s | {'ok' if verdict else 'MISSED'} |")
    if reference is not None:
        speedup = reference / schema
        verdict = speedup >= SCHEMA_SPEEDUP
        ok &= verdict
        print(f"| `realms lint --select S --jobs {args.jobs}` (schema only) | {schema:.2f} s | "
              f"{reference:.2f} s (`check-jsonschema --schemafile "
              f"schemas/scenario.schema.json`) | {speedup:.1f}x | >= {SCHEMA_SPEEDUP:.0f}x | "
              f"{'ok' if verdict else 'MISSED'} |")
        print(f"| same, without jsonschema_rs (fallback path, for reference) | {no_rs_s:.2f} s | "
              f"{reference:.2f} s | {reference / no_rs_s:.1f}x | | |")
    else:
        print("| check-jsonschema | not installed (`pip install -e '.[bench]'`) | | | | skipped |")
    verdict = help_s <= HELP_BUDGET_S
    ok &= verdict
    print(f"| `realms lint --help` startup (median of 7) | {help_s:.3f} s | {bare_s:.3f} s "
          f"(`python -c pass`) | {help_s / bare_s:.1f}x slower | <= {HELP_BUDGET_S} s | "
          f"{'ok' if verdict else 'MISSED'} |")
    print(f"| `lint_loaded`, one 26-tile realm, 5 counts (median of 20) | {editor_ms:.1f} ms | "
          "| | well under 50 ms | " + ("ok" if editor_ms < 50 else "MISSED") + " |")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
