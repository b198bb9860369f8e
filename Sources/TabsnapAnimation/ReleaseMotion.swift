import Foundation

/// What the page container does after the finger lets go (a step's `velocity`): UIScrollView's
/// paging deceleration, as a critically damped spring that starts at the release with the
/// finger's velocity and settles on the step's page in about half a second — never past it, as
/// paging never overshoots (a faster flick is taken at the fastest speed that does not). A step
/// that starts in overscroll, past the first or last page, is the rubber band's return; a flick
/// with no distance to go (at an end), or away from the page, moves out against the rubber band
/// — UIScrollView's (1 − 1 / (0.55·x + 1)) of a page for the x pages the spring would carry it,
/// never a whole page (hostile round 31: a flick at 100 pages/s went two pages past the end) —
/// and springs back.
public enum ReleaseMotion {
    /// The spring's angular frequency (1/s): within 0.2 % of the page after 0.5 s.
    public static let stiffness = 18.0
    /// How long a release lasts unless the step says (its frames spread over it).
    public static let naturalDuration = 0.5

    /// How far the position has moved `seconds` after a release at `velocity` pages per second,
    /// on its way to a page `distance` pages away.
    public static func displacement(after seconds: Double, distance: Double, velocity: Double) -> Double {
        let omega = stiffness
        // Faster towards the page than ω·distance would carry it past the page: the fastest
        // that does not.
        var speed = velocity
        if distance != 0, speed.sign == distance.sign, abs(speed) > omega * abs(distance) { speed = omega * distance }
        // x(t) = D − (D + (ωD − v)·t)·e^(−ωt): x(0) = 0, x'(0) = v, x(∞) = D.
        let x = distance - (distance + (omega * distance - speed) * seconds) * exp(-omega * seconds)
        // The part that goes away from the page (all of it with no distance to go) is pulled
        // against the rubber band.
        let away = distance == 0 ? x : (x * distance < 0 ? x : 0)
        guard away != 0 else { return x }
        return x - away + (away < 0 ? -1 : 1) * rubberBand(abs(away))
    }

    /// UIScrollView's rubber band: how far past its edge content shows, in pages, for `pages`
    /// it was pulled (the constant 0.55; under a page however far).
    public static func rubberBand(_ pages: Double) -> Double {
        1 - 1 / (pages * 0.55 + 1)
    }
}
