"""brand.ttf for hostile round 24's F1: DejaVu Sans cut down to "Home Inbox Settings", family renamed
"Brand". The test cuts the file short (inside its name table), as a damaged download would be:
fontconfig then no longer reads it as "Brand" while Tabsnap's own name reader still does.
Run from the repository's root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-24.py"""
from fontTools import subset
from fontTools.ttLib import TTFont

font = TTFont("Fonts/DejaVu/DejaVuSans.ttf")
options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.drop_tables += ["FFTM"]
cutter = subset.Subsetter(options)
cutter.populate(text="Home Inbox Settings")
cutter.subset(font)
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Brand"
    if record.nameID == 6:
        record.string = "Brand"
font["head"].created = font["head"].modified = 0  # deterministic bytes
font.save("Tests/TabsnapRenderTests/Fixtures/fonts/brand.ttf")
