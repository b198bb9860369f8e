/// Which goldens a run checks (`--filter`, `--accept`): patterns matched against golden names
/// such as `ios-tab-bar.dark.p0@2x.png`. A pattern with `*` (any run of characters) or `?` (one
/// character) must match the whole name (its extension may be left out). Without either, a
/// `--filter` pattern matches every name containing it, as `swift test --filter` does; an
/// `--accept` pattern (`wholeNames`) only the name itself — accepting rewrites goldens, so
/// `--accept bar.png` must never take `navbar.png` with it.
///
/// A golden's own name always means that golden: a pattern that is a whole name of the suite (a
/// spec named `*.yaml` makes `*.png`) matches that name only (`preferringWholeNames(in:)`), so the
/// accept command printed for it never accepts every golden.
///
/// `CaseFilter.names(_:)` is the third kind (`--last-failed`): golden names read from a file, not
/// typed, so each is taken literally and a name no spec renders any more is simply not checked.
public struct CaseFilter: Sendable, Hashable {
    /// The patterns, as typed (or the names, for `names(_:)`).
    public var patterns: [String]
    /// Whether a pattern without `*` or `?` must be a whole name (`--accept`) rather than a part.
    public var wholeNames: Bool
    /// Whether the patterns are exact names, none of which need match (`--last-failed`).
    public private(set) var literal = false
    /// Patterns holding `*` or `?` that are whole golden names, taken as those names.
    public private(set) var wholeNamePatterns: Set<String> = []

    /// - Parameters:
    ///   - patterns: globs with `*` and `?`, or parts of names.
    ///   - wholeNames: `true` for `--accept`: a pattern without wildcards matches only itself.
    public init(patterns: [String], wholeNames: Bool = false) {
        self.patterns = patterns
        self.wholeNames = wholeNames
    }

    /// Exactly these golden names (no wildcards), any of which may be gone.
    public static func names(_ names: [String]) -> CaseFilter {
        var filter = CaseFilter(patterns: names, wholeNames: true)
        filter.literal = true
        return filter
    }

    /// Exactly these golden names, extensions included (`--accept-name`, what printed accept
    /// commands use): no wildcards and no extension added, whatever characters a name holds, so
    /// the command printed for `bar.png` never takes `bar.png.png` and for `*` nothing but `*`.
    /// A name that matches no golden is reported, as a pattern is.
    public static func exactNames(_ exact: [String]) -> CaseFilter {
        var filter = CaseFilter.names(exact)
        filter.reportsMissingNames = true
        return filter
    }

    /// Whether `unmatched(in:)` names literal names that match no golden (`exactNames`).
    private var reportsMissingNames = false

    /// This filter, its patterns that are whole names among `names` (with or without the
    /// extension) taken as those names rather than as globs.
    public func preferringWholeNames(in names: [String]) -> CaseFilter {
        var filter = self
        let known = Set(names)
        filter.wholeNamePatterns = Set(patterns.filter { pattern in
            (pattern.contains("*") || pattern.contains("?")) && [pattern, pattern + ".png", pattern + ".svg"].contains(where: known.contains)
        })
        return filter
    }

    /// Whether the golden `name` is one to check.
    public func matches(_ name: String) -> Bool {
        literal ? patterns.contains(name) : patterns.contains { matches(name, pattern: $0) }
    }

    private func matches(_ name: String, pattern: String) -> Bool {
        let text = Array(name.unicodeScalars)
        let variants = [pattern, pattern + ".png", pattern + ".svg"]
        if wholeNamePatterns.contains(pattern) { return variants.contains(name) }
        guard pattern.contains("*") || pattern.contains("?") else {
            return wholeNames ? variants.contains(name) : name.contains(pattern)
        }
        return variants.contains { Self.glob(Array($0.unicodeScalars), text) }
    }

    /// Patterns that match none of `names` (to report them rather than check nothing).
    public func unmatched(in names: [String]) -> [String] {
        if literal { return reportsMissingNames ? patterns.filter { !names.contains($0) } : [] }
        return patterns.filter { pattern in !names.contains { matches($0, pattern: pattern) } }
    }

    /// Iterative glob match: linear in practice, never exponential (no backtracking per star
    /// beyond the last one), so a hostile pattern cannot stall a run.
    static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0, t = 0
        var star = -1, resume = 0
        while t < text.count {
            // A star first: a name holding a literal '*' must not take the pattern's star as a letter.
            if p < pattern.count && pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
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
