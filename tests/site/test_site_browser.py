"""The shipped scenarios' site in headless Chromium: what a visitor sees and can do."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.site.conftest import SCENARIOS, build, hostile_scenario

SCENARIO = "s/booklet-05-the-rusted-throne/index.html"


def _open(browser: Any, page: Path) -> None:
    browser.get_log("browser")  # drop what earlier pages logged
    browser.get(page.as_uri())


def _console_errors(browser: Any) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _visible_cards(browser: Any) -> list[Any]:
    return [c for c in browser.find_elements(By.CSS_SELECTOR, "#cards > li") if c.is_displayed()]


def test_index_lists_every_scenario_and_the_filter_narrows_it(browser: Any,
                                                               shipped_site: Path) -> None:
    _open(browser, shipped_site / "index.html")
    shipped = sorted(p for p in SCENARIOS.rglob("*.realm.json") if "templates" not in p.parts)
    titles = [c.find_element(By.CSS_SELECTOR, "h2").text for c in _visible_cards(browser)]
    assert len(titles) == len(shipped)
    assert "The Rusted Throne" in titles
    Select(browser.find_element(By.ID, "f-players")).select_by_value("6")
    six = _visible_cards(browser)
    assert 0 < len(six) < len(shipped)
    for card in six:
        assert int(card.get_attribute("data-min")) <= 6 <= int(card.get_attribute("data-max"))
    assert browser.find_element(By.ID, "f-count").text == f"{len(six)} shown"
    Select(browser.find_element(By.ID, "f-players")).select_by_value("")
    browser.find_element(By.ID, "f-text").send_keys("throne")
    assert [c.find_element(By.CSS_SELECTOR, "h2").text
            for c in _visible_cards(browser)] == ["The Rusted Throne"]
    assert _console_errors(browser) == []


def test_sort_by_players_orders_the_cards(browser: Any, shipped_site: Path) -> None:
    _open(browser, shipped_site / "index.html")
    Select(browser.find_element(By.ID, "f-sort")).select_by_value("players")
    mins = [int(c.get_attribute("data-min")) for c in _visible_cards(browser)]
    assert mins == sorted(mins) and mins[0] < mins[-1]
    Select(browser.find_element(By.ID, "f-sort")).select_by_value("title")
    titles = [c.get_attribute("data-title") for c in _visible_cards(browser)]
    assert titles == sorted(titles, key=str.casefold) and titles[0] != titles[-1]


def test_scenario_page_switches_player_counts(browser: Any, shipped_site: Path) -> None:
    _open(browser, shipped_site / SCENARIO)
    figures = browser.find_elements(By.CSS_SELECTOR, "figure.count")
    assert [f.get_attribute("data-count") for f in figures] == ["4", "5"]
    assert [f.is_displayed() for f in figures] == [True, False]
    browser.find_element(By.CSS_SELECTOR, '#count-switch button[data-count="5"]').click()
    assert [f.is_displayed() for f in figures] == [False, True]
    assert "5 players" in figures[1].find_element(By.TAG_NAME, "figcaption").text
    balance = browser.find_elements(By.CSS_SELECTOR, ".balance-count")
    assert [b.is_displayed() for b in balance] == [False, True]
    assert "Standard at 5 players" in balance[1].text
    assert browser.current_url.endswith("#players=5")
    assert _console_errors(browser) == []


def test_hovering_a_region_shows_its_details_and_neighbours(browser: Any,
                                                            shipped_site: Path) -> None:
    _open(browser, shipped_site / SCENARIO)
    throne = "D.s3"  # the Rusted Throne's region in booklet 5 (its mountain, peak and throne)
    region = browser.find_element(By.CSS_SELECTOR, f'figure.count path[data-region="{throne}"]')
    ActionChains(browser).move_to_element(region).perform()
    info = browser.find_element(By.ID, "region-info")
    assert info.find_element(By.TAG_NAME, "h3").text == throne
    details = dict(zip([d.text for d in info.find_elements(By.TAG_NAME, "dt")],
                       [d.text for d in info.find_elements(By.TAG_NAME, "dd")], strict=True))
    assert details["Markers"] == "Mountain piece, Peak, Rusted throne"
    neighbours = set(details["Neighbours"].split(", "))
    highlighted = {e.get_attribute("data-region")
                   for e in browser.find_elements(By.CSS_SELECTOR, "figure.count .neighbour")}
    assert highlighted == neighbours and len(neighbours) >= 2
    assert "active" in region.get_attribute("class")


def test_graph_overlay_toggles(browser: Any, shipped_site: Path) -> None:
    _open(browser, shipped_site / SCENARIO)
    graph = browser.find_element(By.CSS_SELECTOR, "figure.count svg .graph")
    assert not graph.is_displayed()
    browser.find_element(By.ID, "graph-toggle").click()
    assert graph.is_displayed()


def test_every_download_link_resolves_to_a_file(browser: Any, shipped_site: Path) -> None:
    pages = sorted(shipped_site.glob("s/*/index.html"))
    assert len(pages) == len([p for p in SCENARIOS.rglob("*.realm.json")
                              if "templates" not in p.parts])
    checked = 0
    for page in pages:
        _open(browser, page)
        for link in browser.find_elements(By.CSS_SELECTOR, "a.download, .thumb img"):
            target = link.get_attribute("href") or link.get_attribute("src")
            path = Path(unquote(urlparse(target).path))
            assert path.is_file() and path.stat().st_size > 0, (page, target)
            checked += 1
        assert _console_errors(browser) == [], page
    assert checked > 3 * len(pages)


@pytest.fixture()
def hostile_site(tmp_path: Path) -> Path:
    import json

    source = tmp_path / "evil.realm.json"
    source.write_text(json.dumps(hostile_scenario()), encoding="utf-8")
    out = tmp_path / "out"
    assert build([source], out) == 0
    return out


def test_markup_in_every_string_stays_text(browser: Any, hostile_site: Path) -> None:
    for page in (hostile_site / "index.html", *hostile_site.glob("s/*/index.html")):
        _open(browser, page)
        assert browser.execute_script("return window.__pwned === undefined")
        scripts = browser.execute_script(
            "return Array.from(document.scripts).map(s => s.src ? 'src' : s.type)")
        assert all(kind in ("src", "application/json") for kind in scripts)
        assert browser.find_elements(By.CSS_SELECTOR, "main img[onerror], main b") == []
        heading = "main h1" if page.parent.name != hostile_site.name else "#cards h2"
        assert browser.find_element(By.CSS_SELECTOR, heading).text.startswith(
            "title <script>window.__pwned=1</script><img src=x onerror=")
        assert _console_errors(browser) == []


def test_a_keyboard_reaches_every_region_and_sees_its_details(browser: Any,
                                                              shipped_site: Path) -> None:
    """Regions could only be pointed at with a mouse (issue 29): Tab now reaches each one and
    shows what hovering shows; Enter pins it, Escape unpins."""
    _open(browser, shipped_site / SCENARIO)
    body = browser.find_element(By.TAG_NAME, "body")
    body.click()
    reached = None
    for _ in range(30):  # the links and the count switch come first
        ActionChains(browser).send_keys(Keys.TAB).perform()
        reached = browser.execute_script(
            "return document.activeElement.getAttribute('data-region')")
        if reached:
            break
    assert reached, "Tab never reached a region of the board"
    info = browser.find_element(By.ID, "region-info")
    assert info.find_element(By.TAG_NAME, "h3").text == reached
    first = reached
    ActionChains(browser).send_keys(Keys.TAB).perform()
    second = browser.execute_script("return document.activeElement.getAttribute('data-region')")
    assert second and second != first
    assert info.find_element(By.TAG_NAME, "h3").text == second
    details = [d.text.lower() for d in info.find_elements(By.TAG_NAME, "dt")]
    assert details == ["terrain", "symbols", "markers", "neighbours", "board edge", "tiles"]
    active = browser.find_element(By.CSS_SELECTOR,
                                  f'figure.count path[data-region="{second}"]')
    assert "active" in active.get_attribute("class")
    ActionChains(browser).send_keys(Keys.ENTER).perform()  # pinned: the mouse no longer moves it
    other = browser.find_element(By.CSS_SELECTOR, f'figure.count path[data-region="{first}"]')
    ActionChains(browser).move_to_element(other).perform()
    assert info.find_element(By.TAG_NAME, "h3").text == second
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert info.find_elements(By.TAG_NAME, "h3") == []


@pytest.mark.parametrize("page", ["index.html", SCENARIO, "s/highland-crossing/index.html",
                                  "s/booklet-09-a-game-of-gods/index.html"])
def test_no_sideways_scroll_on_a_phone(browser: Any, shipped_site: Path, page: str) -> None:
    """At 390 px the balance table made the page scroll sideways to 546 px (issue 29)."""
    browser.set_window_size(390, 844)
    try:
        _open(browser, shipped_site / page)
        width, inner = browser.execute_script(
            "return [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width <= inner, (page, width, inner)
    finally:
        browser.set_window_size(1280, 900)
