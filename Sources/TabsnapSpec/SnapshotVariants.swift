import TabsnapModel

/// A spec's `snapshots:` section: which renders `tabsnap check` keeps goldens of.
///
///     snapshots:
///       positions: [0, 0.5, 1]   # default: the spec's position
///       scales: [1, 2]           # default: the spec's scale
///       themes: [light, dark]    # default: the spec's theme (then not part of golden names)
///       transition: true         # the spec's transition as an APNG golden (default true)
///
/// Every position × scale × theme is one still golden; the transition adds one per scale × theme.
/// Listed variants are part of the golden names (`bar.dark.p0.5@2x.png`); a spec listing none
/// keeps one golden, `bar.png`, at its own position, scale and theme.
public struct SnapshotVariants: Sendable, Hashable {
    public var positions: [Double]?
    public var scales: [Double]?
    public var themes: [Theme]?
    public var includesTransition: Bool

    public init(positions: [Double]? = nil, scales: [Double]? = nil, themes: [Theme]? = nil, includesTransition: Bool = true) {
        self.positions = positions
        self.scales = scales
        self.themes = themes
        self.includesTransition = includesTransition
    }

    /// Values in one list (each list multiplies the goldens).
    static let maxValues = 100

    /// The `snapshots:` keys, one row each.
    static let table = SpecTable<SnapshotVariants>(fields: [
        SpecField("positions", \.positions, distinctNumbers("positions", in: Limits.position, exclusiveLower: false)),
        SpecField("scales", \.scales, distinctNumbers("scales", in: Limits.scale, exclusiveLower: true)),
        SpecField("themes", \.themes, SpecCodec(read: { (node) throws(SpecError) in
            try nonEmpty(node, "themes").map { (entry) throws(SpecError) in try entry.choice(Theme.self) }
        }, write: { .list($0.map { .text($0.rawValue) }) })),
        SpecField("transition", \.includesTransition, .flag, default: true),
    ])

    static func read(_ node: SpecNode) throws(SpecError) -> SnapshotVariants {
        var variants = SnapshotVariants()
        try table.read(node, into: &variants)
        return variants
    }

    /// A list of numbers in `range`, at least one, each once.
    private static func distinctNumbers(_ key: String, in range: ClosedRange<Double>, exclusiveLower: Bool) -> SpecCodec<[Double]> {
        SpecCodec(read: { (node) throws(SpecError) in
            try distinct(nonEmpty(node, key)) { (entry) throws(SpecError) in try entry.number(in: range, exclusiveLower: exclusiveLower) }
        }, write: { .list($0.map { .number($0) }) })
    }

    /// The values, each once: golden names carry them to 4 decimals, so two values alike there
    /// would be one golden claimed twice.
    private static func distinct(_ entries: [SpecNode], _ read: (SpecNode) throws(SpecError) -> Double) throws(SpecError) -> [Double] {
        var seen: [Double: Double] = [:]
        var values: [Double] = []
        for entry in entries {
            let value = try read(entry)
            let key = (value * 10_000).rounded()
            if let earlier = seen[key] {
                throw entry.error("\(entry.path): \(value) repeats \(earlier) (golden names keep 4 decimals)")
            }
            seen[key] = value
            values.append(value)
        }
        return values
    }

    private static func nonEmpty(_ node: SpecNode, _ key: String) throws(SpecError) -> [SpecNode] {
        let list = try node.list()
        guard !list.isEmpty else { throw node.error("snapshots.\(key): list at least one value, or leave the key out") }
        guard list.count <= maxValues else { throw node.error("snapshots.\(key): \(list.count) values; at most \(maxValues)") }
        return list
    }
}
