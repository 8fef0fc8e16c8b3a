"""Regenerate docs/images/site-*.png: the shipped scenarios' site in headless Chromium.

    python tools/site_screenshots.py      (needs Debian's chromium and chromium-driver)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from editor.cli.main import main

REPO = Path(__file__).resolve().parents[1]
IMAGES = REPO / "docs" / "images"


def _driver() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--window-size=1280,900",
                 "--hide-scrollbars"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def run() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        main(["site", str(REPO / "scenarios"), "-o", str(out), "--progress", "never"])
        driver = _driver()
        try:
            driver.get((out / "index.html").as_uri())
            driver.save_screenshot(str(IMAGES / "site-index.png"))
            driver.get((out / "s" / "booklet-05-the-rusted-throne" / "index.html").as_uri())
            driver.execute_script("window.scrollTo(0, 190)")
            region = driver.find_element(By.CSS_SELECTOR, 'figure.count path[data-region="D.s3"]')
            ActionChains(driver).move_to_element(region).perform()
            driver.save_screenshot(str(IMAGES / "site-scenario.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    run()
