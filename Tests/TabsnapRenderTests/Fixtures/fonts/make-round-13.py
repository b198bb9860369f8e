"""Brought fonts whose letters are laid out where no bar shows them, or as nothing (hostile round
13), each from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut down to "Home " or
"Go out " (fontTools):

- gpos-up.ttf, gpos-left.ttf: positioning (GPOS) places "o" ten ems up, or ten ems left;
- gpos-pair.ttf, gpos-neg.ttf: a pair kern of -15 ems after "H", or an advance of -15 ems for "o",
  carries the text out of its title (pango turns the negative advance into an offset);
- gsub-notdef.ttf: "o" is substituted by the missing-glyph box (.notdef);
- low-o.ttf: the outline of "o" lowered 1.2 ems, mostly below its line;
- faint-o.ttf: "o" an sbix colour bitmap at alpha 3/255 (the other letters opaque bitmaps);
- space-eat.ttf: the ligature "space o" -> "space" swallows the "o" of "Go out".

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-13.py
"""
import io

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables.sbixGlyph import Glyph as BitmapGlyph
from fontTools.ttLib.tables.sbixStrike import Strike
from PIL import Image

HERE = "Tests/TabsnapRenderTests/Fixtures/fonts/"


def cut(family, text="Home "):
    font = TTFont("Fonts/DejaVu/DejaVuSans.ttf")
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.drop_tables += ["FFTM"]
    options.notdef_outline = True
    cutter = subset.Subsetter(options)
    cutter.populate(text=text)
    cutter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        if record.nameID == 6:
            record.string = family.replace(" ", "")
    for table in ("GPOS", "GSUB", "GDEF"):
        if table in font:
            del font[table]
    return font


def with_features(family, features, out, text="Home "):
    font = cut(family, text)
    addOpenTypeFeaturesFromString(font, features)
    font.save(HERE + out)


with_features("Gpos Up", "feature kern { pos o <0 20480 0 0>; } kern;", "gpos-up.ttf")
with_features("Gpos Left", "feature kern { pos o <-20480 0 0 0>; } kern;", "gpos-left.ttf")
with_features("Gpos Pair", "feature kern { pos H o -30000; } kern;", "gpos-pair.ttf")
with_features("Gpos Neg", "feature kern { pos o <0 0 -30000 0>; } kern;", "gpos-neg.ttf")
with_features("Gsub Notdef", "feature liga { sub o by .notdef; } liga;", "gsub-notdef.ttf")
with_features("Space Eat", "feature liga { sub space o by space; } liga;", "space-eat.ttf", text="Go out ")

font = cut("Low O")
glyph = font["glyf"]["o"]
glyph.coordinates.translate((0, -2450))
glyph.recalcBounds(font["glyf"])
font.save(HERE + "low-o.ttf")


def bitmap(width, alpha):
    image = Image.new("RGBA", (width, 40), (0, 0, 0, 0))
    image.paste((0, 0, 0, alpha), (4, 0, width - 4, 40))
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


font = cut("Faint O")
table = newTable("sbix")
table.version, table.flags, table.strikes = 1, 1, {}
strike = Strike(ppem=64, resolution=72)
for name in font.getGlyphOrder():
    advance = font["hmtx"][name][0] * 64 // 2048
    if name in ("H", "o", "m", "e"):
        strike.glyphs[name] = BitmapGlyph(glyphName=name, graphicType="png ", imageData=bitmap(advance, 3 if name == "o" else 255),
                                          originOffsetX=0, originOffsetY=0)
    else:
        strike.glyphs[name] = BitmapGlyph(glyphName=name)
table.strikes[64] = strike
font["sbix"] = table
font.save(HERE + "faint-o.ttf")
