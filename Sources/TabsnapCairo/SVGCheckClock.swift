/// The CPU time an icon's checks may take (`SVGIconPreflight`), kept by the walks that do the
/// work: every walk of the icon's elements (`SVGElementList`) and its parse take a step each
/// element, and once the time is past, every walk ends at once and the check is refused as over
/// the bar's budget.
///
/// Why walks end rather than throw: the checks are many (about eighty walks of the elements
/// among them), each once found costly by a different input within every limit (hostile rounds
/// 133–135: chains of gradients, attributes compared pairwise, a style read per property, a
/// regular expression per number, comments copied, transforms parsed again). Bounding each
/// input's count bounds the work *per element*; this bounds it *across* elements, for the walks
/// not yet found costly too. A walk cut short leaves its check's answer wrong, so
/// `SVGIconPreflight.check` never gives an answer reached after the time: whatever a check
/// threw or returned then, the icon is refused for its time.
final class SVGCheckClock {
    /// The thread CPU time (`TextClock.threadNanoseconds`) past which the checks stop; nil: no bound.
    private let deadline: UInt64?
    /// Whether the time was found past: every walk has ended since.
    private(set) var expired = false
    private var steps = 0

    /// `milliseconds` of this thread's CPU time from now (nil, or past a year: unbounded).
    init(milliseconds: Int?) {
        guard let milliseconds, milliseconds < 365 * 86_400_000 else {
            deadline = nil
            return
        }
        deadline = TextClock.threadNanoseconds() + UInt64(max(milliseconds, 0)) * 1_000_000
    }

    /// One step of a walk: false once the time is past. The clock is read every 256 steps
    /// (a read is a system call, about 0.3 µs; a step of the costliest checks about 25 µs).
    func step() -> Bool {
        if expired { return false }
        guard let deadline else { return true }
        steps &+= 1
        if steps & 255 == 0, TextClock.threadNanoseconds() > deadline { expired = true }
        return !expired
    }
}
