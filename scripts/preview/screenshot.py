"""The README's screenshot of `tabsnap preview`: three example specs, one scrubbed mid-swipe with
its geometry shown on hover, one with a bad edit showing its error beside the last good picture.

Usage: python3 scripts/preview/screenshot.py OUT.png [--tabsnap PATH]
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import write_atomically  # noqa: E402
from shot import arguments, session  # noqa: E402


def main():
    given = arguments("The README's screenshot of tabsnap preview.")
    with session(given.tabsnap, ["ios-tab-bar.yaml", "mistica-tabs-3.yaml", "dark-theme.yaml"], 900, 930) as (browser, page, specs):
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
        browser.screenshot(given.out)
        print(given.out)


if __name__ == "__main__":
    main()
