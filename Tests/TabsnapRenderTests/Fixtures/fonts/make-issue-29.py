"""A brought font of issue 29, from DejaVu Sans (licence: Fonts/DejaVu/LICENSE-copyright.txt) cut
down (fontTools):

- hieroglyph.ttf, family "Tabsnap Hiero": its "A" also drawn for U+13000 (an Egyptian hieroglyph
  no bundled font has), so a spec can bring it only as the fallback for that character.

Run from the repository root: python3 Tests/TabsnapRenderTests/Fixtures/fonts/make-issue-29.py
"""
import pathlib

from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

HERE = pathlib.Path("Tests/TabsnapRenderTests/Fixtures/fonts")
namespace = {}
exec((HERE / "make-round-13.py").read_text().split("def with_features")[0], namespace)
cut = namespace["cut"]

font = cut("Tabsnap Hiero", "A ")
mapping = dict(font.getBestCmap())
mapping[0x13000] = mapping[ord("A")]
table = CmapSubtable.newSubtable(12)
table.platformID, table.platEncID, table.language, table.cmap = 3, 10, 0, mapping
font["cmap"].tables.append(table)
font.save(HERE / "hieroglyph.ttf")
