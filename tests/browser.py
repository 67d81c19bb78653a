"""Headless Chromium for kg's browser tests, screenshots and render benchmark.

Uses Debian's ``chromium`` and ``chromium-driver`` through Selenium, with the
driver path given explicitly so that Selenium never tries to download one.
Optional: needs ``pip install selenium`` (in kg's ``test`` extra).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--hide-scrollbars", "--allow-file-access-from-files"]


def available() -> bool:
    return bool(shutil.which(CHROMIUM) or shutil.which("chromium")) and bool(
        shutil.which(CHROMEDRIVER) or shutil.which("chromedriver"))


@contextmanager
def chromium(width: int = 1400, height: int = 1000) -> Iterator:
    """A Selenium WebDriver on headless Chromium, console logging captured."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="kg-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which(CHROMIUM) or shutil.which("chromium")
    for f in FLAGS:
        opts.add_argument(f)
    opts.add_argument(f"--user-data-dir={profile}")
    opts.add_argument(f"--window-size={width},{height}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which(CHROMEDRIVER) or shutil.which("chromedriver"))
    driver = webdriver.Chrome(options=opts, service=service)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
