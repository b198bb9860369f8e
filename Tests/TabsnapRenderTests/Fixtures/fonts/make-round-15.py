"""Brought fonts of hostile round 15, from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut
down to "Home " (fontTools):

- skip-stack.ttf: a kern moves "e" back 3248 units (1.6 ems), onto the "o" two characters before it
  rather than the "m" just before it: "Home" shows as H, an o+e blob and m.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-round-15.py
"""
import pathlib

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")
# make-round-13.py writes its fonts when run; only its cut() is wanted here, so read the function alone.
namespace = {}
exec((HERE / "make-round-13.py").read_text().split("def with_features")[0], namespace)
cut = namespace["cut"]

font = cut("Skip Stack")
addOpenTypeFeaturesFromString(font, "feature kern { pos e <-3248 0 0 0>; } kern;")
font.save(HERE / "skip-stack.ttf")
