import Foundation

/// The CPU time a renderer's thread spends drawing text while a spec's own fonts are loaded,
/// and the sandbox's children spend probing them.
/// The sandbox bounds one bar's text in such fonts (`Limits.sandboxCPUSeconds`), but each
/// picture draws it again: raster text is filled as outlines, so a glyph of 30 000 points is
/// scan-converted anew in every frame (hostile round 105: 7.5 s a frame, 21 hours for an
/// animation at the frame limit). What is measured here is what the bounds on many pictures
/// count (`TransitionTextTime`, and a spec's goldens through `Renderer.takeTextMilliseconds`).
/// With the bundled fonts alone nothing is measured: their cost is known.
final class TextClock {
    /// All the time measured, in ns.
    private var nanoseconds: UInt64 = 0
    private var taken: UInt64 = 0

    /// All the time measured, in ms.
    var milliseconds: Int { Int(nanoseconds / 1_000_000) }

    /// Runs `body`, adding the thread CPU time it took.
    func timed<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = Self.now()
        defer { nanoseconds &+= Self.now() &- start }
        return try body()
    }

    /// Adds time measured elsewhere (the sandbox's children probing the texts).
    func add(milliseconds: Int) {
        nanoseconds &+= UInt64(max(milliseconds, 0)) &* 1_000_000
    }

    /// The time measured since the last call, in ms.
    func take() -> Int {
        defer { taken = nanoseconds }
        return Int((nanoseconds - taken) / 1_000_000)
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
