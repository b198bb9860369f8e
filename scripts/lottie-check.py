#!/usr/bin/env python3
"""The Lottie export (`tabsnap animate SPEC -o x.json`) held to two outside judges:

1. the Lottie schema (PyPI's `lottie-specs`, pinned by hash in scripts/lottie-requirements.txt,
   validated with `jsonschema`), and
2. an independent player, rlottie (Debian's librlottie0-1, through ctypes), which draws every
   frame; each is compared with Tabsnap's own PNG frame of the same transition (`-o DIR/`),
   both over white, by CIEDE2000.

A spec passes when the file is valid and, over all its frames, at most ALLOWED of the pixels
differ by more than ΔE 3 (anti-aliasing differs between cairo and rlottie at edges only).
Refusals are checked too: what Lottie cannot hold is a one-line error and no file.

Usage: lottie-check.py TABSNAP WORK_DIR [--scale 2] [--sheet OUT.png]   (one line per spec; exit 1 on
failure; --sheet: the README's picture, four frames of the first spec as rlottie plays the Lottie
file, above the same frames as Tabsnap draws them)
"""
import argparse, ctypes, json, os, subprocess, sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module
quality = import_module("gif-quality")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Share of pixels, over all frames, that may differ by more than ΔE 3 (see the README's
# Lottie section for what was measured).
ALLOWED = 0.02
SPECS = {
    "tab-bar": "preset: tabBar\nwidth: 390\nitems:\n  - {title: Home, icon: home}\n  - {title: Search, icon: search}\n  - {title: Profile, icon: person, badge: '3'}\n",
    "tabs-scrolling": "preset: tabs\nwidth: 320\nitems: [Inbox, Drafts, Sent, Archive, Spam, Trash, Settings]\ntransition: {steps: [{to: 4, duration: 500}, {hold: 200}, {to: 1, kind: jump}]}\n",
    "pill-dark-rtl": "preset: buttonBar\nwidth: 360\ntheme: dark\ndirection: rtl\nitems: [Day, Week, Month]\n",
    "screen": "preset: tabBar\nscreen: {device: iphone-se, navigationTitle: Mail, finger: true}\nitems:\n  - {title: Inbox, icon: home}\n  - {title: Search, icon: search}\n",
}
REFUSED = {
    "markup": ("width: 300\nitems: [{markup: '<b>Bold</b>'}, B]\n", "markup text is not mapped"),
    "icon-file": ("preset: tabBar\nwidth: 300\nitems: [{title: A, icon: i.svg}, B]\n", "the icon file i.svg is not mapped"),
}


def schema_validator():
    """jsonschema's validator of the Lottie schema from the pinned lottie-specs wheel, installed
    once into the user's cache (PyPI, checked against its hash)."""
    target = os.path.join(os.path.expanduser("~"), ".cache", "tabsnap", "lottie-specs-0.5.2")
    schema_path = os.path.join(target, "lottie_specs", "data", "lottie.schema.json")
    if not os.path.exists(schema_path):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps", "--require-hashes",
                        "--target", target, "-r", os.path.join(ROOT, "scripts", "lottie-requirements.txt")], check=True)
    import jsonschema
    with open(schema_path) as file:
        schema = json.load(file)
    return jsonschema.Draft202012Validator(schema)


class Player:
    """rlottie through its C API: a frame as RGBA (straight alpha), w × h pixels."""

    def __init__(self):
        self.lib = ctypes.CDLL("librlottie.so.0-1")
        self.lib.lottie_animation_from_data.restype = ctypes.c_void_p
        self.lib.lottie_animation_from_data.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
        self.lib.lottie_animation_get_totalframe.restype = ctypes.c_size_t
        self.lib.lottie_animation_get_totalframe.argtypes = [ctypes.c_void_p]
        self.lib.lottie_animation_render.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
        self.lib.lottie_animation_destroy.argtypes = [ctypes.c_void_p]

    def frames(self, data, key, width, height):
        animation = self.lib.lottie_animation_from_data(data, key.encode(), b"")
        if not animation:
            raise RuntimeError("rlottie cannot read it")
        try:
            total = self.lib.lottie_animation_get_totalframe(animation)
            buffer = (ctypes.c_uint32 * (width * height))()
            for index in range(total):
                ctypes.memset(buffer, 0, width * height * 4)
                self.lib.lottie_animation_render(animation, index, buffer, width, height, width * 4)
                # ARGB32, premultiplied, in native (little-endian) order: B, G, R, A bytes.
                bgra = np.frombuffer(buffer, dtype=np.uint8).reshape(height, width, 4).astype(float)
                alpha = bgra[..., 3:4]
                rgb = np.where(alpha > 0, bgra[..., [2, 1, 0]] * 255 / np.maximum(alpha, 1), 0)
                yield np.concatenate([rgb, alpha], axis=-1)
        finally:
            self.lib.lottie_animation_destroy(animation)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tabsnap")
    parser.add_argument("work")
    parser.add_argument("--scale", type=int, default=2)
    parser.add_argument("--sheet", help="write the README's side-by-side picture here")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    validator = schema_validator()
    player = Player()
    failed = False
    for name, spec in SPECS.items():
        folder = os.path.join(args.work, name)
        os.makedirs(folder, exist_ok=True)
        spec_path = os.path.join(folder, name + ".yaml")
        with open(spec_path, "w") as file:
            file.write(spec)
        lottie_path = os.path.join(folder, name + ".json")
        subprocess.run([args.tabsnap, "animate", spec_path, "-o", lottie_path, "--quiet"], check=True)
        subprocess.run([args.tabsnap, "animate", spec_path, "-o", os.path.join(folder, "frames") + "/", "--scale", str(args.scale), "--quiet"], check=True)
        with open(lottie_path, "rb") as file:
            data = file.read()
        document = json.loads(data)
        problems = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        with open(os.path.join(folder, "frames", "frames.json")) as file:
            frame_names = [frame["file"] for frame in json.load(file)["frames"]]
        width, height = document["w"] * args.scale, document["h"] * args.scale
        over = total = 0
        worst = 0.0
        count = 0
        # Four frames of the tour's first swipe.
        picked = {int(len(frame_names) * f) for f in (0.3, 0.34, 0.38, 0.42)} if args.sheet and name == "tab-bar" else set()
        pairs = []
        for index, seen in enumerate(player.frames(data, name, width, height)):
            truth = np.asarray(Image.open(os.path.join(folder, "frames", frame_names[index])).convert("RGBA")).astype(float)
            if index in picked:
                pairs.append((quality.over_white(seen), quality.over_white(truth)))
            h, w = min(truth.shape[0], seen.shape[0]), min(truth.shape[1], seen.shape[1])
            e = quality.ciede2000(quality.srgb_to_lab(quality.over_white(truth[:h, :w])), quality.srgb_to_lab(quality.over_white(seen[:h, :w])))
            over += int((e > 3).sum())
            total += e.size
            worst = max(worst, float(np.percentile(e, 99.9)))
            count += 1
        if pairs:
            # rlottie's frames in the top row, Tabsnap's below, a grey rule between rows.
            h, w = pairs[0][0].shape[0], pairs[0][0].shape[1]
            sheet = np.full((2 * h + 4, len(pairs) * (w + 4) - 4, 3), 255.0)
            sheet[h:h + 4, :, :] = 200
            for column, (played, drawn) in enumerate(pairs):
                x = column * (w + 4)
                sheet[:h, x:x + w] = played[:h, :w]
                sheet[h + 4:, x:x + w] = drawn[:h, :w]
            Image.fromarray(np.clip(sheet, 0, 255).astype(np.uint8)).save(args.sheet)
        share = over / max(total, 1)
        ok = not problems and count == len(frame_names) and share <= ALLOWED
        failed |= not ok
        print(f"{'ok' if ok else 'FAILED'} {name}: schema {'valid' if not problems else 'INVALID: ' + problems[0].message[:200]}; "
              f"rlottie drew {count} of {len(frame_names)} frames; {share * 100:.2f} % of pixels over ΔE 3 (allowed {ALLOWED * 100:g} %), "
              f"99.9th percentile ΔE {worst:.1f}; {len(data)} bytes")
    for name, (spec, expected) in REFUSED.items():
        folder = os.path.join(args.work, "refused-" + name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "i.svg"), "w") as file:
            file.write('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>')
        spec_path = os.path.join(folder, "s.yaml")
        with open(spec_path, "w") as file:
            file.write(spec)
        out = os.path.join(folder, "s.json")
        run = subprocess.run([args.tabsnap, "animate", spec_path, "-o", out, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        ok = run.returncode != 0 and expected in run.stderr and run.stderr.count("\n") == 1 and not os.path.exists(out)
        failed |= not ok
        print(f"{'ok' if ok else 'FAILED'} refused {name}: {run.stderr.strip()}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
