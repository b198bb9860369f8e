"""Brought fonts of hostile round 15, from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut
down to "Home " (fontTools):

- skip-stack.ttf: a kern moves "e" back 3248 units (1.6 ems), onto the "o" two characters before it
  rather than the "m" just before it: "Home" shows as H, an o+e blob and m.
- badge-block.ttf ("Home 123"): its "1" is a block from 30 pt left of its origin to 10 pt right at the
  badge's 11 pt, so a badge value "1" paints over the title beside it.
- block-dots.ttf ("Notifications Home …"): its "…" is a block reaching 2 500 units (1.2 ems) back from
  its origin, over the letters before it where a title is cut.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-15.py
"""
import pathlib

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")
# make-round-13.py writes its fonts when run; only its cut() is wanted here, so read the function alone.
namespace = {}
exec((HERE / "make-round-13.py").read_text().split("def with_features")[0], namespace)
cut = namespace["cut"]

font = cut("Skip Stack")
addOpenTypeFeaturesFromString(font, "feature kern { pos e <-3248 0 0 0>; } kern;")
font.save(HERE / "skip-stack.ttf")

font = cut("Block Dots", "Notifications Home \u2026")
name = font.getBestCmap()[0x2026]
advance = font["hmtx"][name][0]
pen = TTGlyphPen(None)
pen.moveTo((-2500, -200)); pen.lineTo((-2500, 1600)); pen.lineTo((advance, 1600)); pen.lineTo((advance, -200)); pen.closePath()
font["glyf"][name] = pen.glyph()
font["hmtx"][name] = (advance, -2500)
font.save(HERE / "block-dots.ttf")

font = cut("Badge Block", "Home 123")
point = 2048 / 11.0
name = font.getBestCmap()[ord("1")]
pen = TTGlyphPen(None)
x0, x1, y0, y1 = int(-30 * point), int(10 * point), int(-14 * point), int(8 * point)
pen.moveTo((x0, y0)); pen.lineTo((x0, y1)); pen.lineTo((x1, y1)); pen.lineTo((x1, y0)); pen.closePath()
font["glyf"][name] = pen.glyph()
font["hmtx"][name] = (font["hmtx"][name][0], x0)
font.save(HERE / "badge-block.ttf")
