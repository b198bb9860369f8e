import Foundation
import TabsnapAnimation
import TabsnapCairo
import TabsnapGeometry
import TabsnapModel
import TabsnapPNG

extension Renderer {
    /// The geometry a transition frame shows: the bar at a position, or blended between two states
    /// for a jump. The bar comes resolved, so a loop over frames fills in its defaults once.
    public func geometry(of frame: TransitionFrame, bar: ResolvedBar) -> BarGeometry {
        switch frame.state {
        case .position(let p): return geometry(of: bar, position: p)
        case .jump(let from, let to, let progress): return geometry(of: bar, jumpingFrom: from, to: to, progress: progress)
        }
    }

    /// The one way a transition frame becomes pixels (the CLI, `tabsnap check`, the assertions
    /// and the demo all come through here).
    public func image(of frame: TransitionFrame, bar: ResolvedBar, scale: Double) throws(RenderError) -> RGBAImage {
        try image(of: geometry(of: frame, bar: bar), scale: scale)
    }
}

/// Renders a transition's frames on several threads (the `WorkerPool`) and hands them over in
/// order, never more than a few frames ahead of the consumer.
public struct FrameRenderer: Sendable {
    /// The bar to animate; its defaults are filled in once per render.
    public var bar: Bar
    /// The transition whose frames are rendered.
    public var transition: BarTransition
    /// Pixels per point of PNG frames (the given scale, else the bar's).
    public var scale: Double
    /// The size SVG frames ask a viewer for: the given scale, else 1 (points).
    public var svgScale: Double
    /// How many frames render at once, each on its own thread (at least 1).
    public var threads: Int
    /// Honoured by every frame (a custom manager restyles insets and spacing).
    public var layoutManager: LayoutManager

    /// What the frames may spend drawing text in the spec's own fonts, in ms
    /// (`Limits.transitionTextSeconds`; tests lower it).
    package var textBudget = Limits.transitionTextSeconds * 1_000
    /// What the frames of one file may spend drawing SVG icons, every pass counted, in ms
    /// (`Limits.transitionIconSeconds`; tests lower it).
    package var iconBudget = Limits.transitionIconSeconds * 1_000
    /// What each frame of each pass may spend on such text besides, in ms
    /// (`Limits.pictureTextMilliseconds`; tests lower it).
    package var textPerFrame = Limits.pictureTextMilliseconds
    /// The bound on text in the spec's own fonts every pass over the frames counts to, when a
    /// caller keeps one (the gallery adds what it spent to its spec's; made for the passes the
    /// caller's output makes: one for an APNG); nil: each way of writing the transition makes
    /// one for all its passes (a GIF's two, a video's plays).
    package var textTime: TransitionTextTime?

    /// The bound for `passes` passes over the frames.
    func textTime(passes: Int) -> TransitionTextTime {
        textTime ?? TransitionTextTime(frames: transition.frameCount, passes: passes, fonts: bar.fonts, budget: textBudget, perFrame: textPerFrame)
    }

    /// A renderer of `transition`'s frames of `bar`.
    /// - Parameters:
    ///   - bar: The bar to animate.
    ///   - transition: The frames to render.
    ///   - scale: Pixels per point of PNG frames, and the size SVG frames ask a viewer for; nil:
    ///     the bar's scale for PNG, points for SVG.
    ///   - threads: How many frames render at once; the active processor count by default.
    ///   - layoutManager: Decides the default insets and spacing of every frame.
    public init(bar: Bar, transition: BarTransition, scale: Double? = nil,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                layoutManager: LayoutManager = DefaultLayoutManager()) {
        self.bar = bar
        self.transition = transition
        self.scale = scale ?? bar.scale
        self.svgScale = scale ?? 1
        self.threads = max(threads, 1)
        self.layoutManager = layoutManager
    }

    /// Calls `deliver` with every frame and its pixels, in order, on the calling thread.
    /// A frame showing what the frame before it shows (a hold) is drawn once and handed over again.
    public func render(_ deliver: (TransitionFrame, RGBAImage) throws -> Void) throws {
        try render(mapping: { _ in () }) { frame, image, _ in try deliver(frame, image) }
    }

    /// As `render(_:)`, each frame's pixels also turned into `map`'s result on the thread that
    /// drew it (a GIF's palette indices: the writer's work done on every core).
    public func render<Mapped: Sendable>(mapping map: @escaping @Sendable (RGBAImage) -> Mapped,
                                         _ deliver: (TransitionFrame, RGBAImage, Mapped) throws -> Void) throws {
        try render(mapping: map, textTime: textTime(passes: 1), deliver)
    }

    /// `render(mapping:_:)`, its text in the spec's own fonts counted to `textTime` (shared by
    /// the passes of one file).
    func render<Mapped: Sendable>(mapping map: @escaping @Sendable (RGBAImage) -> Mapped, textTime: TransitionTextTime,
                                  _ deliver: (TransitionFrame, RGBAImage, Mapped) throws -> Void) throws {
        let bar = self.bar.resolved()
        var last: (image: RGBAImage, mapped: Mapped)?
        let (threads, window) = try checkedPace(bar, vector: false, passes: textTime.passes)
        try WorkerPool.run(count: transition.frameCount, threads: threads, window: window, layoutManager: layoutManager,
                           job: { [transition, scale] renderer, index -> (image: RGBAImage, mapped: Mapped)? in
                               let frame = transition.frame(index)
                               if index > 0 && transition.frame(index - 1).state == frame.state { return nil }
                               let image = try Self.timed(textTime, renderer) { () throws(RenderError) in try renderer.image(of: frame, bar: bar, scale: scale) }
                               return (image, map(image))
                           }, deliver: { index, drawn in
                               // Frame 0 is always drawn, so a repeat always has a frame before it.
                               guard let shown = drawn ?? last else { return }
                               last = shown
                               try deliver(transition.frame(index), shown.image, shown.mapped)
                           })
    }

    /// Every frame as a file's bytes in `format` (PNG, or SVG drawn from the same geometry, its
    /// text as `svgText` says), with its pixels when `withImages` (a contact sheet wants them),
    /// in order on the calling thread.
    public func renderFiles(format: OutputFormat, svgText: SVGText = .outlines, withImages: Bool = false,
                            _ deliver: (TransitionFrame, [UInt8], RGBAImage?) throws -> Void) throws {
        let bar = self.bar.resolved()
        let (threads, window) = try checkedPace(bar, vector: format != .png, passes: 1, alsoPixels: withImages)
        let textTime = textTime(passes: 1)
        try WorkerPool.run(count: transition.frameCount, threads: threads, window: window, layoutManager: layoutManager,
                           job: { [transition, scale, svgScale] renderer, index -> ([UInt8], RGBAImage?) in
                               try Self.timed(textTime, renderer) { () throws(RenderError) -> ([UInt8], RGBAImage?) in
                                   let geometry = renderer.geometry(of: transition.frame(index), bar: bar)
                                   if format == .png {
                                       return try renderer.png(of: geometry, scale: scale, compression: .fast, withPixels: withImages)
                                   }
                                   let bytes = try renderer.render(geometry, format: format, scale: format == .svg ? svgScale : 1, svgText: svgText)
                                   return (bytes, withImages ? try renderer.image(of: geometry, scale: scale) : nil)
                               }
                           }, deliver: { index, file in try deliver(transition.frame(index), file.0, file.1) })
    }

    /// One frame drawn by `renderer`, held to the transition's bound on text in the spec's own
    /// fonts (`TransitionTextTime`): refused before it is drawn when the frames so far foretell
    /// more, its time counted after.
    static func timed<T>(_ textTime: TransitionTextTime, _ renderer: Renderer, _ draw: () throws(RenderError) -> T) throws(RenderError) -> T {
        try textTime.checkBeforeFrame()
        let before = renderer.textMilliseconds
        defer { textTime.add(renderer.textMilliseconds - before) }
        return try draw()
    }
}

extension FrameRenderer {
    /// The transition's `pace` with what its SVG icons hold (and, for vector frames, each frame's
    /// document while drawn), its icons checked within their time
    /// (as `checkIconTime`): every one of its `passes` over the frames counted, each frame drawn
    /// as a vector picture when `vector`, and as pixels too when `alsoPixels` (`--svg --sheet`:
    /// review of e147418), and each thread's renderer reading the icons once a pass.
    func checkedPace(_ bar: ResolvedBar, vector: Bool, passes: Int, alsoPixels: Bool = false) throws(RenderError) -> (threads: Int, window: Int?) {
        let renderer = Renderer(layoutManager: layoutManager)
        renderer.transitionIconBudget = iconBudget
        var (perFrame, heaviest) = try renderer.iconTimePerFrame(of: transition, bar: bar, scale: scale, vector: vector)
        if vector && alsoPixels {
            let pixels = try renderer.iconTimePerFrame(of: transition, bar: bar, scale: scale, vector: false)
            if pixels.milliseconds > perFrame { heaviest = pixels.heaviest }
            perFrame += pixels.milliseconds
        }
        let paced = pace(bar, iconBytes: renderer.iconBytes + (vector ? try documentBytes(bar, renderer) : 0))
        let reading = renderer.iconReadingMilliseconds * min(paced.threads, transition.frameCount) * max(passes, 1)
        try renderer.holdIconTime(perFrame: perFrame, heaviest: heaviest, frames: transition.frameCount, passes: passes, reading: reading)
        return paced
    }

    /// What a vector frame's document holds while drawn, at most, as its icons' probes measured
    /// it: the frames at the transition's ends and quarters, and every icon of each at once (as
    /// `iconTimePerFrame` samples them: a frame between draws what they do not).
    private func documentBytes(_ bar: ResolvedBar, _ renderer: Renderer) throws(RenderError) -> Int {
        let last = max(transition.frameCount - 1, 0)
        var most = 0
        for index in Set([0, last / 4, last / 2, 3 * last / 4, last]) {
            let frame = renderer.geometry(of: transition.frame(index), bar: bar)
            most = max(most, try renderer.vectorDocumentBytes(of: frame), try renderer.vectorDocumentBytes(of: frame, atMost: true))
        }
        return most
    }

    /// How many frames render at once and how far ahead: frames of 2 Mpx or more (8 MB each,
    /// with a cairo surface and a copy per thread) one at a time, one ahead, so the encoder's own
    /// buffers fit beside them (hostile round 21: lossless WebP of 4096² frames took 1.1 GB with
    /// two threads four frames ahead). The size is the first frame's: a bar keeps its size.
    /// `iconBytes`: what one thread holds for SVG icons — its renderer's reading of them, which
    /// each thread reads for itself, and a vector frame's document while drawn: the threads hold
    /// `Limits.frameIconBytes` together at most.
    func pace(_ bar: ResolvedBar, iconBytes: Int = 0) -> (threads: Int, window: Int?) {
        let geometry = Renderer(layoutManager: layoutManager).geometry(of: transition.frame(0), bar: bar)
        let pixels = geometry.canvas.width * geometry.canvas.height * scale * scale
        if pixels >= Double(Limits.pixelsPerFrame) / 8 { return (1, 1) }
        return (iconBytes > 0 ? max(1, min(threads, Limits.frameIconBytes / iconBytes)) : threads, nil)
    }

    /// The frames one by one on the calling thread, as a sequence of (frame, image): the simple
    /// way to walk a transition from Swift (`render(_:)` is the parallel one).
    public var frames: FrameSequence { FrameSequence(renderer: self) }
}

/// A transition's frames with their pixels, each rendered on the calling thread as the iteration
/// reaches it (`FrameRenderer.frames`).
public struct FrameSequence: Sequence {
    let renderer: FrameRenderer

    /// Renders the frames in order with a renderer of its own.
    public struct Iterator: IteratorProtocol {
        let renderer: FrameRenderer
        let cairo: Renderer
        let bar: ResolvedBar
        let textTime: TransitionTextTime
        var index = 0

        /// Nil after the last frame; a frame whose icons cannot load, or past the bound on text
        /// in the spec's own fonts, ends the sequence early (`render(_:)` reports the error
        /// instead).
        public mutating func next() -> (frame: TransitionFrame, image: RGBAImage)? {
            guard index < renderer.transition.frameCount else { return nil }
            let frame = renderer.transition.frame(index)
            index += 1
            let (cairo, bar, scale) = (self.cairo, self.bar, renderer.scale)
            guard let image = try? FrameRenderer.timed(textTime, cairo, { () throws(RenderError) in try cairo.image(of: frame, bar: bar, scale: scale) }) else { return nil }
            return (frame, image)
        }
    }

    /// An iterator from the first frame, with a `Renderer` of its own.
    public func makeIterator() -> Iterator {
        Iterator(renderer: renderer, cairo: Renderer(layoutManager: renderer.layoutManager), bar: renderer.bar.resolved(), textTime: renderer.textTime(passes: 1))
    }
}
