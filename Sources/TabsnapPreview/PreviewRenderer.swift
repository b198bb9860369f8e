import Dispatch
import Foundation
import Tabsnap
import TabsnapCheck

/// Draws what the page asks for with the same code as `tabsnap render`, `layout` and `animate`
/// (same bytes for the same settings).
///
/// Drawing is synchronous and can take a while (a long transition), so it never runs on the
/// server's own threads (Swift's shared pool: two on a 2-core machine), where it would hold up
/// the page files, reload pushes and Ctrl-C. Stills and layouts go through one serial queue with
/// one renderer (a cairo canvas is not shared between threads); animations through another, with
/// `FrameRenderer`'s own workers, so scrubbing goes on while an animation is drawn; a Save MP4
/// through a third, so Play goes on while the user's ffmpeg makes one.
public final class PreviewRenderer: @unchecked Sendable {
    private let suite: PreviewSuite
    private let stills = DispatchQueue(label: "tabsnap.preview.stills")
    private let animations = DispatchQueue(label: "tabsnap.preview.animations")
    /// The catalog and Copy as YAML's (`besidePictures`).
    private let lists = DispatchQueue(label: "tabsnap.preview.lists")
    /// Save MP4's, one at a time (`videoInFlight`): the user's ffmpeg may take minutes, and on
    /// `animations` it held every Play and Save GIF behind it (hostile round 73: 59 s).
    private let videos = DispatchQueue(label: "tabsnap.preview.videos")
    /// Copy as golden's, one at a time: a copy may wait up to 10 s for a goldens folder another
    /// program keeps locked (`HeldFolder`), and on `stills` that held every picture the page
    /// asked for (hostile round 54). A copy draws with a renderer of its own.
    private let copies = DispatchQueue(label: "tabsnap.preview.copies")
    /// Copies asked for and not yet done (under `videoLock`), at most `copiesHeld`: each may wait
    /// its 10 s, and clicks on a locked folder would queue without end.
    private var copiesAsked = 0
    /// How many copies may wait their turn: more is a 503 at once.
    static let copiesHeld = 4
    /// Copies asked for and not yet done.
    var copiesInFlight: Int { videoLock.withLock { copiesAsked } }
    /// Only touched on `stills`. Replaced when files change: it keeps the icons and fonts it has
    /// loaded by path.
    private var renderer = Renderer()
    /// Whether an MP4 is being made or waits its turn (under `videoLock`, which also guards
    /// `copiesAsked`): one at a time, as the
    /// user's ffmpeg may take its whole stall bound (120 s) — queued behind one another, 16 Save
    /// MP4s held every route at 503 for half an hour (hostile round 28).
    private var videoInFlight = false
    private let videoLock = NSLock()
    /// The server's private folder (`PrivateFolder.make`), where Play's APNGs are drawn.
    private let scratch: URL
    /// The largest animation Play sends (`playableBytes`; smaller in tests). Set before the
    /// server serves.
    var playLimit = PreviewRenderer.playableBytes

    /// A renderer of the specs in `suite`, drawing Play's animations in `scratch` (the server's
    /// private folder).
    public init(suite: PreviewSuite, scratch: URL) {
        self.suite = suite
        self.scratch = scratch
    }

    /// Runs `body` on a queue of its own, beside the pictures, and off the server's threads: work
    /// that draws no picture and builds a renderer of its own (the catalog's geometry, Copy as
    /// YAML). Behind the stills, the page's list waited out a picture's icon checks (hostile
    /// round 139: `/specs.json` 8.5 s behind one bar's 10 s of icons).
    public func besidePictures<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws(PreviewProblem) -> T {
        try await offThePool(lists, body)
    }

    /// Runs `body` after the golden copies asked for so far, on a queue of their own, so that a
    /// copy waiting on a locked goldens folder holds up neither the pictures nor the server.
    /// - Throws: `PreviewProblem` 503 when `copiesHeld` copies wait already.
    public func copying<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws(PreviewProblem) -> T {
        let taken = videoLock.withLock { () -> Bool in
            guard copiesAsked < Self.copiesHeld else { return false }
            copiesAsked += 1
            return true
        }
        guard taken else {
            throw PreviewProblem(status: 503, description: "\(Self.copiesHeld) golden copies are being made or waiting already (is the goldens folder locked by another program?); try again once they are done")
        }
        defer { videoLock.withLock { copiesAsked -= 1 } }
        return try await offThePool(copies, body)
    }

    /// Forgets loaded icon and font files, so an edited one is read again (after the frames
    /// already asked for).
    public func filesChanged() {
        stills.async { self.renderer = Renderer() }
    }

    /// The file `tabsnap render` would write for the request's bar at its position: a PNG at the
    /// request's scale (else the spec's), or an SVG or PDF in points.
    /// - Throws: `PreviewProblem` with status 404 for an unknown spec, 409 when the spec has never
    ///   read without error, 400 for settings the bar cannot take, 422 when drawing fails.
    public func picture(_ request: PreviewRequest, format: OutputFormat) async throws(PreviewProblem) -> [UInt8] {
        let (bar, _) = try resolve(request)
        return try await offThePool(stills) { [self] in
            try renderer.render(bar, format: format, position: request.position, scale: format == .png ? request.scale : nil)
        }
    }

    /// The `tabsnap layout` JSON for the request's bar and position.
    public func layout(_ request: PreviewRequest) async throws(PreviewProblem) -> [UInt8] {
        let (bar, _) = try resolve(request)
        return try await offThePool(stills) { [self] in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return [UInt8](try encoder.encode(try renderer.checkedGeometry(of: bar, position: request.position)))
        }
    }

    /// The spec's transition (or `animate`'s default swipe from the position) as an APNG that
    /// plays once, and how long it plays in seconds.
    public func animation(_ request: PreviewRequest, as kind: AnimationFileKind = .png) async throws(PreviewProblem) -> (file: [UInt8], seconds: Double) {
        let (bar, document) = try resolve(request)
        if kind == .mp4 {
            let taken = videoLock.withLock { () -> Bool in
                defer { videoInFlight = true }
                return videoInFlight
            }
            guard !taken else {
                throw PreviewProblem(status: 503, description: "an MP4 is being made already (by your ffmpeg); one at a time: try again when it is saved")
            }
        }
        defer { if kind == .mp4 { videoLock.withLock { videoInFlight = false } } }
        return try await offThePool(kind == .mp4 ? videos : animations) { [scratch, limit = playLimit] in
            var transition = try Self.transition(of: document, bar: bar, from: request.position)
            // Play shows it once, and so does a saved video (a video holds every play as frames:
            // a spec's loop of 65 535 would be drawn that many times; players loop it themselves).
            // A saved GIF loops as the spec says, at no cost.
            if kind != .gif { transition.loop = .times(1) }
            try transition.checkLimits()
            try Self.checkPlayable(transition, bar: bar, scale: request.scale ?? bar.scale, passes: kind == .gif ? 2 : 1)
            let url = scratch.appendingPathComponent("play-\(UUID().uuidString).\(kind.rawValue)")
            defer { try? FileManager.default.removeItem(at: url) }
            let seconds = (0..<transition.frameCount).reduce(0) { $0 + transition.delay(after: $1) }
            do {
                let frames = FrameRenderer(bar: bar, transition: transition, scale: request.scale)
                if kind == .png { try frames.writeAPNG(to: url, limit: limit) } else { try frames.writeAnimation(kind, to: url) }
                return (try BoundedRead.bytes(of: url, limit: limit.bytes), seconds)
            } catch let error as FileError {
                // Every file here is the server's scratch, not the user's: its name (however the
                // writer spells it, links resolved) means nothing to them.
                throw PreviewProblem(status: 422, description: "the animation \(error.reason)")
            }
        }
    }

    /// The largest animation Play sends: what a golden may be. Pixels within `playablePixels`
    /// can still compress past it (noise), found as the frames come, not after all are drawn.
    static let playableBytes = ByteLimit(bytes: Limits.goldenFileBytes,
                                         purpose: "Play sends (what a golden may be); write it with tabsnap animate")

    /// Pixels a Play may draw in all (frames × pixels a frame): about a minute of drawing on a
    /// 2-core machine. A longer transition is written with `tabsnap animate`, not previewed.
    static let playablePixels = 1 << 30

    /// `passes`: how many times the file draws the frames (a GIF's two), all counted.
    static func checkPlayable(_ transition: BarTransition, bar: Bar, scale: Double, passes: Int = 1) throws(PreviewProblem) {
        let renderer = Renderer()
        // (Its frames' time on SVG icons, as animate holds it: FrameRenderer checks it again.)
        do {
            try renderer.checkIconTime(of: transition, bar: bar.resolved(), scale: scale, passes: passes)
        } catch {
            throw PreviewProblem(status: 422, description: error.description)
        }
        let geometry = renderer.geometry(of: bar)
        let width = Int((geometry.canvas.width * scale).rounded(.up)), height = Int((geometry.canvas.height * scale).rounded(.up))
        let total = Double(transition.frameCount) * Double(width) * Double(height) * Double(max(passes, 1))
        guard total <= Double(playablePixels) else {
            throw PreviewProblem(status: 422, description: "the transition is \(transition.frameCount) frames of \(width) × \(height) px (\(Int(total / 1e6)) Mpx\(passes > 1 ? ", a GIF's frames drawn twice" : "")), more than Play draws (\(playablePixels / 1_000_000) Mpx); write it with tabsnap animate")
        }
    }

    /// What the page's play button shows: the spec's transition as written (what its goldens
    /// record), or without one `tabsnap animate`'s default tour from the slider's position.
    static func transition(of document: SpecDocument, bar: Bar, from position: Double?) throws -> BarTransition {
        var request = TransitionRequest()
        request.fallback = .tour
        if document.transition == nil { request.from = position }
        return try request.transition(position: position ?? bar.position, buttonCount: bar.items.count, spec: document.transition)
    }

    /// The bar a request shows, and its document; the last good document when the file has an
    /// error now. A request made for another version of the spec than the current one
    /// (`PreviewRequest.shownVersion`, a Save link's) is refused.
    func resolve(_ request: PreviewRequest) throws(PreviewProblem) -> (Bar, SpecDocument) {
        guard let entry = suite.entry(request.spec) else {
            throw PreviewProblem(status: 404, description: "no spec named \(PreviewRequest.quoted(request.spec))")
        }
        try entry.require(shown: request.shownVersion, then: "save")
        guard var document = entry.document else {
            throw PreviewProblem(status: 409, description: entry.error ?? "\(entry.path): not read yet")
        }
        if let overrides = request.overrides {
            // The controls: the spec's text changed and read again (in the locale asked).
            do {
                document = try suite.document(of: entry, with: overrides, in: request.locale)
            } catch {
                throw PreviewProblem(status: 400, description: error.description)
            }
        } else if let locale = request.locale {
            // Another locale is the spec read again in it (its titles, direction and language).
            do {
                document = try suite.document(of: entry, in: locale)
            } catch {
                throw PreviewProblem(status: 400, description: error.description)
            }
        }
        do {
            return (try request.bar(from: document), document)
        } catch {
            throw PreviewProblem(status: 400, description: error.description)
        }
    }
}
