/// A key of a built-in spec section (`layout`, `button`, `indicator`) that a component ignores,
/// and why. Components declare their own, so the spec reader keeps no copy of their rules: a spec
/// that sets one is refused at the key ("… changes nothing here — WHY; leave it out"). A custom
/// component reads only its own keys and the section's shared ones, so it rarely needs any.
public struct InertSetting: Sendable, Hashable {
    /// The key within its section (`weight`, `iconSize`).
    public var key: String
    /// Why it changes nothing for this component ("a block fills the buttons' band; …").
    public var reason: String

    /// `key` is ignored, because `reason`.
    public init(_ key: String, _ reason: String) {
        self.key = key
        self.reason = reason
    }
}
