"""Makes slow-scan.ttc: a font collection of 256 faces sharing one set of tables, whose character
map (format 13) maps every code point from U+0020 to U+10FFFF to one glyph. 45 KB; fontconfig
took 10 s to read it, before any text was drawn (SandboxTests). Needs fontTools:
    python3 make-slow-scan.py slow-scan.ttc
"""
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection
from fontTools.ttLib.tables._c_m_a_p import cmap_format_13

FACES = 256

builder = FontBuilder(1000, isTTF=True)
builder.setupGlyphOrder([".notdef", "g"])
builder.setupCharacterMap({0x41: "g"})
square = TTGlyphPen(None)
square.moveTo((0, 0))
square.lineTo((0, 500))
square.lineTo((500, 500))
square.closePath()
dot = TTGlyphPen(None)
dot.moveTo((0, 0))
dot.lineTo((0, 1))
dot.lineTo((1, 1))
dot.closePath()
builder.setupGlyf({".notdef": dot.glyph(), "g": square.glyph()})
builder.setupHorizontalMetrics({".notdef": (500, 0), "g": (600, 0)})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "Slow Scan", "styleName": "Regular"})
builder.setupOS2()
builder.setupPost()
font = builder.font
everything = cmap_format_13(13)
everything.platformID, everything.platEncID, everything.language = 3, 10, 0
everything.format, everything.reserved, everything.length, everything.nGroups = 13, 0, 0, 0
everything.cmap = {code: "g" for code in list(range(0x20, 0xD800)) + list(range(0xE000, 0x110000))}
font["cmap"].tables.append(everything)
collection = TTCollection()
collection.fonts = [font] * FACES
collection.save(sys.argv[1], shareTables=True)
