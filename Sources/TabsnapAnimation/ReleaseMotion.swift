import Foundation

/// What the page container does after the finger lets go (a step's `velocity`): UIScrollView's
/// paging deceleration, as a critically damped spring that starts at the release with the
/// finger's velocity and settles on the step's page in about half a second — never past it, as
/// paging never overshoots (a faster flick is taken at the fastest speed that does not). A step
/// that starts in overscroll, past the first or last page, is the rubber band's return; a flick
/// with no distance to go (at an end) moves out with the flick and springs back.
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
        return distance - (distance + (omega * distance - speed) * seconds) * exp(-omega * seconds)
    }
}
