import CFontconfig
import CPango
import TabsnapModel

/// What a picture's text makes cairo keep in memory, bounded. Plain titles in raster output are
/// filled outlines, which cost no more than their path; but markup titles are drawn by pango's
/// renderer, and colour glyphs (emoji) are pictures, and cairo draws both from an image of each
/// glyph at the size drawn, kept as long as the font is: 8 000 px a letter at 1 000 pt and 8×,
/// where 62 letters of one markup title took 1.8 GB, two specs 3.6 GB (hostile round 16). So a
/// picture whose glyph images would pass `Limits.glyphImageBytes` is refused, and after drawing
/// one whose images are large, the fonts that keep them are let go.
extension FontSession {
    /// Why the list's text would keep too much in glyph images at `scale` (pixels per point;
    /// 1 for SVG and PDF, whose colour glyphs become images at their size in points), or nil.
    func glyphImageProblem(in commands: [DrawCommand], scale: Double) -> String? {
        let bytes = glyphImageBytes(in: commands, scale: scale)
        guard bytes > Double(Limits.glyphImageBytes) else { return nil }
        return "the bar's markup and colour glyphs would keep \(Self.megabytes(bytes)) of glyph images at \(Limits.format(scale))×; "
            + "at most \(Self.megabytes(Double(Limits.glyphImageBytes))): draw large text as a plain title (filled as outlines), smaller, or at a lower scale"
    }

    /// Lets go of the fonts holding glyph images once the pictures drawn since they were last let
    /// go came to more than a tenth of the bound, each text, font and scale counted once: cairo
    /// keeps a font's images as long as the font, and every size is a font of its own (hostile
    /// round 17: emoji titles grown by `selectedScale` made each frame of a transition a new
    /// size, and 240 frames kept 4.9 GB; so did 60 specs of emoji, and a preview scrubbed 120
    /// times, each picture within the bound). Fonts are made again as asked, the same.
    func releaseGlyphImagesIfLarge(after commands: [DrawCommand], scale: Double) {
        for case .text(let run) in DrawCommand.flattened(commands) {
            let key = KeptGlyphImages(text: MissingGlyphKey(content: run.content, font: run.font), scale: scale)
            guard keptGlyphImages.insert(key).inserted else { continue }
            keptGlyphImageBytes += glyphArea(of: key.text).bytes(at: scale)
        }
        guard keptGlyphImageBytes > Double(Limits.glyphImageBytes / 10) else { return }
        pango_fc_font_map_cache_clear(fontMap)
        CairoFontCache.release()
        keptGlyphImages = []
        keptGlyphImageBytes = 0
    }

    /// A text and font drawn at a scale since the fonts were last let go.
    struct KeptGlyphImages: Hashable {
        var text: MissingGlyphKey
        var scale: Double
    }

    /// The bytes of the glyph images the list's text is drawn from: every glyph of a markup run
    /// (8 bits a pixel) and every colour glyph (32 bits), once per distinct text and font.
    private func glyphImageBytes(in commands: [DrawCommand], scale: Double) -> Double {
        var areas: [MissingGlyphKey: GlyphArea] = [:]
        for case .text(let run) in DrawCommand.flattened(commands) {
            let key = MissingGlyphKey(content: run.content, font: run.font)
            if areas[key] == nil { areas[key] = glyphArea(of: key) }
        }
        return areas.values.reduce(0) { $0 + $1.bytes(at: scale) }
    }

    /// A text's glyphs drawn from images, each at 1×: their ink boxes in points.
    struct GlyphArea {
        var boxes: [(width: Double, height: Double, bytesPerPixel: Double)] = []

        /// Each image as cairo keeps it: its ink box at `scale`, a pixel of padding each way.
        func bytes(at scale: Double) -> Double {
            boxes.reduce(0) { $0 + ($1.width * scale + 2) * ($1.height * scale + 2) * $1.bytesPerPixel }
        }
    }

    private func glyphArea(of key: MissingGlyphKey) -> GlyphArea {
        if let known = glyphAreas[key] { return known }
        let layout = makeLayout(key.content, font: key.font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let isMarkup: Bool
        if case .markup = key.content { isMarkup = true } else { isMarkup = false }
        var area = GlyphArea()
        var seen: Set<String> = []
        if let iterator = pango_layout_get_iter(layout) {
            defer { pango_layout_iter_free(iterator) }
            let unit = Double(PANGO_SCALE)
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs,
                      let font = run.pointee.item?.pointee.analysis.font else { continue }
                let colour = Self.isColour(font)
                guard isMarkup || colour else { continue }
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    guard let glyph = glyphs.pointee.glyphs?[index].glyph, glyph & 0x1000_0000 == 0, glyph != 0x0FFF_FFFF else { continue }
                    // Glyphs of one font are one image each, however often the text uses them.
                    guard seen.insert("\(UInt(bitPattern: Int(bitPattern: font))):\(glyph)").inserted else { continue }
                    var ink = PangoRectangle()
                    pango_font_get_glyph_extents(font, glyph, &ink, nil)
                    area.boxes.append((Double(ink.width) / unit, Double(ink.height) / unit, colour ? 4 : 1))
                }
            } while pango_layout_iter_next_run(iterator) != 0
        }
        glyphAreas[key] = area
        return area
    }

    /// Whether fontconfig reads the font as a colour font (COLR, CBDT, sbix).
    static func isColour(_ font: OpaquePointer) -> Bool {
        guard let pattern = pango_fc_font_get_pattern(font) else { return false }
        var colour: FcBool = 0
        return FcPatternGetBool(pattern, FC_COLOR, 0, &colour) == FcResultMatch && colour != 0
    }

    private static func megabytes(_ bytes: Double) -> String {
        bytes >= Double(1 << 30) ? "\(Limits.format((bytes / Double(1 << 30) * 10).rounded() / 10)) GB"
            : "\(Limits.format((bytes / Double(1 << 20)).rounded())) MB"
    }
}
