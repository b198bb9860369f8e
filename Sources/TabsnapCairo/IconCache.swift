import CCairo
import Foundation
import TabsnapFiles
import TabsnapModel
import TabsnapPNG
import TabsnapDraw

/// A problem loading an icon file, named by its path.
public struct IconLoadError: Error, CustomStringConvertible {
    /// The icon file's path.
    public var path: String
    /// What is wrong with it; a library's message may run over several lines (`description` folds
    /// them).
    public var reason: String
    /// Where the spec names the file (`items[2].icon`, `screen.pages[1]`), when the renderer
    /// knows (a bar's own draw list); nil for a list a caller built.
    public var place: String?

    /// An error for the file at `path`, placed later by the renderer.
    public init(path: String, reason: String, place: String? = nil) {
        self.path = path
        self.reason = reason
        self.place = place
    }

    /// One line: library messages (librsvg's end in a newline) are folded.
    public var description: String {
        let folded = reason.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return (place.map { "\($0): " } ?? "") + "\(path): " + folded.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Icon files, loaded once per renderer: SVGs as librsvg handles, PNGs as cairo surfaces.
final class IconCache {
    enum Loaded {
        /// `drawn`: the icon's drawn elements, `imagePixels`: its embedded images' pixels
        /// (`SVGIconPreflight`), `probed`: the size it was drawn at in the sandbox (`IconProbe`).
        /// `cost`: what the sandbox took to read it and to draw it at that size, and held.
        /// `wide`: how it is drawn when its filters move what they read (`SVGWideViewport`).
        case svg(Librsvg.Handle, drawn: Int, imagePixels: Int, probed: ProbeSize, cost: IconCost, wide: WideIcon?)
        case png(OpaquePointer, width: Double, height: Double)
    }

    private var loaded: [URL: Loaded] = [:]
    /// Each SVG icon loaded, as `SVGIconPreflight` checked it, and the SHA-256 of the bytes it
    /// read: an icon probed again at a larger size (`check` at scale 1, then 2 …) is not checked
    /// again while its file is unchanged (hostile round 133: five icons of 20 000 elements took
    /// two minutes of checks over 16 goldens).
    /// `milliseconds`: the CPU time the check took, counted in every bar that draws the icon
    /// (hostile round 139: counted only in the bar that ran the check, a bar of six costly icons
    /// was refused alone and recorded after other specs had checked three of them).
    private var checkedSVGs: [URL: (source: String, checked: SVGIconPreflight.Checked, milliseconds: Int)] = [:]
    /// CPU time (ms) the checks of icons took since `preload` began (on their own threads,
    /// `SVGCheckWorker`; an abandoned check's to the watcher's last look): counted once in a
    /// transition's or spec's budget (`accumulatedMilliseconds`), whether the bar was drawn or
    /// refused (round 133: five icons took 15 s to check, uncounted).
    private var checkingMilliseconds = 0
    /// How many times an SVG icon was checked (tests: one check per unchanged file).
    private(set) var checksRun = 0
    /// Each SVG icon's finest details as fractions of its side (`SVGIconPreflight.FineDetail`).
    private var fineDetails: [URL: SVGIconPreflight.FineDetail] = [:]
    /// Pixels of the PNG icons and SVG icons' embedded images decoded so far (bounded by
    /// `Limits.iconPixels`).
    private var pngPixels = 0
    /// Drawn elements of the SVG icons loaded (bounded by `Limits.svgBarDrawnElements`).
    private var svgDrawn = 0
    /// `Limits.sandboxBarCPUSeconds` in ms (tests lower it rather than wait ten seconds), and
    /// what the last bar's icons came to.
    var barMilliseconds = Limits.sandboxBarCPUSeconds * 1_000
    /// A `barMilliseconds` from which the budget is not held (`Renderer.iconTimeAtMost`): the
    /// checks then keep to `checksAloneMilliseconds` together.
    static let unheldBudget = 365 * 86_400_000
    private(set) var drawnMilliseconds = 0
    /// The last bar's icons in its budget: drawing, and checking wherever they were checked.
    private(set) var barSpentMilliseconds = 0
    /// The SVG icon of the last bar that took the sandbox longest to draw, nil without one.
    private(set) var heaviestDrawn: URL?
    /// `drawnMilliseconds` of every bar since it was last taken (`Renderer.takeIconMilliseconds`),
    /// and the checks run for them (`checkingMilliseconds`).
    var accumulatedMilliseconds = 0

    deinit {
        for icon in loaded.values { release(icon) }
    }

    /// Loads every file icon the commands use, so painting itself cannot fail, each SVG icon
    /// drawn in the sandbox at the largest size the commands draw it on `target` (`IconProbe`).
    /// A renderer is reused across a suite's bars, so before loading, icons the bar does not use
    /// are let go: the PNG budget (`Limits.iconPixels`) then bounds one bar's icons, not a suite's.
    /// `unseen`: icons loaded (and so checked) as if drawn, but not drawn at this position (a
    /// screen's pages off screen): a broken page image is refused at every position, and its
    /// pixels count at every position. Their drawing time does not.
    func preload(_ commands: [DrawCommand], unseen: [DrawCommand] = [], on target: ProbeTarget) throws(IconLoadError) {
        checkingMilliseconds = 0
        // (A refused bar's checks count in the spec's budget too: review of round 139.)
        defer { accumulatedMilliseconds += checkingMilliseconds }
        try load(commands, unseen: unseen, on: target)
    }

    private func load(_ commands: [DrawCommand], unseen: [DrawCommand], on target: ProbeTarget) throws(IconLoadError) {
        var sizes: [URL: ProbeSize] = [:]
        Self.collect(commands + unseen, on: target, into: &sizes)
        if sizes.keys.contains(where: { loaded[$0] == nil }) {
            for (file, icon) in loaded where sizes[file] == nil {
                release(icon)
                loaded[file] = nil
            }
            for file in checkedSVGs.keys where sizes[file] == nil { checkedSVGs[file] = nil }
        }
        // Each icon drawn at least once: past the budget already, the bar is refused before
        // more icons are read and probed (thirty 8 MB icons took 25 s to be refused at the end).
        // Icons of pages not shown are loaded but not drawn: their time does not count.
        var drawn: [URL: ProbeSize] = [:]
        Self.collect(commands, on: target, into: &drawn)
        var leastMilliseconds = 0, heaviest: (file: URL, milliseconds: Int)?
        var checking = 0, heaviestCheck: (file: URL, milliseconds: Int)?
        for (file, size) in sizes.sorted(by: { $0.key.path < $1.key.path }) {
            // An SVG icon probed smaller than it is drawn now is read and probed again.
            if case .svg(_, _, _, let probed, _, _)? = loaded[file], !probed.covers(size), let held = loaded[file] {
                release(held)
                loaded[file] = nil
                _ = try icon(at: file, probing: probed.union(size), within: checkingBudget(after: leastMilliseconds, checking: checking))
            } else {
                _ = try icon(at: file, probing: size, within: checkingBudget(after: leastMilliseconds, checking: checking))
            }
            try checkFineDetail(of: file, drawnAt: size)
            // What checking and reading it took (here or for an earlier bar), and drawing it once
            // where it is drawn, as cheaply as it may be.
            // (Reading is held with checking where the bar's budget is not: review of e147418.)
            let checked = checkingAndReading(of: file)
            var cost = checked
            checking += checked
            if checked > heaviestCheck?.milliseconds ?? -1 { heaviestCheck = (file, checked) }
            // (Held, the bar's budget counts them with the drawing, below.)
            if barMilliseconds >= Self.unheldBudget, checking > checksAloneMilliseconds, let heaviestCheck {
                throw IconLoadError(path: heaviestCheck.file.path, reason: "the bar's SVG icons, selected icons and pages take over "
                                    + "\(Limits.format(Double(checksAloneMilliseconds) / 1_000)) s to check and read together (\(checking) ms; this one "
                                    + "\(heaviestCheck.milliseconds) ms); simplify them or use PNGs")
            }
            if drawn[file] != nil, case .svg(_, _, _, _, let icon, _)? = loaded[file] {
                cost += icon.drawing(on: target, onWholePixels: true)
            }
            leastMilliseconds += cost
            if cost > heaviest?.milliseconds ?? -1 { heaviest = (file, cost) }
            if leastMilliseconds > barMilliseconds, let heaviest { throw overBudget(leastMilliseconds, heaviest: heaviest) }
        }
        try checkTime(commands, icons: Array(sizes.keys), on: target)
    }

    /// What checking the icons of a bar may take together where its budget is not held
    /// (`Renderer.iconTimeAtMost`: every icon, selected icon and page of a transition's bar,
    /// which no one frame draws all of): the bar's budget, for checks alone. Each icon kept
    /// to it alone, a transition of 64 buttons with heavy selected icons checked for 185 s and
    /// held 1.8 GB (hostile round 139).
    var checksAloneMilliseconds = Limits.sandboxBarCPUSeconds * 1_000

    /// What checking the next icon may take, `spent` of the bar's budget gone (`checking` of it
    /// checks): the rest. Where the budget is not held, the rest of `checksAloneMilliseconds`: drawing is
    /// not held there, as no frame draws all the icons (review of 88f443d), but checking them
    /// all is what the frames do (review of 42321eb: unbounded there).
    private func checkingBudget(after spent: Int, checking: Int) -> Int {
        barMilliseconds < Self.unheldBudget ? barMilliseconds - spent : checksAloneMilliseconds - checking
    }

    /// Detail too fine where the icon is drawn smallest (`SVGIconPreflight.FineDetail`): a
    /// pattern tile under 2 device pixels, which librsvg 2.54 draws as nothing (a browser draws
    /// its fill), and a dash pattern repeating under 0.1 device pixels, which librsvg strokes
    /// solid or as a half tint (a browser as a fainter one); and where it is drawn largest, an
    /// `feMorphology` radius over 10 device pixels, where librsvg caps it (a browser does not).
    private func checkFineDetail(of file: URL, drawnAt size: ProbeSize) throws(IconLoadError) {
        guard let detail = fineDetails[file], size.smallestSide > 0 else { return }
        // (In SVG and PDF, librsvg works a filter as an image at a pixel a point.)
        if let radius = detail.morphologyRadius, radius * size.largestSide > 10 {
            throw IconLoadError(path: file.path, reason: "has an feMorphology radius of up to \(String(format: "%.3g", radius * size.largestSide)) px where it is drawn "
                                + "largest (\(String(format: "%.3g", size.largestSide)) px across), which librsvg caps at 10 px (a browser does not); "
                                + "use a smaller radius, or draw the outline as a stroke")
        }
        let across = "(\(String(format: "%.3g", size.smallestSide)) px across)"
        // librsvg's cut-off is about a pixel (a tile of 1.0 px drew nothing, 1.5 px drew); 2 px
        // keeps clear of it.
        if let tile = detail.patternTile, tile * size.smallestSide < 2 {
            throw IconLoadError(path: file.path, reason: "has a pattern tile of \(String(format: "%.2g", tile * size.smallestSide)) px where it is drawn smallest "
                                + "\(across), which librsvg draws as nothing (a browser draws its fill); draw a tile of 2 px or more, or fill with the colour it averages to")
        }
        // Measured against Chromium (a 4-unit line, blue): librsvg strokes a period from 0.01 px
        // as a half tint and under it solid; a browser's tint is fainter the finer the period,
        // 227 for librsvg's 153 (green) at 0.01 px, 161 at 0.1 px, 156 at 0.2 px.
        if let period = detail.dashPeriod, period * size.smallestSide < 0.1 {
            throw IconLoadError(path: file.path, reason: "has dashes repeating every \(String(format: "%.2g", period * size.smallestSide)) px where it is drawn smallest "
                                + "\(across), which librsvg strokes solid or as a half tint and a browser fainter; draw the line in the colour it should look")
        }
    }

    private func overBudget(_ total: Int, heaviest: (file: URL, milliseconds: Int)) -> IconLoadError {
        IconLoadError(path: heaviest.file.path, reason: "the bar's SVG icons take over \(Limits.format(Double(barMilliseconds) / 1_000)) s to check and draw together "
                      + "(\(total) ms; this one \(heaviest.milliseconds) ms); simplify them or use PNGs")
    }

    /// What reading an SVG icon into librsvg took the sandbox (0 for a PNG or one not loaded).
    private func readingMilliseconds(of file: URL) -> Int {
        guard case .svg(_, _, _, _, let cost, _)? = loaded[file] else { return 0 }
        return cost.reading
    }

    /// What checking an icon (wherever it was checked) and reading it took: what a bar that
    /// draws it counts once, however often it draws it.
    private func checkingAndReading(of file: URL) -> Int {
        (checkedSVGs[file]?.milliseconds ?? 0) + readingMilliseconds(of: file)
    }

    /// What drawing the bar's SVG icons costs — the sandbox's time for each, once per time it is
    /// drawn (an icon on 30 buttons is drawn 30 times), resting on whole pixels or off them as
    /// `IconPainter` will draw it on `target` — with what checking and reading its `icons` took
    /// (wherever they were checked), within `barMilliseconds`.
    private func checkTime(_ commands: [DrawCommand], icons: [URL], on target: ProbeTarget) throws(IconLoadError) {
        var total = 0, heaviest: (file: URL, milliseconds: Int)?
        var costs: [URL: Int] = [:]
        for file in icons { costs[file] = checkingAndReading(of: file) }
        let checking = costs.values.reduce(0, +)
        // `placement`: nil where no icon rests on whole pixels (vector output; inside a group
        // that turns what it holds, or clips it off them).
        func add(_ commands: [DrawCommand], placement: PixelPlacement?) {
            for command in commands {
                switch command {
                case .icon(let run):
                    guard case .file(let url) = run.icon, case .svg(_, _, _, _, let cost, let wide)? = loaded[url] else { continue }
                    // (An icon drawn widened reads a document of its own for each shape of box it
                    // is drawn in, `WideIcon.placed`: its reading counts each time too.)
                    let milliseconds = cost.drawing(on: target, onWholePixels: placement?.rests(run) ?? false) + (wide == nil ? 0 : cost.reading)
                    total += milliseconds
                    costs[url, default: 0] += milliseconds
                    if milliseconds > heaviest?.milliseconds ?? -1 { heaviest = (url, milliseconds) }
                case .group(let group): add(group.commands, placement: placement?.inside(group))
                case .rect, .fill, .stroke, .text: break
                }
            }
        }
        if case .pixels(let scale) = target { add(commands, placement: PixelPlacement(scale: scale)) } else { add(commands, placement: nil) }
        drawnMilliseconds = total
        heaviestDrawn = heaviest?.0
        // In the bar's budget, checking counts in each bar, as if each were drawn alone; in a
        // transition's or a spec's (`accumulatedMilliseconds`), where the checks ran, once.
        accumulatedMilliseconds += total
        total += checking
        barSpentMilliseconds = total
        // (Named by what it costs the bar, checking and drawing: review of round 139.)
        guard total > barMilliseconds, let costliest = costs.max(by: { ($0.value, $1.key.path) < ($1.value, $0.key.path) }) else { return }
        throw overBudget(total, heaviest: (costliest.key, costliest.value))
    }

    /// The largest size each file icon is drawn at.
    /// `magnification`: how much the groups around the commands enlarge them (a transform's
    /// largest scale), so an icon is loaded for the size it is really drawn at.
    private static func collect(_ commands: [DrawCommand], on target: ProbeTarget, magnification: Double = 1,
                                into sizes: inout [URL: ProbeSize]) {
        for command in commands {
            switch command {
            case .icon(let run):
                guard case .file(let url) = run.icon else { continue }
                let size = ProbeSize(width: run.frame.width * magnification, height: run.frame.height * magnification, on: target)
                sizes[url] = sizes[url].map { $0.union(size) } ?? size
            case .group(let group):
                let scale = group.transform.map { max(hypot($0.a, $0.b), hypot($0.c, $0.d)) } ?? 1
                collect(group.commands, on: target, magnification: magnification * scale, into: &sizes)
            case .rect, .fill, .stroke, .text:
                break
            }
        }
    }

    private func release(_ icon: Loaded) {
        switch icon {
        case .svg(let handle, let drawn, let imagePixels, _, _, let wide):
            Librsvg.release(handle)
            wide?.release()
            svgDrawn -= drawn
            pngPixels -= imagePixels
        case .png(let surface, let width, let height):
            cairo_surface_destroy(surface)
            pngPixels -= Int(width * height)
        }
    }

    /// What the SVG icons loaded hold, as their probes measured it (kB): what each renderer
    /// drawing the same bar holds again (`FrameRenderer.pace`). An icon drawn widened keeps a
    /// document for each shape of box it is drawn in, up to `WideIcon.kept` (review of round 141).
    var svgKilobytes: Int {
        loaded.values.reduce(0) { total, icon in
            guard case .svg(_, _, _, _, let cost, let wide) = icon else { return total }
            return total + cost.kilobytes * (wide == nil ? 1 : 1 + WideIcon.kept)
        }
    }

    /// What reading the SVG icons loaded took the sandbox (ms).
    var svgReadingMilliseconds: Int { loaded.keys.reduce(0) { $0 + readingMilliseconds(of: $1) } }

    /// A loaded icon (nil when `preload` has not loaded it).
    func icon(at file: URL) -> Loaded? { loaded[file] }

    /// What one drawing of `file` takes on cairo's SVG surface (`SVGSurfaceLeak`): an SVG icon's
    /// as its probe measured it, else (no sandbox, or an allocator it cannot follow) what its
    /// probe's memory grew by at most while held, and a group for each drawn element and its own
    /// kept; another icon's, its group.
    func svgDrawing(of file: URL) -> SVGDrawing {
        guard case .svg(_, let drawn, _, _, let cost, _)? = loaded[file] else { return SVGDrawing(kept: SVGSurfaceLeak.bytesPerGroup) }
        return cost.svg ?? SVGDrawing(held: cost.kilobytes << 10, kept: (1 + drawn) * SVGSurfaceLeak.bytesPerGroup)
    }

    /// `milliseconds`: what is left of the bar's budget, which checking an SVG icon may take.
    private func icon(at file: URL, probing size: ProbeSize, within milliseconds: Int) throws(IconLoadError) -> Loaded {
        if let icon = loaded[file] { return icon }
        let icon: Loaded
        switch file.pathExtension.lowercased() {
        case "svg": icon = try loadSVG(file, probing: size, within: milliseconds)
        case "png": icon = try loadPNG(file)
        default: throw IconLoadError(path: file.path, reason: "icons must be .svg or .png files")
        }
        loaded[file] = icon
        return icon
    }

    /// The file's bytes: a regular file within `Limits.iconFileBytes` (a FIFO or a device would
    /// block forever; a huge file would eat memory).
    private func read(_ file: URL) throws(IconLoadError) -> [UInt8] {
        do {
            return try BoundedRead.bytes(of: file, limit: Limits.iconFileBytes)
        } catch {
            throw IconLoadError(path: file.path, reason: error.reason)
        }
    }

    /// Checked and rewritten by `SVGIconPreflight` first (what it will cost, links made groups,
    /// symbols clipped to their viewports),
    /// then read from memory, without a base file: librsvg then refuses every external reference
    /// (`xi:include`, `<image href>` other than `data:`, external CSS), so an icon cannot pull in
    /// other files. Its text is set with the bundled fonts (see `BundledFontConfig`). Before this
    /// process draws it, the sandbox does, at `size` (`IconProbe`).
    /// Checking it takes `milliseconds` at most: past them, the check is left and the bar is
    /// refused as over its budget (`SVGCheckWorker`, `SVGCheckClock`).
    private func loadSVG(_ file: URL, probing size: ProbeSize, within milliseconds: Int) throws(IconLoadError) -> Loaded {
        let checked: SVGIconPreflight.Checked
        var checkedSource: String?, checkCost = 0
        do {
            let bytes = try read(file)
            let source = SHA256.hex(of: bytes)
            if let known = checkedSVGs[file], known.source == source {
                checked = known.checked
                checkCost = known.milliseconds
            } else if let stopped = SharedIconChecks.stoppedBudget(of: source), milliseconds <= stopped {
                throw SVGIconPreflight.Problem(description: "took too long to check", overTime: true)
            } else if let shared = SharedIconChecks.passed(source) {
                // (Checked by another renderer; past what this one may spend, as if stopped.)
                guard shared.milliseconds <= milliseconds else { throw SVGIconPreflight.Problem(description: "took too long to check", overTime: true) }
                checked = shared.checked
                checkCost = shared.milliseconds
                checkedSource = source
            } else {
                checkedSVGs[file] = nil
                checksRun += 1
                // (On a thread of its own, watched: `SVGCheckWorker`.)
                let outcome = SVGCheckWorker.check(bytes, within: milliseconds)
                checkingMilliseconds += outcome.cpuMilliseconds
                if case .failure(let problem) = outcome.result, problem.overTime, !problem.busy { SharedIconChecks.rememberStopped(source, budget: milliseconds) }
                checked = try outcome.result.get()
                checkedSource = source
                checkCost = outcome.cpuMilliseconds
                SharedIconChecks.share(checked, milliseconds: checkCost, source: source)
            }
        } catch let error as SVGIconPreflight.Problem {
            if error.overTime {
                let held = barMilliseconds < Self.unheldBudget
                let budget = held ? barMilliseconds : checksAloneMilliseconds
                throw IconLoadError(path: file.path, reason: "the bar's SVG icons take over \(Limits.format(Double(budget) / 1_000)) s to check "
                                    + (held ? "and draw together" : "together, selected icons and pages with them")
                                    + " (this one's checks were stopped there); simplify them or use PNGs")
            }
            throw IconLoadError(path: file.path, reason: error.description)
        } catch let error as IconLoadError {
            throw error
        } catch {
            throw IconLoadError(path: file.path, reason: "cannot load SVG")
        }
        fineDetails[file] = checked.fineDetail
        guard svgDrawn + checked.drawnElements <= Limits.svgBarDrawnElements else {
            throw IconLoadError(path: file.path, reason: "the bar's SVG icons draw over \(Limits.svgBarDrawnElements) elements together (this one \(checked.drawnElements)); simplify them or use PNGs")
        }
        guard pngPixels + checked.imagePixels <= Limits.iconPixels else {
            throw IconLoadError(path: file.path, reason: "the bar's icons hold over \(Limits.iconPixels / 1_000_000) Mpx of images together")
        }
        // Each target's own figures: a bar is drawn on one at a time.
        var cost = IconCost()
        for part in size.parts {
            // (Drawn widened, it is probed so: what a widened drawing costs is what counts.)
            let probe = checked.wide.map { Self.widened(part, $0) } ?? (bytes: checked.bytes, size: part)
            switch IconProbe.cost(drawing: probe.bytes, at: probe.size) {
            case .success(let probed): cost = cost.union(probed)
            case .failure(let failure):
                throw IconLoadError(path: file.path, reason: failure.reason + " at \(part.description)"
                                    + (failure == .tooSlow || failure == .tooLarge ? "; simplify it or use a PNG" : ""))
            }
        }
        BundledFontConfig.makeCurrent()
        switch Librsvg.handle(for: checked.bytes, dpi: Librsvg.iconDPI) {
        case .success(let handle):
            svgDrawn += checked.drawnElements
            pngPixels += checked.imagePixels
            // (Read here: counted where it ran, as checks are.)
            checkingMilliseconds += cost.reading
            // Kept while the icon is (dropped with it): one refused later is not held on to.
            if let checkedSource { checkedSVGs[file] = (checkedSource, checked, checkCost) }
            return .svg(handle, drawn: checked.drawnElements, imagePixels: checked.imagePixels, probed: size, cost: cost,
                        wide: checked.wide.map(WideIcon.init))
        case .failure(let error): throw IconLoadError(path: file.path, reason: "cannot load SVG (\(error.message))")
        }
    }

    /// What the sandbox draws for an icon drawn widened at `part`: the widened document of a
    /// box of that shape, at the widened viewport's size.
    private static func widened(_ part: ProbeSize, _ wide: SVGWideViewport) -> (bytes: [UInt8], size: ProbeSize) {
        let (width, height) = part.pixelWidth > 0 ? (part.pixelWidth, part.pixelHeight) : (part.pointWidth, part.pointHeight)
        let (viewBox, viewport) = wide.placement(in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        var size = part
        // (The margin is at most twice the box each way, `wideViewport`: within Int.)
        func side(_ value: Double) -> Int { value.isFinite ? Int(min(max(value.rounded(.up), 1), 1e9)) : 1 }
        let sides = (side(viewport.width), side(viewport.height))
        if part.pixelWidth > 0 { (size.pixelWidth, size.pixelHeight) = sides } else { (size.pointWidth, size.pointHeight) = sides }
        return (wide.document(showing: viewBox), size)
    }

    /// Through Tabsnap's own decoder (size limits, CRC checks), then premultiplied as cairo's
    /// PNG loader would.
    private func loadPNG(_ file: URL) throws(IconLoadError) -> Loaded {
        let path = file.path
        let image: RGBAImage
        do {
            image = try PNGDecoder.decode(try read(file))
        } catch let error as PNGDecoder.Failure {
            throw IconLoadError(path: path, reason: "cannot load PNG (\(error.description))")
        } catch let error as IconLoadError {
            throw error
        } catch {
            throw IconLoadError(path: path, reason: "cannot load PNG")
        }
        guard pngPixels + image.width * image.height <= Limits.iconPixels else {
            throw IconLoadError(path: path, reason: "the bar's PNG icons are over \(Limits.iconPixels / 1_000_000) Mpx together; use smaller icons or SVG")
        }
        pngPixels += image.width * image.height
        guard let surface = CairoSurfaces.surface(of: image, rounding: .cairo) else {
            throw IconLoadError(path: path, reason: "cannot load PNG (out of memory)")
        }
        return .png(surface, width: Double(image.width), height: Double(image.height))
    }
}
