import Foundation

/// The CPU time a renderer's thread spends drawing text while a spec's own fonts are loaded,
/// and the sandbox's children spend probing them.
/// The sandbox bounds one bar's text in such fonts (`Limits.sandboxCPUSeconds`), but each
/// picture draws it again: raster text is filled as outlines, so a glyph of 30 000 points is
/// scan-converted anew in every frame (hostile round 105: 7.5 s a frame, 21 hours for an
/// animation at the frame limit). What is measured here is what the bounds on many pictures
/// count (`TransitionTextTime`, and a spec's goldens through `Renderer.takeTextTime`).
/// With the bundled fonts alone nothing is measured: their cost is known.
final class TextClock {
    /// All the time measured, in ns.
    private var nanoseconds: UInt64 = 0
    private var taken: UInt64 = 0
    /// The time spent in `untimed` regions, in ns: what an enclosing `timed` region leaves out.
    private var excluded: UInt64 = 0
    /// The pictures painted in a spec's own fonts, and those of them taken.
    private var pictures = 0, picturesTaken = 0

    /// All the time measured, in ms.
    var milliseconds: Int { Int(nanoseconds / 1_000_000) }

    /// Runs `body`, adding the thread CPU time it took, less what its `untimed` parts took.
    /// (Regions are not nested: a painter times its text runs alone, or a vector surface is
    /// timed whole.)
    func timed<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = Self.now(), excludedBefore = excluded
        defer {
            let spent = Self.now() &- start, left = excluded &- excludedBefore
            nanoseconds &+= spent > left ? spent - left : 0
        }
        return try body()
    }

    /// Runs `body` inside a `timed` region without counting it: the icons and pictures a vector
    /// surface timed whole draws are not text (their cost has a bound of its own, review of
    /// round 108: an icon-heavy spec was refused for "text").
    /// `replayed`: the surface replays what `body` drew when it is finished, inside the timed
    /// region too: that replay is taken to cost what drawing it did, and left out as well
    /// (review of stop 64: cairo's PDF and SVG surfaces replay icons' paths and encode their
    /// images then).
    func untimed<T, Failure: Error>(replayed: Bool = false, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = Self.now()
        defer {
            let spent = Self.now() &- start
            excluded &+= replayed ? spent &* 2 : spent
        }
        return try body()
    }

    /// Counts a picture painted while a spec's own fonts are loaded: each may spend
    /// `Limits.pictureTextMilliseconds` besides a spec's bound, so the pictures counted are
    /// those really drawn (a golden refused before drawing draws none; a failing golden's frames
    /// are drawn twice).
    func countPicture() { pictures += 1 }

    /// Adds time measured elsewhere (the sandbox's children probing the texts).
    func add(milliseconds: Int) {
        nanoseconds &+= UInt64(max(milliseconds, 0)) &* 1_000_000
    }

    /// The time measured since the last call, in ms, and the pictures counted since then.
    func take() -> (milliseconds: Int, pictures: Int) {
        defer { (taken, picturesTaken) = (nanoseconds, pictures) }
        return (Int((nanoseconds - taken) / 1_000_000), pictures - picturesTaken)
    }

    /// This thread's CPU time so far, in ns.
    static func threadNanoseconds() -> UInt64 { now() }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
