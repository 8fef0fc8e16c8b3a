"""Fixtures for the site tests: built sites and a headless Chromium driven by Selenium.

Chromium and its driver come from Debian (``chromium``, ``chromium-driver``); the README's
test command installs them. Without them the browser tests fail with that advice rather
than skip, so a CI run can never pass while silently leaving the browser checks out.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "scenarios"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">&amp;"\'\x07'


def build(paths: list[Path], out: Path, *extra: str) -> int:
    return main(["site", *map(str, paths), "-o", str(out), "--progress", "never", *extra])


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "out"
    assert build([SCENARIOS], out) == 0
    return out


def hostile_scenario() -> dict[str, Any]:
    """Booklet 1 with markup in every string a page shows."""
    data: dict[str, Any] = json.loads(
        (SCENARIOS / "booklet" / "01-my-precious-world.realm.json").read_text())
    data = copy.deepcopy(data)
    for key in ("title", "author", "notes", "description", "layout_note"):
        data[key] = f"{key} {HOSTILE}"
    data["scoring"] = [{"kind": "custom", "text": f"rule {HOSTILE}"}]
    data["boards"][0]["title"] = f"board {HOSTILE}"
    data["boards"][0]["markers"] = [*data["boards"][0].get("markers", []),
                                    {"kind": "custom", "region": "A.s1",
                                     "label": "<b>x</b>"}]
    data.setdefault("lint", {})["ignore"] = []
    return data


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.fail("headless Chromium is needed for the site tests: install Debian's "
                    "chromium and chromium-driver (bash scripts/quickstart.sh test does)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1280,900",
                 "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
