"""Drag and drop from the palette on a real X server.

The rest of the suite runs Qt offscreen, where no drag can start. Here Xvfb (Debian
package ``xvfb``; the README's test command installs it) provides an X display, and a
child process (``xvfb_drag_child.py``) runs the editor on Qt's xcb platform: mouse press
on palette tile E, moves past the drag distance (the palette starts a real QDrag), moves
over the canvas and a release there. The drop must place E on the hex under the cursor,
with the ghost tile shown during the drag.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture
def x_display() -> Iterator[str]:
    """A private Xvfb display, stopped afterwards."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb not found: install the Debian package xvfb "
                    "(the README's test command does) to test drag and drop on X")
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not report its display number"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_drag_a_tile_from_the_palette_onto_the_canvas(x_display: str, tmp_path: Path
                                                      ) -> None:
    env = {**os.environ, "DISPLAY": x_display, "QT_QPA_PLATFORM": "xcb",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                       os.environ.get("PYTHONPATH")])),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_RUNTIME_DIR": str(tmp_path)}
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run([sys.executable, str(HERE / "xvfb_drag_child.py")], env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    lines = result.stdout.strip().splitlines()
    assert result.returncode == 0 and lines, f"child failed:\n{result.stdout}\n{result.stderr}"
    outcome = json.loads(lines[-1])
    assert outcome["tiles"] == [["E", "surface", 0, 0]], "the drop placed E on hex (0, 0)"
    assert outcome["ghost_during_drag"], "the ghost tile showed where E would land"
