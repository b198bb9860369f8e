import TabsnapModel

/// A spec's `snapshots:` section: which renders `tabsnap check` keeps goldens of.
///
///     snapshots:
///       positions: [0, 0.5, 1]   # default: the spec's position
///       scales: [1, 2]           # default: the spec's scale
///       locales: [en, de, ar, pseudo-accented]   # default: the spec's locale
///       themes: [light, dark]    # default: the spec's theme (then not part of golden names)
///       directions: [ltr, rtl]   # default: the spec's direction
///       textScales: [large, accessibility3, 1.5]   # Dynamic Type sizes or factors; default: the spec's
///       transition: true         # the spec's transition as an APNG golden (default true)
///       formats: [png, svg]      # stills as PNG (default) and as SVG text goldens too
///       deltaE: 2                # this spec's tolerance (default: the command line's, else exact)
///       allow: 10                # differing pixels allowed: a count or a share ("0.1%")
///       strict: false            # with deltaE or allow: anti-aliasing counts too
///
/// Every position × scale × locale × theme × direction × text scale is one still golden; the
/// transition adds one per scale × locale × theme × direction × text scale. Listed variants are
/// part of the golden names (`bar.de.dark.rtl.accessibility3.p0.5@2x.png`); a spec listing none keeps one golden,
/// `bar.png`, at its own position, scale, theme, direction and text scale.
public struct SnapshotVariants: Sendable, Hashable {
    /// Positions to keep still goldens at; nil: the spec's `position`.
    public var positions: [Double]?
    /// Pixels per point to render at, each with its own goldens (`@2x`); nil: the spec's `scale`.
    public var scales: [Double]?
    /// Locales to render (titles from the spec's catalogs, direction from the locale unless the
    /// spec names one); nil: the spec's locale.
    public var locales: [SpecLocale]?
    /// Themes to render, each with its preset's defaults; nil: the spec's theme (then not part of
    /// the golden names).
    public var themes: [Theme]?
    /// Layout directions to render; nil: the spec's direction.
    public var directions: [BarDirection]?
    /// Text sizes to render (Dynamic Type sizes or factors); nil: the spec's `textScale`.
    public var textScales: [SnapshotTextScale]?
    /// Whether the spec's transition, when it has one, is kept as an APNG golden too (default
    /// true).
    public var includesTransition: Bool
    /// The still goldens' formats (default: PNG only).
    public var formats: [SnapshotFormat]?
    /// The spec's own tolerance for its goldens.
    public var deltaE: Double?
    /// Differing pixels each golden may have: a count or a share. With `deltaE` it makes the spec's
    /// own tolerance (nil there: none may differ); with neither, the command line's tolerance
    /// applies.
    public var allow: SnapshotAllowance?
    /// With `deltaE` or `allow`: whether anti-aliased pixels count as differences too (nil or
    /// false: they are forgiven).
    public var strict: Bool?

    /// Variants with the given lists and tolerance; every list nil (the default) keeps one golden
    /// at the spec's own settings, as a spec without `snapshots:` does.
    public init(positions: [Double]? = nil, scales: [Double]? = nil, themes: [Theme]? = nil, directions: [BarDirection]? = nil,
                textScales: [SnapshotTextScale]? = nil, includesTransition: Bool = true,
                deltaE: Double? = nil, allow: SnapshotAllowance? = nil, strict: Bool? = nil) {
        self.positions = positions
        self.scales = scales
        self.themes = themes
        self.directions = directions
        self.textScales = textScales
        self.includesTransition = includesTransition
        self.deltaE = deltaE
        self.allow = allow
        self.strict = strict
    }

    /// Values in one list (each list multiplies the goldens).
    static let maxValues = 100
    /// Goldens one spec may ask for: the lists multiply.
    public static let maxGoldens = 1_000

    /// How many goldens the lists make for a spec with (or without) a transition.
    public func goldenCount(hasTransition: Bool) -> Int {
        let perVariant = (positions?.count ?? 1) * (formats?.count ?? 1) + (hasTransition && includesTransition ? 1 : 0)
        return [locales?.count, themes?.count, directions?.count, textScales?.count, scales?.count].reduce(perVariant) { $0 * ($1 ?? 1) }
    }

    /// The `snapshots:` keys, one row each.
    static let table = SpecTable<SnapshotVariants>(fields: [
        SpecField("positions", \.positions, distinctNumbers("positions", in: Limits.position, exclusiveLower: false)),
        SpecField("scales", \.scales, distinctNumbers("scales", in: Limits.scale, exclusiveLower: true)),
        SpecField("locales", \.locales, SpecCodec(read: { (node) throws(SpecError) in
            try distinctWords(nonEmpty(node, "locales")) { (entry) throws(SpecError) in try SpecLocalization.readLocale(entry) }
        }, write: { .list($0.map { .text($0.identifier) }) })),
        SpecField("themes", \.themes, SpecCodec(read: { (node) throws(SpecError) in
            // Each once, as every other list (round 41: [dark, dark] recorded one golden twice).
            try distinctWords(nonEmpty(node, "themes")) { (entry) throws(SpecError) in try entry.choice(Theme.self) }
        }, write: { .list($0.map { .text($0.rawValue) }) })),
        SpecField("directions", \.directions, SpecCodec(read: { (node) throws(SpecError) in
            try distinctWords(nonEmpty(node, "directions")) { (entry) throws(SpecError) in try entry.choice(BarDirection.self) }
        }, write: { .list($0.map { .text($0.rawValue) }) })),
        SpecField("textScales", \.textScales, SpecCodec(read: { (node) throws(SpecError) in
            try distinctTextScales(nonEmpty(node, "textScales"))
        }, write: { .list($0.map(\.specValue)) })),
        SpecField("transition", \.includesTransition, .flag, default: true),
        SpecField("formats", \.formats, SpecCodec(read: { (node) throws(SpecError) in
            try distinctWords(nonEmpty(node, "formats")) { (entry) throws(SpecError) in try entry.choice(SnapshotFormat.self) }
        }, write: { .list($0.map { .text($0.rawValue) }) })),
        SpecField("deltaE", \.deltaE, .number(in: 0...100)),
        SpecField("allow", \.allow, SpecCodec(read: { (node) throws(SpecError) in try SnapshotAllowance.read(node) },
                                               write: { .text($0.description) })),
        SpecField("strict", \.strict, .flag),
    ])

    static func read(_ node: SpecNode) throws(SpecError) -> SnapshotVariants {
        var variants = SnapshotVariants()
        try table.read(node, into: &variants)
        if variants.strict != nil && variants.deltaE == nil && variants.allow == nil {
            throw node.error("snapshots.strict: goes with deltaE or allow (without them the comparison is exact)")
        }
        return variants
    }

    /// Values that must differ (a direction or text scale listed twice is one golden claimed twice).
    private static func distinctWords<Value: Hashable>(_ entries: [SpecNode], _ read: (SpecNode) throws(SpecError) -> Value) throws(SpecError) -> [Value] {
        var values: [Value] = []
        for entry in entries {
            let value = try read(entry)
            if values.contains(value) { throw entry.error("\(entry.path): listed twice") }
            values.append(value)
        }
        return values
    }

    /// Text scales, each size once: a name and a factor of one size (`large` and `1`) would be
    /// two goldens of one picture (round 41), and factors alike to 4 decimals one golden name.
    private static func distinctTextScales(_ entries: [SpecNode]) throws(SpecError) -> [SnapshotTextScale] {
        var values: [SnapshotTextScale] = []
        for entry in entries {
            let value = try SnapshotTextScale.read(entry)
            if let earlier = values.first(where: { $0.label == value.label || ($0.factor * 10_000).rounded() == (value.factor * 10_000).rounded() }) {
                throw entry.error(earlier == value ? "\(entry.path): listed twice"
                                  : "\(entry.path): \(value.shortText) is the size \(earlier.shortText) gives (×\(Limits.format(value.factor))); list it once")
            }
            values.append(value)
        }
        return values
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
                throw entry.error(value == earlier ? "\(entry.path): \(Limits.format(value)) is listed twice"
                                  : "\(entry.path): \(Limits.format(value)) repeats \(Limits.format(earlier)) (golden names keep 4 decimals)")
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

/// A text scale a snapshot axis lists: a Dynamic Type size by name, or a factor.
public struct SnapshotTextScale: Sendable, Hashable {
    /// What golden names carry: the size's name (`accessibility3`), or `t` and the factor (`t1.5`).
    public var label: String
    /// What the bar's `textScale` becomes: the multiplier of every title's font size.
    public var factor: Double

    /// A Dynamic Type size's text scale, labelled with the size's name.
    public init(_ size: DynamicTypeSize) {
        label = size.rawValue
        factor = size.textScale
    }

    /// A text scale by factor, labelled `t` and the factor (`t1.5`).
    public init(factor: Double) {
        self.factor = factor
        label = "t" + Limits.format(factor)
    }

    /// A text scale as a command line gives it: a Dynamic Type size's name or a factor; the
    /// error says what is wrong in the words a spec's error would use.
    public init(parsing text: String) throws(SnapshotTextScaleError) {
        if let size = DynamicTypeSize(rawValue: text) {
            self.init(size)
            return
        }
        let range = Limits.textScale
        // Decimal digits only: Swift reads "0x2" and "1e0" as numbers, no one means them so.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let factor = Double(text) else {
            throw SnapshotTextScaleError(description: "unknown text size '\(text)'; " + KeySuggestion.hint(for: text, in: DynamicTypeSize.allCases.map(\.rawValue))
                                         + " (or a factor \(Limits.format(range.lowerBound))…\(Limits.format(range.upperBound)))")
        }
        guard factor.isFinite, range.contains(factor) else {
            throw SnapshotTextScaleError(description: "\(text) is out of range; expected \(Limits.format(range.lowerBound))…\(Limits.format(range.upperBound))")
        }
        self.init(factor: factor)
    }

    static func read(_ node: SpecNode) throws(SpecError) -> SnapshotTextScale {
        if let text = try? node.string(), let size = DynamicTypeSize(rawValue: text) { return SnapshotTextScale(size) }
        if let text = try? node.string(), Double(text) == nil {
            throw node.error("\(node.path): unknown text size '\(text)'; " + KeySuggestion.hint(for: text, in: DynamicTypeSize.allCases.map(\.rawValue))
                             + " (or a factor \(Limits.format(Limits.textScale.lowerBound))…\(Limits.format(Limits.textScale.upperBound)))")
        }
        return SnapshotTextScale(factor: try node.number(in: Limits.textScale))
    }

    var specValue: SpecValue {
        DynamicTypeSize(rawValue: label).map { .text($0.rawValue) } ?? .number(factor)
    }

    /// As a spec writes it: the size's name, or the factor.
    var shortText: String {
        DynamicTypeSize(rawValue: label) != nil ? label : Limits.format(factor)
    }
}

/// Why a command line's text scale cannot be read.
public struct SnapshotTextScaleError: Error, CustomStringConvertible {
    /// One line: what is wrong and what is expected.
    public var description: String
}

/// Differing pixels a spec's goldens may have: a count, or a share of all pixels.
public enum SnapshotAllowance: Sendable, Hashable, CustomStringConvertible {
    /// A number of pixels.
    case pixels(Int)
    /// 0…1.
    case ratio(Double)

    static func read(_ node: SpecNode) throws(SpecError) -> SnapshotAllowance {
        let text = try node.string()
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0, percent <= 100 { return .ratio(percent / 100) }
        if let count = Int(text), count >= 0, count <= Limits.pixelsPerFrame { return .pixels(count) }
        throw node.error("\(node.path): expected a pixel count 0…\(Limits.pixelsPerFrame) or a share like \"0.1%\", got '\(text)'")
    }

    /// As a spec writes it: the count (`10`) or the percentage (`0.1%`).
    public var description: String {
        switch self {
        case .pixels(let count): return String(count)
        case .ratio(let ratio): return Limits.format(ratio * 100) + "%"
        }
    }
}

/// How a still golden is kept: pixels (PNG, compared with the tolerance), SVG text (compared
/// line by line, exactly: the renderer's SVG is deterministic), or what a screen reader says.
public enum SnapshotFormat: String, Sendable, Hashable, CaseIterable {
    /// `png`: pixels, compared with the tolerance; `svg`: the SVG file's text, compared exactly;
    /// `a11y`: what VoiceOver or TalkBack says for each button (`tabsnap a11y`), one line each,
    /// compared exactly (`bar.a11y.txt`).
    case png, svg, a11y
}
