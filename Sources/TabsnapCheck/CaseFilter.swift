/// Which goldens a run checks (`--filter`, `--accept`): patterns matched against golden names
/// such as `ios-tab-bar.dark.p0@2x.png`. A pattern with `*` (any run of characters) or `?` (one
/// character) must match the whole name; one without matches every name containing it, as
/// `swift test --filter` does.
public struct CaseFilter: Sendable, Hashable {
    public var patterns: [String]

    public init(patterns: [String]) {
        self.patterns = patterns
    }

    public func matches(_ name: String) -> Bool {
        patterns.contains { pattern in
            guard pattern.contains("*") || pattern.contains("?") else { return name.contains(pattern) }
            return Self.glob(Array(pattern.unicodeScalars), Array(name.unicodeScalars))
                || Self.glob(Array((pattern + ".png").unicodeScalars), Array(name.unicodeScalars))
        }
    }

    /// Patterns that match none of `names` (to report them rather than check nothing).
    public func unmatched(in names: [String]) -> [String] {
        patterns.filter { pattern in !names.contains { CaseFilter(patterns: [pattern]).matches($0) } }
    }

    /// Iterative glob match: linear in practice, never exponential (no backtracking per star
    /// beyond the last one), so a hostile pattern cannot stall a run.
    static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0, t = 0
        var star = -1, resume = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
