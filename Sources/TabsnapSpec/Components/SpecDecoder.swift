import Foundation
import TabsnapModel

/// Reads a custom component's own settings — its `Decodable` form — from the keys of its spec
/// section, held to the spec's rules like every built-in key: each error is one line at the key's
/// line and column, a key the component does not read is refused with the keys it does read,
/// numbers are finite and within ±`Limits.componentNumber`, texts within `Limits.textLength`, and
/// colours, fonts and insets are written as everywhere else in a spec (`"#007AFF"`,
/// `"Inter semibold 17"`, `8` or `{left: 8}`).
enum SpecDecoder {
    /// Decodes `type` from `entries` (a section's keys less the bar's own), naming the component
    /// `component` in messages; `section` is where a missing key is reported. `sectionKeys`, the
    /// section's other keys (`custom`, the bar's own), are named beside the component's in the
    /// message for an unknown key.
    static func decode<T: Decodable>(_ type: T.Type, entries: [String: (key: SpecNode, value: SpecNode)], section: SpecNode,
                                     component: String, sectionKeys: [String] = []) throws(SpecError) -> T {
        try decodeReadingFonts(type, entries: entries, section: section, component: component, sectionKeys: sectionKeys).value
    }

    /// `decode`, and every font the component read with the node it was written at (the spec
    /// reader holds them to the bundled and brought families, as it does `button.font`).
    static func decodeReadingFonts<T: Decodable>(_ type: T.Type, entries: [String: (key: SpecNode, value: SpecNode)], section: SpecNode,
                                                 component: String, sectionKeys: [String] = [])
        throws(SpecError) -> (value: T, fonts: [(node: SpecNode, font: FontSpec)]) {
        let reads = ReadKeys()
        reads.present(entries, in: section)
        let decoder = NodeDecoder(node: section, entries: entries, reads: reads, component: component)
        let value: T
        do {
            value = try T(from: decoder)
        } catch let error as SpecError {
            throw error
        } catch {
            throw section.error("\(section.path): \(component): \(Self.describe(error))")
        }
        // Keys the component never asked for, at any depth, would be silently ignored: refuse them.
        for (path, entry) in reads.present.sorted(by: { $0.key < $1.key }) where !reads.asked.contains(path) {
            let own = reads.asked.filter { $0.hasPrefix(entry.parent + ".") }.map { String($0.dropFirst(entry.parent.count + 1)) }
                .filter { !$0.contains(".") }
            let asked = (own + (entry.parent == section.path ? sectionKeys : [])).sorted()
            throw entry.key.error("unknown key '\(entry.name)' in \(entry.parent) (\(component)); " + KeySuggestion.hint(for: entry.name, in: asked))
        }
        return (value, reads.fonts)
    }

    /// A component's own validation error, in one line.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            return context.debugDescription
        default:
            return String(describing: error).split(separator: "\n").first.map(String.init) ?? "invalid settings"
        }
    }
}

/// The keys a component asked for (present or not) and the keys the spec gives, by their full
/// paths (`layout.gap`, `layout.dots.size`), to refuse what was given but never asked for.
private final class ReadKeys {
    var asked: Set<String> = []
    /// Every font the component read, where it was written.
    var fonts: [(node: SpecNode, font: FontSpec)] = []
    var present: [String: (key: SpecNode, parent: String, name: String)] = [:]

    func present(_ entries: [String: (key: SpecNode, value: SpecNode)], in mapping: SpecNode) {
        for (name, entry) in entries { present[entry.value.path] = (entry.key, mapping.path, name) }
    }
}

/// A `Decoder` over one spec node. The top level reads the section's filtered keys; nested
/// values read their own nodes.
private struct NodeDecoder: Decoder {
    let node: SpecNode
    /// The section's keys at the top level; nil below it (the node's own mapping).
    let entries: [String: (key: SpecNode, value: SpecNode)]?
    let reads: ReadKeys
    let component: String
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: SpecNode, entries: [String: (key: SpecNode, value: SpecNode)]? = nil, reads: ReadKeys, component: String) {
        self.node = node
        self.entries = entries
        self.reads = reads
        self.component = component
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let entries {
            return KeyedDecodingContainer(KeyedNode<Key>(node: node, entries: entries, reads: reads, component: component))
        }
        // Nested mappings refuse unknown keys by the same rule: every key must be asked for.
        let map = try mappingEntries(node)
        reads.present(map, in: node)
        return KeyedDecodingContainer(KeyedNode<Key>(node: node, entries: map, reads: reads, component: component))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        UnkeyedNode(nodes: try node.list(), reads: reads, component: component)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleNode(node: node, reads: reads, component: component)
    }
}

/// The entries of a nested mapping, any keys (checked against what is asked for afterwards).
private func mappingEntries(_ node: SpecNode) throws(SpecError) -> [String: (key: SpecNode, value: SpecNode)] {
    guard case .mapping(let mapping) = node.node else { throw node.error("\(node.path): expected a mapping of keys, got \(node.kindName)") }
    return try node.mapping(allowed: mapping.keys.compactMap { $0.string }).entries
}

private struct KeyedNode<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: SpecNode
    let entries: [String: (key: SpecNode, value: SpecNode)]
    /// The record of asked and given keys.
    let reads: ReadKeys
    let component: String
    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    private func note(_ key: Key) { reads.asked.insert(node.path.isEmpty ? key.stringValue : "\(node.path).\(key.stringValue)") }

    func contains(_ key: Key) -> Bool {
        note(key)
        return entries[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        note(key)
        return entries[key.stringValue]?.value.isNull ?? true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        note(key)
        guard let value = entries[key.stringValue]?.value else {
            throw node.error("missing required key '\(key.stringValue)' in \(node.path) (\(component))")
        }
        return try SingleNode(node: value, reads: reads, component: component).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { NodeDecoder(node: node, entries: entries, reads: reads, component: component) }

    func superDecoder(forKey key: Key) throws -> Decoder { try decoder(for: key) }

    private func decoder(for key: Key) throws -> Decoder {
        note(key)
        guard let value = entries[key.stringValue]?.value else {
            throw node.error("missing required key '\(key.stringValue)' in \(node.path) (\(component))")
        }
        return NodeDecoder(node: value, reads: reads, component: component)
    }
}

private struct UnkeyedNode: UnkeyedDecodingContainer {
    let nodes: [SpecNode]
    let reads: ReadKeys
    let component: String
    var codingPath: [CodingKey] { [] }
    var count: Int? { nodes.count }
    var isAtEnd: Bool { currentIndex >= nodes.count }
    private(set) var currentIndex = 0

    init(nodes: [SpecNode], reads: ReadKeys, component: String) {
        self.nodes = nodes
        self.reads = reads
        self.component = component
    }

    private mutating func next() throws -> SpecNode {
        guard !isAtEnd else {
            throw (nodes.last ?? nodes.first).map { $0.error("\($0.path): the list is too short") }
                ?? SpecError(file: "", line: 0, column: 0, message: "an empty list")
        }
        defer { currentIndex += 1 }
        return nodes[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, nodes[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SingleNode(node: try next(), reads: reads, component: component).decode(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try next(), reads: reads, component: component).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try NodeDecoder(node: try next(), reads: reads, component: component).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder { NodeDecoder(node: try next(), reads: reads, component: component) }
}

private struct SingleNode: SingleValueDecodingContainer {
    let node: SpecNode
    let reads: ReadKeys
    let component: String
    var codingPath: [CodingKey] { [] }

    func decodeNil() -> Bool { node.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try node.bool() }
    func decode(_ type: String.Type) throws -> String { try node.string() }
    func decode(_ type: Double.Type) throws -> Double { try node.number(in: Limits.componentNumber) }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try node.integer(in: Limits.componentInteger) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(UInt64.self) }

    /// A whole number that fits `Integer`, within the component range.
    private func narrow<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let lower = max(Limits.componentInteger.lowerBound, Int(clamping: Integer.min))
        let upper = min(Limits.componentInteger.upperBound, Int(clamping: Integer.max))
        return Integer(try node.integer(in: lower...upper))
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The spec's own spellings for the values every spec writes the same way.
        if T.self == RGBAColor.self, let value = try node.color() as? T { return value }
        if T.self == FontSpec.self, let font = try node.font() as FontSpec?, let value = font as? T {
            reads.fonts.append((node, font))  // checked against the bundled and brought families once the spec is read
            return value
        }
        if T.self == Insets.self, let value = try BarSpecTables.insets.read(node) as? T { return value }
        if let words = Self.choices(of: T.self) {
            let text = try node.scalarText(expected: "one of " + words.joined(separator: ", "))
            guard words.contains(text) else {
                throw node.error("\(node.path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: words))
            }
        }
        do {
            return try T(from: NodeDecoder(node: node, reads: reads, component: component))
        } catch let error as SpecError {
            throw error
        } catch {
            throw node.error("\(node.path): \(SpecDecoder.describe(error))")
        }
    }

    /// The words of an enum with text raw values (nil for any other type).
    private static func choices<T>(of type: T.Type) -> [String]? {
        guard let cases = (type as? any CaseIterable.Type)?.allCases as? any Collection else { return nil }
        let words = cases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
        return words.isEmpty ? nil : words
    }
}
