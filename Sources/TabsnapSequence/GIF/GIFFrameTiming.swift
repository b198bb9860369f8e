/// GIF delays are whole centiseconds, and browsers play any delay under 2 cs as 10 cs — a
/// 60 fps animation would crawl at a sixth of its speed. So frames are placed on the
/// centisecond clock by their start times, at most 50 a second: a frame starting under 2 cs
/// after the one kept before it replaces that one (in its place in time), unless that one is a
/// key frame (where a step or hold ends, the turn of a ping-pong: the target must be reached),
/// which then stays and the newcomer is dropped; two key frames that close both stay, the later
/// one moved to 2 cs after the earlier. The last frame is always kept. A frame equal to the one
/// before (a hold) lengthens it.
struct GIFFrameTiming {
    struct Kept {
        var indices: [UInt8]
        /// Centiseconds from the start.
        var start: Int
        var isKey: Bool
    }

    static let shortestDelay = 2

    private var time = 0.0
    private var pending: Kept?

    /// Takes the next frame shown for `delay` seconds; returns a frame that is now settled, with
    /// its delay in centiseconds.
    mutating func add(_ indices: [UInt8], delay: Double, isKey: Bool = false) -> (frame: [UInt8], delay: Int)? {
        let start = Int((time * 100).rounded())
        time += delay
        guard let kept = pending else {
            pending = Kept(indices: indices, start: start, isKey: isKey)
            return nil
        }
        if indices == kept.indices {
            pending?.isKey = kept.isKey || isKey
            return nil
        }
        if start - kept.start < Self.shortestDelay {
            switch (kept.isKey, isKey) {
            case (true, true):
                pending = Kept(indices: indices, start: kept.start + Self.shortestDelay, isKey: true)
                return (kept.indices, Self.shortestDelay)
            case (true, false):
                return nil
            default:
                pending = Kept(indices: indices, start: kept.start, isKey: isKey)
                return nil
            }
        }
        pending = Kept(indices: indices, start: start, isKey: isKey)
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
