"""Makes two brought fonts the font checks are tested with, from DejaVu Sans (licence:
Fonts/DejaVu/LICENSE-copyright.txt), cut down (fontTools):

- second-name.ttf: Latin-1, family "Second Name", which also records "Inter" (name ID 1 in French) and a
  font revision above Inter's, so fontconfig draws the bundled Inter's text with it;
- holey-o.ttf: the letters of "Home", family "Holey", whose "o" maps to the empty glyph of the space, so "Home" draws
  "H me".

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-named-and-holey.py
"""
from fontTools import subset
from fontTools.ttLib import TTFont

HERE = "Tests/TabsnapRenderTests/Fixtures/fonts/"


def cut(family, text):
    font = TTFont("Fonts/DejaVu/DejaVuSans.ttf")
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.drop_tables += ["FFTM"]
    cutter = subset.Subsetter(options)
    cutter.populate(text=text)
    cutter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        if record.nameID == 6:
            record.string = family.replace(" ", "")
    return font


# Latin-1: fontconfig prefers a font that covers the language asked (en), and then the newer one.
font = cut("Second Name", "".join(chr(c) for c in range(0x20, 0x100)))
font["name"].setName("Inter", 1, 3, 1, 0x40C)
font["head"].fontRevision = 999.0
font.save(HERE + "second-name.ttf")

font = cut("Holey", "Home ")
for table in font["cmap"].tables:
    if ord("o") in table.cmap:
        table.cmap[ord("o")] = "space"
font.save(HERE + "holey-o.ttf")


# Glyphs whose outlines paint nothing, though their bounding boxes say they have ink (each font
# spoils one letter of "Home"; the check must draw the glyphs to see it):
# - flat-o.ttf, family "Flat O": every point of "o" on one slanted line (contours of zero area in a
#   box that is not empty);
# - cancel-m.ttf, family "Cancel M": "m" drawn twice, the second time reversed, so the two cancel
#   under the non-zero winding rule;
# - high-e.ttf, family "High E": "e" raised ten ems above the baseline, out of any bar.
def spoil(family, letter, change):
    font = cut(family, "Home ")
    glyph_name = font.getBestCmap()[ord(letter)]
    glyph = font["glyf"][glyph_name]
    change(glyph)
    glyph.recalcBounds(font["glyf"])
    font["hmtx"][glyph_name] = (font["hmtx"][glyph_name][0], glyph.xMin)
    return font


def flatten(glyph):
    glyph.coordinates = type(glyph.coordinates)([(x, x) for x, _ in glyph.coordinates])


def cancel(glyph):
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.reverseContourPen import ReverseContourPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    recording = RecordingPen()
    glyph.draw(recording, None)
    pen = TTGlyphPen(None)
    recording.replay(pen)
    recording.replay(ReverseContourPen(pen))
    built = pen.glyph()
    glyph.coordinates, glyph.endPtsOfContours, glyph.flags = built.coordinates, built.endPtsOfContours, built.flags
    glyph.numberOfContours = built.numberOfContours


def raise_high(glyph):
    glyph.coordinates = type(glyph.coordinates)([(x, y + 20480) for x, y in glyph.coordinates])


spoil("Flat O", "o", flatten).save(HERE + "flat-o.ttf")
spoil("Cancel M", "m", cancel).save(HERE + "cancel-m.ttf")
spoil("High E", "e", raise_high).save(HERE + "high-e.ttf")
