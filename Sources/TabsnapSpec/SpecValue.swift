import Yams

/// A spec value as written: what `Bar`'s Codable form encodes, and what a decoded `Bar` is read
/// from (through the same reader as spec files, so both accept exactly the same keys).
public indirect enum SpecValue: Sendable, Hashable {
    /// A string: a word, a name or a colour (`#FF0000`); written quoted, so it is never read as a
    /// number or a flag.
    case text(String)
    /// A number; a whole one is written without a fraction.
    case number(Double)
    /// `true` or `false`.
    case flag(Bool)
    /// A sequence of values.
    case list([SpecValue])
    /// Keys in the order the spec tables list them.
    case map([(key: String, value: SpecValue)])

    /// Whether both are the same kind with equal contents; maps must list the same keys in the same
    /// order.
    public static func == (a: SpecValue, b: SpecValue) -> Bool {
        switch (a, b) {
        case let (.text(x), .text(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.flag(x), .flag(y)): return x == y
        case let (.list(x), .list(y)): return x == y
        case let (.map(x), .map(y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: return false
        }
    }

    /// Hashes the contents (a map's keys and values in order), consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .text(let text): hasher.combine(text)
        case .number(let number): hasher.combine(number)
        case .flag(let flag): hasher.combine(flag)
        case .list(let list): hasher.combine(list)
        case .map(let map): for (key, value) in map { hasher.combine(key); hasher.combine(value) }
        }
    }

    /// A whole number is written without a fraction (`lines: 2`, not `2.0`).
    static func number(_ value: Int) -> SpecValue { .number(Double(value)) }

    /// The YAML node the spec reader reads: text quoted (so `""` stays an empty string and `no`
    /// stays a word), numbers and flags plain.
    var node: Node {
        switch self {
        case .text(let text): return .scalar(.init(text, Tag(.str), .doubleQuoted))
        case .number(let value): return .scalar(.init(Self.format(value)))
        case .flag(let flag): return .scalar(.init(flag ? "true" : "false"))
        case .list(let list): return .sequence(.init(list.map(\.node)))
        case .map(let map): return .mapping(.init(map.map { (Node.scalar(.init($0.key)), $0.value.node) }))
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension SpecValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value as itself: a whole number as an integer, a map's keys in order.
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int(value)) } else { try container.encode(value) }
        case .flag(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .list(let list):
            var container = encoder.unkeyedContainer()
            for value in list { try container.encode(value) }
        case .map(let map):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in map { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    /// Decodes any value: a keyed container becomes a map (its keys sorted: decoders do not keep
    /// the document's order), an unkeyed one a list, a scalar a flag, a number or text, tried in
    /// that order.
    public init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            // Keyed containers do not keep the document's order; the reader does not need it.
            self = .map(try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                (key: $0.stringValue, value: try container.decode(SpecValue.self, forKey: $0))
            })
        } else if var container = try? decoder.unkeyedContainer() {
            var list: [SpecValue] = []
            while !container.isAtEnd { list.append(try container.decode(SpecValue.self)) }
            self = .list(list)
        } else {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }
}
