"""Fallback fonts of hostile round 21: each has one glyph, a box, for U+F0000 (a private-use
character no bundled font has), so a title "A\U000F0000…" draws it as the fallback. Each breaks
one rule a font the spec names is held to (fontTools FontBuilder, no outside data):

- fallback-em16.ttf: unitsPerEm 16, so the box is 62 times too large (the bar grew 2 174 px tall).
- fallback-tall.ttf: ascent 20 ems (the bar grew 369 pt tall).
- fallback-zero.ttf: the box has advance 0 and is drawn over the next letter.
- fallback-wide.ttf: the box's ink starts 1.4 ems before its origin, over the letters before it.
- fallback-tallink.ttf: the box is 3.2 ems tall.
- fallback-fine.ttf: a box inside its advance and the line: drawn.
- fallback-advance.ttf: the box's advance is 15 ems (round 22): the title is set far off centre.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-21.py
"""
import pathlib

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")


def box(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    return pen.glyph()


def font(name, units=1000, ascent=800, advance=600, ink=(50, 0, 500, 700)):
    builder = FontBuilder(units, isTTF=True)
    builder.setupGlyphOrder([".notdef", "box"])
    builder.setupCharacterMap({0xF0000: "box"})
    builder.setupGlyf({".notdef": box(50, 0, 500, 700), "box": box(*ink)})
    builder.setupHorizontalMetrics({".notdef": (600, 50), "box": (advance, ink[0])})
    builder.setupHorizontalHeader(ascent=ascent, descent=-200)
    builder.setupNameTable({"familyName": "Fallback " + name.title(), "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=ascent, sTypoDescender=-200, usWinAscent=ascent, usWinDescent=200)
    builder.setupPost()
    # A fixed date, so running this again makes the same bytes.
    builder.font["head"].created = builder.font["head"].modified = 3_000_000_000
    builder.save(HERE / f"fallback-{name}.ttf")


font("em16", units=16)
font("tall", ascent=20000)
font("zero", advance=0)
font("wide", ink=(-1400, 0, 500, 700))
font("tallink", ink=(50, -1200, 500, 2000))
font("fine")
# Hostile round 22: an advance of 15 ems on the last letter set the title far off its icon.
font("advance", advance=15000)
