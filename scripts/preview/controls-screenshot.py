"""The README's screenshot of the preview's controls: the iOS tab bar example with its Controls
open, a title, a badge and the tint changed in the page, and Copy as YAML's text below.

Usage: python3 scripts/preview/controls-screenshot.py OUT.png [--tabsnap PATH]
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from e2e import Page, Preview  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--tabsnap", default=os.path.join(ROOT, ".build", "release", "tabsnap"))
    arguments = parser.parse_args()
    arguments.out = os.path.abspath(arguments.out)
    work = tempfile.mkdtemp(prefix="tabsnap-controls-")
    specs = os.path.join(work, "specs")
    os.makedirs(specs)
    shutil.copy(os.path.join(ROOT, "Examples", "specs", "ios-tab-bar.yaml"), specs)
    os.chdir(work)
    preview = Preview(os.path.abspath(arguments.tabsnap), "specs", os.path.join(work, "goldens"))
    browser = Browser(width=900, height=900)
    try:
        page = Page(browser)
        browser.call("Page.navigate", {"url": preview.url})
        browser.wait_for("window.tabsnapStats && window.tabsnapStats.frames >= 1 && document.getElementById('status').textContent === 'live'")
        browser.evaluate(f"""(() => {{ const card = {page.card('ios-tab-bar')};
            card.querySelector('details.args').open = true;
            const form = card.querySelector('.args-form');
            const titles = form.querySelectorAll('.items li input.title'), badges = form.querySelectorAll('.items li input.badge');
            titles[1].value = 'Discover'; badges[0].value = '12';
            form.elements.selectedTint.value = '#AF52DE';
            form.dispatchEvent(new Event('input')); }})()""")
        browser.wait_for("(window.tabsnapCards.get('ios-tab-bar').drawnQuery || '').includes('args=')")
        page.settled("ios-tab-bar")
        browser.evaluate(f"{page.card('ios-tab-bar')}.querySelector('.copy-yaml').click()")
        browser.wait_for(f"!{page.card('ios-tab-bar')}.querySelector('.args .yaml').hidden")
        browser.screenshot(arguments.out)
        print(f"screenshot: {arguments.out}")
    finally:
        browser.close()
        preview.process.kill()
        preview.process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
