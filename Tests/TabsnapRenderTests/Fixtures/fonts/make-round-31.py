"""raised-box.ttf for hostile round 31 F2: every glyph a box from 1 em to 1.7 em above the baseline
(em 1000, ascent 800, descent 200): drawn clipped to a sliver, it passed the drawn-ink check.
Run from this folder: python3 make-round-31.py RaisedBox 1000 && mv RaisedBox.ttf raised-box.ttf"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
import sys
name=sys.argv[1]; dy=int(sys.argv[2])
chars="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 …."
glyphs=['.notdef']+['g%04X'%ord(c) for c in chars]
fb=FontBuilder(1000,isTTF=True); fb.setupGlyphOrder(glyphs)
fb.setupCharacterMap({ord(c):'g%04X'%ord(c) for c in chars})
def box():
    p=TTGlyphPen(None); p.moveTo((50,dy)); p.lineTo((50,700+dy)); p.lineTo((450,700+dy)); p.lineTo((450,dy)); p.closePath(); return p.glyph()
def empty(): return TTGlyphPen(None).glyph()
fb.setupGlyf({g:(empty() if g in('.notdef','g0020') else box()) for g in glyphs}); fb.setupHorizontalMetrics({g:(500,50) for g in glyphs})
fb.setupHorizontalHeader(ascent=800,descent=-200); fb.setupNameTable({"familyName":name,"styleName":"Regular"})
fb.setupOS2(sTypoAscender=800,sTypoDescender=-200,usWinAscent=800,usWinDescent=200); fb.setupPost(); fb.save(name+".ttf")
