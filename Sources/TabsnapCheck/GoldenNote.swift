import Foundation
import Tabsnap

/// What a golden remembers beside its pixels, as JSON in an iTXt chunk named `keyword`
/// (`PNGInternationalText`): a still's geometry (`GeometryRecord`), a transition's motion
/// (`MotionRecord`). One file stays one golden.
public protocol GoldenNote: Codable {
    /// The chunk's keyword.
    static var keyword: String { get }
    /// Whether a record read back holds together (its version, its lengths): one that does not
    /// is not read.
    var isReadable: Bool { get }
}

extension GoldenNote {
    /// The longest record kept (and read back): 1 MB of JSON; a larger one is not kept.
    public static var largestText: Int { 1 << 20 }

    /// The record as the chunk's text: compact JSON, keys sorted; empty when it cannot be made.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The record a golden carries; nil for one recorded before such records were kept, or
    /// that this Tabsnap cannot read (then the pixels alone are compared, as before).
    public static func read(from golden: PNGBytes) -> Self? {
        guard let text = PNGInternationalText.read(keyword: keyword, from: golden, limit: largestText),
              let record = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)), record.isReadable else { return nil }
        return record
    }

    /// The chunk a golden recorded now carries, or none when the record is too large to read back.
    var note: [(keyword: String, text: String)] {
        let text = text
        guard !text.isEmpty, text.utf8.count <= Self.largestText else { return [] }
        return [(keyword: Self.keyword, text: text)]
    }
}
