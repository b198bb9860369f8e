import Foundation

extension SpecValue {
    /// A custom component's settings as a spec writes them: its `Encodable` form (colours and
    /// fonts in their spec spellings, which their own `Codable` forms use), keys sorted so the same
    /// settings always write the same text; nil when it does not encode to a mapping.
    init?<Value: Encodable>(encoding value: Value) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value), let json = try? JSONDecoder().decode(JSONValue.self, from: data),
              case .map = json.spec else { return nil }
        self = json.spec
    }
}

/// JSON as spec values: flags stay flags (JSON tells `true` from `1`), keys sorted.
private struct JSONValue: Decodable {
    let spec: SpecValue

    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            spec = .map(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key: key.stringValue, value: try keyed.decode(JSONValue.self, forKey: key).spec)
            })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var values: [SpecValue] = []
            while !list.isAtEnd { values.append(try list.decode(JSONValue.self).spec) }
            spec = .list(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) {
            spec = .flag(flag)
        } else if let number = try? single.decode(Double.self) {
            spec = .number(number)
        } else {
            spec = .text(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
