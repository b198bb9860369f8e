/// A unified line diff (`-` expected, `+` actual, 3 lines of context), for text goldens (SVG).
/// The longest common subsequence of lines, computed on the part between the common head and
/// tail; a middle too large for that (over 4 M line pairs) is shown as all removed, then all
/// added.
///
/// Its cost is a few times its inputs, whatever they hold (a 32 MB golden used to take 4.3 GB):
/// lines are ranges of the texts' bytes, compared by a hash first; hunks are numbered in one pass;
/// and the text it writes stops at `maxTextBytes`, saying how many changed lines it leaves out
/// (`changedLines` still counts them all).
public enum LineDiff {
    /// What `diff` found.
    public struct Result: Sendable, Equatable {
        /// Lines removed plus lines added.
        public var changedLines: Int
        /// First line (from 1) of the expected text that differs.
        public var firstLine: Int
        /// The hunks (`@@ -a,n +b,m @@`, then lines marked with a space, `-` or `+`), without a
        /// `---`/`+++` header; cut after about 1 MB with a last line saying how many changed lines
        /// it leaves out. Empty when the texts are equal.
        public var text: String
    }

    static let maxPairs = 4_000_000
    /// The diff's text is cut here (a reviewer reads the start; the files hold the rest).
    static let maxTextBytes = 1 << 20

    /// The line diff from `expected` to `actual`, lines being split at each LF.
    /// - Parameters:
    ///   - expected: The golden's text (`-` lines).
    ///   - actual: The new render's text (`+` lines).
    ///   - context: Unchanged lines shown around each change; changes whose context lines touch
    ///     or overlap share a hunk.
    public static func diff(expected: String, actual: String, context: Int = 3) -> Result {
        diff(expected: Array(expected.utf8), actual: Array(actual.utf8), context: context)
    }

    /// The line diff from `expected` to `actual` given as UTF-8 bytes (a file as read), lines
    /// being split at each LF byte; as `diff(expected:actual:context:)` for strings.
    public static func diff(expected: [UInt8], actual: [UInt8], context: Int = 3) -> Result {
        let a = Lines(expected), b = Lines(actual)
        var head = 0
        while head < a.count && head < b.count && a.equal(head, b, head) { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a.equal(a.count - 1 - tail, b, b.count - 1 - tail) { tail += 1 }
        var edits: [Edit] = (0..<head).map { Edit(kind: .kept, a: Int32($0), b: Int32($0)) }
        edits += middle(a, head..<(a.count - tail), b, head..<(b.count - tail))
        edits += (0..<tail).map { Edit(kind: .kept, a: Int32(a.count - tail + $0), b: Int32(b.count - tail + $0)) }
        let changed = edits.reduce(0) { $0 + ($1.kind == .kept ? 0 : 1) }
        return Result(changedLines: changed, firstLine: head + 1, text: hunks(edits, a, b, context: context, changed: changed))
    }

    /// One line of the edit script: kept (in both), removed (from a) or added (from b).
    struct Edit {
        enum Kind: UInt8 { case kept, removed, added }
        var kind: Kind
        var a: Int32
        var b: Int32
    }

    /// A text's lines as ranges of its bytes, split at each LF (not at Characters: "\r\n" is one
    /// Character in Swift, so a CRLF text would otherwise be one line), each with a hash.
    struct Lines {
        let bytes: [UInt8]
        var ranges: [Range<Int>] = []
        var hashes: [UInt64] = []
        var count: Int { ranges.count }

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var start = 0
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "\n") {
                    ranges.append(start..<index)
                    hashes.append(hash)
                    start = index + 1
                    hash = 0xcbf2_9ce4_8422_2325
                } else {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
            }
            ranges.append(start..<bytes.count)
            hashes.append(hash)
        }

        func equal(_ i: Int, _ other: Lines, _ j: Int) -> Bool {
            hashes[i] == other.hashes[j] && bytes[ranges[i]].elementsEqual(other.bytes[other.ranges[j]])
        }

        func text(_ i: Int) -> ArraySlice<UInt8> { bytes[ranges[i]] }
    }

    private static func middle(_ a: Lines, _ rangeA: Range<Int>, _ b: Lines, _ rangeB: Range<Int>) -> [Edit] {
        let removed = rangeA.map { Edit(kind: .removed, a: Int32($0), b: 0) }, added = rangeB.map { Edit(kind: .added, a: 0, b: Int32($0)) }
        guard !rangeA.isEmpty, !rangeB.isEmpty, rangeA.count * rangeB.count <= maxPairs else { return removed + added }
        // lengths[i][j]: longest common subsequence of a[i...] and b[j...] (within the middles).
        let n = rangeA.count, m = rangeB.count, width = m + 1
        var lengths = [Int32](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * width + j] = a.equal(rangeA.lowerBound + i, b, rangeB.lowerBound + j) ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            let lineA = Int32(rangeA.lowerBound + i), lineB = Int32(rangeB.lowerBound + j)
            if i < n && j < m && a.equal(Int(lineA), b, Int(lineB)) {
                edits.append(Edit(kind: .kept, a: lineA, b: lineB)); i += 1; j += 1
            } else if i < n && (j == m || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                edits.append(Edit(kind: .removed, a: lineA, b: 0)); i += 1  // removals first, as diff -u writes them
            } else {
                edits.append(Edit(kind: .added, a: 0, b: lineB)); j += 1
            }
        }
        return edits
    }

    /// The changed lines with `context` lines around them, in `@@ -a,n +b,m @@` hunks, numbered
    /// in one pass over the edits; cut at `maxTextBytes`.
    private static func hunks(_ edits: [Edit], _ a: Lines, _ b: Lines, context: Int, changed: Int) -> String {
        guard changed > 0 else { return "" }
        var out: [UInt8] = []
        // Lines of a and of b before `cursor`.
        var cursor = 0, linesA = 0, linesB = 0
        var shown = 0
        var index = 0
        func nextChange(from start: Int) -> Int? {
            var k = start
            while k < edits.count && edits[k].kind == .kept { k += 1 }
            return k < edits.count ? k : nil
        }
        var first = nextChange(from: 0)
        while let start = first {
            // The hunk runs while changes are at most 2 × context + 1 apart.
            var last = start, probe = start + 1
            while let next = nextChange(from: probe), next - last <= 2 * context + 1 {
                last = next
                probe = next + 1
            }
            let from = max(start - context, 0), to = min(last + context, edits.count - 1)
            while cursor < from {
                if edits[cursor].kind != .added { linesA += 1 }
                if edits[cursor].kind != .removed { linesB += 1 }
                cursor += 1
            }
            let countA = edits[from...to].reduce(0) { $0 + ($1.kind == .added ? 0 : 1) }
            let countB = edits[from...to].reduce(0) { $0 + ($1.kind == .removed ? 0 : 1) }
            out += "@@ -\(linesA + 1),\(countA) +\(linesB + 1),\(countB) @@\n".utf8
            // A line longer than what is left of the budget (an SVG golden can be one 64 MB
            // line) is cut inside, so the text stays within it.
            func line(_ mark: Unicode.Scalar, _ text: ArraySlice<UInt8>) {
                out.append(UInt8(ascii: mark))
                let room = max(maxTextBytes - out.count, 0)
                if text.count <= room {
                    out += text
                } else {
                    out += text.prefix(room)
                    out += " … (line cut: \(text.count - room) more bytes)".utf8
                }
                out.append(UInt8(ascii: "\n"))
            }
            for edit in edits[from...to] {
                if out.count >= maxTextBytes { break }
                switch edit.kind {
                case .kept: line(" ", a.text(Int(edit.a)))
                case .removed: line("-", a.text(Int(edit.a))); shown += 1
                case .added: line("+", b.text(Int(edit.b))); shown += 1
                }
            }
            if out.count >= maxTextBytes {
                out += "… the diff goes on: \(changed - shown) more changed lines (cut at \(maxTextBytes >> 20) MB)\n".utf8
                break
            }
            index = last + 1
            first = nextChange(from: index)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
