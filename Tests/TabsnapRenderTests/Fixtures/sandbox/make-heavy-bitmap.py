"""Makes the sandbox's bitmap-font fixtures from DejaVu Sans, cut down to a few characters
that get embedded bitmaps (an sbix strike at 17 ppem): HEAVY ones of 16 384 x 16 384 pixels (a
32 KB PNG that took 2.4 GB and 6 s to decode and embolden before the sandbox), LIGHT ones of 8 x 8.
Needs fontTools:
    python3 make-heavy-bitmap.py ../../../../Fonts/DejaVu/DejaVuSans.ttf heavy-bitmap.ttf "Heavy Bitmap" A ""
    python3 make-heavy-bitmap.py ../../../../Fonts/DejaVu/DejaVuSans.ttf heavy-ellipsis.ttf "Heavy Ellipsis" $'\u2026\u2010-' a
(heavy-ellipsis: only the glyphs pango adds to a cut or wrapped line are heavy.)
"""
import struct
import sys
import zlib

from fontTools import subset
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables.sbixGlyph import Glyph
from fontTools.ttLib.tables.sbixStrike import Strike

SIDE = 16384


def blank_png(width, height):
    """A 1-bit PNG of zeros: tiny compressed, width x height once decoded."""
    row = b"\x00" + b"\x00" * ((width + 7) // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def rename(font, family):
    """Gives the font the family name `family` (and its PostScript name without spaces)."""
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        if record.nameID == 6:
            record.string = family.replace(" ", "")


def main():
    source, output, family, heavy, light = sys.argv[1:6]
    font = TTFont(source)
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.drop_tables += ["FFTM"]
    cutter = subset.Subsetter(options)
    cutter.populate(text=heavy + light)
    cutter.subset(font)
    sbix = newTable("sbix")
    sbix.version, sbix.flags, sbix.strikes = 1, 1, {}
    strike = Strike(ppem=17, resolution=72)
    cmap = font.getBestCmap()
    for characters, side in ((heavy, SIDE), (light, 8)):
        for character in characters:
            name = cmap[ord(character)]
            strike.glyphs[name] = Glyph(glyphName=name, graphicType="png ", originOffsetX=0, originOffsetY=0, imageData=blank_png(side, side))
    sbix.strikes[17] = strike
    font["sbix"] = sbix
    rename(font, family)
    font.save(output)


if __name__ == "__main__":
    main()
