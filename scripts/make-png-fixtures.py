#!/usr/bin/env python3
"""Writes Tests/TabsnapRenderTests/Fixtures/png-kinds: one small image in every PNG kind an
optimiser or image tool may write (palette, grey, grey+alpha, RGB, RGBA; 1-16 bits; tRNS;
interlaced or not), each with the RGBA pixels an independent decoder (pypng) reads from it.
Tabsnap's decoder must read the same pixels. Needs `pip install pypng`; the output is committed."""
import os, png

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "TabsnapRenderTests", "Fixtures", "png-kinds")
W, H = 13, 7  # odd sizes exercise Adam7's partial passes and packed rows that end mid-byte

def grey_levels(bits):
    top = (1 << bits) - 1
    return [[(x + y) % (top + 1) for x in range(W)] for y in range(H)]

def write(name, rows, interlace, **info):
    for suffix, lace in (("", False), ("-interlaced", True)) if interlace else (("", False),):
        path = os.path.join(OUT, name + suffix + ".png")
        with open(path, "wb") as f:
            png.Writer(W, H, interlace=lace, **info).write(f, rows)
        reader = png.Reader(filename=path)
        _, _, pixels, _ = reader.asRGBA8()
        with open(path[:-4] + ".rgba", "wb") as f:
            for row in pixels:
                f.write(bytes(row))

os.makedirs(OUT, exist_ok=True)
palette = [(255, 0, 0, 255), (0, 128, 255, 128), (20, 200, 20, 0), (250, 250, 250, 255), (0, 0, 0, 255)]
for bits in (1, 2, 4, 8):
    size = min(1 << bits, len(palette))
    rows = [[(x * 3 + y) % size for x in range(W)] for y in range(H)]
    write(f"palette{bits}", rows, True, palette=palette[:size], bitdepth=bits)
for bits in (1, 2, 4, 8, 16):
    levels = grey_levels(bits if bits < 16 else 8)
    rows = [[v * 257 for v in r] for r in levels] if bits == 16 else levels
    write(f"grey{bits}", rows, True, greyscale=True, bitdepth=bits)
    write(f"grey{bits}-key", rows, False, greyscale=True, bitdepth=bits, transparent=rows[0][1])
for bits in (8, 16):
    k = 257 if bits == 16 else 1
    ga = [sum(([((x * 20 + y * 7) % 256) * k, ((x * 40) % 256) * k] for x in range(W)), []) for y in range(H)]
    write(f"greyalpha{bits}", ga, True, greyscale=True, alpha=True, bitdepth=bits)
    rgb = [sum(([((x * 19) % 256) * k, ((y * 37) % 256) * k, ((x * y * 5) % 256) * k] for x in range(W)), []) for y in range(H)]
    write(f"rgb{bits}", rgb, True, greyscale=False, bitdepth=bits)
    write(f"rgb{bits}-key", rgb, False, greyscale=False, bitdepth=bits, transparent=tuple(rgb[0][3:6]))
    rgba = [sum(([((x * 19) % 256) * k, ((y * 37) % 256) * k, ((x * y * 5) % 256) * k, ((x * 31 + y) % 256) * k] for x in range(W)), [])
            for y in range(H)]
    write(f"rgba{bits}", rgba, True, greyscale=False, bitdepth=bits, alpha=True)

# A golden as another tool re-writes it (an optimiser, ImageMagick): same pixels, other encodings.
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "Snapshots", "example-segmented-pill.png")
gw, gh, grows, _ = png.Reader(filename=GOLDEN).asRGBA8()
grows = [bytes(r) for r in grows]
with open(os.path.join(OUT, "golden-rgb16-interlaced.png"), "wb") as f:
    rgb16 = [[v * 257 for i, v in enumerate(r) if i % 4 != 3] for r in grows]  # opaque: alpha dropped
    png.Writer(gw, gh, greyscale=False, bitdepth=16, interlace=True).write(f, rgb16)
colours = sorted(set(tuple(r[i:i + 4]) for r in grows for i in range(0, len(r), 4)))
if len(colours) <= 256:
    index = {c: n for n, c in enumerate(colours)}
    with open(os.path.join(OUT, "golden-palette.png"), "wb") as f:
        png.Writer(gw, gh, palette=colours, bitdepth=8).write(f, [[index[tuple(r[i:i + 4])] for i in range(0, len(r), 4)] for r in grows])

# A two-colour golden, as an optimiser packs it: a 1-bit palette.
LINE = os.path.join(os.path.dirname(__file__), "..", "Snapshots", "component-dark-lineBar.png")
lw, lh, lrows, _ = png.Reader(filename=LINE).asRGBA8()
lrows = [bytes(r) for r in lrows]
lcolours = sorted(set(tuple(r[i:i + 4]) for r in lrows for i in range(0, len(r), 4)))
lindex = {c: n for n, c in enumerate(lcolours)}
with open(os.path.join(OUT, "golden-lineBar-palette1.png"), "wb") as f:
    png.Writer(lw, lh, palette=lcolours, bitdepth=1).write(f, [[lindex[tuple(r[i:i + 4])] for i in range(0, len(r), 4)] for r in lrows])
