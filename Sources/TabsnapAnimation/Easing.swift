import Foundation

/// How progress runs from 0 to 1 over a transition's normalised time.
public enum Easing: Sendable, Hashable, Codable {
    /// Progress equals time: constant speed.
    case linear
    /// cubic-bezier(0.42, 0, 1, 1)
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1)
    case easeOut
    /// cubic-bezier(0.42, 0, 0.58, 1): UIKit's default animation curve.
    case easeInOut
    /// A CSS cubic Bézier from (0, 0) to (1, 1) through control points (x1, y1) and (x2, y2): x1
    /// and x2 within 0 … 1; y values outside it overshoot.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring (SwiftUI's parameters): `damping` < 1 overshoots; `response` is the
    /// undamped period in seconds. A step always shows the whole spring — overshoot and settling —
    /// however many frames or milliseconds it is given: those only set how finely and how fast
    /// it is played. Without a duration it lasts its settling time (frames spread over it).
    case spring(damping: Double, response: Double)

    /// The spring a plain `spring` names: damping 0.7 (a slight overshoot), response 0.5 s.
    public static let defaultSpring = Easing.spring(damping: 0.7, response: 0.5)

    /// Progress at normalised time `t` in [0, 1]. Exactly 0 at t = 0 and 1 at t = 1.
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).y(atX: t)
        case .easeOut: return CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1).y(atX: t)
        case .easeInOut: return CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1).y(atX: t)
        case .cubicBezier(let x1, let y1, let x2, let y2): return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: t)
        case .spring(let damping, let response):
            return Spring(damping: damping, response: response).settledProgress(at: t)
        }
    }

    /// How long the easing naturally lasts when a transition gives frames but no duration: a
    /// spring's settling time, else UIKit's 0.35 s.
    public var naturalDuration: Double {
        if case .spring(let damping, let response) = self {
            return Spring(damping: damping, response: response).settlingTime
        }
        return 0.35
    }
}

/// A CSS-style cubic Bézier from (0, 0) to (1, 1): solve x(s) = x for s, return y(s).
struct CubicBezier {
    let x1, y1, x2, y2: Double

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    func y(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Newton's method from x, falling back to bisection where the slope is flat.
        var s = x
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }
}

/// A unit step response of a damped harmonic oscillator.
struct Spring {
    let damping: Double
    let response: Double

    private var omega: Double { 2 * .pi / max(response, 1e-6) }

    /// Position at `time` seconds, from 0 towards 1.
    func value(at time: Double) -> Double {
        let w = omega, z = damping
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * time) * (cos(wd * time) + (z * w / wd) * sin(wd * time))
        }
        if z == 1 { return 1 - exp(-w * time) * (1 + w * time) }
        let r1 = -w * (z - (z * z - 1).squareRoot()), r2 = -w * (z + (z * z - 1).squareRoot())
        return 1 - (r2 * exp(r1 * time) - r1 * exp(r2 * time)) / (r2 - r1)
    }

    /// When the motion's envelope has fallen below 0.1 % of the distance.
    var settlingTime: Double {
        let decay = damping < 1 ? damping * omega : omega * (damping - (damping * damping - 1).squareRoot())
        return log(1000) / max(decay, 1e-6)
    }

    /// The whole spring, start to settled, over t in [0, 1]; the last 0.1 % of its motion is
    /// spread linearly so it ends exactly on 1.
    func settledProgress(at t: Double) -> Double {
        let end = value(at: settlingTime)
        return value(at: t * settlingTime) + (1 - end) * t
    }

    /// The largest overshoot past 1 (0 for a spring that does not overshoot) and the normalised
    /// time it happens at.
    var peakOvershoot: (amount: Double, at: Double) {
        guard damping < 1 else { return (0, 0) }
        let wd = omega * (1 - damping * damping).squareRoot()
        let time = Double.pi / wd
        return (value(at: time) - 1, time / settlingTime)
    }

    /// Whether `frames` evenly spaced samples show the overshoot: one of them reaches at least
    /// half the peak. (A spring that barely overshoots, under 0.5 %, needs no showing.)
    func showsOvershoot(frames: Int) -> Bool {
        let peak = peakOvershoot.amount
        guard peak >= 0.005, frames >= 2 else { return true }
        let sampled = (0..<frames).map { settledProgress(at: Double($0) / Double(frames - 1)) - 1 }.max() ?? 0
        return sampled >= peak / 2
    }
}

extension Easing {
    /// Why `frames` frames cannot show this easing's curve — a spring's overshoot falls between
    /// them — with the fewest frames that can; nil when they can.
    public func problem(showingWith frames: Int) -> String? {
        guard case .spring(let damping, let response) = self else { return nil }
        let spring = Spring(damping: damping, response: response)
        guard !spring.showsOvershoot(frames: frames) else { return nil }
        // Which counts work is not a threshold (4 misses the default spring's peak, 3 catches it):
        // name the count from which every larger one works.
        let lastMissing = (frames...max(frames, 400)).last(where: { !spring.showsOvershoot(frames: $0) }) ?? frames
        let enough = lastMissing + 1
        let peak = spring.peakOvershoot
        let percent = (peak.amount * 1000).rounded() / 10, place = Int((peak.at * 100).rounded())
        return "\(frames) frames cannot show the spring's overshoot (\(percent) % past the end, \(place) % of the way through); use at least \(enough)"
    }
}
