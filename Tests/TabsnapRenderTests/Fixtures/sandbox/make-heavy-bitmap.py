"""Makes heavy-bitmap.ttf: DejaVu Sans cut down to the letter A, whose A also has an embedded
bitmap (an sbix strike at 17 ppem) of 16 384 x 16 384 pixels. The PNG is 32 KB; decoding and
emboldening it took 2.4 GB and 6 s before the sandbox (SandboxTests). Needs fontTools:
    python3 make-heavy-bitmap.py ../../../../Fonts/DejaVu/DejaVuSans.ttf heavy-bitmap.ttf
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


source, output = sys.argv[1], sys.argv[2]
font = TTFont(source)
options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.drop_tables += ["FFTM"]
cutter = subset.Subsetter(options)
cutter.populate(text="A")
cutter.subset(font)
sbix = newTable("sbix")
sbix.version, sbix.flags, sbix.strikes = 1, 1, {}
strike = Strike(ppem=17, resolution=72)
strike.glyphs[font.getBestCmap()[ord("A")]] = Glyph(glyphName="A", graphicType="png ", originOffsetX=0, originOffsetY=0, imageData=blank_png(SIDE, SIDE))
sbix.strikes[17] = strike
font["sbix"] = sbix
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Heavy Bitmap"
    if record.nameID == 6:
        record.string = "HeavyBitmap"
font.save(output)
