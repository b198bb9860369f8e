/// Any `BarBadge`, type-erased: what a bar built from a spec holds. Two are equal when they wrap
/// equal badges of the same type.
public struct AnyBarBadge: BarBadge {
    /// The wrapped badge.
    public let base: any BarBadge

    /// Wraps `badge` (an `AnyBarBadge` is not wrapped twice).
    public init<Badge: BarBadge>(_ badge: Badge) {
        if let erased = badge as? AnyBarBadge {
            self = erased
        } else {
            base = badge
        }
    }

    /// The wrapped badge's name.
    public var name: String { base.name }
    /// The keys the wrapped badge ignores.
    public var inertSettings: [InertSetting] { base.inertSettings }
    /// The wrapped badge's corner.
    public var position: BadgeOptions.Anchor { base.position }
    /// The wrapped badge's offset.
    public var offset: BadgeOffset { base.offset }
    /// The wrapped badge's size.
    public func size(of value: String, in environment: BarEnvironment) -> Size { base.size(of: value, in: environment) }
    /// The wrapped badge's look.
    public func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement {
        base.place(value, in: frame, environment: environment)
    }
    /// The wrapped badge's drawing.
    public func draw(_ badge: BadgeGeometry, direction: BarDirection) -> [DrawCommand] { base.draw(badge, direction: direction) }

    /// Equal when both wrap equal badges of the same type.
    public static func == (a: AnyBarBadge, b: AnyBarBadge) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    /// Hashes the wrapped badge.
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}
