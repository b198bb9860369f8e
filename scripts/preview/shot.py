"""What the README's preview screenshots share: their arguments (OUT.png, --tabsnap), example
specs copied into a scratch folder, a preview over them and a browser on its page, all stopped
and removed afterwards however the screenshot ends.
"""
import argparse
import contextlib
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from e2e import Page, Preview  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def arguments(description):
    """OUT.png and --tabsnap, both made absolute before the session changes folder."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out")
    parser.add_argument("--tabsnap", default=os.path.join(ROOT, ".build", "release", "tabsnap"))
    parsed = parser.parse_args()
    parsed.out = os.path.abspath(parsed.out)
    parsed.tabsnap = os.path.abspath(parsed.tabsnap)
    return parsed


@contextlib.contextmanager
def session(tabsnap, examples, width, height):
    """A preview of `examples` (names in Examples/specs) and a browser of `width`×`height` on
    its page: yields (browser, page, specs folder). The page shows paths as given (specs/…), so
    the working folder is the scratch folder meanwhile."""
    work = tempfile.mkdtemp(prefix="tabsnap-shot-")
    specs = os.path.join(work, "specs")
    os.makedirs(specs)
    for name in examples:
        shutil.copy(os.path.join(ROOT, "Examples", "specs", name), specs)
    here = os.getcwd()
    os.chdir(work)
    preview = None
    browser = None
    try:
        preview = Preview(tabsnap, "specs", os.path.join(work, "goldens"))
        browser = Browser(width=width, height=height)
        page = Page(browser)
        browser.call("Page.navigate", {"url": preview.url})
        yield browser, page, specs
    finally:
        if browser is not None:
            browser.close()
        if preview is not None:
            preview.process.kill()
            preview.process.wait()
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)
