import Foundation
import Tabsnap

/// What a transition golden remembers of its motion (an iTXt chunk, `MotionRecord.keyword`, as a
/// still keeps its geometry): per frame, its time, the bar's position, the indicator's x and
/// width, the scroll offset and each button's selection, and the transition's movements. A
/// failing check then says how the motion changed (`MotionDiff`) and the HTML report draws the
/// two curves (`MotionChart`). Points, canvas coordinates (the scroll taken off), seconds.
public struct MotionRecord: GoldenNote, Equatable, Sendable {
    /// The chunk's keyword.
    public static let keyword = "Tabsnap motion"

    /// The record's layout version; a record of another is ignored.
    public var version = 1
    /// The transition's frames per second, as declared (a step given a duration spreads its
    /// frames over it, so their spacing may differ).
    public var rate: Double
    /// The buttons' titles, in item order (nil: an icon-only button).
    public var titles: [String?]
    /// The steps, there and (ping-pong) back, as frame ranges.
    public var movements: [TransitionMovement]
    /// Each frame's time, seconds from the start.
    public var time: [Double]
    /// Each frame's position (a jump's is interpolated).
    public var position: [Double]
    /// The indicator's x and width per frame; nil when the bar draws none.
    public var indicatorX: [Double]?
    /// The indicator's width per frame.
    public var indicatorWidth: [Double]?
    /// The scroll offset per frame.
    public var scroll: [Double]
    /// Each button's selection (0 … 1) per frame: `selection[button][frame]`.
    public var selection: [[Double]]

    /// The record of `transition` over `bar`, as `renderer` lays out each frame.
    public init(of bar: Bar, transition: BarTransition, renderer: Renderer) {
        let resolved = bar.resolved()
        let frames = Array(transition.frames)
        let geometries = frames.map { renderer.geometry(of: $0, bar: resolved) }
        titles = geometries.first?.buttons.map(\.title) ?? []
        movements = transition.movements
        rate = transition.fps
        time = frames.map { Self.rounded($0.time, 100_000) }
        position = frames.map { Self.rounded($0.state.position, 10_000) }
        let indicators = geometries.map(\.indicator)
        if indicators.allSatisfy({ $0 != nil }) {
            indicatorX = zip(indicators, geometries).map { Self.rounded(($0?.frame.x ?? 0) - $1.scrollOffset, 1_000) }
            indicatorWidth = indicators.map { Self.rounded($0?.frame.width ?? 0, 1_000) }
        }
        scroll = geometries.map { Self.rounded($0.scrollOffset, 1_000) }
        selection = titles.indices.map { button in
            geometries.map { Self.rounded(button < $0.buttons.count ? $0.buttons[button].selection : 0, 10_000) }
        }
    }

    private static func rounded(_ value: Double, _ steps: Double) -> Double { (value * steps).rounded() / steps }

    /// Every curve as long as the frames, times in order, movements within the frames, numbers
    /// in range: a crafted or damaged record is not read as one.
    public var isReadable: Bool {
        let count = time.count
        // No more frames, buttons or steps than a transition can have: a crafted golden's 14 000
        // "buttons" made one 1.26 MB line of words (hostile round 27).
        return version == 1 && count >= 2 && count <= Limits.framesPerTransition && titles.count <= Limits.items.upperBound
            && movements.count <= count && Limits.fps.contains(rate) && position.count == count && scroll.count == count
            && (indicatorX?.count ?? count) == count && (indicatorWidth?.count ?? count) == count && (indicatorX == nil) == (indicatorWidth == nil)
            && selection.count == titles.count && selection.allSatisfy { $0.count == count }
            && zip(time, time.dropFirst()).allSatisfy { $0 <= $1 }
            && movements.allSatisfy { $0.first >= 0 && $0.first <= $0.last && $0.last < count && abs($0.from) < 1e6 && abs($0.to) < 1e6 }
            && [time, position, scroll, indicatorX ?? [], indicatorWidth ?? []].allSatisfy { $0.allSatisfy { $0.isFinite && abs($0) <= 1e9 } }
            // What a transition can hold (hostile round 38 read selections of 5 and 1e300, and
            // negative widths, into words): it starts at 0, selections are 0 … 1, positions
            // within the spec limit, widths not negative.
            && time.first == 0 && selection.allSatisfy { $0.allSatisfy { (0...1).contains($0) } }
            && position.allSatisfy(Limits.position.contains) && (indicatorWidth ?? []).allSatisfy { $0 >= 0 }
    }

    /// Whether the record's times are those of the golden it was read from (`timing`: its frame
    /// controls): its last frame starts within the golden's last frame, holds merged. A record
    /// whose times were multiplied, or that claims 9 999 frames in a 19-frame file, would put
    /// "lasts 300000 → 500 ms" beside the pixels' own "frame count 31 differs from expected 19"
    /// (hostile round 38).
    public func fits(_ timing: APNGTiming) -> Bool {
        guard let last = time.last else { return false }
        let slack = 0.001
        return last < timing.duration + slack && last > timing.duration - timing.lastFrameDelay - slack
    }

    /// The record a transition golden keeps, when it is readable and fits the golden's timing;
    /// nil otherwise (then only the pixels' words are said).
    public static func read(fitting golden: PNGBytes) -> MotionRecord? {
        guard let record = read(from: golden), let timing = try? APNGTiming(golden), record.fits(timing) else { return nil }
        return record
    }

    /// Frames per second as measured: the most common spacing of frames in time (holds and
    /// steps share it, unless a step's duration spreads its frames).
    public var fps: Double {
        let intervals = zip(time, time.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !intervals.isEmpty else { return 0 }
        return 1 / intervals[intervals.count / 2]
    }

    /// Seconds from the first frame to the last.
    public var duration: Double { (time.last ?? 0) - (time.first ?? 0) }

    /// The curve `values` at time `t`, straight between frames (held before the first and after
    /// the last).
    static func sample(_ values: [Double], times: [Double], at t: Double) -> Double {
        guard let first = times.first, t > first else { return values.first ?? 0 }
        guard let last = times.last, t < last else { return values.last ?? 0 }
        // The first frame at or after t.
        var low = 0, high = times.count - 1
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < t { low = middle + 1 } else { high = middle }
        }
        let span = times[low] - times[low - 1]
        guard span > 0 else { return values[low] }
        let f = (t - times[low - 1]) / span
        return values[low - 1] + (values[low] - values[low - 1]) * f
    }
}

extension MotionRecord {
    /// How far movement `index` runs past its end, as a share of its length (0 when it never
    /// does; a jump or a swipe that never moves has none).
    func overshoot(of index: Int) -> Double {
        let movement = movements[index]
        let length = movement.to - movement.from
        guard abs(length) > 1e-9 else { return 0 }
        let past = position[movement.first...movement.last].map { ($0 - movement.to) / length }.max() ?? 0
        return max(past, 0)
    }

    /// Seconds from the start of movement `index` until it stays within 1 % of its length of
    /// its end.
    func settling(of index: Int) -> Double {
        let movement = movements[index]
        let band = abs(movement.to - movement.from) * 0.01
        var settled = movement.last
        while settled > movement.first && abs(position[settled - 1] - movement.to) <= band { settled -= 1 }
        return time[settled] - time[movement.first]
    }

    /// The buttons a movement selects on its way (more than half), other than the ones it
    /// starts and ends on: a swipe from 0 to 2 passes through 1, a jump does not.
    func passedThrough(in index: Int) -> Set<Int> {
        let movement = movements[index]
        let ends: Set<Int> = [Int(movement.from.rounded()), Int(movement.to.rounded())]
        var passed = Set<Int>()
        for (button, values) in selection.enumerated() where !ends.contains(button) {
            if values[movement.first...movement.last].contains(where: { $0 > 0.5 }) { passed.insert(button) }
        }
        return passed
    }
}
