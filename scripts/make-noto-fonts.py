#!/usr/bin/env python3
"""Makes Fonts/Noto/ from Debian 12's Noto packages (issue 29: every script draws).

Run once by a maintainer, not by users or CI: the output is committed, so every machine draws
with the same bytes. Needs `apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji`
at the versions below (their files are checked by SHA-256) and `pip install fonttools`.

- Arabic, Hebrew, Thai and Devanagari: copied unmodified (Regular and Bold, about 1 MB in all).
- Emoji: Noto Color Emoji copied unmodified (colour bitmaps, 11 MB: a subset would leave out
  emoji that translators and designers do put in titles).
- CJK: the Japanese face of Noto Sans CJK (Regular and Bold), cut down from 65 535 glyphs to the
  characters of the national standards (JIS X 0208, GB 2312, Big5 level 1, KS X 1001) with the
  forms its `locl` feature gives other languages, so a bar whose `language` is zh-Hans, zh-Hant
  or ko draws that region's forms from one file. Whole, the two faces would be 40 MB.
"""
import hashlib, json, shutil, sys
from pathlib import Path
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

OUT = Path(__file__).resolve().parent.parent / "Fonts" / "Noto"
CORE = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto")
SOURCES = {  # Debian 12: fonts-noto-core 20201225-1, fonts-noto-cjk 1:20220127+repack1-1, fonts-noto-color-emoji 2.042-0+deb12u1
    CORE / "NotoSansArabic-Regular.ttf": None, CORE / "NotoSansArabic-Bold.ttf": None,
    CORE / "NotoSansHebrew-Regular.ttf": None, CORE / "NotoSansHebrew-Bold.ttf": None,
    CORE / "NotoSansThai-Regular.ttf": None, CORE / "NotoSansThai-Bold.ttf": None,
    CORE / "NotoSansDevanagari-Regular.ttf": None, CORE / "NotoSansDevanagari-Bold.ttf": None,
    CORE / "NotoColorEmoji.ttf": None,
    CJK / "NotoSansCJK-Regular.ttc": None, CJK / "NotoSansCJK-Bold.ttc": None,
}
PINNED = Path(__file__).resolve().parent / "noto-sources.sha256"


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_sources():
    pinned = dict(line.split("  ")[::-1] for line in PINNED.read_text().split("\n") if line) if PINNED.exists() else {}
    for path in SOURCES:
        if not path.exists():
            sys.exit(f"{path}: missing; apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji")
        digest = sha256(path)
        if pinned and pinned.get(str(path)) != digest:
            sys.exit(f"{path}: SHA-256 {digest} is not the pinned one ({PINNED.name}); another package version")
        SOURCES[path] = digest
    if not pinned:
        PINNED.write_text("".join(f"{d}  {p}\n" for p, d in SOURCES.items()))


def charset(encoding, leads, trails):
    """The characters a double-byte national standard encodes."""
    found = set()
    for lead in leads:
        for trail in trails:
            try:
                text = bytes([lead, trail]).decode(encoding)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.add(ord(text))
    return found


def cjk_characters():
    jis = charset("euc_jp", range(0xA1, 0xFF), range(0xA1, 0xFF))            # JIS X 0208, levels 1 and 2
    gb = charset("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))             # GB 2312
    big5 = charset("big5", range(0xA1, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))  # Big5 level 1
    ksx = charset("euc_kr", range(0xA1, 0xFF), range(0xA1, 0xFF))            # KS X 1001
    blocks = set(range(0x3000, 0x3100)) | set(range(0x3130, 0x3190)) | set(range(0xFF00, 0xFFF0))  # punctuation, kana, jamo, full width
    # ASCII and the no-break space too: pango keeps a space between two ideographs in their run,
    # with their font, so a face without U+0020 drew a box for "設定 检索". (Letters stay
    # Inter's: it comes first among the families.)
    return sorted(jis | gb | big5 | ksx | blocks | set(range(0x20, 0x7F)) | {0xA0})


def subset_cjk(source, target, characters):
    options = subset.Options()
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = subset.Options().layout_features + ["locl", "palt", "halt"]
    font = TTFont(source, fontNumber=0, recalcTimestamp=False)  # face 0: Noto Sans CJK JP
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=characters)
    subsetter.subset(font)
    # Format 4 (BMP) cannot hold this many ranges (the subsetter keeps only it, all the characters
    # being in the BMP, and then cannot write it): one format 12 table (Windows, full Unicode)
    # carries them all, and FreeType and fontconfig read it.
    cmap = font["cmap"]
    mapping = cmap.getBestCmap()
    table = CmapSubtable.newSubtable(12)
    table.platformID, table.platEncID, table.language, table.cmap = 3, 10, 0, dict(mapping)
    cmap.tables = [table]
    font.save(target, reorderTables=True)


def main():
    check_sources()
    OUT.mkdir(parents=True, exist_ok=True)
    for path in SOURCES:
        if path.suffix == ".ttf":
            shutil.copyfile(path, OUT / path.name)
    characters = cjk_characters()
    for weight in ["Regular", "Bold"]:
        subset_cjk(CJK / f"NotoSansCJK-{weight}.ttc", OUT / f"NotoSansCJKjp-{weight}-Subset.otf", characters)
    for file in sorted(OUT.iterdir()):
        print(f"{file.stat().st_size:>10}  {sha256(file)}  {file.name}")


main()
