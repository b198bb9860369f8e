/// GIF delays are whole centiseconds, and browsers play any delay under 2 cs as 10 cs — a
/// 60 fps animation would crawl at a sixth of its speed. So frames are placed on the
/// centisecond clock by their start times and a frame starting under 2 cs after the one kept
/// before it replaces that one: at most 50 frames a second, every frame where its time says,
/// the last frame always kept. A frame equal to the one before (a hold) lengthens it.
struct GIFFrameTiming {
    struct Kept {
        var indices: [UInt8]
        /// Centiseconds from the start.
        var start: Int
    }

    static let shortestDelay = 2

    private var time = 0.0
    private var pending: Kept?

    /// Takes the next frame shown for `delay` seconds; returns a frame that is now settled, with
    /// its delay in centiseconds.
    mutating func add(_ indices: [UInt8], delay: Double) -> (frame: [UInt8], delay: Int)? {
        let start = Int((time * 100).rounded())
        time += delay
        guard let kept = pending else {
            pending = Kept(indices: indices, start: start)
            return nil
        }
        if indices == kept.indices { return nil }
        if start - kept.start < Self.shortestDelay {
            pending = Kept(indices: indices, start: kept.start)
            return nil
        }
        pending = Kept(indices: indices, start: start)
        return (kept.indices, start - kept.start)
    }

    /// The last frame, with the delay it shows for before the animation ends or loops.
    mutating func finish() -> (frame: [UInt8], delay: Int)? {
        guard let kept = pending else { return nil }
        pending = nil
        let end = Int((time * 100).rounded())
        return (kept.indices, max(end - kept.start, Self.shortestDelay))
    }
}
