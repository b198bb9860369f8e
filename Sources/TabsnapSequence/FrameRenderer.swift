import Foundation
import TabsnapAnimation
import TabsnapCairo
import TabsnapGeometry
import TabsnapModel
import TabsnapPNG

/// Renders a transition's frames on several threads and hands them over in order. Workers render
/// at most `window` frames ahead of the consumer, so memory stays flat however long the sequence.
public struct FrameRenderer: Sendable {
    public var bar: Bar
    public var transition: Transition
    public var scale: Double
    public var threads: Int

    public init(bar: Bar, transition: Transition, scale: Double? = nil,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.bar = bar
        self.transition = transition
        self.scale = scale ?? bar.scale
        self.threads = max(threads, 1)
    }

    /// The geometry a frame shows.
    public static func geometry(of frame: TransitionFrame, bar: Bar, renderer: Renderer) -> BarGeometry {
        switch frame.state {
        case .position(let p): return renderer.geometry(of: bar, position: p)
        case .jump(let from, let to, let progress): return renderer.geometry(of: bar, jumpingFrom: from, to: to, progress: progress)
        }
    }

    /// Calls `deliver` with every frame and its pixels, in order, on the calling thread.
    public func render(_ deliver: (TransitionFrame, RGBAImage) throws -> Void) throws {
        let count = transition.frameCount
        let state = SharedState(window: threads * 2)
        var workers: [Thread] = []
        for _ in 0..<threads {
            let worker = Thread { [bar, transition, scale] in
                let renderer = Renderer()
                while let index = state.claim(below: count) {
                    let frame = transition.frame(index)
                    do {
                        let geometry = FrameRenderer.geometry(of: frame, bar: bar, renderer: renderer)
                        state.store(index, .success(try renderer.image(of: geometry, scale: scale)))
                    } catch {
                        state.store(index, .failure(error))
                    }
                }
                state.workerDone()
            }
            worker.stackSize = 8 << 20
            workers.append(worker)
            worker.start()
        }
        defer { state.cancel(); state.waitForWorkers(threads) }
        for index in 0..<count {
            let image = try state.take(index).get()
            try deliver(transition.frame(index), image)
        }
    }
}

/// The hand-over between workers and the consumer, under one condition lock.
private final class SharedState: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private var next = 0
    private var delivered = 0
    private var results: [Int: Result<RGBAImage, Error>] = [:]
    private var cancelled = false
    private var finishedWorkers = 0

    init(window: Int) {
        self.window = window
    }

    /// The next frame to render, waiting while the workers are `window` frames ahead.
    func claim(below count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && next < count && next - delivered >= window { condition.wait() }
        guard !cancelled, next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ index: Int, _ result: Result<RGBAImage, Error>) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func take(_ index: Int) -> Result<RGBAImage, Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        delivered = index + 1
        condition.broadcast()
        return results.removeValue(forKey: index)!
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func workerDone() {
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForWorkers(_ count: Int) {
        condition.lock()
        while finishedWorkers < count { condition.wait() }
        condition.unlock()
    }
}

extension FrameRenderer {
    /// The frames one by one on the calling thread, as a sequence of (frame, image): the simple
    /// way to walk a transition from Swift (`render(_:)` is the parallel one).
    public var frames: FrameSequence { FrameSequence(renderer: self) }
}

public struct FrameSequence: Sequence {
    let renderer: FrameRenderer

    public struct Iterator: IteratorProtocol {
        let renderer: FrameRenderer
        let cairo = Renderer()
        var index = 0

        /// Nil after the last frame; a frame whose icons cannot load ends the sequence early
        /// (`render(_:)` reports the error instead).
        public mutating func next() -> (frame: TransitionFrame, image: RGBAImage)? {
            guard index < renderer.transition.frameCount else { return nil }
            let frame = renderer.transition.frame(index)
            index += 1
            let geometry = FrameRenderer.geometry(of: frame, bar: renderer.bar, renderer: cairo)
            guard let image = try? cairo.image(of: geometry, scale: renderer.scale) else { return nil }
            return (frame, image)
        }
    }

    public func makeIterator() -> Iterator { Iterator(renderer: renderer) }
}
