/// A unified line diff (`-` expected, `+` actual, 3 lines of context), for text goldens (SVG).
/// The longest common subsequence of lines, computed on the part between the common head and
/// tail; a middle too large for that (over 4 M line pairs) is shown as all removed, then all added.
public enum LineDiff {
    public struct Result: Sendable, Equatable {
        /// Lines removed plus lines added.
        public var changedLines: Int
        /// First line (from 1) of the expected text that differs.
        public var firstLine: Int
        public var text: String
    }

    static let maxPairs = 4_000_000

    public static func diff(expected: String, actual: String, context: Int = 3) -> Result {
        let a = lines(expected), b = lines(actual)
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middleA = Array(a[head..<(a.count - tail)]), middleB = Array(b[head..<(b.count - tail)])
        // Edits over the whole texts: (" ", line) kept, ("-", line) removed, ("+", line) added.
        var edits: [(Character, Substring)] = a[..<head].map { (" ", $0) }
        edits += middle(middleA, middleB)
        edits += a[(a.count - tail)...].map { (" ", $0) }
        let changed = edits.filter { $0.0 != " " }.count
        return Result(changedLines: changed, firstLine: head + 1, text: hunks(edits, context: context))
    }

    /// Lines split at each LF byte (not at Characters: "\r\n" is one Character in Swift, so a
    /// CRLF text would otherwise be one line).
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring(String(decoding: $0, as: UTF8.self)) }
    }

    private static func middle(_ a: [Substring], _ b: [Substring]) -> [(Character, Substring)] {
        guard !a.isEmpty || !b.isEmpty else { return [] }
        guard a.count * b.count <= maxPairs, !a.isEmpty, !b.isEmpty else { return a.map { ("-", $0) } + b.map { ("+", $0) } }
        // lengths[i][j]: longest common subsequence of a[i...] and b[j...].
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits: [(Character, Substring)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                edits.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count && (j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                edits.append(("-", a[i])); i += 1  // removals first, as diff -u writes them
            } else {
                edits.append(("+", b[j])); j += 1
            }
        }
        return edits
    }

    /// The changed lines with `context` lines around them, in `@@ -a,n +b,m @@` hunks.
    private static func hunks(_ edits: [(Character, Substring)], context: Int) -> String {
        let changed = edits.indices.filter { edits[$0].0 != " " }
        guard !changed.isEmpty else { return "" }
        var out = ""
        var index = 0
        while index < changed.count {
            var end = index
            while end + 1 < changed.count && changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
            let from = max(changed[index] - context, 0), to = min(changed[end] + context, edits.count - 1)
            let lineA = edits[..<from].filter { $0.0 != "+" }.count + 1, lineB = edits[..<from].filter { $0.0 != "-" }.count + 1
            let countA = edits[from...to].filter { $0.0 != "+" }.count, countB = edits[from...to].filter { $0.0 != "-" }.count
            out += "@@ -\(lineA),\(countA) +\(lineB),\(countB) @@\n"
            for edit in edits[from...to] { out += "\(edit.0)\(edit.1)\n" }
            index = end + 1
        }
        return out
    }
}
