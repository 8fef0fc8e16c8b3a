"""What a visitor tripped on, looking at the site at 1280 and 390 px in headless Chromium:
a row of boards squeezed into a phone's width, a region's details shown off the screen,
and a small board set in a blank stretch of a page-wide picture."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

HIGHLAND = "s/highland-crossing/index.html"
RIVER = "s/booklet-02-life-is-a-long-river/index.html"
HEX = 173.2  # page units across a hex's flats (board_layout: 100 units per hex size)
SHOWN_BOARD = "figure.count:not([hidden]) svg.board"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    browser.set_window_size(390, 844)
    try:
        yield browser
    finally:
        browser.set_window_size(1280, 900)


def _shown_count(browser: Any) -> str | None:
    count: str | None = browser.execute_script(
        "var f = document.querySelector('figure.count:not([hidden])');"
        "return f ? f.dataset.count : null;")
    return count


def _open_at(browser: Any, page: Path, players: int) -> None:
    """Open ``page`` at a player count, as a link to ``#players=N`` does, and wait until
    its board is shown: the browser may already show the page (the session's browser is
    shared), and then only the hash changes, which the page answers a moment later."""
    browser.get(page.as_uri() + f"#players={players}")
    WebDriverWait(browser, 10).until(lambda b: _shown_count(b) == str(players))


def _rect(browser: Any, selector: str) -> dict[str, float]:
    rect: dict[str, float] = browser.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width};",
        selector)
    return rect


def _units(browser: Any) -> float:
    """The shown board's width in page units (its viewBox)."""
    box: str = browser.execute_script(
        "return document.querySelector(arguments[0]).getAttribute('viewBox')", SHOWN_BOARD)
    return float(box.split()[2])


@pytest.mark.parametrize("width", [390, 1280])
def test_a_row_of_boards_stays_readable(browser: Any, shipped_site: Path, width: int) -> None:
    """Highland Crossing's boards were squeezed into the frame: at 390 px hexes 20 px
    across, at 1280 px the four boards' names 4 px high. The board keeps a readable size
    and scrolls in its own frame; the page itself does not scroll sideways."""
    browser.set_window_size(width, 900)
    try:
        phone = browser
        if width > 900:
            _open_at(phone, shipped_site / HIGHLAND, 4)
        else:
            phone.get((shipped_site / HIGHLAND).as_uri())
        hex_px = _rect(phone, SHOWN_BOARD)["width"] / _units(phone) * HEX
        assert hex_px >= 80, hex_px
        frame = phone.execute_script(
            "var w = document.querySelector('figure.count:not([hidden]) .board-wrap');"
            "return [w.scrollWidth, w.clientWidth, getComputedStyle(w).overflowX];")
        assert frame[0] > frame[1] and frame[2] == "auto", frame
        used, inner = phone.execute_script(
            "return [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert used <= inner
    finally:
        browser.set_window_size(1280, 900)


def test_a_regions_details_show_where_a_phone_user_looks(phone: Any,
                                                         shipped_site: Path) -> None:
    """In one column the details panel came after the board and its downloads, off the
    screen when a region was tapped. It now sits above the board: both are in view."""
    phone.get((shipped_site / RIVER).as_uri())
    # a tap on the region's name (labels let taps through to their region)
    region = next(t for t in phone.find_elements(
        By.CSS_SELECTOR, "figure.count:not([hidden]) text.rid") if t.text == "L.s2")
    ActionChains(phone).move_to_element(region).click().perform()
    info = _rect(phone, "#region-info")
    board = _rect(phone, "figure.count:not([hidden]) .board-wrap")
    assert phone.find_element(By.CSS_SELECTOR, "#region-info h3").text == "L.s2"
    assert info["bottom"] <= board["top"]
    height = phone.execute_script("return window.innerHeight")
    assert info["top"] >= 0 and info["bottom"] <= height
    spot = phone.execute_script("var r = arguments[0].getBoundingClientRect();"
                                "return [r.top, r.bottom];", region)
    assert spot[0] >= 0 and spot[1] <= height


def test_on_a_wide_screen_the_details_stay_beside_the_board(browser: Any,
                                                             shipped_site: Path) -> None:
    browser.get((shipped_site / RIVER).as_uri())
    assert _rect(browser, "#region-info")["left"] >= _rect(
        browser, "figure.count:not([hidden]) .board-wrap")["right"]


def test_a_small_board_is_not_set_in_a_blank_stretch(shipped_site: Path) -> None:
    """The picture was the printable page's width (at least 1,240 units) with a 2-player
    board centred in it: on a phone it began with a blank stretch and ran off the right.
    It is cut to the boards now, with a narrow margin on each side."""
    page = (shipped_site / RIVER).read_text(encoding="utf-8")
    svg = re.search(r'<figure class="count" data-count="2".*?(<svg[^>]*class="board"[^>]*>)'
                    r"(.*?)</svg>", page, re.S)
    assert svg is not None
    x, _y, width, _h = map(float, re.search(r'viewBox="([^"]+)"', svg.group(1))
                           .group(1).split())  # type: ignore[union-attr]
    xs = [float(v) for d in re.findall(r'class="region[^"]*"[^>]* d="([^"]+)"', svg.group(2))
          for v in re.findall(r"-?\d+(?:\.\d+)?", d)[0::2]]
    assert xs
    assert min(xs) - x <= 60 and x + width - max(xs) <= 60, (x, width, min(xs), max(xs))


def test_a_board_is_not_drawn_larger_than_print_on_a_wide_screen(browser: Any,
                                                                shipped_site: Path) -> None:
    """Cut to its boards, a 2-player board would fill the 1280 px frame at twice the size
    of a 6-player one; it stops at .75 px per page unit."""
    browser.get((shipped_site / RIVER).as_uri())
    assert _rect(browser, SHOWN_BOARD)["width"] <= _units(browser) * 0.75 + 1


def test_every_player_counts_board_is_painted(browser: Any, shipped_site: Path) -> None:
    """Each count's board defined the same pattern ids; the hidden counts' boards are
    ``display: none``, where Chromium paints no pattern from, so switching Highland Crossing
    to 4 players drew its regions white. Ids are unique on every page, and the shown
    board's pixels are not mostly white."""
    for page in sorted(shipped_site.glob("s/*/index.html")):
        ids = re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8"))
        assert len(ids) == len(set(ids)), (page, sorted({i for i in ids if ids.count(i) > 1}))
    _open_at(browser, shipped_site / HIGHLAND, 4)
    board = browser.find_element(By.CSS_SELECTOR, SHOWN_BOARD)
    assert board.find_element(By.XPATH, "./ancestor::figure").get_attribute(
        "data-count") == "4"
    # K.s3 is farmland: the farmland pattern came first in the hidden 2-player board
    region = next(p for p in board.find_elements(By.CSS_SELECTOR, "path.region")
                  if p.get_attribute("data-region") == "K.s3")
    shot = region.screenshot_as_png
    image = QImage.fromData(shot)
    pixels = [image.pixelColor(x, y) for x in range(0, image.width(), 3)
              for y in range(0, image.height(), 3)]
    white = sum(1 for c in pixels if min(c.red(), c.green(), c.blue()) > 245)
    assert white < len(pixels) / 2, (white, len(pixels))


def test_a_new_count_in_the_address_switches_the_board(browser: Any,
                                                      shipped_site: Path) -> None:
    """Only the hash changing (a link to ``#players=4`` on the page showing 2 players, or
    the address bar) loads nothing again: the page read the count only when it loaded, so
    the board stayed at 2 players."""
    _open_at(browser, shipped_site / HIGHLAND, 2)
    browser.get((shipped_site / HIGHLAND).as_uri() + "#players=4")  # the same document
    WebDriverWait(browser, 5).until(lambda b: _shown_count(b) == "4")
    assert browser.execute_script(
        "return document.querySelector('#count-switch [aria-selected=true]').dataset.count"
    ) == "4"


def test_tab_brings_a_region_past_the_frames_edge_into_view(browser: Any,
                                                            shipped_site: Path) -> None:
    """A board wider than its frame scrolls in it: a keyboard user reaching a region
    beyond the frame's edge (Highland Crossing's Necromancer island at 4 players) sees the
    frame scroll to it."""
    _open_at(browser, shipped_site / HIGHLAND, 4)
    regions = browser.find_elements(By.CSS_SELECTOR, "figure.count:not([hidden]) path.region")
    last = regions[-1].get_attribute("data-region")
    browser.execute_script("arguments[0].focus()", regions[-2])
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.execute_script(
        "return document.activeElement.getAttribute('data-region')") == last
    frame, spot, scrolled = browser.execute_script(
        "var el = document.activeElement, w = el.closest('.board-wrap');"
        "var a = w.getBoundingClientRect(), b = el.getBoundingClientRect();"
        "return [[a.left, a.right], [b.left, b.right], w.scrollLeft];")
    assert scrolled > 0
    assert frame[0] <= spot[0] and spot[1] <= frame[1], (frame, spot)
