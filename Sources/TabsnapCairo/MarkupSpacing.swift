import CPango
import TabsnapModel

/// Markup may space its letters (`letter_spacing`), but not pile them up: a spacing that takes a
/// letter's whole advance stacks the letters on each other, in reverse past it, and at −30 pt a
/// selected title laid out 0 pt wide and vanished with its indicator (hostile round 16, with the
/// bundled Inter). So every glyph of a markup title keeps at least half the advance its font
/// gives it; a font's own kerning never takes that much (brought fonts have their own checks).
extension FontSession {
    /// The first markup run whose spacing squeezes a letter below half its advance, or nil.
    func markupSpacingProblem(in commands: [DrawCommand]) -> String? {
        for case .text(let run) in DrawCommand.flattened(commands) {
            guard case .markup(let markup) = run.content, markup.contains("letter_spacing") else { continue }
            let key = MissingGlyphKey(content: run.content, font: run.font)
            guard !spacingChecked.contains(key) else { continue }
            let layout = makeLayout(run.content, font: run.font)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            if let squeezed = Self.squeezedAdvance(in: layout) {
                return "the markup \(MissingGlyphKey.quoted(markup)) spaces a letter to \(Limits.format((squeezed.laidOut * 10).rounded() / 10)) pt "
                    + "of its \(Limits.format((squeezed.own * 10).rounded() / 10)) pt advance: letter_spacing may take at most half a letter's width"
            }
            spacingChecked.insert(key)
        }
        return nil
    }

    /// A glyph laid out with less than half its font's advance: both advances, in points.
    private static func squeezedAdvance(in layout: OpaquePointer) -> (laidOut: Double, own: Double)? {
        guard let iterator = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        let unit = Double(PANGO_SCALE)
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                guard let info = glyphs.pointee.glyphs?[index], info.glyph & 0x1000_0000 == 0, info.glyph != 0x0FFF_FFFF else { continue }
                var own = PangoRectangle()
                pango_font_get_glyph_extents(font, info.glyph, nil, &own)
                let advance = Double(own.width) / unit, laidOut = Double(info.geometry.width) / unit
                if advance > 0, laidOut < advance / 2 { return (laidOut, advance) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return nil
    }
}
