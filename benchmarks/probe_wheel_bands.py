"""The first wheel notch into a zoom level, 600-tile realm: until sharp, at once and after
the view rested (the look-ahead has drawn the next size band's tile pictures).

Run:  QT_QPA_PLATFORM=offscreen python benchmarks/probe_wheel_bands.py [ROUNDS]
With another checkout's code: PYTHONPATH=<checkout> python benchmarks/probe_wheel_bands.py

Each round drops every tile picture, zooms (untimed) to just below a size band's edge (48,
96, 192 px), draws that band, then sends one wheel notch in, which crosses into the next
band, and runs the event loop until the canvas is sharp (no scaled preview, no borrowed
picture left). Prints wall and CPU medians and the pictures each notch had to draw, with
the load average; then, per band crossed at once, where the CPU went: drawing tile
pictures (``DesignCache._draw``) and painting the view (``RealmView.paintEvent``: the
preview and the exact frame's blocks). The same path as
``bench_editor.py::test_wheel_sharp_600``, outside pytest-benchmark, so code without the
look-ahead runs it unchanged.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # launch_script
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_editor

import bench_editor as bench
from PySide6.QtCore import QCoreApplication, QEventLoop

from editor.gui.canvas.tile_cache import SIZES, DesignCache
from editor.gui.canvas.view import RealmView
from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario

SPENT: Counter[str] = Counter()  # CPU seconds per phase, outermost calls only
_INSIDE: list[str] = []


def clocked(owner: type, name: str, phase: str) -> None:
    """Add the CPU time of ``owner.name`` to ``SPENT[phase]`` (a probe, not the editor)."""
    method: Callable[..., object] = getattr(owner, name)

    def timed(*args: object, **kwargs: object) -> object:
        if _INSIDE:
            return method(*args, **kwargs)
        _INSIDE.append(phase)
        start = time.process_time()
        try:
            return method(*args, **kwargs)
        finally:
            SPENT[phase] += time.process_time() - start
            _INSIDE.pop()

    setattr(owner, name, timed)


def main(rounds: int) -> None:
    print("load average:", " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    # (before the window: Qt finds a Python override of a virtual when the view is made)
    clocked(DesignCache, "_draw", "pictures")
    clocked(RealmView, "paintEvent", "view paints")
    path = bench.write_big_realm(Path(tempfile.mkdtemp()))
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    window = bench.open_window(doc)
    doc.wait_for_analysis()
    bench.until_idle()
    view = window.view
    centre = view.viewport().rect().center()
    found: dict[str, list[tuple[float, float, int]]] = {}
    phases: dict[int, list[dict[str, float]]] = {}
    for _ in range(rounds):
        for case in ("at once", "after the view rested"):
            for size in (48, 96, 192):
                bench.until_sharp(window)
                bench.DESIGNS.clear()
                view.set_zoom(bench.band_edge_zoom(size))
                view.centerOn(0, 0)
                view.viewport().repaint()
                bench.until_sharp(window)
                if case == "at once":
                    getattr(window.scene, "stop_look_ahead", lambda: None)()
                else:
                    end = time.perf_counter() + 20
                    while getattr(window.scene, "looking_ahead", False) and \
                            time.perf_counter() < end:
                        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents,
                                                       5)
                        time.sleep(0.002)
                drawn = bench.DESIGNS.drawn
                SPENT.clear()
                wall, cpu = time.perf_counter(), time.process_time()
                bench.send_wheel_notch(view.viewport(), centre, 1)
                bench.until_sharp(window)
                row = (time.perf_counter() - wall, time.process_time() - cpu,
                       bench.DESIGNS.drawn - drawn)
                found.setdefault(case, []).append(row)
                if case == "at once":
                    phases.setdefault(size, []).append(
                        {"wall": row[0], "CPU": row[1], "drawn": row[2], **SPENT})
    for case, rows in found.items():
        print(f"first notch into a zoom level, {case}: wall "
              f"{1000 * statistics.median(r[0] for r in rows):.0f} ms, CPU "
              f"{1000 * statistics.median(r[1] for r in rows):.0f} ms, pictures drawn "
              f"{sorted(r[2] for r in rows)}")
    for size, runs in phases.items():
        drawn = statistics.median(run["drawn"] for run in runs)
        print(f"at once, {size} px band into {SIZES[SIZES.index(size) + 1]} px "
              f"({drawn:g} pictures): " + ", ".join(
            f"{name} {1000 * statistics.median(run.get(name, 0.0) for run in runs):.1f}"
            for name in ("wall", "CPU", "pictures", "view paints")) + " ms (medians)")
    print("load average:", " ".join(Path("/proc/loadavg").read_text().split()[:3]))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
