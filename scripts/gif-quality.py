#!/usr/bin/env python3
"""GIF quality and size: Tabsnap's GIF against ffmpeg's palettegen/paletteuse and Pillow's
median cut, all made from the same true frames (a frame folder from `tabsnap animate -o DIR/`).

Each GIF is decoded back with Pillow, frame times expanded so every true frame is compared with
what the GIF shows at that moment, both composited over white (what a viewer shows). Reported:
mean and 99th-percentile CIEDE2000 over all pixels of all frames, and bytes.

Usage: gif-quality.py FRAMES_DIR TABSNAP.gif WORK_DIR   (prints one line per encoder)
"""
import json, os, subprocess, sys
import numpy as np
from PIL import Image, ImageSequence


def srgb_to_lab(rgb):
    c = rgb / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def ciede2000(lab1, lab2):
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - np.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dh = h2p - h1p
    dh = np.where(C1p * C2p == 0, 0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lmp, Cmp = (L1 + L2) / 2, (C1p + C2p) / 2
    hsum = h1p + h2p
    hmp = np.where(C1p * C2p == 0, hsum, np.where(np.abs(h1p - h2p) <= 180, hsum / 2, np.where(hsum < 360, (hsum + 360) / 2, (hsum - 360) / 2)))
    T = 1 - 0.17 * np.cos(np.radians(hmp - 30)) + 0.24 * np.cos(np.radians(2 * hmp)) + 0.32 * np.cos(np.radians(3 * hmp + 6)) - 0.20 * np.cos(np.radians(4 * hmp - 63))
    dtheta = 30 * np.exp(-(((hmp - 275) / 25) ** 2))
    Rc = 2 * np.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lmp - 50) ** 2 / np.sqrt(20 + (Lmp - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cmp, 1 + 0.015 * Cmp * T
    Rt = -np.sin(np.radians(2 * dtheta)) * Rc
    return np.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def over_white(rgba):
    a = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * a + 255 * (1 - a)


def gif_frames(path):
    """(start ms, RGBA array) for every frame as a viewer composes it."""
    out, t = [], 0
    with Image.open(path) as im:
        for frame in ImageSequence.Iterator(im):
            out.append((t, np.asarray(frame.convert("RGBA"), dtype=np.float64)))
            t += frame.info.get("duration", 0)
    return out


def score(gif, truth):
    shown = gif_frames(gif)
    errors = []
    for start, true in truth:
        frame = [f for t, f in shown if t <= start + 0.5][-1]
        errors.append(ciede2000(srgb_to_lab(over_white(true)), srgb_to_lab(over_white(frame))).ravel())
    e = np.concatenate(errors)
    return e.mean(), np.percentile(e, 99), os.path.getsize(gif)


def main():
    frames_dir, tabsnap_gif, work = sys.argv[1:4]
    manifest = json.load(open(os.path.join(frames_dir, "frames.json")))
    fps = manifest["fps"]
    entries = manifest["frames"]
    truth = [(e["time"], np.asarray(Image.open(os.path.join(frames_dir, e["file"])).convert("RGBA"), dtype=np.float64)) for e in entries]
    pattern = os.path.join(frames_dir, "frame-%04d.png")
    results = {"tabsnap": tabsnap_gif}
    for name, dither in [("ffmpeg-palettegen", "none"), ("ffmpeg-palettegen-dithered", "sierra2_4a")]:
        out = os.path.join(work, name + ".gif")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", pattern, "-vf",
                        f"split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]paletteuse=dither={dither}", out], check=True)
        results[name] = out
    # Pillow: one median-cut palette over every frame, applied to each without dithering.
    images = [Image.open(os.path.join(frames_dir, e["file"])).convert("RGB") for e in entries]
    sheet = Image.new("RGB", (images[0].width, images[0].height * len(images)))
    for i, im in enumerate(images):
        sheet.paste(im, (0, i * im.height))
    palette = sheet.quantize(255, method=Image.Quantize.MEDIANCUT)
    quantized = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    out = os.path.join(work, "pillow-mediancut.gif")
    durations = [round(e["duration"]) for e in entries]
    quantized[0].save(out, save_all=True, append_images=quantized[1:], duration=durations, loop=0, optimize=False)
    results["pillow-mediancut"] = out
    for name, path in results.items():
        mean, p99, size = score(path, truth)
        print(f"{name:28s} mean ΔE00 {mean:6.3f}   99th pct {p99:6.2f}   {size:8d} bytes")


if __name__ == "__main__":
    main()
