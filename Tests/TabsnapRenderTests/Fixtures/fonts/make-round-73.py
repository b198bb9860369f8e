"""nul-inter.ttf for hostile round 73: brand.ttf with its typographic family (nameID 16) "Brand
Nul" and its family (nameID 1) "Inter\\0x": fontconfig ends a name at a NUL and records "Inter",
which Tabsnap's own reading of the name table did not (the font was accepted).
Run from this folder: python3 make-round-73.py (needs fontTools)."""
from fontTools.ttLib import TTFont
font = TTFont("brand.ttf")
name = font["name"]
for record in list(name.names):
    if record.nameID in (1, 4, 6, 16, 21):
        name.removeNames(nameID=record.nameID)
name.setName("Inter\u0000x", 1, 3, 1, 0x409)
name.setName("Brand Nul", 16, 3, 1, 0x409)
name.setName("Brand Nul Regular", 4, 3, 1, 0x409)
name.setName("BrandNul-Regular", 6, 3, 1, 0x409)
font.save("nul-inter.ttf")
