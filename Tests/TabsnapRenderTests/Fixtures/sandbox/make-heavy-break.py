"""Makes heavy-break.ttf: DejaVu Sans cut down to A, B and C, where the ligature "A B" is drawn
as C (light, an 8 x 8 embedded bitmap) and a lone A is a 16 384 x 16 384 bitmap (2.4 GB to
decode). "ABABAB" on one line is all ligatures and costs nothing; wrapped, pango breaks a
ligature and shapes its A alone. A probe that draws texts on one line passes this font.
Needs fontTools and make-heavy-bitmap.py's blank_png:
    python3 make-heavy-break.py ../../../../Fonts/DejaVu/DejaVuSans.ttf heavy-break.ttf "Heavy Break"
"""
import importlib.util
import pathlib
import sys

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables.sbixGlyph import Glyph
from fontTools.ttLib.tables.sbixStrike import Strike

spec = importlib.util.spec_from_file_location("heavy_bitmap", pathlib.Path(__file__).with_name("make-heavy-bitmap.py"))
heavy_bitmap = importlib.util.module_from_spec(spec)
spec.loader.exec_module(heavy_bitmap)
blank_png, SIDE = heavy_bitmap.blank_png, heavy_bitmap.SIDE
source, output, family = sys.argv[1:4]

font = TTFont(source)
options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.drop_tables += ["FFTM", "GSUB", "GPOS", "GDEF"]
cutter = subset.Subsetter(options)
cutter.populate(text="ABC")
cutter.subset(font)
cmap = font.getBestCmap()
a, b, c = (cmap[ord(character)] for character in "ABC")
addOpenTypeFeaturesFromString(font, f"feature liga {{ sub {a} {b} by {c}; }} liga;")
sbix = newTable("sbix")
sbix.version, sbix.flags, sbix.strikes = 1, 1, {}
strike = Strike(ppem=17, resolution=72)
for name, side in ((a, SIDE), (b, 8), (c, 8)):
    strike.glyphs[name] = Glyph(glyphName=name, graphicType="png ", originOffsetX=0, originOffsetY=0, imageData=blank_png(side, side))
sbix.strikes[17] = strike
font["sbix"] = sbix
heavy_bitmap.rename(font, family)
font.save(output)
