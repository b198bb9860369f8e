#!/usr/bin/env python3
"""How other programs draw Tabsnap's editable SVG (`render --svg-text named|embedded`), measured
against Tabsnap's own PNG of the same bar at 2x. The bound is `tabsnap diff --strict`: at most a
share of pixels (the viewer's `--allow`) may differ by more than CIEDE2000 3. With numpy and
Pillow at hand it also prints the mean, 99th-percentile and largest ΔE and the share over 3.

Viewers, each when installed:
  rsvg-convert  (librsvg) the `named` SVG, fonts from Tabsnap's Fonts/ through fontconfig
  inkscape      the `named` SVG, the same fonts; also checks that Inkscape reads every title as
                a text object (its plain-SVG export keeps <text id="button-N-title"> with the title)
  chromium      the `embedded` SVG (fonts inside it), no fonts installed but the machine's

Also drawn: Chromium's picture of the default SVG (glyph outlines), the baseline of how far
Chromium's anti-aliasing alone differs from cairo's.

Usage: svg-text-viewers.py TABSNAP WORK_DIR [--require inkscape,chromium,rsvg-convert] [--sheet OUT.png] [SPEC ...]
Prints one line per spec and viewer; exits 1 when a required viewer is missing, when Inkscape
loses a title's text, or when a viewer's picture is outside its bound. --sheet writes the
README's picture: the `scripts` spec (or the first spec) as Tabsnap's PNG, then as Inkscape,
rsvg-convert and Chromium draw its editable SVG, one row each (needs numpy and Pillow).
"""
import argparse, os, re, shutil, struct, subprocess, sys

try:
    import numpy as np
    from PIL import Image
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from importlib import import_module
    quality = import_module("gif-quality")
except ImportError:
    np = None

# Share of pixels that may differ by more than ΔE 3 (measured 2026-11-29: at most 0.80 % for
# Inkscape, 1.39 % for rsvg-convert, 3.22 % for Chromium, whose anti-aliasing alone differs on
# up to 1.03 % of the outline SVG's pixels).
ALLOWED = {"rsvg-convert": "2%", "inkscape": "1.5%", "chromium": "4.5%", "chromium-outlines": "2%"}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SPECS = ["ios-tab-bar", "android-top-tabs", "segmented-pill", "mistica-tabs-3", "rtl", "dark-theme", "icon-files", "scripts"]
# Written into the work folder: Han forms by language, Devanagari, Thai, markup spans.
EXTRA_SPECS = {
    "scripts": "preset: tabs\nwidth: 390\nlanguage: zh-Hant\nitems: [直骨說, नमस्ते, ไทย, {markup: \"<b>Bold</b> <span foreground='#E53935'>red</span>\"}]\n",
}


def run(args, env=None):
    return subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=180)


def errors(truth_png, viewer_png):
    truth = np.asarray(Image.open(truth_png).convert("RGBA")).astype(float)
    seen = np.asarray(Image.open(viewer_png).convert("RGBA")).astype(float)
    h, w = min(truth.shape[0], seen.shape[0]), min(truth.shape[1], seen.shape[1])
    if abs(truth.shape[0] - seen.shape[0]) > 1 or abs(truth.shape[1] - seen.shape[1]) > 1:
        raise RuntimeError(f"size {seen.shape[1]}x{seen.shape[0]}, expected {truth.shape[1]}x{truth.shape[0]}")
    e = quality.ciede2000(quality.srgb_to_lab(quality.over_white(truth[:h, :w])), quality.srgb_to_lab(quality.over_white(seen[:h, :w])))
    return e.ravel()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tabsnap")
    parser.add_argument("work")
    parser.add_argument("specs", nargs="*")
    parser.add_argument("--require", default="")
    parser.add_argument("--sheet", help="write the README's picture of one spec in every viewer here")
    options = parser.parse_args()
    if options.sheet and np is None:
        print("--sheet needs numpy and Pillow")
        return 1
    os.makedirs(options.work, exist_ok=True)
    conf = os.path.join(options.work, "fonts.conf")
    with open(conf, "w") as f:
        f.write(f"<?xml version=\"1.0\"?>\n<fontconfig><dir>{os.path.join(ROOT, 'Fonts')}</dir>"
                f"<cachedir>{os.path.join(options.work, 'fc-cache')}</cachedir></fontconfig>\n")
    fonts_env = dict(os.environ, FONTCONFIG_FILE=conf, HOME=options.work)
    viewers = [v for v in ["rsvg-convert", "inkscape", "chromium"] if shutil.which(v)]
    missing = [v for v in options.require.split(",") if v and v not in viewers]
    if missing:
        print("missing viewers: " + ", ".join(missing))
        return 1
    failed = False
    specs = options.specs or DEFAULT_SPECS
    sheet_spec = "scripts" if "scripts" in specs else specs[0]
    for spec in specs:
        if spec in EXTRA_SPECS:
            path = os.path.join(options.work, spec + ".yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(EXTRA_SPECS[spec])
        else:
            path = spec if spec.endswith((".yaml", ".json")) else os.path.join(ROOT, "Examples", "specs", spec + ".yaml")
        name = os.path.splitext(os.path.basename(path))[0]
        base = os.path.join(options.work, name)
        for args in (["-o", base + ".png", "--scale", "2"], ["-o", base + ".named.svg", "--svg-text", "named"],
                     ["-o", base + ".embedded.svg", "--svg-text", "embedded"]):
            result = run([options.tabsnap, "render", path] + args)
            if result.returncode != 0:
                print(f"{name}: tabsnap render {' '.join(args)} failed: {result.stderr.strip()}")
                return 1
        with open(base + ".png", "rb") as f:
            width, height = struct.unpack(">II", f.read(24)[16:24])
        shots = {}
        if "rsvg-convert" in viewers:
            out = base + ".rsvg.png"
            result = run(["rsvg-convert", "-z", "2", "-o", out, base + ".named.svg"], env=fonts_env)
            shots["rsvg-convert"] = out if result.returncode == 0 else result.stderr.strip()
        if "inkscape" in viewers:
            out = base + ".inkscape.png"
            result = run(["inkscape", "--export-type=png", f"--export-filename={out}", "--export-dpi=192", base + ".named.svg"], env=fonts_env)
            shots["inkscape"] = out if result.returncode == 0 else result.stderr.strip()
            plain = base + ".inkscape.svg"
            result = run(["inkscape", "--export-plain-svg", f"--export-filename={plain}", base + ".named.svg"], env=fonts_env)
            source = open(base + ".named.svg", encoding="utf-8").read()
            kept = open(plain, encoding="utf-8").read() if result.returncode == 0 else ""
            titles = re.findall(r'<text id="(button-\d+-title)"', source)
            lost = [t for t in titles if not re.search(rf'<text[^>]*id="{t}"', kept)]
            print(f"{name}: inkscape reads {len(titles) - len(lost)} of {len(titles)} titles as text objects" + (f"; lost {lost}" if lost else ""))
            failed |= bool(lost)
        if "chromium" in viewers:
            out = base + ".chromium.png"
            page = base + ".embedded.html"
            with open(page, "w") as f:
                f.write(f"<!doctype html><style>html,body{{margin:0;background:#fff}}</style><img src=\"{os.path.basename(base)}.embedded.svg\" "
                        f"width=\"{width // 2}\" height=\"{height // 2}\" style=\"display:block\">")
            result = run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
                          f"--window-size={width // 2},{height // 2}", f"--screenshot={out}", "file://" + page])
            shots["chromium"] = out if result.returncode == 0 and os.path.exists(out) else result.stderr.strip()[-300:]
            # The baseline: Chromium drawing Tabsnap's default SVG (glyph outlines, no text at all).
            run([options.tabsnap, "render", path, "-o", base + ".outlines.svg"])
            with open(page, "w") as f:
                f.write(f"<!doctype html><style>html,body{{margin:0;background:#fff}}</style><img src=\"{os.path.basename(base)}.outlines.svg\" "
                        f"width=\"{width // 2}\" height=\"{height // 2}\" style=\"display:block\">")
            out = base + ".chromium-outlines.png"
            result = run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
                          f"--window-size={width // 2},{height // 2}", f"--screenshot={out}", "file://" + page])
            shots["chromium-outlines"] = out if result.returncode == 0 and os.path.exists(out) else result.stderr.strip()[-300:]
        for viewer, shot in shots.items():
            if not shot.endswith(".png"):
                print(f"{name}: {viewer} failed: {shot}")
                failed = True
                continue
            verdict = run([options.tabsnap, "diff", base + ".png", shot, "--strict", "--delta-e", "3", "--allow", ALLOWED[viewer]])
            over = verdict.returncode != 0
            failed |= over
            figures = ""
            if np is not None and not over:
                e = errors(base + ".png", shot)
                figures = f"mean ΔE {e.mean():.3f}  p99 {np.percentile(e, 99):.2f}  max {e.max():.1f}  over 3: {(e > 3).mean() * 100:.2f} %  "
            print(f"{name}: {viewer:17} {figures}" + (f"OVER (allowed {ALLOWED[viewer]}): {verdict.stdout.strip() or verdict.stderr.strip()}" if over else f"within {ALLOWED[viewer]}"))
        if options.sheet and spec == sheet_spec:
            rows = [base + ".png"] + [shots[v] for v in ["inkscape", "rsvg-convert", "chromium"] if str(shots.get(v, "")).endswith(".png")]
            write_sheet(rows, options.sheet)
    return 1 if failed else 0


def write_sheet(rows, out):
    """The pictures one above another on white, 4 px of grey between them."""
    pictures = [np.asarray(Image.open(row).convert("RGB")) for row in rows]
    width = max(p.shape[1] for p in pictures)
    sheet = np.full((sum(p.shape[0] for p in pictures) + 4 * (len(pictures) - 1), width, 3), 255, dtype=np.uint8)
    y = 0
    for index, picture in enumerate(pictures):
        sheet[y:y + picture.shape[0], :picture.shape[1]] = picture
        y += picture.shape[0]
        if index < len(pictures) - 1:
            sheet[y:y + 4] = 200
            y += 4
    Image.fromarray(sheet).save(out)
    print(f"sheet: {out} ({len(pictures)} rows: " + ", ".join(os.path.basename(r) for r in rows) + ")")


if __name__ == "__main__":
    sys.exit(main())
