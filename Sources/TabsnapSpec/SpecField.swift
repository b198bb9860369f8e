import TabsnapModel

/// How one kind of spec value is read (with a positioned error) and written back.
struct SpecCodec<Value>: Sendable {
    let read: @Sendable (SpecNode) throws(SpecError) -> Value
    let write: @Sendable (Value) -> SpecValue
}

/// One key of a spec section: how its value is read, where it goes, and how it is written back.
/// A section's table of fields is the one description of its keys: the allowed keys, the
/// suggestions for a misspelt one, the reader and `Bar`'s Codable form all come from it.
struct SpecField<Section>: Sendable {
    let key: String
    /// A missing required key is an error naming it.
    let isRequired: Bool
    let read: @Sendable (SpecNode, inout Section) throws(SpecError) -> Void
    /// The value to write, or nil when the section leaves it unset (or at its default).
    let write: @Sendable (Section) -> SpecValue?

    /// An optional setting: nil when the spec does not set it.
    init<Value>(_ key: String, _ path: WritableKeyPath<Section, Value?> & Sendable, _ codec: SpecCodec<Value>) {
        self.key = key
        isRequired = false
        read = { (node, section) throws(SpecError) in section[keyPath: path] = try codec.read(node) }
        write = { section in section[keyPath: path].map(codec.write) }
    }

    /// A value with a fixed default, written only when it differs from that default.
    init<Value: Equatable & Sendable>(_ key: String, _ path: WritableKeyPath<Section, Value> & Sendable, _ codec: SpecCodec<Value>,
                                      default value: Value? = nil) {
        self.key = key
        isRequired = value == nil
        read = { (node, section) throws(SpecError) in section[keyPath: path] = try codec.read(node) }
        write = { section in section[keyPath: path] == value ? nil : codec.write(section[keyPath: path]) }
    }
}

/// A section read from a mapping: its keys come from its fields.
struct SpecTable<Section>: Sendable {
    let fields: [SpecField<Section>]

    var keys: [String] { fields.map(\.key) }

    /// The node as a mapping of this table's keys (unknown and repeated keys are errors).
    func mapping(_ node: SpecNode) throws(SpecError) -> SpecMapping {
        try node.mapping(allowed: keys)
    }

    /// Reads the mapping's keys, in table order, into `section`.
    func read(_ node: SpecNode, into section: inout Section, extraKeys: [String] = []) throws(SpecError) {
        try read(try node.mapping(allowed: keys + extraKeys), into: &section)
    }

    /// Reads an already checked mapping (rules that tie keys together can look at it first).
    func read(_ map: SpecMapping, into section: inout Section) throws(SpecError) {
        for field in fields {
            if let value = map[field.key] {
                try field.read(value, &section)
            } else if field.isRequired {
                _ = try map.required(field.key)
            }
        }
    }

    func write(_ section: Section) -> SpecValue {
        .map(fields.compactMap { field in field.write(section).map { (key: field.key, value: $0) } })
    }

    /// The section as one spec value (a mapping), starting from `empty`.
    func codec(empty: Section) -> SpecCodec<Section> where Section: Sendable {
        SpecCodec(read: { (node) throws(SpecError) in
            var section = empty
            try read(node, into: &section)
            return section
        }, write: write)
    }
}

// MARK: - Values

extension SpecCodec where Value == Double {
    static func number(in range: ClosedRange<Double>, exclusiveLower: Bool = false) -> SpecCodec {
        SpecCodec(read: { (node) throws(SpecError) in try node.number(in: range, exclusiveLower: exclusiveLower) },
                  write: { .number($0) })
    }
}

extension SpecCodec where Value == Int {
    static func integer(in range: ClosedRange<Int>) -> SpecCodec {
        SpecCodec(read: { (node) throws(SpecError) in try node.integer(in: range) }, write: { .number($0) })
    }
}

extension SpecCodec where Value == Bool {
    static let flag = SpecCodec(read: { (node) throws(SpecError) in try node.bool() }, write: { .flag($0) })
}

extension SpecCodec where Value == String {
    /// Text up to `Limits.textLength` characters.
    static let text = SpecCodec(read: { (node) throws(SpecError) in try node.string() }, write: { .text($0) })
    /// Text on one line (no line breaks), up to `Limits.textLength` characters.
    static let line = SpecCodec(read: { (node) throws(SpecError) in try node.line() }, write: { .text($0) })
}

extension SpecCodec where Value == RGBAColor {
    static let color = SpecCodec(read: { (node) throws(SpecError) in try node.color() }, write: { .text($0.hexRGBA) })
}

extension SpecCodec where Value == FontSpec {
    static let font = SpecCodec(read: { (node) throws(SpecError) in try node.font() }, write: { .text($0.description) })
}

extension SpecCodec where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of a closed set of words.
    static var choice: SpecCodec {
        SpecCodec(read: { (node) throws(SpecError) in try node.choice(Value.self) }, write: { .text($0.rawValue) })
    }
}

extension SpecCodec {
    /// `none`, `false`, `off` or `no` switch the option off; anything else is read by `on`.
    /// Every option that can be switched off in a spec reads through here.
    static func switchable<Settings>(_ on: SpecCodec<Settings>) -> SpecCodec where Value == Switchable<Settings> {
        SpecCodec(read: { (node) throws(SpecError) in node.isSwitchedOff ? .off : .on(try on.read(node)) },
                  write: { value in
                      switch value {
                      case .off: return .text("none")
                      case .on(let settings): return on.write(settings)
                      }
                  })
    }

    /// A list of values, each read by `element`.
    static func list<Element>(_ element: SpecCodec<Element>) -> SpecCodec where Value == [Element] {
        SpecCodec(read: { (node) throws(SpecError) in
            var values: [Element] = []
            for entry in try node.list() { values.append(try element.read(entry)) }
            return values
        }, write: { .list($0.map(element.write)) })
    }
}

extension SpecNode {
    /// The words that switch an option off.
    static let offWords: Set<String> = ["none", "false", "off", "no"]

    var isSwitchedOff: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return Self.offWords.contains(scalar.string.lowercased())
    }
}
