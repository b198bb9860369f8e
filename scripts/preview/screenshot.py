"""The README's screenshot of `tabsnap preview`: three example specs, one scrubbed mid-swipe with
its geometry shown on hover, one with a bad edit showing its error beside the last good picture.

Usage: python3 scripts/preview/screenshot.py OUT.png [--tabsnap PATH]
"""
import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from e2e import Page, Preview, write_atomically  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--tabsnap", default=os.path.join(ROOT, ".build", "release", "tabsnap"))
    arguments = parser.parse_args()
    arguments.out = os.path.abspath(arguments.out)
    work = tempfile.mkdtemp(prefix="tabsnap-shot-")
    specs = os.path.join(work, "specs")
    os.makedirs(specs)
    for name in ["ios-tab-bar.yaml", "mistica-tabs-3.yaml", "dark-theme.yaml"]:
        shutil.copy(os.path.join(ROOT, "Examples", "specs", name), specs)
    os.chdir(work)  # the page shows paths as given: specs/…
    preview = Preview(os.path.abspath(arguments.tabsnap), "specs", os.path.join(work, "goldens"))
    browser = Browser(width=900, height=930)
    try:
        page = Page(browser)
        browser.call("Page.navigate", {"url": preview.url})
        browser.wait_for("window.tabsnapStats && window.tabsnapStats.frames >= 3")
        dark = os.path.join(specs, "dark-theme.yaml")
        with open(dark) as file:
            text = file.read()
        before = browser.evaluate("window.tabsnapStats.reloads.length")
        write_atomically(dark, text.replace("style: dot,", "style: dots,"))
        browser.wait_for(f"window.tabsnapStats.reloads.length > {before}")
        browser.evaluate(f"""(() => {{ const s = {page.card('mistica-tabs-3')}.querySelector('.position'); s.value = 1.4;
            s.dispatchEvent(new Event('input')); }})()""")
        page.settled("mistica-tabs-3")
        box = browser.evaluate(f"""(() => {{ const r = {page.card('mistica-tabs-3')}.querySelector('canvas.bar').getBoundingClientRect();
            return {{x: r.x, y: r.y, width: r.width, height: r.height}}; }})()""")
        browser.mouse("mouseMoved", box["x"] + box["width"] * 0.62, box["y"] + box["height"] / 2)
        time.sleep(0.3)
        browser.screenshot(arguments.out)
        print(arguments.out)
    finally:
        browser.close()
        preview.process.kill()
        preview.process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
