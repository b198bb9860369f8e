"""Brought fonts of hostile round 15, from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut
down to "Home " (fontTools):

- skip-stack.ttf: a kern moves "e" back 3248 units (1.6 ems), onto the "o" two characters before it
  rather than the "m" just before it: "Home" shows as H, an o+e blob and m.
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
