/// Any `BarSelectedBackground`, type-erased: what a bar built from a spec holds. Two are equal
/// when they wrap equal backgrounds of the same type.
public struct AnyBarSelectedBackground: BarSelectedBackground {
    /// The wrapped background.
    public let base: any BarSelectedBackground

    /// Wraps `background` (an `AnyBarSelectedBackground` is not wrapped twice).
    public init<Background: BarSelectedBackground>(_ background: Background) {
        if let erased = background as? AnyBarSelectedBackground {
            self = erased
        } else {
            base = background
        }
    }

    /// The wrapped background's name.
    public var name: String { base.name }
    /// The keys the wrapped background ignores.
    public var inertSettings: [InertSetting] { base.inertSettings }
    /// The wrapped background's motion.
    public var motion: SelectedBackground.Motion { base.motion }
    /// The wrapped background's shape.
    public func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry {
        base.shape(behind: button, content: content, band: band, in: environment)
    }
    /// The wrapped background's drawing.
    public func draw(_ shape: ShapeGeometry, direction: BarDirection) -> [DrawCommand] { base.draw(shape, direction: direction) }

    /// Equal when both wrap equal backgrounds of the same type.
    public static func == (a: AnyBarSelectedBackground, b: AnyBarSelectedBackground) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    /// Hashes the wrapped background.
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}
