import TabsnapPNG

/// Browsers show any animation frame of 10 ms or less for 100 ms — GIF, APNG and WebP alike — so
/// a 120 fps swipe would crawl. APNG and WebP frames (GIF has its own centisecond clock,
/// `GIFFrameTiming`) pass through here first: a frame starting less than `floor` after the one
/// kept before it replaces that one, unless that one is a key frame (where a step or hold ends,
/// the turn of a ping-pong), which stays; two key frames that close both stay, the later moved
/// to `floor` after the earlier. Frames keep their times; the last frame is always kept.
struct ShortFrames {
    /// 11 ms: the shortest delay every browser plays as written.
    static let floor = 0.011

    private var time = 0.0
    private var pending: (image: RGBAImage, start: Double, isKey: Bool)?

    /// Takes the next frame, shown for `delay` seconds; returns a frame now settled, with its delay.
    mutating func add(_ image: RGBAImage, delay: Double, isKey: Bool) -> (image: RGBAImage, delay: Double)? {
        let start = time
        time += delay
        guard let kept = pending else {
            pending = (image, start, isKey)
            return nil
        }
        // Within a microsecond of the floor counts as on it (times are sums of 1/fps).
        if start - kept.start < Self.floor - 1e-6 {
            switch (kept.isKey, isKey) {
            case (true, true):
                pending = (image, kept.start + Self.floor, true)
                return (kept.image, Self.floor)
            case (true, false):
                return nil
            default:
                pending = (image, kept.start, isKey)
                return nil
            }
        }
        pending = (image, start, isKey)
        return (kept.image, start - kept.start)
    }

    /// The last frame, shown until the animation ends (at least `floor`).
    mutating func finish() -> (image: RGBAImage, delay: Double)? {
        guard let kept = pending else { return nil }
        pending = nil
        return (kept.image, max(time - kept.start, Self.floor))
    }
}
