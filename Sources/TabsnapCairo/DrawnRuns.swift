import CFontconfig
import CPango
import Foundation
import TabsnapModel

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
    /// Characters of the run whose glyphs leave no ink on the line, spaces and invisible
    /// characters aside (a character a ligature folds into a blank glyph too).
    var inkless: [Unicode.Scalar]
    /// Characters the font draws as its missing-glyph box (glyph 0), by substitution.
    var boxed: [Unicode.Scalar]
    /// Characters whose glyphs the font's positioning moves far from their own place (checked
    /// in plain text only: markup's letter_spacing and rise move glyphs as asked).
    var misplaced: [Unicode.Scalar] = []
    /// Characters whose glyphs' ink is far larger than a line (checked with `misplaced`): a
    /// block over the neighbouring buttons.
    var oversized: [Unicode.Scalar] = []
    /// Characters drawn on top of the character before them (their ink boxes mostly the same),
    /// checked with `misplaced`: a kern of minus one advance drew "Hello" as "Helo".
    var stacked: [Unicode.Scalar] = []
    /// Characters whose ink reaches over `furthestOverhang` ems past their own advance (a glyph wider than it says, or
    /// one of zero width), checked with `misplaced`: it lands on the characters beside it, which
    /// may be another font's (hostile round 21: a fallback's box of zero advance over a "B").
    /// Only a fallback is held to it: a script face a spec names may swash past its advance.
    var overhanging: [Unicode.Scalar] = []
    /// Characters whose ink is over `furthestMove` ems tall (or twice that wide) in their own
    /// font's em, whatever the line: `BroughtFonts` holds a fallback's glyphs to it and to
    /// `overhanging`; a font the spec names is judged by its own line (a script face's swashes).
    var outsized: [Unicode.Scalar] = []

    /// How far a glyph's ink may reach before its origin or past its advance, in ems: italics and
    /// swashes stay within it; marks, which sit on the character before them, are not held to it.
    static let furthestOverhang = 0.35

    /// How far positioning may move a glyph from where its own metrics put it, in line heights:
    /// marks, kerning and stacked accents stay well within it; a kern or an advance of fifteen
    /// ems (hostile round 13) carried a title out of its button.
    static let furthestMove = 3.0

    /// The runs of `layout`, in order. A glyph of a font file `drawsGlyphs` names is drawn to
    /// see that it paints (`GlyphInk`); of others, only its bounding box is asked for. With
    /// `holdingPositions` (plain text), such a glyph must also stay near its own place.
    static func runs(of layout: OpaquePointer, drawingGlyphsOf drawsGlyphs: (String) -> Bool = { _ in false },
                     holdingPositions: Bool = false) -> [DrawnRun] {
        guard let textPointer = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let text = UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self)
        let length = strlen(textPointer)
        // The text's line (all its lines) where the renderer puts it: from the layout's origin, as
        // wide and tall as it measures (the title frame). Its glyphs must leave their ink there;
        // a kern or an advance that carries them before the origin carries them out of the frame.
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let unit = Double(PANGO_SCALE)
        let line = Rect(x: 0, y: 0, width: max(Double(logical.width) / unit, 0), height: Double(logical.height) / unit)
        var runs: [DrawnRun] = []
        // Every glyph's ink placed so far, by its cluster's byte offset in the text: a character is
        // held against all of them, across runs (a span starts one) and not only the one before
        // (round 15: "Hel<span>lo</span>" drew "Helo", and an e moved back onto the H of "Home").
        var earlierInk: [(cluster: Int, rect: Rect)] = []
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

            // Where the run's glyphs stand: its left edge and the line's baseline, in points.
            let scale = Double(PANGO_SCALE)
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &extents)
            var pen = Double(extents.x) / scale
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
            let fileName = file.map { String(cString: $0) } ?? ""
            let drawn = drawsGlyphs(fileName)
            // Per cluster (a byte offset from the run's start): whether a glyph of it paints, and
            // whether one is the missing-glyph box. Glyphs without an outline to look at (empty,
            // and unknown ones, counted as missing elsewhere) are not judged.
            var paintsCluster: [Int: Bool] = [:]
            var boxedClusters: Set<Int> = [], misplacedClusters: Set<Int> = [], oversizedClusters: Set<Int> = [], stackedClusters: Set<Int> = []
            var overhangingClusters: Set<Int> = [], outsizedClusters: Set<Int> = []
            // The run's em in pango units, for the overhang allowed.
            let em: Double = {
                guard drawn, holdingPositions, let description = pango_font_describe_with_absolute_size(font) else { return 0 }
                defer { pango_font_description_free(description) }
                return Double(pango_font_description_get_size(description))
            }()
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                guard let info = glyphs.pointee.glyphs?[index], let cluster = glyphs.pointee.log_clusters?[index] else { continue }
                let origin = Point(x: pen, y: baseline)
                pen += Double(info.geometry.width) / scale
                guard info.glyph & 0x1000_0000 == 0, info.glyph != 0x0FFF_FFFF else { continue }
                let offset = Int(cluster)
                if info.glyph == 0 { boxedClusters.insert(offset) }
                var ink = PangoRectangle(), own = PangoRectangle()
                pango_font_get_glyph_extents(font, info.glyph, &ink, &own)
                if drawn, holdingPositions {
                    // Pango turns a negative advance into a positive one and an offset, so both are asked.
                    let reach = furthestMove * line.height * scale
                    let moved = [Double(info.geometry.x_offset), Double(info.geometry.y_offset), Double(info.geometry.width - own.width)]
                    if moved.contains(where: { abs($0) > reach }) { misplacedClusters.insert(offset) }
                    // An advance of its own over twice that carries what follows, or the title's
                    // centre, out of place even as the last letter (hostile round 22: an "e" of
                    // 14.6 ems set "Home" 31 pt left of its icon).
                    if Double(info.geometry.width) > 2 * reach { misplacedClusters.insert(offset) }
                    // Wide ligatures (﷽) reach a few ems; a block of fifteen does not belong to a title.
                    if Double(ink.width) > 2 * reach || Double(ink.height) > reach { oversizedClusters.insert(offset) }
                    // Against the run's own em too: a fallback's glyph sits in a line the title's
                    // own font makes taller (3.2 ems of ink passed under Inter's 3.6 line heights).
                    if em > 0, Double(ink.width) > 2 * furthestMove * em || Double(ink.height) > furthestMove * em {
                        outsizedClusters.insert(offset)
                    }
                    // Two characters (marks and a script's syllables are one cluster) whose ink
                    // lies mostly in the same place show as one.
                    if ink.width > 0, ink.height > 0 {
                        let placed = Rect(x: origin.x + Double(info.geometry.x_offset + ink.x) / scale,
                                          y: origin.y + Double(info.geometry.y_offset + ink.y) / scale,
                                          width: Double(ink.width) / scale, height: Double(ink.height) / scale)
                        // A combining mark sits on what it marks, sometimes in a cluster of its own.
                        let mark = Self.scalar(in: text, at: start + offset, end: end).map {
                            [.nonspacingMark, .enclosingMark, .spacingMark].contains($0.properties.generalCategory)
                        } ?? false
                        if !mark, earlierInk.contains(where: { $0.cluster != start + offset && Self.mostlyCovers($0.rect, placed) }) {
                            stackedClusters.insert(offset)
                        }
                        let allowed = furthestOverhang * em
                        if !mark, em > 0, Double(-ink.x) > allowed || Double(ink.x + ink.width - info.geometry.width) > allowed {
                            overhangingClusters.insert(offset)
                        }
                        earlierInk.append((start + offset, placed))
                    }
                }
                var paints = ink.width > 0 && ink.height > 0
                if paints, drawn {
                    // The outline's own box must lie mostly on the line too: a glyph set an em
                    // above its line was drawn clipped to a sliver that passed the drawn-ink test
                    // (hostile round 31).
                    let top = origin.y + Double(info.geometry.y_offset + ink.y) / scale, height = Double(ink.height) / scale
                    let onLine = min(top + height, line.maxY + line.height / 2) - max(top, line.minY - line.height / 2)
                    paints = 2 * onLine >= height && GlyphInk.paints(info, of: font, at: origin, on: line)
                }
                paintsCluster[offset] = (paintsCluster[offset] ?? false) || paints
            }
            // Each cluster's characters, up to the next cluster: the first that should leave ink.
            let offsets = paintsCluster.keys.sorted()
            var inkless: [Unicode.Scalar] = [], boxed: [Unicode.Scalar] = [], misplaced: [Unicode.Scalar] = [], oversized: [Unicode.Scalar] = []
            var stacked: [Unicode.Scalar] = [], overhanging: [Unicode.Scalar] = [], outsized: [Unicode.Scalar] = []
            for (position, offset) in offsets.enumerated() {
                let clusterEnd = min(position + 1 < offsets.count ? start + offsets[position + 1] : end, end)
                guard let scalar = Self.firstVisible(in: text, from: start + offset, to: clusterEnd) else { continue }
                if boxedClusters.contains(offset), !boxed.contains(scalar) { boxed.append(scalar) }
                if misplacedClusters.contains(offset), !misplaced.contains(scalar) { misplaced.append(scalar) }
                if oversizedClusters.contains(offset), !oversized.contains(scalar) { oversized.append(scalar) }
                if stackedClusters.contains(offset), !stacked.contains(scalar) { stacked.append(scalar) }
                if overhangingClusters.contains(offset), !overhanging.contains(scalar) { overhanging.append(scalar) }
                if outsizedClusters.contains(offset), !outsized.contains(scalar) { outsized.append(scalar) }
                if paintsCluster[offset] != true, !inkless.contains(scalar) { inkless.append(scalar) }
            }
            runs.append(DrawnRun(range: start..<end, file: fileName,
                                 family: family.map { String(cString: $0) } ?? "", weight: faceWeight,
                                 slanted: slant != FC_SLANT_ROMAN, width: faceWidth, emboldened: embolden != 0, inkless: inkless, boxed: boxed, misplaced: misplaced, oversized: oversized,
                                 stacked: stacked, overhanging: overhanging, outsized: outsized))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    /// Whether two ink boxes overlap by more than four fifths of the smaller one.
    private static func mostlyCovers(_ a: Rect, _ b: Rect) -> Bool {
        let width = min(a.maxX, b.maxX) - max(a.minX, b.minX), height = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        guard width > 0, height > 0 else { return false }
        return width * height > 0.8 * min(a.width * a.height, b.width * b.height)
    }

    /// The first character from byte `offset` up to `end` that should leave ink: not a space, an
    /// invisible character or a control.
    private static func firstVisible(in text: UnsafePointer<UInt8>, from offset: Int, to end: Int) -> Unicode.Scalar? {
        var position = offset
        while position < end, let scalar = scalar(in: text, at: position, end: end) {
            let properties = scalar.properties
            if !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint, properties.generalCategory != .control,
               properties.generalCategory != .format {
                return scalar
            }
            position += String(scalar).utf8.count
        }
        return nil
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
