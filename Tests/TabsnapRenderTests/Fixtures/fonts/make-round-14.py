"""Brought fonts of hostile round 14, from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut
down to "Home " (fontTools):

- block-m.ttf: "m" is a block 15.6 ems wide and 6.8 tall, drawn over the neighbouring buttons;
- block-ellipsis.ttf: its "…" is such a block, drawn by pango where a title is cut;
- wrap-eat.ttf: "e" before a space at a line's end is a blank glyph (a contextual rule that fires only
  where a title of two lines breaks);
- stack-l.ttf: a kern of minus one advance between two "l"s draws "Hello" as "Helo";
- tall-line.ttf: an ascent of 4 ems, so its lines are over 4 ems tall and text sits far from the centre.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-14.py
"""
import importlib.util
import pathlib

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables._g_l_y_f import Glyph

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")
spec = importlib.util.spec_from_file_location("round13", HERE / "make-round-13.py")
# make-round-13.py writes its fonts when run; only its cut() is wanted here, so read the function alone.
source = (HERE / "make-round-13.py").read_text()
namespace = {}
exec(source.split("def with_features")[0], namespace)
cut = namespace["cut"]

def block(font, letter):
    name = font.getBestCmap()[ord(letter)]
    pen = TTGlyphPen(None)
    pen.moveTo((0, -6000))
    pen.lineTo((0, 8000))
    pen.lineTo((32000, 8000))
    pen.lineTo((32000, -6000))
    pen.closePath()
    font["glyf"][name] = pen.glyph()
    font["hmtx"][name] = (font["hmtx"][name][0], 0)
    return font


block(cut("Block M"), "m").save(HERE / "block-m.ttf")
block(cut("Block Ellipsis", "Home \u2026"), "\u2026").save(HERE / "block-ellipsis.ttf")

font = cut("Tall Line")
font["hhea"].ascent = 8192
font["OS/2"].sTypoAscender = 8192
font["OS/2"].usWinAscent = 8192
font.save(HERE / "tall-line.ttf")

font = cut("Wrap Eat")
order = font.getGlyphOrder() + ["blank"]
font.setGlyphOrder(order)
font["glyf"].glyphs["blank"] = Glyph()
font["glyf"].glyphOrder = order
font["hmtx"].metrics["blank"] = font["hmtx"].metrics["e"]
font["maxp"].numGlyphs = len(order)
addOpenTypeFeaturesFromString(font, "@Any=[H o m e space]; feature calt { ignore sub e' space @Any; sub e' space by blank; } calt;")
font.save(HERE / "wrap-eat.ttf")

font = cut("Stack L", "Helo ")
addOpenTypeFeaturesFromString(font, "feature kern { pos l l -569; } kern;")
font.save(HERE / "stack-l.ttf")
