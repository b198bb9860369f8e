"""The README's screenshot of the preview's controls: the iOS tab bar example with its Controls
open, a title, a badge and the tint changed in the page, and Copy as YAML's text below.

Usage: python3 scripts/preview/controls-screenshot.py OUT.png [--tabsnap PATH]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shot import arguments, session  # noqa: E402


def main():
    given = arguments("The README's screenshot of the preview's controls.")
    with session(given.tabsnap, ["ios-tab-bar.yaml"], 900, 900) as (browser, page, _):
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
        browser.screenshot(given.out)
        print(f"screenshot: {given.out}")


if __name__ == "__main__":
    main()
