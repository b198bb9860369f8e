import CFontconfig
import CPango
import Foundation

/// What pango draws a laid-out text with, run by run: the font file each run's glyphs come
/// from, what that face is (weight, slant, width), whether pango makes it bolder than it is,
/// and which characters its glyphs leave without ink. Asking the layout itself, not predicting
/// fontconfig's choice, is how `BroughtFonts` knows a brought font is the one drawn: fontconfig
/// matches names in ways a prediction misses (every family name a font records in any language,
/// Unicode case folding, a comma read as a list).
struct DrawnRun {
    /// Bytes of the layout's text the run covers.
    var range: Range<Int>
    /// The font file (fontconfig's path).
    var file: String
    /// The face's first family name.
    var family: String
    /// The face's weight on the OpenType scale (400 regular, 700 bold); nil when unknown (a
    /// variable font's range).
    var weight: Double?
    /// Whether the face is italic or oblique.
    var slanted: Bool
    /// The face's width (fontconfig: 100 normal, 75 condensed); nil when unknown.
    var width: Double?
    /// Whether pango draws the face emboldened (a bold it does not have).
    var emboldened: Bool
    /// Characters of the run whose glyph has no ink, spaces and invisible characters aside.
    var inkless: [Unicode.Scalar]

    /// The runs of `layout`, in order. A glyph of a font file `drawsGlyphs` names is drawn to
    /// see that it paints (`GlyphInk`); of others, only its bounding box is asked for.
    static func runs(of layout: OpaquePointer, drawingGlyphsOf drawsGlyphs: (String) -> Bool = { _ in false }) -> [DrawnRun] {
        guard let textPointer = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let text = UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self)
        let length = strlen(textPointer)
        var runs: [DrawnRun] = []
        repeat {
            // The end of each line is a run without glyphs (nil).
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                  let font = item.pointee.analysis.font,
                  let pattern = pango_fc_font_get_pattern(font) else { continue }
            let start = Int(item.pointee.offset), end = min(start + Int(item.pointee.length), length)
            guard start >= 0, start < end else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var family: UnsafeMutablePointer<FcChar8>?
            _ = FcPatternGetString(pattern, FC_FILE, 0, &file)
            _ = FcPatternGetString(pattern, FC_FAMILY, 0, &family)
            var weight: Double = 0, width: Double = 0
            var integer: Int32 = 0
            var faceWeight: Double?
            if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) == FcResultMatch {
                faceWeight = FcWeightToOpenTypeDouble(weight)
            } else if FcPatternGetInteger(pattern, FC_WEIGHT, 0, &integer) == FcResultMatch {
                faceWeight = FcWeightToOpenTypeDouble(Double(integer))
            }
            var faceWidth: Double?
            if FcPatternGetDouble(pattern, FC_WIDTH, 0, &width) == FcResultMatch {
                faceWidth = width
            } else if FcPatternGetInteger(pattern, FC_WIDTH, 0, &integer) == FcResultMatch {
                faceWidth = Double(integer)
            }
            var slant: Int32 = 0
            _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
            var embolden: FcBool = 0
            _ = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden)

            // Each glyph's character: the first of its cluster (log_clusters count bytes from the run's start).
            let fileName = file.map { String(cString: $0) } ?? ""
            let drawn = drawsGlyphs(fileName)
            var inkless: [Unicode.Scalar] = []
            var painted: [UInt32: Bool] = [:]
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                guard let info = glyphs.pointee.glyphs?[index], let cluster = glyphs.pointee.log_clusters?[index] else { continue }
                // Empty (0x0FFFFFFF) and unknown (flag 0x10000000: counted as missing elsewhere) glyphs have no outline to look at.
                guard info.glyph & 0x1000_0000 == 0, info.glyph != 0x0FFF_FFFF else { continue }
                let offset = start + Int(cluster)
                guard offset < end, let scalar = Self.scalar(in: text, at: offset, end: end),
                      !scalar.properties.isWhitespace, !scalar.properties.isDefaultIgnorableCodePoint,
                      scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format else { continue }
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, info.glyph, &ink, nil)
                var paints = ink.width > 0 && ink.height > 0
                if paints, drawn {
                    if let known = painted[info.glyph] {
                        paints = known
                    } else {
                        paints = GlyphInk.paints(info.glyph, of: font)
                        painted[info.glyph] = paints
                    }
                }
                if !paints, !inkless.contains(scalar) { inkless.append(scalar) }
            }
            runs.append(DrawnRun(range: start..<end, file: fileName,
                                 family: family.map { String(cString: $0) } ?? "", weight: faceWeight,
                                 slanted: slant != FC_SLANT_ROMAN, width: faceWidth, emboldened: embolden != 0, inkless: inkless))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    /// The character whose UTF-8 starts at `offset`.
    private static func scalar(in text: UnsafePointer<UInt8>, at offset: Int, end: Int) -> Unicode.Scalar? {
        let count = min(4, end - offset)
        guard count > 0 else { return nil }
        let bytes = UnsafeBufferPointer(start: text + offset, count: count)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}
