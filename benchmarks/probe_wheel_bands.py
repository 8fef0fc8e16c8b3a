"""The first wheel notch into a zoom level, 600-tile realm: until sharp, at once and after
the view rested (the look-ahead has drawn the next size band's tile pictures).

Run:  QT_QPA_PLATFORM=offscreen python benchmarks/probe_wheel_bands.py [ROUNDS]
With another checkout's code: PYTHONPATH=<checkout> python benchmarks/probe_wheel_bands.py

Each round drops every tile picture, zooms (untimed) to just below a size band's edge (48,
96, 192 px), draws that band, then sends one wheel notch in, which crosses into the next
band, and runs the event loop until the canvas is sharp (no scaled preview, no borrowed
picture left). Prints wall and CPU medians and the pictures each notch had to draw, with
the load average. The same path as ``bench_editor.py::test_wheel_sharp_600``, outside
pytest-benchmark, so code without the look-ahead runs it unchanged.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_editor as bench
from PySide6.QtCore import QCoreApplication, QEventLoop

from editor.gui.document import ScenarioDocument
from editor.model.scenario_io import load_scenario


def main(rounds: int) -> None:
    print("load average:", " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    path = bench.write_big_realm(Path(tempfile.mkdtemp()))
    doc = ScenarioDocument.from_loaded(load_scenario(path))
    window = bench.open_window(doc)
    doc.wait_for_analysis()
    bench.until_idle()
    view = window.view
    centre = view.viewport().rect().center()
    found: dict[str, list[tuple[float, float, int]]] = {}
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
                wall, cpu = time.perf_counter(), time.process_time()
                bench.send_wheel_notch(view.viewport(), centre, 1)
                bench.until_sharp(window)
                found.setdefault(case, []).append((time.perf_counter() - wall,
                                                   time.process_time() - cpu,
                                                   bench.DESIGNS.drawn - drawn))
    for case, rows in found.items():
        print(f"first notch into a zoom level, {case}: wall "
              f"{1000 * statistics.median(r[0] for r in rows):.0f} ms, CPU "
              f"{1000 * statistics.median(r[1] for r in rows):.0f} ms, pictures drawn "
              f"{sorted(r[2] for r in rows)}")
    print("load average:", " ".join(Path("/proc/loadavg").read_text().split()[:3]))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
