"""End-to-end test of `tabsnap preview` in headless Chromium.

Starts the server on a free port over a folder of specs, opens the page, and checks what a
designer sees: the slider scrubs to the right pixels (the picture on the page is the bytes
`tabsnap render` writes, and the canvas shows exactly its pixels), hovering shows a button's
geometry, saving a spec or its icon updates the page without a refresh, a spec file added to the
folder gets a card (and loses it when removed), a bad edit shows its
file:line:column while the last picture stays, "copy as golden" writes goldens `tabsnap check`
passes, paths outside the renders are refused, and Ctrl-C stops the server with status 0.

Prints the latencies it sees (slider to screen, save to screen); `--bench` repeats them more and
writes nothing else. Timings are reported, never asserted: a slow machine is not a failure.

Usage: python3 scripts/preview/e2e.py [--tabsnap PATH] [--screenshot OUT.png] [--bench]
"""
import argparse
import base64
import http.server
import threading
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, BrowserError  # noqa: E402

SPEC = """\
# A tab bar with an icon file, for the preview's end-to-end test.
preset: tabBar
width: 360
position: 0
background: "#FFFFFF"
items:
  - {{title: {first}, icon: icons/star.svg}}
  - {{title: Search, icon: search}}
  - {{title: Inbox, icon: mail, badge: 3}}
indicator: {{style: line, color: "{indicator}"}}
snapshots: {{positions: [0, 1]}}
"""

ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="{path}" fill="#000"/></svg>"""
STAR = "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5-5.5-4.5h7z"
SQUARE = "M4 4h16v16h-16z"

failures = []


def check(condition, what):
    print(("  ok    " if condition else "  FAIL  ") + what)
    if not condition:
        failures.append(what)


def framing_check(browser, preview, goldens):
    """A page served on another port of 127.0.0.1 (a neighbouring local server, or one an attacker
    runs) frames the preview and posts to it: the frame must not load (X-Frame-Options, CSP
    frame-ancestors), and the post must not write a golden."""
    target = os.path.join(goldens, "tabs.p1.png")
    if os.path.exists(target):
        os.remove(target)
    preview_url = preview.url.rstrip("/")
    page = f"""<!doctype html><title>elsewhere</title><iframe id="f" src="{preview_url}/"></iframe>
<script>window.posted = fetch("{preview_url}/golden?spec=tabs&name=tabs.p1.png", {{method: "POST"}})
  .then(r => "status " + r.status, e => "refused: " + e.message);</script>"""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        browser.call("Page.navigate", {"url": f"http://127.0.0.1:{other.server_address[1]}/"})
        browser.wait_for("document.title === 'elsewhere' && document.readyState === 'complete'")
        posted = browser.evaluate("window.posted")
        time.sleep(0.3)
        tree = browser.call("Page.getFrameTree")["frameTree"]
        children = [child["frame"].get("url", "") for child in tree.get("childFrames", [])]
        check(children and not any(url.startswith(preview_url) for url in children),
              f"a page on another port cannot frame the preview (frame: {children})")
        check(not os.path.exists(target), f"nor record a golden by posting to it ({posted})")
        headers = urllib.request.urlopen(preview.url, timeout=10).headers
        check(headers.get("X-Frame-Options") == "DENY" and "frame-ancestors 'none'" in headers.get("Content-Security-Policy", ""),
              "every response forbids framing")
    finally:
        other.shutdown()
        browser.call("Page.navigate", {"url": preview.url})
        browser.wait_for("document.querySelectorAll('.card').length === 2")


def write_atomically(path, text):
    """As editors save: a new file renamed over the old one."""
    temporary = path + ".tmp~"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, path)


class Preview:
    def __init__(self, tabsnap, specs, goldens):
        self.process = subprocess.Popen([tabsnap, "preview", specs, "--port", "0", "--snapshots", goldens],
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            raise SystemExit(f"tabsnap preview did not start: {line!r}")
        self.url = found.group(0)

    def get(self, path, headers=None):
        request = urllib.request.Request(self.url.rstrip("/") + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()


class Page:
    def __init__(self, browser):
        self.browser = browser

    def card(self, spec):
        return f'document.querySelector(\'.card[data-spec="{spec}"]\')'

    def canvas_png(self, spec):
        data = self.browser.evaluate(f"{self.card(spec)}.querySelector('canvas.bar').toDataURL('image/png')")
        return base64.b64decode(data.split(",", 1)[1])

    def served_png(self, spec):
        """The bytes of the PNG the page drew last (as the server sent them)."""
        data = self.browser.evaluate(f"""(async () => {{
            const blob = window.tabsnapCards.get("{spec}").bytes;
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let text = ""; for (const byte of bytes) text += String.fromCharCode(byte);
            return btoa(text); }})()""")
        return base64.b64decode(data)

    def slider_box(self, spec):
        return self.browser.evaluate(f"""(() => {{ const r = {self.card(spec)}.querySelector('.position').getBoundingClientRect();
            return {{x: r.x, y: r.y, width: r.width, height: r.height}}; }})()""")

    def position(self, spec):
        return self.browser.evaluate(f"window.tabsnapCards.get('{spec}').position")

    def frames(self):
        return self.browser.evaluate("window.tabsnapStats.frames")

    def settled(self, spec):
        """Waits until the card has drawn what it last asked for and has nothing in flight."""
        self.browser.wait_for(f"""(() => {{ const c = window.tabsnapCards.get('{spec}');
            return c && !c.inflight && c.drawnQuery === c.wanted; }})()""")

    def drag_slider(self, spec, fractions, pause=0.016, free=True):
        """Presses on the slider's thumb track and drags through `fractions` of its width; `free`
        holds Shift (the slider snaps to buttons without it)."""
        box = self.slider_box(spec)
        y = box["y"] + box["height"] / 2
        xs = [box["x"] + 8 + (box["width"] - 16) * fraction for fraction in fractions]
        shift = 8 if free else 0
        self.browser.mouse("mousePressed", xs[0], y, buttons=1, button="left", modifiers=shift)
        for x in xs[1:]:
            time.sleep(pause)
            self.browser.mouse("mouseMoved", x, y, buttons=1, button="left", modifiers=shift)
        self.browser.mouse("mouseReleased", xs[-1], y, buttons=0, button="left", modifiers=shift)


def designer_checks(browser, page, preview):
    """The slider snaps to buttons (Shift scrubs freely), the view lives in the address and comes
    back on reload, and the transition saves as GIF and MP4."""
    page.drag_slider("tabs", [0.2, 0.62], free=False)
    page.settled("tabs")
    snapped = page.position("tabs")
    check(snapped == round(snapped), f"without Shift the slider snaps to a button ({snapped})")
    browser.evaluate(f"{page.card('tabs')}.querySelector('.position').focus()")
    browser.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": "ArrowLeft", "code": "ArrowLeft", "windowsVirtualKeyCode": 37})
    browser.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": "ArrowLeft", "code": "ArrowLeft", "windowsVirtualKeyCode": 37})
    page.settled("tabs")
    check(page.position("tabs") == max(snapped - 1, 0), f"an arrow key moves a whole button ({page.position('tabs')})")
    page.drag_slider("tabs", [0.2, 0.55])
    page.settled("tabs")
    free = page.position("tabs")
    browser.evaluate("""(() => { const form = document.getElementById('settings');
        form.elements.theme.value = 'dark'; form.dispatchEvent(new Event('change')); })()""")
    browser.wait_for("location.search.includes('theme=dark') && location.search.includes('p.tabs=')")
    address = browser.evaluate("location.href")
    check(f"p.tabs={free}" in address, f"the address keeps the theme and the position ({address.split('?')[1]})")
    browser.call("Page.reload")
    browser.wait_for("window.tabsnapCards && window.tabsnapCards.get('tabs') && document.getElementById('status').textContent === 'live'")
    page.settled("tabs")
    restored = (browser.evaluate("document.getElementById('settings').elements.theme.value"), page.position("tabs"))
    check(restored == ("dark", free), f"a reload shows the same view ({restored})")
    check("theme=dark" in browser.evaluate("window.tabsnapCards.get('tabs').drawnQuery"), "drawn with the kept theme")
    links = browser.evaluate(f"""(() => {{ const card = {page.card('tabs')};
        return [card.querySelector('.save-gif').getAttribute('href'), card.querySelector('.save-mp4').hidden ? null
                : card.querySelector('.save-mp4').getAttribute('href')]; }})()""")
    status, gif = preview.get(links[0])
    check(status == 200 and gif[:6] == b"GIF89a", f"Save GIF gives a GIF ({status}, {gif[:6]!r})")
    if links[1]:
        status, mp4 = preview.get(links[1])
        check(status == 200 and mp4[4:8] == b"ftyp", f"Save MP4 gives an MP4 ({status}, {mp4[4:8]!r})")
    else:
        check(shutil.which("ffmpeg") is None, "Save MP4 is offered when ffmpeg is on PATH")
    browser.call("Page.navigate", {"url": preview.url})
    browser.wait_for("window.tabsnapCards && window.tabsnapCards.size === 2 && document.getElementById('status').textContent === 'live'")


def controls_check(browser, page, preview, tabsnap, work, specs):
    """The card's controls (as Storybook's args) change the picture without touching the file,
    live in the address, and "Copy as YAML" gives the spec that draws exactly that picture."""
    spec_file = os.path.join(specs, "tabs.yaml")
    with open(spec_file, "rb") as file:
        before_file = file.read()
    page.settled("tabs")
    before = page.served_png("tabs")
    browser.evaluate(f"""(() => {{ const card = {page.card('tabs')};
        card.querySelector('details.args').open = true;
        const form = card.querySelector('.args-form');
        form.querySelector('.items li input.title').value = 'Changed';
        form.querySelectorAll('.items li input.badge')[1].value = '7';
        form.elements.count.value = 4;
        form.elements.tint.value = '#C0392B';
        form.dispatchEvent(new Event('input')); }})()""")
    browser.wait_for("(window.tabsnapCards.get('tabs').drawnQuery || '').includes('args=')")
    page.settled("tabs")
    after = page.served_png("tabs")
    check(after != before, "changing a title, a badge, the item count and a colour redraws the card")
    rows = browser.evaluate(f"{page.card('tabs')}.querySelectorAll('.args-form .items li').length")
    slider_max = browser.evaluate(f"Number({page.card('tabs')}.querySelector('.position').max)")
    check(rows == 4 and slider_max == 3.5, f"a fourth item gets a row and the slider reaches it ({rows} rows, max {slider_max})")
    golden_disabled = browser.evaluate(f"{page.card('tabs')}.querySelector('.golden').disabled")
    check(golden_disabled, "Copy as golden is off while the controls change the spec")
    with open(spec_file, "rb") as file:
        check(file.read() == before_file, "the spec's file is untouched")
    browser.evaluate(f"{page.card('tabs')}.querySelector('.copy-yaml').click()")
    browser.wait_for(f"!{page.card('tabs')}.querySelector('.args .yaml').hidden")
    yaml = browser.evaluate(f"{page.card('tabs')}.querySelector('.args .yaml').textContent")
    check('title: "Changed"' in yaml and 'badge: "7"' in yaml and 'title: "Item 4"' in yaml and 'tint: "#C0392B"' in yaml,
          "Copy as YAML gives the changed spec")
    copied = os.path.join(work, "copied")
    shutil.copytree(os.path.join(specs, "icons"), os.path.join(copied, "icons"))
    with open(os.path.join(copied, "tabs.yaml"), "w") as file:
        file.write(yaml)
    position = page.position("tabs")
    expected = render(tabsnap, os.path.join(copied, "tabs.yaml"), position, os.path.join(work, "copied.png"))
    check(expected == after, "the copied YAML renders the bytes the card shows")
    browser.wait_for("location.search.includes('a.tabs=')")
    browser.call("Page.reload")
    browser.wait_for("window.tabsnapCards && window.tabsnapCards.get('tabs') && document.getElementById('status').textContent === 'live'")
    page.settled("tabs")
    restored = browser.evaluate(f"{page.card('tabs')}.querySelector('.args-form .items li input.title').value")
    check(restored == "Changed" and page.served_png("tabs") == after, f"a reload keeps the controls ({restored})")
    browser.evaluate(f"{page.card('tabs')}.querySelector('.reset-args').click()")
    browser.wait_for("!location.search.includes('a.tabs=')")
    page.settled("tabs")
    check(page.served_png("tabs") == before, "Reset draws the spec as written")
    # Round 35: args in the address that the controls could not have made are ignored, per card;
    # the page still draws every card (`a.tabs={"items":5}` stopped it).
    for crafted in ['{"items":5}', '{"items":[null]}', '[1]', '{"tint":7}', '{"tint":"red"}', '{"preset":"bogus"}',
                    '{"items":[{"title":"A","badge":"\u2022"}]}']:
        browser.call("Page.navigate", {"url": preview.url + "?a.tabs=" + urllib.parse.quote(crafted)})
        browser.wait_for("window.tabsnapCards && window.tabsnapCards.size === 2 && document.getElementById('status').textContent === 'live'")
        page.settled("tabs")
        args = browser.evaluate("window.tabsnapCards.get('tabs').args")
        check(args is None and page.served_png("tabs") == before, f"crafted controls in the address are ignored ({crafted})")
    browser.call("Page.navigate", {"url": preview.url})
    browser.wait_for("window.tabsnapCards && window.tabsnapCards.size === 2 && document.getElementById('status').textContent === 'live'")


def render(tabsnap, spec, position, out):
    subprocess.run([tabsnap, "render", spec, "--position", repr(position), "-o", out], check=True)
    with open(out, "rb") as file:
        return file.read()


def pixels_match(tabsnap, expected, actual_bytes, folder):
    actual = os.path.join(folder, "canvas.png")
    with open(actual, "wb") as file:
        file.write(actual_bytes)
    result = subprocess.run([tabsnap, "diff", expected, actual], capture_output=True, text=True)
    return result.returncode == 0, (result.stdout + result.stderr).strip()


def reload_latency(browser, page, spec, edit):
    """Applies `edit`, returns milliseconds until the page shows the new version."""
    before = browser.evaluate("window.tabsnapStats.reloads.length")
    started = time.time() * 1000
    edit()
    browser.wait_for(f"window.tabsnapStats.reloads.length > {before}", timeout=10)
    shown = browser.evaluate(f"window.tabsnapStats.reloads[{before}]")
    page.settled(spec)
    return shown["at"] - started, shown


def motion_report_check(browser, tabsnap, work):
    """A check report of a transition whose easing changed: Chromium draws the two motion curves
    (inline SVG) of each chart across the chart, and the words come first."""
    folder = os.path.join(work, "motion")
    os.makedirs(folder)
    spec = os.path.join(folder, "swipe.yaml")
    text = "width: 320\nscale: 1\nitems: [Alpha, Beta, Gamma]\ntransition: {{from: 0, fps: 30, steps: [{{to: 2, duration: 300{}}}]}}\n"
    with open(spec, "w") as file:
        file.write(text.format(""))
    run = lambda: subprocess.run([tabsnap, "check", spec, "--snapshots", os.path.join(folder, "goldens"), "--artifacts",
                                  os.path.join(folder, "failures"), "--report", os.path.join(folder, "report.html")],
                                 capture_output=True, env=dict(os.environ, CI=""))
    run()
    with open(spec, "w") as file:
        file.write(text.format(", easing: spring"))
    run()
    browser.call("Page.navigate", {"url": "file://" + os.path.join(folder, "report.html")})
    browser.wait_for("document.readyState === 'complete' && document.querySelector('.card') !== null")
    charts = browser.evaluate("""Array.from(document.querySelectorAll('.motion svg.chart')).map(svg => ({
        title: svg.getAttribute('aria-label'), width: svg.getBoundingClientRect().width,
        lines: Array.from(svg.querySelectorAll('polyline')).map(line => line.getBBox().width) }))""")
    check([chart["title"] for chart in charts] == ["position p(t)", "indicator x(t)", "indicator width(t)"],
          f"the report charts the failing transition's curves ({[chart['title'] for chart in charts]})")
    check(all(chart["width"] == 320 and len(chart["lines"]) == 2 and min(chart["lines"]) > 200 for chart in charts),
          f"each chart draws the golden's and the render's curve across its time axis ({charts})")
    message = browser.evaluate("document.querySelector('.card.failed .message').textContent")
    check(message.startswith("overshoot 0 % → "), f"the words come before the pixels ({message[:60]}…)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabsnap", default=".build/debug/tabsnap")
    parser.add_argument("--screenshot", help="write a screenshot of the page here")
    parser.add_argument("--bench", action="store_true", help="measure the latencies with more repetitions")
    arguments = parser.parse_args()
    tabsnap = os.path.abspath(arguments.tabsnap)

    work = tempfile.mkdtemp(prefix="tabsnap-e2e-")
    specs, goldens = os.path.join(work, "specs"), os.path.join(work, "goldens")
    os.makedirs(os.path.join(specs, "icons"))
    spec_path = os.path.join(specs, "tabs.yaml")
    icon_path = os.path.join(specs, "icons", "star.svg")
    with open(icon_path, "w") as file:
        file.write(ICON.format(path=STAR))
    with open(spec_path, "w") as file:
        file.write(SPEC.format(first="Home", indicator="#0A84FF"))
    shutil.copy(os.path.join(os.path.dirname(__file__), "..", "..", "Examples", "specs", "android-top-tabs.yaml"), specs)

    preview = Preview(tabsnap, specs, goldens)
    browser = None
    try:
        browser = Browser()
        page = Page(browser)
        print(f"tabsnap preview at {preview.url}")
        browser.call("Page.navigate", {"url": preview.url})
        browser.wait_for("window.tabsnapStats && window.tabsnapStats.frames >= 2 && document.getElementById('status').textContent === 'live'")
        check(browser.evaluate("document.querySelectorAll('.card').length") == 2, "the page shows a card per spec")

        print("scrubbing")
        page.drag_slider("tabs", [0.2, 0.5, 0.62])
        page.settled("tabs")
        position = page.position("tabs")
        check(0.3 < position < 2.5 and position != round(position), f"dragging the slider moved to a fractional position ({position})")
        expected = render(tabsnap, spec_path, position, os.path.join(work, "expected.png"))
        check(page.served_png("tabs") == expected, "the page's picture is the bytes `tabsnap render --position` writes")
        same, detail = pixels_match(tabsnap, os.path.join(work, "expected.png"), page.canvas_png("tabs"), work)
        check(same, f"the canvas shows exactly those pixels {detail}")

        page.drag_slider("tabs", [0.6, 0.0])
        page.settled("tabs")
        overscroll = page.position("tabs")
        check(overscroll == -0.5, f"the slider reaches overscroll before the first button ({overscroll})")
        render(tabsnap, spec_path, overscroll, os.path.join(work, "expected.png"))
        same, detail = pixels_match(tabsnap, os.path.join(work, "expected.png"), page.canvas_png("tabs"), work)
        check(same, f"an overscrolled picture matches render --position -0.5 {detail}")

        print("toggles and play")
        browser.evaluate("""(() => { const form = document.getElementById('settings');
            form.elements.theme.value = 'dark'; form.elements.scale.value = '3';
            form.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("window.tabsnapCards.get('tabs').drawnQuery.includes('theme=dark')")
        page.settled("tabs")
        subprocess.run([tabsnap, "render", spec_path, "--position", "-0.5", "--theme", "dark", "--scale", "3",
                        "-o", os.path.join(work, "expected.png")], check=True)
        with open(os.path.join(work, "expected.png"), "rb") as file:
            check(page.served_png("tabs") == file.read(), "the theme and scale toggles give render --theme dark --scale 3")
        browser.evaluate("""(() => { const form = document.getElementById('settings');
            form.elements.theme.value = ''; form.elements.scale.value = '';
            form.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("!window.tabsnapCards.get('tabs').drawnQuery.includes('theme=dark')")
        # The locale control: a pseudo-locale's picture is `render --locale`'s.
        browser.evaluate("""(() => { const form = document.getElementById('settings');
            form.elements.locale.value = 'pseudo-accented'; form.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("window.tabsnapCards.get('tabs').drawnQuery.includes('locale=pseudo-accented')")
        page.settled("tabs")
        subprocess.run([tabsnap, "render", spec_path, "--position", "-0.5", "--locale", "pseudo-accented",
                        "-o", os.path.join(work, "expected-locale.png")], check=True)
        with open(os.path.join(work, "expected-locale.png"), "rb") as file:
            check(page.served_png("tabs") == file.read(), "the locale control gives render --locale pseudo-accented")
        browser.evaluate("""(() => { const form = document.getElementById('settings');
            form.elements.locale.value = ''; form.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("!window.tabsnapCards.get('tabs').drawnQuery.includes('locale=')")
        page.settled("tabs")
        browser.evaluate(f"{page.card('tabs')}.querySelector('.play').click()")
        browser.wait_for(f"!{page.card('tabs')}.querySelector('.animation').hidden", timeout=30)
        status, animation = preview.get("/animation.png?spec=tabs&position=0")
        subprocess.run([tabsnap, "animate", spec_path, "--loop", "1", "-o", os.path.join(work, "swipe.png")], check=True,
                       capture_output=True)
        with open(os.path.join(work, "swipe.png"), "rb") as file:
            check(status == 200 and animation == file.read(), "play shows the APNG `tabsnap animate --loop 1` writes")
        browser.wait_for(f"{page.card('tabs')}.querySelector('.animation').hidden", timeout=30)
        check(True, "and the still picture comes back when it ends")

        print("geometry on hover")
        box = browser.evaluate(f"""(() => {{ const r = {page.card('tabs')}.querySelector('canvas.bar').getBoundingClientRect();
            return {{x: r.x, y: r.y, width: r.width, height: r.height}}; }})()""")
        browser.mouse("mouseMoved", box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        tip = browser.wait_for(f"{page.card('tabs')}.querySelector('.tip').hidden ? '' : {page.card('tabs')}.querySelector('.tip').textContent")
        check("button 1 “Search”" in tip and "indicator" in tip, f"hovering the middle shows button 1's frame and the indicator ({tip.splitlines()[0]})")

        print("live reload")
        latencies = []
        edits = 6 if arguments.bench else 2
        for index in range(edits):
            colour = "#FF3B30" if index % 2 == 0 else "#34C759"
            latency, shown = reload_latency(browser, page, "tabs", lambda c=colour: write_atomically(spec_path, SPEC.format(first="Home", indicator=c)))
            latencies.append(latency)
        position = page.position("tabs")
        render(tabsnap, spec_path, position, os.path.join(work, "expected.png"))
        same, detail = pixels_match(tabsnap, os.path.join(work, "expected.png"), page.canvas_png("tabs"), work)
        check(same, f"after saving the spec the page shows the new picture, without a refresh {detail}")

        latency, _ = reload_latency(browser, page, "tabs", lambda: write_atomically(icon_path, ICON.format(path=SQUARE)))
        latencies.append(latency)
        render(tabsnap, spec_path, position, os.path.join(work, "expected.png"))
        same, detail = pixels_match(tabsnap, os.path.join(work, "expected.png"), page.canvas_png("tabs"), work)
        check(same, f"saving the icon file updates the picture too {detail}")

        print("specs added and removed")
        lists = browser.evaluate("window.tabsnapStats.lists || 0")
        new_spec = os.path.join(specs, "new-bar.yaml")
        write_atomically(new_spec, SPEC.format(first="New", indicator="#FF9500"))
        browser.wait_for(f"(window.tabsnapStats.lists || 0) > {lists} && window.tabsnapCards.get('new-bar')")
        page.settled("new-bar")
        render(tabsnap, new_spec, 0, os.path.join(work, "expected.png"))
        same, detail = pixels_match(tabsnap, os.path.join(work, "expected.png"), page.canvas_png("new-bar"), work)
        check(same, f"a spec file saved into the folder gets its own card {detail}")
        os.remove(new_spec)
        browser.wait_for("!window.tabsnapCards.get('new-bar')")
        check(browser.evaluate("document.querySelectorAll('.card').length") == 2, "a spec file removed from the folder loses its card")

        print("a broken icon")
        shown = page.canvas_png("tabs")
        with open(icon_path, "w") as file:
            file.write("this is not an SVG")
        message = browser.wait_for(f"!{page.card('tabs')}.querySelector('.error').hidden && {page.card('tabs')}.querySelector('.error .message').textContent")
        check("star.svg" in message, f"an icon that no longer draws shows its error ({message[:90]})")
        check(page.canvas_png("tabs") == shown, "and the last picture stays")
        write_atomically(icon_path, ICON.format(path=SQUARE))
        browser.wait_for(f"{page.card('tabs')}.querySelector('.error').hidden")

        print("a bad edit")
        good = page.canvas_png("tabs")
        bad = SPEC.format(first="Home", indicator="#0A84FF").replace("width: 360", "width: -5")
        reload_latency(browser, page, "tabs", lambda: write_atomically(spec_path, bad))
        message = browser.wait_for(f"!{page.card('tabs')}.querySelector('.error').hidden && {page.card('tabs')}.querySelector('.error .message').textContent")
        check(re.search(r"tabs\.yaml:3:8: .*width", message) is not None, f"the error panel names file:line:column ({message})")
        check(page.canvas_png("tabs") == good, "the last good picture stays on screen")
        reload_latency(browser, page, "tabs", lambda: write_atomically(spec_path, SPEC.format(first="Home", indicator="#0A84FF")))
        check(browser.evaluate(f"{page.card('tabs')}.querySelector('.error').hidden"), "fixing the spec hides the error panel")

        print("copy as golden")
        page.drag_slider("tabs", [0.6, 0.25])  # 0.25 of -0.5…2.5 is position 0.25: no golden there
        page.settled("tabs")
        disabled = browser.evaluate(f"{page.card('tabs')}.querySelector('.golden').disabled")
        browser.evaluate(f"""(() => {{ const s = {page.card('tabs')}.querySelector('.position'); s.value = 1;
            s.dispatchEvent(new Event('input')); }})()""")
        page.settled("tabs")
        enabled = not browser.evaluate(f"{page.card('tabs')}.querySelector('.golden').disabled")
        check(disabled and enabled, "the golden button is enabled only at a position the spec keeps goldens of")
        browser.evaluate(f"{page.card('tabs')}.querySelector('.golden').click()")
        note = browser.wait_for(f"{page.card('tabs')}.querySelector('.golden-note').textContent")
        written = os.path.join(goldens, "tabs.p1.png")
        check(os.path.exists(written) and "tabs.p1.png" in note, f"it writes the golden `tabsnap check` names ({note})")
        result = subprocess.run([tabsnap, "check", os.path.join(specs, "tabs.yaml"), "--snapshots", goldens, "--filter", "tabs.p1.png"],
                                capture_output=True, text=True, env={**os.environ, "CI": "true"})
        check(result.returncode == 0, "tabsnap check passes on it: " + result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr.strip())

        print("only renders are served")
        for path in ["/../specs/tabs.yaml", "/specs/tabs.yaml", "/etc/passwd", "/render.png?spec=../tabs", "/render.png?spec=tabs&position=1e9"]:
            status, _ = preview.get(path)
            check(status in (400, 404), f"GET {path} → {status}")
        status, _ = preview.get("/specs.json", {"Host": "attacker.example"})
        check(status == 403, f"a request for another host name is refused ({status})")

        if arguments.bench:
            print("slider latency")
            browser.evaluate("window.tabsnapStats.sliderLatencies = []")
            for _ in range(5):
                page.drag_slider("tabs", [i / 60 for i in range(61)])
                page.drag_slider("tabs", [1 - i / 60 for i in range(61)])
            page.settled("tabs")
        slider = browser.evaluate("window.tabsnapStats.sliderLatencies")
        describe("slider → frame on screen", slider)
        breakdown = browser.evaluate("window.tabsnapStats.breakdown")
        for part, what in [("waited", "waiting for the frame before"), ("fetched", "request to response"), ("server", "of which rendering"),
                           ("decoded", "PNG decode"), ("painted", "draw to next paint")]:
            describe(f"  {what}", [sample[part] for sample in breakdown if sample.get(part) is not None])
        describe("save → page updated", latencies)

        if arguments.screenshot:
            browser.evaluate(f"""(() => {{ const s = {page.card('tabs')}.querySelector('.position'); s.value = 0.6;
                s.dispatchEvent(new Event('input')); }})()""")
            page.settled("tabs")
            browser.mouse("mouseMoved", box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            time.sleep(0.2)
            browser.screenshot(arguments.screenshot)
            print(f"screenshot: {arguments.screenshot}")

        print("for designers: snapping, the view in the address, GIF and MP4")
        designer_checks(browser, page, preview)

        print("for designers: controls and Copy as YAML")
        controls_check(browser, page, preview, tabsnap, work, specs)

        print("framing and neighbouring local pages")
        framing_check(browser, preview, goldens)

        print("Ctrl-C")
        preview.process.send_signal(signal.SIGINT)
        try:
            status = preview.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        check(status == 0, f"Ctrl-C stops the server with status 0 ({status})")
        gone = browser.wait_for("document.getElementById('status').textContent.startsWith('disconnected')", timeout=5)
        check(bool(gone), "the page says the server went away")
        second = Preview(tabsnap, specs, goldens)
        second.process.send_signal(signal.SIGTERM)
        check(second.process.wait(timeout=5) == 0, "SIGTERM stops it with status 0 too")

        print("motion curves in a check report")
        motion_report_check(browser, tabsnap, work)
    except BrowserError as error:
        failures.append(str(error))
        print(f"  FAIL  {error}")
    finally:
        if browser:
            browser.close()
        if preview.process.poll() is None:
            preview.process.kill()
            preview.process.wait()
        shutil.rmtree(work, ignore_errors=True)

    if failures:
        print(f"preview end-to-end: {len(failures)} failed")
        return 1
    print("preview end-to-end: all passed")
    return 0


def describe(what, values):
    if not values:
        print(f"  {what}: no samples")
        return
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
    print(f"  {what}: median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms ({len(values)} samples)")


if __name__ == "__main__":
    sys.exit(main())
