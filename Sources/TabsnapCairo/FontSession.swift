import Foundation
import CCairo
import CFontconfig
import CPango
import CSandbox
import TabsnapDraw
import TabsnapFonts
import TabsnapModel

/// A pango context that sees only Tabsnap's bundled fonts, with every option that could differ
/// between hosts pinned: greyscale antialiasing, no hinting, unhinted metrics, unrounded glyph
/// positions, 72 dpi (1 pt = 1 user unit). Text therefore lays out identically at every scale, and
/// widths measured here are the widths drawn.
///
/// One context measures and draws, and it is never updated from a cairo target: with hinting off
/// nothing about the layout should depend on the device, and what did was wrong — updating the
/// context to a 2× or 3× transform (`pango_cairo_update_context`) made pango 1.50 draw `<sup>` and
/// `<sub>` runs at several times their size and move strike-through lines, and made a line
/// break's height depend on what the renderer drew before. So text is laid out in points and the
/// target's transform scales the outlines, in PNG, SVG and PDF alike.
///
/// Pango contexts are not thread-safe: use one session per thread.
final class FontSession {
    let fontMap: OpaquePointer
    /// Configured once, never updated from a cairo context.
    let context: OpaquePointer
    let fontOptions: OpaquePointer
    /// User font files fontconfig could not load (the spec reader checked they parse; this is
    /// the last word).
    private(set) var unloadable: [URL] = []
    /// The user fonts' faces as fontconfig loaded them (nil with the bundled fonts alone); the
    /// font map keeps their configuration alive.
    private(set) var brought: BroughtFonts?
    /// Two brought files fontconfig cannot tell apart (`BroughtFonts.twinProblem`): nothing is
    /// drawn with them.
    private(set) var twinProblem: String?
    /// The same fonts with the spec's files listed the other way round, made when first asked
    /// (`FontOrderProbe`): nil inside, for fewer than two files.
    var reversed: FontSession??
    /// Texts and fonts `broughtFontProblem` has found drawn with the brought files.
    var fontsChecked: Set<String> = []
    /// Texts and fonts whose characters all have glyphs (`missingGlyphProblem`).
    var glyphsFound: Set<MissingGlyphKey> = []
    /// Markup texts and fonts whose letter spacing leaves every letter room (`markupSpacingProblem`).
    var spacingChecked: Set<MissingGlyphKey> = []
    /// Titles and badges known to take some width (`widthlessProblem`).
    var widthsFound: Set<MissingGlyphKey> = []
    /// The glyph images each text and font is drawn from, at 1× (`GlyphImages.swift`).
    var glyphAreas: [MissingGlyphKey: GlyphArea] = [:]
    /// What cairo may keep of glyph images drawn since the fonts were last let go (`GlyphImages.swift`).
    var keptGlyphImages: Set<KeptGlyphImages> = []
    var keptGlyphImageBytes = 0.0
    /// A spec's own font files (empty: the bundled fonts alone, which need no sandbox), and
    /// the private copies of them fontconfig loads and the sandbox probes (`BroughtFontCopies`).
    let userFonts: [URL]
    /// Where the CPU time of the sandbox's children drawing this session's texts is counted
    /// (the renderer's `TextClock`), with the time of drawing them here.
    var clock: TextClock?
    let loadedFonts: [URL]
    /// Texts the sandbox drew at 1× (what measuring costs) and on each target (`FontProbe`).
    private var measurable: Set<FontProbe.Text> = []
    private var drawable: [ProbeTarget: Set<FontProbe.Text>] = [:]
    /// Why the sandbox refused this session's fonts, once it has: nothing more is measured or
    /// drawn with them (a measurement then answers zero, and rendering fails with this).
    private(set) var sandboxProblem: String?
    /// The last measurement the sandbox could not check for the machine's sake (no child, a
    /// crash): reported by the render that asked, then forgotten (`takeMachineProblem`).
    private var machineProblem: String?
    /// Bars whose texts went to the sandbox in one batch (`Renderer.geometry(of:)`).
    var recordedBars: Set<ResolvedBar> = []
    /// What pango said of texts laid out so far (`laidOut`).
    var laidOutTexts: [LaidOutText.Key: LaidOutText] = [:]
    /// Text runs that passed the checks of their own text and font (`CheckedTextRun`).
    var checkedTextRuns: Set<CheckedTextRun> = []

    /// The machine's failure of the last measurement, once.
    func takeMachineProblem() -> String? {
        defer { machineProblem = nil }
        return machineProblem
    }

    /// The bundled fonts, and `userFonts` (a spec's own files) after them.
    /// - Parameter vetted: the private copies of `userFonts` the sandbox has read already (the
    ///   session listing them the other way round, `reversedOrder`, passes its own, reversed):
    ///   taken as they are, neither copied again nor read in the sandbox again.
    init(userFonts: [URL] = [], vetted: [URL]? = nil) {
        self.userFonts = userFonts
        let copies = vetted ?? userFonts.map { BroughtFontCopies.copy(of: $0) ?? $0 }
        loadedFonts = copies
        // Fontconfig configurations made of our files alone: no system config, no host fonts.
        // The bundled one is shared (fontconfig is thread-safe); user fonts get one of their own.
        BundledFontConfig.makeCurrentIfAdopted()
        let bundled = BundledFontConfig.shared
        var config = bundled
        if !userFonts.isEmpty {
            config = FcConfigCreate()
            for file in BundledFonts.files {
                _ = FcConfigAppFontAddFile(config, file.path)
            }
            _ = tabsnap_fonts_add_fallbacks(config)
            // All of them in one child, within one budget: fontconfig reads them all here next.
            if vetted == nil, let failure = FontScanProbe.problem(reading: copies) {
                let files = userFonts.map(\.path).joined(separator: ", ")
                var reason = failure.reason(doing: "for fontconfig to read")
                // The child names the private copies, which are gone when the command ends: the
                // spec's own files instead (hostile round 24).
                for (file, copy) in zip(userFonts, copies) where copy != file { reason = reason.replacingOccurrences(of: copy.path, with: file.lastPathComponent) }
                let message = "\(files): \(reason) (font files are read in a sandbox first)"
                if failure.isAboutTheMachine { machineProblem = message } else { sandboxProblem = message }
                unloadable = userFonts
            } else {
                for (file, copy) in zip(userFonts, copies) where FcConfigAppFontAddFile(config, copy.path) == 0 {
                    unloadable.append(file)
                }
            }
        }
        if !userFonts.isEmpty {
            let found = BroughtFonts(config: config, files: Dictionary(zip(copies.map(\.path), userFonts), uniquingKeysWith: { first, _ in first }))
            brought = found
            twinProblem = found.twinProblem()
            // Added but left out of the font set (fontconfig drops a face it cannot use, such as
            // one without a character map): text asked in it would be drawn in another font.
            // (Two files of identical bytes share one copy, whose faces name the first.)
            for (file, copy) in zip(userFonts, copies)
            where !unloadable.contains(file) && !found.faces.contains(where: { $0.file.path == file.path || $0.loaded == copy.path }) {
                unloadable.append(file)
            }
        }
        fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT.rawValue)
        pango_fc_font_map_set_config(fontMap, config)  // a cairo FT font map is a PangoFcFontMap
        if config != bundled { FcConfigDestroy(config) }  // the font map holds its own reference

        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(fontOptions, CAIRO_SUBPIXEL_ORDER_DEFAULT)

        context = pango_font_map_create_context(fontMap)
        configure(context)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        cairo_font_options_destroy(fontOptions)
    }

    /// Whether pango may measure `texts`: with user fonts, only once the sandbox has drawn them
    /// at 1× (the size measuring loads glyphs at).
    func mayMeasure(_ texts: Set<FontProbe.Text>) -> Bool {
        guard !userFonts.isEmpty else { return true }
        guard sandboxProblem == nil else { return false }
        let new = texts.subtracting(measurable)
        if new.isEmpty { return true }
        // With two or more files, in the other order too: the order probe (`FontOrderProbe`)
        // lays each text out so, where a tie puts another file's glyphs first.
        for files in loadedFonts.count > 1 ? [loadedFonts, loadedFonts.reversed()] : [loadedFonts] {
            var spent = 0
            defer { clock?.add(milliseconds: spent) }
            if let failure = FontProbe.problem(drawing: new, with: files, on: .pixels(scale: 1), spent: &spent) {
                // A machine's failure fails this call only: the next asks again.
                if failure.isAboutTheMachine { machineProblem = message(failure, on: .pixels(scale: 1)) } else { sandboxProblem = message(failure, on: .pixels(scale: 1)) }
                return false
            }
        }
        measurable.formUnion(new)
        return true
    }

    /// Why the texts of `commands` cannot be drawn on `target` with this session's user fonts,
    /// or nil (at once, with the bundled fonts alone: this is on every frame's path).
    func drawingProblem(of commands: [DrawCommand], on target: ProbeTarget) -> String? {
        guard !userFonts.isEmpty else { return nil }
        if let sandboxProblem { return sandboxProblem }
        let new = MeasuredTexts.drawn(in: commands).subtracting(drawable[target] ?? [])
        if new.isEmpty { return nil }
        var spent = 0
        defer { clock?.add(milliseconds: spent) }
        if let failure = FontProbe.problem(drawing: new, with: loadedFonts, on: target, spent: &spent) {
            if failure.isAboutTheMachine { return message(failure, on: target) }
            sandboxProblem = message(failure, on: target)
            return sandboxProblem
        }
        drawable[target, default: []].formUnion(new)
        return nil
    }

    private func message(_ failure: SandboxChild.Failure, on target: ProbeTarget) -> String {
        let files = userFonts.map(\.path).joined(separator: ", ")
        let place: String
        switch target {
        case .pixels(let scale): place = "at \(Limits.format(scale))×"
        case .vector: place = "in SVG and PDF"
        }
        return "\(files): the bar's text with the spec's fonts \(failure.reason) \(place)"
    }

    /// Pins the options on the context.
    private func configure(_ context: OpaquePointer) {
        // Pango's default language is the process's C locale (setlocale): a host app that sets
        // one would change the glyph forms of Han text. Pinned to none; a bar's language comes
        // with its fonts (`FontSpec.language`).
        pango_context_set_language(context, pango_language_from_string("c"))
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// A layout of `text` in `font`: one line, or — with `wrapWidth` — centred in that width,
    /// wrapped onto at most `maxLines` lines and ellipsized. The caller releases it with
    /// `g_object_unref`.
    func makeLayout(_ text: TextContent, font: FontSpec, wrapWidth: Double? = nil, maxLines: Int = 1) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: font.weight.pangoWeight))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        switch text {
        case .plain(let string): pango_layout_set_text(layout, string, -1)
        case .markup(let markup): PangoMarkup.set(markup, on: layout)
        }
        if let language = font.language { Self.setLanguage(language, on: layout) }
        if let wrapWidth {
            pango_layout_set_width(layout, Self.pangoUnits(wrapWidth))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, Int32(-maxLines))  // negative: a number of lines
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        }
        return layout
    }
}

extension FontSession {
    /// The text's language under the markup's own (`<span lang=…>` wins): inserted before every
    /// attribute, over the whole text.
    static func setLanguage(_ language: String, on layout: OpaquePointer) {
        guard let attribute = pango_attr_language_new(pango_language_from_string(language)) else { return }
        // A new list (the markup's copied), so the layout sees a change it must lay out again.
        let own = pango_layout_get_attributes(layout)
        guard let list = own.map(pango_attr_list_copy) ?? pango_attr_list_new() else { return }
        pango_attr_list_insert_before(list, attribute)
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }
}

extension FontSpec.Weight {
    var pangoWeight: UInt32 {
        switch self {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }
}
