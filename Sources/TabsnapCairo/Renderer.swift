import Foundation
import TabsnapDraw
import TabsnapFonts
import TabsnapGeometry
import TabsnapModel
import TabsnapPNG

/// Renders bars with cairo and pango. Holds a font session and loaded icons, so it belongs to the
/// thread that made it (not Sendable: `WorkerPool` gives each worker its own); rendering is
/// otherwise stateless: the same bar, position and scale always give the same bytes.
public final class Renderer {
    let icons = IconCache()
    /// Times text drawn in a spec's own fonts (`takeTextTime`).
    private let textClock = TextClock()
    private let canvas = RasterCanvas()
    private let encoder = PNGScanlineEncoder()
    /// Measures with the bundled fonts (a bar's own fonts: `measurer(for:)`).
    public let measurer: PangoTextMeasurer
    /// Decides the default insets and spacing of every bar this renderer lays out.
    public var layoutManager: LayoutManager
    /// A font session per set of user fonts ([] is the bundled fonts alone), made on first use.
    private var sessions: [[URL]: FontSession]

    /// What the sandbox may take to draw one bar's SVG icons together, in ms
    /// (`Limits.sandboxBarCPUSeconds`; tests lower it).
    package var iconTimeBudget: Int {
        get { icons.barMilliseconds }
        set { icons.barMilliseconds = newValue }
    }

    /// What a transition's frames may spend drawing SVG icons, all together, in ms
    /// (`Limits.transitionIconSeconds`; tests lower it).
    package var transitionIconBudget = Limits.transitionIconSeconds * 1_000

    /// The sets of a spec's own fonts this renderer keeps a session for (at most one).
    package var keptUserFontSets: Int { sessions.keys.filter { !$0.isEmpty }.count }

    /// Bytes of glyph images the bundled fonts may keep from pictures drawn since they were last
    /// let go (`GlyphImages.swift`): never past a tenth of `Limits.glyphImageBytes` after a picture.
    package var keptGlyphImageBytes: Double { sessions[[]]?.keptGlyphImageBytes ?? 0 }

    /// How many times this renderer checked an SVG icon file (`SVGIconPreflight`): once per
    /// file while it is unchanged, whatever sizes it is probed at.
    package var iconChecks: Int { icons.checksRun }

    /// What the last bar's SVG icons took the sandbox to draw, once per time each is drawn (ms).
    package var iconMilliseconds: Int { icons.drawnMilliseconds }

    /// What reading the SVG icons this renderer holds took the sandbox (ms): what another renderer
    /// drawing the same bars spends again.
    package var iconReadingMilliseconds: Int { icons.svgReadingMilliseconds }

    /// What the SVG icons this renderer holds took the sandbox's memory to read and draw (bytes):
    /// what another renderer drawing the same bars holds again.
    package var iconBytes: Int { icons.svgKilobytes << 10 }

    /// What a vector picture of `geometry` holds for its SVG icons while drawn, as the sandbox
    /// measured an SVG drawing of each (bytes, the bytes written included): what each thread
    /// drawing SVG or PDF frames holds at once (`FrameRenderer.pace`; hostile round 145: 64
    /// threads of SVG frames of a heavy icon held 1.17 GB). `atMost`: of every icon, selected icon
    /// and page at once, as `iconTimeAtMost` (a frame between two positions draws what neither
    /// does).
    package func vectorDocumentBytes(of geometry: BarGeometry, atMost: Bool = false) throws(RenderError) -> Int {
        let list = atMost ? try preparedAtMost(geometry, on: .vector) : try drawList(geometry, on: .vector)
        return SVGDrawing.of(list.commands, icon: icons.svgDrawing(of:)).drawing.held
    }

    /// What the last bar's SVG icons came to in its budget: drawing them, and checking them
    /// wherever they were checked (ms).
    package var iconBudgetSpent: Int { icons.barSpentMilliseconds }

    /// What drawing `geometry`'s SVG icons at `scale` costs each time it is drawn, as the sandbox
    /// measured it (ms), and the icon that costs most: its icons are loaded and checked first.
    /// `vector`: as SVG and PDF draw it (probed in points), else as pixels at `scale`.
    public func iconTime(of geometry: BarGeometry, scale: Double, vector: Bool = false) throws(RenderError) -> (milliseconds: Int, heaviest: URL?) {
        _ = try drawList(geometry, on: vector ? .vector : .pixels(scale: scale))
        return (icons.drawnMilliseconds, icons.heaviestDrawn)
    }

    /// What the sandbox measured for the SVG icons of every bar drawn since the last call (ms),
    /// once per time each is drawn: what a spec's goldens spend on icons (`SpecDrawTime`).
    package func takeIconMilliseconds() -> Int {
        defer { icons.accumulatedMilliseconds = 0 }
        return icons.accumulatedMilliseconds
    }

    /// The CPU time this renderer spent on text in a spec's own fonts since the last call (ms):
    /// its thread's drawing it, and the sandbox's children's probing it beyond their own start
    /// (`TextClock`); and the pictures it painted in such fonts since then. What the bound on a
    /// spec's goldens counts (`SpecDrawTime`); text in the bundled fonts alone counts nothing.
    package func takeTextTime() -> (milliseconds: Int, pictures: Int) { textClock.take() }

    /// All the CPU time this renderer has spent on text in a spec's own fonts (ms, as
    /// `takeTextTime` counts it): what one frame spent is the difference across it.
    package var textMilliseconds: Int { textClock.milliseconds }

    /// What a frame of `geometry`'s bar could cost in SVG icons at most, whatever its selection:
    /// every button's icon and selected icon at once (a cross-fade draws both), and every page
    /// of its screen (hostile round 95: the frames between two positions drew heavy selected
    /// icons neither end drew), each as it costs moving between pixels (hostile round 141: the
    /// frames between cost 1.75 times an estimate of icons resting on them).
    /// The bar's own budget (`iconTimeBudget`) is not held to it, as no frame draws them all,
    /// but checking them all is (hostile round 139: each icon's checks had 10 s of their own,
    /// and 64 buttons with heavy selected icons took 185 s and 1.8 GB).
    public func iconTimeAtMost(of geometry: BarGeometry, scale: Double, vector: Bool = false) throws(RenderError) -> (milliseconds: Int, heaviest: URL?) {
        _ = try preparedAtMost(geometry, on: vector ? .vector : .pixels(scale: scale))
        return (icons.drawnMilliseconds, icons.heaviestDrawn)
    }

    /// Every button's icon and selected icon and every page of `geometry`'s screen at once, each
    /// off whole pixels, prepared on `target` (`iconTimeAtMost`).
    private func preparedAtMost(_ geometry: BarGeometry, on target: ProbeTarget) throws(RenderError) -> DrawList {
        var commands: [DrawCommand] = []
        for button in geometry.buttons {
            guard let icon = button.icon else { continue }
            for image in [icon.image, icon.selectedImage].compactMap({ $0 }) {
                commands.append(.icon(IconRun(icon: image, frame: button.iconFrame, tint: nil, alpha: 1, isResting: false)))
            }
        }
        if let screen = geometry.screen {
            let area = Rect(x: 0, y: 0, width: screen.pageArea.width, height: screen.pageArea.height)
            for case .image(let file) in screen.specPages {
                commands.append(.icon(IconRun(icon: .file(file), frame: area, tint: nil, alpha: 1, isResting: false)))
            }
        }
        let budget = icons.barMilliseconds
        // (Checking them all is held to the bar's budget: the frames check them all.)
        let checksAlone = icons.checksAloneMilliseconds
        icons.checksAloneMilliseconds = min(budget, Limits.sandboxBarCPUSeconds * 1_000)
        icons.barMilliseconds = .max
        defer { (icons.barMilliseconds, icons.checksAloneMilliseconds) = (budget, checksAlone) }
        return try prepared(DrawList(size: geometry.canvas, commands: commands), on: target, places: { Self.inputPlaces(geometry) })
    }

    /// A renderer with the bundled fonts loaded, laying bars out with `layoutManager`. Use it on
    /// the thread that made it.
    public init(layoutManager: LayoutManager = DefaultLayoutManager()) {
        let bundled = FontSession()
        sessions = [[]: bundled]
        measurer = PangoTextMeasurer(session: bundled)
        self.layoutManager = layoutManager
    }

    /// The session for `fonts`. One set of a spec's own fonts is kept at a time besides the
    /// bundled fonts: what cairo keeps of a font (its glyphs, drawn once) lives as long as its
    /// session, and a suite's bars each within the sandbox's budget added up (four specs with
    /// their own fonts held 3.9 GB in one `check`).
    func session(for fonts: [URL]) -> FontSession {
        if let session = sessions[fonts] { return session }
        if !fonts.isEmpty && sessions.count > 1 {
            sessions = sessions.filter { $0.key.isEmpty }
            CairoFontCache.release()
        }
        let session = FontSession(userFonts: fonts)
        if !fonts.isEmpty { session.clock = textClock }
        sessions[fonts] = session
        return session
    }

    /// Measures text with the bundled fonts and `fonts`.
    public func measurer(for fonts: [URL]) -> PangoTextMeasurer {
        fonts.isEmpty ? measurer : PangoTextMeasurer(session: session(for: fonts))
    }

    /// The geometry the renderer draws from (what `tabsnap layout` prints).
    public func geometry(of bar: Bar, position: Double? = nil) -> BarGeometry {
        geometry(of: bar.resolved(), position: position)
    }

    /// The geometry of a bar whose defaults are already filled in (frame loops resolve once).
    /// With a spec's own fonts, the texts the geometry measures are drawn in the sandbox first,
    /// in one child (`FontProbe`); when it refuses them, text measures as nothing and
    /// `fontProblem(of:)` says why.
    public func geometry(of bar: ResolvedBar, position: Double? = nil) -> BarGeometry {
        geometry(of: bar, selection: SelectionState(position: position ?? bar.position, count: bar.items.count))
    }

    /// The geometry of a bar (defaults filled in) at a selection state: a position's or a jump's.
    public func geometry(of bar: ResolvedBar, selection: SelectionState) -> BarGeometry {
        let measurer = measurer(for: bar.fonts)
        // Once per bar: an animation's frames measure the same texts.
        if !bar.fonts.isEmpty && !measurer.session.recordedBars.contains(bar) {
            let recorder = MeasuredTexts()
            _ = BarGeometry.compute(for: bar, selection: selection, measurer: recorder, layoutManager: layoutManager)
            _ = measurer.session.mayMeasure(recorder.texts)
            measurer.session.recordedBars.insert(bar)
        }
        return BarGeometry.compute(for: bar, selection: selection, measurer: measurer, layoutManager: layoutManager)
    }

    /// Why the bar's text cannot be measured or drawn with its own fonts (the sandbox refused
    /// them), or nil. Geometry computed for such a bar measured its text as nothing.
    public func fontProblem(of bar: ResolvedBar) -> String? {
        guard !bar.fonts.isEmpty else { return nil }
        let session = session(for: bar.fonts)
        return session.sandboxProblem ?? session.takeMachineProblem()
    }

    /// The geometry, or why it cannot be measured (`fontProblem`) or drawn: what `tabsnap
    /// layout` and `tabsnap a11y` print. Held to every rule a picture of it is (a keycap the
    /// fonts split, a control character, an icon that cannot load), so a spec `render` refuses
    /// is refused here too: an `.a11y.txt` golden was recorded for one (hostile round 36).
    public func checkedGeometry(of bar: Bar, position: Double? = nil) throws(RenderError) -> BarGeometry {
        let resolved = bar.resolved()
        let geometry = geometry(of: resolved, position: position)
        if let problem = fontProblem(of: resolved) { throw .fonts(problem) }
        _ = try drawList(geometry, on: .vector)
        return geometry
    }

    /// The paint operations of `bar` at `position` (default: the bar's own), in points: what a
    /// render replays. Nothing is loaded or checked, so it cannot fail.
    public func drawList(of bar: Bar, position: Double? = nil) -> DrawList {
        DrawList(geometry: geometry(of: bar, position: position))
    }

    /// The geometry of a jump frame: a focus `progress` of the way from the button(s) at `from`
    /// to those at `to`, the buttons between left as they are (`SelectionState`'s jump).
    public func geometry(of bar: ResolvedBar, jumpingFrom from: Double, to: Double, progress: Double) -> BarGeometry {
        geometry(of: bar, selection: SelectionState(jumpingFrom: from, to: to, progress: progress, count: bar.items.count))
    }

    /// Pixels of a geometry (a frame of a transition, or geometry a caller changed).
    public func image(of geometry: BarGeometry, scale: Double) throws(RenderError) -> RGBAImage {
        try paintImage(try drawList(geometry, on: .pixels(scale: scale)), scale: scale)
    }

    /// The bytes of a file showing a geometry. `scale`: pixels per point in PNG; in SVG the
    /// width and height it asks a viewer for (the viewBox stays in points); PDF pages are sized
    /// in points whatever it is. `svgText` says how an SVG holds its text (default: outlines).
    public func render(_ geometry: BarGeometry, format: OutputFormat, scale: Double, svgText: SVGText = .outlines) throws(RenderError) -> [UInt8] {
        try file(try drawList(geometry, on: format == .png ? .pixels(scale: scale) : .vector), format: format, scale: scale, svgText: svgText)
    }

    /// Pixels of a draw list built by hand (or a bar's, changed): checked as a bar's list is —
    /// fonts drawn in the faces asked, icons loaded within their limits — then painted.
    public func image(of list: DrawList, scale: Double) throws(RenderError) -> RGBAImage {
        try paintImage(try prepared(list, on: .pixels(scale: scale)), scale: scale)
    }

    /// The bytes of a PNG, SVG or PDF file of a draw list built by hand (see `image(of:scale:)`;
    /// `scale` and `svgText` as for `render(_:format:scale:svgText:)` of a geometry).
    public func render(_ list: DrawList, format: OutputFormat, scale: Double, svgText: SVGText = .outlines) throws(RenderError) -> [UInt8] {
        try file(try prepared(list, on: format == .png ? .pixels(scale: scale) : .vector), format: format, scale: scale, svgText: svgText)
    }

    private func file(_ list: DrawList, format: OutputFormat, scale: Double, svgText: SVGText) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            return try png(list, scale: scale, compression: .small)
        case .svg:
            // Vector output has no pixels, but a viewer rasterises it at its size: the same bound applies.
            _ = try RenderError.pixelSize(width: list.size.width, height: list.size.height, scale: scale)
            try SVGDrawing.checkHeld(list.commands, icon: icons.svgDrawing(of:))
            try SVGSurfaceLeak.count(list.commands, icon: icons.svgDrawing(of:))
            return try svgFile(list, scale: scale, svgText: svgText)
        case .pdf:
            _ = try RenderError.pixelSize(width: list.size.width, height: list.size.height, scale: 1)
            try SVGDrawing.checkHeld(list.commands, icon: icons.svgDrawing(of:))
            return try paintVector(list, format: .pdf)
        }
    }

    /// An SVG file of the list: text as outlines (cairo's SVG surface), or as text (`EditableSVG`).
    private func svgFile(_ list: DrawList, scale: Double, svgText: SVGText) throws(RenderError) -> [UInt8] {
        guard svgText == .outlines else {
            // (Its text in a spec's own fonts is timed whole: outlines or faces made here.)
            let session = session(for: list.fonts), icons = IconPainter(cache: icons, snapsToPixels: false)
            let make = { () throws(RenderError) -> [UInt8] in try EditableSVG.document(list, session: session, icons: icons, embedsFonts: svgText == .embedded) }
            guard !list.fonts.isEmpty else { return SVGScale.apply(scale, to: try make()) }
            textClock.countPicture()
            let document = try textClock.timed { () throws(RenderError) -> [UInt8] in try make() }
            return SVGScale.apply(scale, to: document)
        }
        return SVGScale.apply(scale, to: try paintVector(list, format: .svg))
    }

    /// The draw list of a geometry, checked and with its icons loaded (`prepared`).
    func drawList(_ geometry: BarGeometry, on target: ProbeTarget) throws(RenderError) -> DrawList {
        // Every title is held to the text rules, also one laid out too narrow to be drawn (a
        // markup letter_spacing that piled the letters up made the title 0 pt wide: it vanished;
        // a brought font's zero advances did the same), and a character no font has is named at
        // its item, as a spec names it.
        var titles: [NamedText] = []
        for (index, button) in geometry.buttons.enumerated() {
            if let text = button.text {
                let place = "items[\(index)].\(button.markup?.isEmpty == false ? "markup" : "title")"
                titles.append(NamedText(place: place, run: TextRun(content: text, font: button.font, color: button.color, frame: button.titleFrame)))
            }
            if let badge = button.badge, !badge.text.isEmpty {
                titles.append(NamedText(place: "items[\(index)].badge",
                                        run: TextRun(content: .plain(badge.text), font: badge.font, color: badge.textColor, frame: badge.textFrame)))
            }
        }
        // A screen's navigation title is the spec's text too: named at its key.
        if let navigation = geometry.screen?.navigationBar {
            let title = navigation.title
            titles.append(NamedText(place: "screen.navigationTitle", run: TextRun(content: title.text, font: title.font, color: .black, frame: title.frame)))
        }
        var unseen: [DrawCommand] = []
        if let screen = geometry.screen {
            let shown = Set(screen.pages.compactMap { page -> URL? in
                if case .image(let file) = page.content { return file }
                return nil
            })
            let area = Rect(x: 0, y: 0, width: screen.pageArea.width, height: screen.pageArea.height)
            for case .image(let file) in screen.specPages where !shown.contains(file) {
                unseen.append(.icon(IconRun(icon: .file(file), frame: area, tint: nil, alpha: 1)))
            }
        }
        // The places are worked out only for an error, not for every frame.
        return try prepared(DrawList(geometry: geometry), on: target, alsoChecking: titles, unseen: unseen, places: { Self.inputPlaces(geometry) })
    }

    /// Where the spec names each file the geometry draws, for an icon error to say: the first
    /// place a file is named (a file on two buttons is one file, loaded once). A button's icon
    /// is named by its item (the error names the file): the geometry's resting icon is the
    /// item's `icon`, or its `selectedIcon` when only that is set.
    static func inputPlaces(_ geometry: BarGeometry) -> [String: String] {
        var places: [String: String] = [:]
        func name(_ icon: Icon?, _ place: String) {
            if case .file(let url)? = icon, places[url.path] == nil { places[url.path] = place }
        }
        for (index, button) in geometry.buttons.enumerated() {
            name(button.icon?.image, "items[\(index)]")
            name(button.icon?.selectedImage, "items[\(index)]")
        }
        for (index, page) in (geometry.screen?.specPages ?? []).enumerated() {
            if case .image(let url) = page, places[url.path] == nil { places[url.path] = "screen.pages[\(index)]" }
        }
        return places
    }

    /// The list once its fonts are known to draw what it asks (in the sandbox, and in the faces
    /// asked) and every icon it uses is loaded for `target`, so painting cannot fail. The same
    /// for a bar's list and for one a caller built.
    /// `unseen`: icons to load and check that this position does not draw (`IconCache.preload`);
    /// `places`: where the spec names each file, by path, for its errors.
    func prepared(_ list: DrawList, on target: ProbeTarget, alsoChecking named: [NamedText] = [], unseen: [DrawCommand] = [],
                  places: () -> [String: String] = { [:] }) throws(RenderError) -> DrawList {
        if let problem = BundledFonts.problem { throw .fonts(problem) }
        // Runs an earlier frame passed are not checked again (`CheckedTextRun`). A line break
        // needs no fonts: it is refused before a session is made for them (a spec's own fonts
        // are probed in a child when their session is made).
        let all = named.map { DrawCommand.text($0.run) } + list.commands
        let known = sessions[list.fonts]?.uncheckedTextRuns(in: all)
        if let problem = TextRunCheck.lineBreakProblem(in: known.map { $0.map(DrawCommand.text) } ?? all) { throw .text(problem) }
        let fonts = session(for: list.fonts)
        let fresh = known ?? fonts.uncheckedTextRuns(in: all)
        let runs = fresh.map(DrawCommand.text)
        if let problem = fonts.sandboxProblem ?? fonts.takeMachineProblem() { throw .fonts(problem) }
        if let file = fonts.unloadable.first {
            throw .fonts("\(file.path): fontconfig cannot load this font file")
        }
        if let problem = fonts.twinProblem { throw .fonts(problem) }
        if let problem = fonts.drawingProblem(of: list.commands, on: target) { throw .fonts(problem) }
        // Titles the layout leaves out are held to the brought-font rules too: a font whose
        // glyphs have no advance, or are 128 times too large, made the layout leave every title
        // out, and the bar was drawn blank with exit 0 (hostile round 19). The spec's texts first,
        // each named at its item, as a missing glyph is (round 51: "s.yaml: serif.ttf: has no
        // glyph for 'م'" named no item).
        for text in named where !fonts.hasChecked(text.run) {
            if let problem = fonts.broughtFontProblem(in: [.text(text.run)]) { throw .fonts("\(text.place): \(problem)") }
        }
        if let problem = fonts.broughtFontProblem(in: runs) { throw .fonts(problem) }
        // After the sandbox has drawn a spec's own fonts: laying text out here reads them.
        for text in named where !fonts.hasChecked(text.run) {
            if let problem = fonts.missingGlyphProblem(text.run.content, font: text.run.font, at: text.place) { throw .text(problem) }
        }
        if let problem = fonts.missingGlyphProblem(in: runs) { throw .text(problem) }
        if let problem = fonts.markupSpacingProblem(in: runs) { throw .text(problem) }
        fonts.rememberChecked(fresh)
        for text in named {
            if let problem = fonts.widthlessProblem(text.run.content, font: text.run.font, at: text.place) { throw .text(problem) }
        }
        if let problem = fonts.glyphImageProblem(in: list.commands, scale: target.glyphImageScale) { throw .text(problem) }
        do {
            try icons.preload(list.commands, unseen: unseen, on: target)
        } catch {
            var placed = error
            placed.place = places()[error.path]
            throw .icon(placed)
        }
        return list
    }

    private func painter(raster: Bool, fonts: [URL]) -> CairoPainter {
        CairoPainter(session: session(for: fonts), icons: IconPainter(cache: icons, snapsToPixels: raster), textClock: fonts.isEmpty ? nil : textClock,
                     textAsOutlines: raster)
    }

    /// Pixels at `scale` (default: the bar's scale).
    public func image(of bar: Bar, position: Double? = nil, scale: Double? = nil) throws(RenderError) -> RGBAImage {
        try RenderError.check(position: position, scale: scale ?? bar.scale)
        return try image(of: geometry(of: bar, position: position), scale: scale ?? bar.scale)
    }

    /// The bytes of a PNG, SVG or PDF file. A PNG is drawn at `scale`, else the bar's; an SVG is
    /// sized at `scale` only when one is given (the bar's scale is for pixels), else in points.
    /// `svgText`: how an SVG holds its text (default: glyph outlines; see `SVGText`).
    public func render(_ bar: Bar, format: OutputFormat, position: Double? = nil,
                       scale: Double? = nil, svgText: SVGText = .outlines) throws(RenderError) -> [UInt8] {
        let scale = scale ?? (format == .png ? bar.scale : 1)
        try RenderError.check(position: position, scale: scale)
        return try render(geometry(of: bar, position: position), format: format, scale: scale, svgText: svgText)
    }

    /// A PNG file of a geometry (frame loops choose `.fast`), with `withPixels` its pixels too
    /// (one painting for both).
    public func png(of geometry: BarGeometry, scale: Double, compression: PNGCompression,
                    withPixels: Bool = false) throws(RenderError) -> (file: [UInt8], pixels: RGBAImage?) {
        let file = try png(try drawList(geometry, on: .pixels(scale: scale)), scale: scale, compression: compression)
        return (file, withPixels ? canvas.image() : nil)
    }

    private func png(_ list: DrawList, scale: Double, compression: PNGCompression) throws(RenderError) -> [UInt8] {
        try paint(list, scale: scale)
        return canvas.png(encoder: encoder, compression: compression)
    }

    private func paintImage(_ list: DrawList, scale: Double) throws(RenderError) -> RGBAImage {
        try paint(list, scale: scale)
        return canvas.image()
    }

    /// Paints the list on the canvas, which then holds it until the next painting.
    private func paint(_ list: DrawList, scale: Double) throws(RenderError) {
        try RenderError.check(position: nil, scale: scale)
        let size = try RenderError.pixelSize(width: list.size.width, height: list.size.height, scale: scale)
        let painter = self.painter(raster: true, fonts: list.fonts)
        if !list.fonts.isEmpty { textClock.countPicture() }
        var problem: RenderError?
        _ = canvas.paint(pixelWidth: size.width, pixelHeight: size.height, scale: scale) { cr in
            painter.paint(list, on: cr)
            problem = painter.problem(on: cr)
        }
        painter.session.releaseGlyphImagesIfLarge(after: list.commands, scale: scale)
        if let problem { throw problem }
    }

    private func paintVector(_ list: DrawList, format: OutputFormat) throws(RenderError) -> [UInt8] {
        // A vector surface replays what was drawn when it is finished: glyphs are made then, so
        // with a spec's own fonts the whole surface is timed as its text (hostile round 108: SVG
        // frames spent 15 ms each there unseen), not the painter's recording of it.
        var painter = self.painter(raster: false, fonts: list.fonts)
        painter.textClock = nil
        if !list.fonts.isEmpty {
            painter.iconsUntimedBy = textClock
            textClock.countPicture()
        }
        defer { painter.session.releaseGlyphImagesIfLarge(after: list.commands, scale: 1) }
        var problem: RenderError?
        let bytes: [UInt8]
        do throws(RenderError) {
            let draw = { () throws(RenderError) -> [UInt8] in
                try CairoSurfaces.vector(format, width: list.size.width, height: list.size.height) { cr in
                    painter.paint(list, on: cr)
                    problem = painter.problem(on: cr)
                }
            }
            bytes = list.fonts.isEmpty ? try draw() : try textClock.timed { () throws(RenderError) -> [UInt8] in try draw() }
        } catch {
            // The surface's error follows from the painting's, which says more (the icon).
            throw problem ?? error
        }
        if let problem { throw problem }
        return format == .svg ? SVGSurfaceIDs.normalize(bytes) : bytes
    }
}

/// A text of the bar with the place a spec gives it (`items[2].title`), for messages.
struct NamedText {
    var place: String
    var run: TextRun
}
