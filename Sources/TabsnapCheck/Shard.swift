/// One slice of a suite for a CI matrix: `--shard 2/4` is the second of four. Cases are sorted by
/// golden name and dealt out in turn, so every runner gets the same slice on every run and the
/// slices together cover the suite exactly once.
public struct Shard: Sendable, Codable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    /// How many slices the suite is split into: at least 1, and at most `maxCount` when parsed
    /// or decoded.
    public var count: Int

    /// Slice `index` of `count`; a value outside 1 ≤ `index` ≤ `count` is a programming error
    /// (it traps). Text from a user goes through `init(parsing:)`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index
        self.count = count
    }

    /// More slices than any CI matrix has; bounds what a report read back may claim.
    public static let maxCount = 1_000

    /// Reads "i/n" with 1 ≤ i ≤ n ≤ `maxCount`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...Shard.maxCount).contains(count), (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    private enum CodingKeys: String, CodingKey { case index, count }

    /// A report's shard is checked like the command line's (a report is input too).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index), count = try container.decode(Int.self, forKey: .count)
        guard (1...Shard.maxCount).contains(count), (1...count).contains(index) else {
            throw DecodingError.dataCorruptedError(forKey: .count, in: container,
                                                   debugDescription: "shard \(index)/\(count) is not i/n with 1 ≤ i ≤ n ≤ \(Shard.maxCount)")
        }
        self.init(index: index, count: count)
    }

    /// This shard's part of `sorted`: its `index`-th element, then every `count`-th after it.
    /// - Parameter sorted: The whole suite, in an order every runner agrees on (golden names,
    ///   sorted).
    /// - Returns: The elements this shard checks, in their order.
    public func slice<T>(_ sorted: [T]) -> [T] {
        sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// `i/n`, as `--shard` takes it and messages show it.
    public var description: String { "\(index)/\(count)" }
}
