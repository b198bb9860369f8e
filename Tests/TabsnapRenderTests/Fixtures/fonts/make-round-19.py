"""Brought fonts of hostile round 19 whose titles the layout left out, so the bar drew blank, from
DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut down to "Home " (fontTools):

- zero-advance.ttf: "H", "o", "m" and "e" advance 0: "Home" is 0 pt wide and was left out.
- em-16.ttf: unitsPerEm 16 instead of 2048, so every glyph is 128 times too large: no title fits.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-19.py
"""
import pathlib

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")
# make-round-13.py writes its fonts when run; only its cut() is wanted here, so read the function alone.
namespace = {}
exec((HERE / "make-round-13.py").read_text().split("def with_features")[0], namespace)
cut = namespace["cut"]

font = cut("Zero Advance")
cmap = font.getBestCmap()
for character in "Home":
    name = cmap[ord(character)]
    font["hmtx"][name] = (0, font["hmtx"][name][1])
font.save(HERE / "zero-advance.ttf")

font = cut("Em Sixteen")
font["head"].unitsPerEm = 16
font.save(HERE / "em-16.ttf")
