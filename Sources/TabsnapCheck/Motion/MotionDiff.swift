import Tabsnap

/// How a transition's motion changed between its golden and the render, in words, before any
/// pixels: `overshoot 4.6 % → 9.1 %`, `settles at 610 ms (was 785)`, `now passes through
/// "Beta"`, `position off by up to 0.21 (at 120 ms)`. A change of frame rate alone is the same
/// motion sampled more or less often, and is said so. An empty list means the motion is the
/// same: the pixels alone differ (`pixelsOnly`).
public enum MotionDiff {
    /// Said when the motion is equal and only pixels differ.
    public static let pixelsOnly = "motion unchanged: only pixels differ (titles, icons, fonts, anti-aliasing or colours)"
    /// Said when the motion is equal and every frame's pixels too, as many frames each side: the timing
    /// differs (hostile round 46: a 0 ms frame was said to be "only pixels").
    public static let timingOnly = "motion unchanged: only the frames' timing differs"
    /// Said when the motion is equal, every frame both sides have matches, and one side has
    /// frames the other has not (at its end, once holds are merged): no pixel of a frame both
    /// have differs, so "only pixels" would be wrong (hostile round 47).
    public static let frameCountOnly = "motion unchanged: every frame both sides have matches; the number of frames differs"

    /// Curves closer than this are the same (points; a position's share of a button is
    /// compared at a hundredth): sampling one motion at 30 and at 60 fps differs by less.
    static let pointTolerance = 1.0
    static let positionTolerance = 0.01

    /// The changes from `old` (the golden's) to `new` (the render's), one phrase each.
    public static func changes(from old: MotionRecord, to new: MotionRecord) -> [String] {
        var found: [String] = []
        let slower = min(old.fps, new.fps)
        let frame = slower > 0 ? 1 / slower : 0
        if abs(old.duration - new.duration) > frame / 2 {
            found.append("lasts \(milliseconds(old.duration)) → \(milliseconds(new.duration)) ms")
        }
        if old.movements.count != new.movements.count {
            found.append("\(old.movements.count) movement\(old.movements.count == 1 ? "" : "s") → \(new.movements.count)")
        } else {
            for index in old.movements.indices {
                found += movementChanges(index, old, new, frame: frame)
            }
        }
        found += curveChanges(old, new)
        // The rates declared: a step given a duration spreads its frames, so the spacing
        // measured can differ while the rate does not (that shows as "lasts" and the curves).
        if abs(old.rate - new.rate) >= 0.005 {
            let rate = "\(Limits.format((old.rate * 100).rounded() / 100)) → \(Limits.format((new.rate * 100).rounded() / 100)) fps"
            found = found.isEmpty ? ["same motion at another frame rate: \(rate)"] : ["frame rate \(rate)"] + found
        }
        return found
    }

    /// Where a movement goes, how far it overshoots, when it settles, what it passes through.
    private static func movementChanges(_ index: Int, _ old: MotionRecord, _ new: MotionRecord, frame: Double) -> [String] {
        let was = old.movements[index], now = new.movements[index]
        let label = old.movements.count == 1 ? "" : "step \(index + 1) (\(compact(now.from)) → \(compact(now.to))): "
        if was.from != now.from || was.to != now.to {
            return ["step \(index + 1): \(compact(was.from)) → \(compact(was.to)) became \(compact(now.from)) → \(compact(now.to))"]
        }
        var parts: [String] = []
        if was.kind != now.kind { parts.append("\(was.kind.rawValue) → \(now.kind.rawValue)") }
        let overshoot = (old.overshoot(of: index) * 1000).rounded() / 10, overshootNow = (new.overshoot(of: index) * 1000).rounded() / 10
        if abs(overshoot - overshootNow) >= 0.5 { parts.append("overshoot \(Limits.format(overshoot)) % → \(Limits.format(overshootNow)) %") }
        let settles = old.settling(of: index), settlesNow = new.settling(of: index)
        if abs(settles - settlesNow) > frame * 1.5 { parts.append("settles at \(milliseconds(settlesNow)) ms (was \(milliseconds(settles)))") }
        let passed = old.passedThrough(in: index), passedNow = new.passedThrough(in: index)
        for button in passedNow.subtracting(passed).sorted() { parts.append("now passes through \(name(of: button, in: new))") }
        for button in passed.subtracting(passedNow).sorted() { parts.append("no longer passes through \(name(of: button, in: old))") }
        return parts.map { label + $0 }
    }

    /// The largest gap between the curves, the denser one sampled at the sparser one's frames.
    private static func curveChanges(_ old: MotionRecord, _ new: MotionRecord) -> [String] {
        let oldIsSparse = old.time.count <= new.time.count
        let (sparse, dense) = oldIsSparse ? (old, new) : (new, old)
        func widest(_ a: [Double]?, _ b: [Double]?) -> (gap: Double, time: Double)? {
            guard let a, let b else { return nil }
            let (sparseValues, denseValues) = oldIsSparse ? (a, b) : (b, a)
            var worst: (gap: Double, time: Double)?
            for (index, t) in sparse.time.enumerated() {
                let gap = abs(sparseValues[index] - MotionRecord.sample(denseValues, times: dense.time, at: t))
                if gap > (worst?.gap ?? 0) { worst = (gap, t - (sparse.time.first ?? 0)) }
            }
            return worst
        }
        var found: [String] = []
        if let worst = widest(old.position, new.position), worst.gap >= positionTolerance {
            found.append("position off by up to \(Limits.format((worst.gap * 100).rounded() / 100)) (at \(milliseconds(worst.time)) ms)")
        }
        switch (old.indicatorX, new.indicatorX) {
        case (nil, _?): found.append("indicator added")
        case (_?, nil): found.append("indicator gone")
        default:
            if let worst = widest(old.indicatorX, new.indicatorX), worst.gap >= pointTolerance {
                found.append("indicator x(t) off by up to \(points(worst.gap)) pt (at \(milliseconds(worst.time)) ms)")
            }
            if let worst = widest(old.indicatorWidth, new.indicatorWidth), worst.gap >= pointTolerance {
                found.append("indicator width(t) off by up to \(points(worst.gap)) pt (at \(milliseconds(worst.time)) ms)")
            }
        }
        if let worst = widest(old.scroll, new.scroll), worst.gap >= pointTolerance {
            found.append("scroll(t) off by up to \(points(worst.gap)) pt (at \(milliseconds(worst.time)) ms)")
        }
        return found
    }

    private static func name(of button: Int, in record: MotionRecord) -> String {
        if button < record.titles.count, let title = record.titles[button] {
            let cut = title.unicodeScalars.count > 30 ? String(String.UnicodeScalarView(title.unicodeScalars.prefix(29))) + "…" : title
            return "\"\(cut)\""
        }
        return "button \(button + 1)"
    }

    private static func milliseconds(_ seconds: Double) -> String { Limits.format((seconds * 1000).rounded()) }
    private static func points(_ value: Double) -> String { Limits.format((value * 10).rounded() / 10) }
    private static func compact(_ value: Double) -> String { Limits.format((value * 100).rounded() / 100) }
}
