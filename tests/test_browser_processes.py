"""The browser the tests drive ends with its session: no Chromium process is left running
(a leak that grows with every module reached the system's limit of file watchers, and
then other programs, such as Zensical's build, failed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import chromium

pytestmark = pytest.mark.browser


def _processes_using(folder: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if folder in command:
            found.append(f"{proc.name}: {command[:160]}")
    return found


def test_no_browser_process_outlives_its_session():
    if not Path("/proc").is_dir():
        pytest.skip("processes are read from /proc")
    driver = chromium()
    folder = driver.capabilities["chrome"]["userDataDir"]
    driver.get("about:blank")
    assert _processes_using(folder)  # the browser did run with that profile folder
    driver.quit()
    assert _processes_using(folder) == []
