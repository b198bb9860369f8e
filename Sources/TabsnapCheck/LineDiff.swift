/// A unified line diff (`-` expected, `+` actual, 3 lines of context), for text goldens (SVG).
/// The longest common subsequence of lines, computed on the part between the common head and
/// tail; a middle too large for that (over 4 M line pairs) is shown as all removed, then all
/// added.
///
/// Its memory is its inputs and a few bytes per line of that middle when it is small enough for
/// the subsequence, whatever the texts hold: the head and tail are walked in the bytes, and the
/// edit script is kept as runs (kept, removed, added), never a record per line. (A 32 MB golden
/// once took 4.3 GB; with a record per line, a 64 MB golden of empty lines took 3.3 GB.) The
/// text it writes stops at `maxTextBytes`, saying how many changed lines it leaves out
/// (`changedLines` still counts them all).
public enum LineDiff {
    /// What `diff` found.
    public struct Result: Sendable, Equatable {
        /// Lines removed plus lines added.
        public var changedLines: Int
        /// Lines that differ as a reader counts them: a change that removes r lines and adds a
        /// counts the larger (one line edited is one line, not two).
        public var differingLines = 0
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
        let a = LineText(expected), b = LineText(actual)
        // The common head, line by line from the start.
        var head = 0, headA = 0, headB = 0
        while head < a.lineCount, head < b.lineCount, a.same(a.line(at: headA), b, b.line(at: headB)) {
            headA = a.next(after: headA)
            headB = b.next(after: headB)
            head += 1
        }
        // The common tail, line by line from the end, never into the head.
        var tail = 0, tailA = a.bytes.count + 1, tailB = b.bytes.count + 1  // where the tail starts
        while tail < a.lineCount - head, tail < b.lineCount - head,
              a.same(a.line(endingBefore: tailA), b, b.line(endingBefore: tailB)) {
            tailA = a.line(endingBefore: tailA).lowerBound
            tailB = b.line(endingBefore: tailB).lowerBound
            tail += 1
        }
        var runs: [Run] = []
        if head > 0 { runs.append(Run(kind: .kept, count: head, lineA: 0, lineB: 0, byteA: 0, byteB: 0)) }
        runs += middle(a, lines: head..<(a.lineCount - tail), bytes: headA, tailA, b, lines: head..<(b.lineCount - tail), from: headB)
        if tail > 0 {
            runs.append(Run(kind: .kept, count: tail, lineA: a.lineCount - tail, lineB: b.lineCount - tail, byteA: tailA, byteB: tailB))
        }
        let changed = runs.reduce(0) { $0 + ($1.kind == .kept ? 0 : $1.count) }
        // Each stretch of changes between kept lines: its removed and added lines pair up.
        var differing = 0, removed = 0, added = 0
        for run in runs + [Run(kind: .kept, count: 0, lineA: 0, lineB: 0, byteA: 0, byteB: 0)] {
            switch run.kind {
            case .removed: removed += run.count
            case .added: added += run.count
            case .kept:
                differing += max(removed, added)
                (removed, added) = (0, 0)
            }
        }
        var result = Result(changedLines: changed, firstLine: head + 1, text: hunks(runs, a, b, context: context, changed: changed))
        result.differingLines = differing
        return result
    }

    /// Lines `count` long of one kind, starting at line `lineA` of a and `lineB` of b: at byte
    /// `byteA` of a (for added lines, where a's next line starts: a kept run before a change
    /// ends there) and `byteB` of b.
    struct Run {
        enum Kind: UInt8 { case kept, removed, added }
        var kind: Kind
        var count: Int
        var lineA: Int
        var lineB: Int
        var byteA: Int
        var byteB: Int
    }

    /// A text's lines, split at each LF (not at Characters: "\r\n" is one Character in Swift, so
    /// a CRLF text would otherwise be one line), found in its bytes as they are needed. A text
    /// of k LFs has k + 1 lines; the byte after the text's end (`bytes.count + 1`) marks "no
    /// more lines".
    struct LineText {
        let bytes: [UInt8]
        let lineCount: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        /// The line starting at byte `start`, without its LF.
        func line(at start: Int) -> Range<Int> {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return start..<end
        }

        /// The start of the line after the one starting at `start`.
        func next(after start: Int) -> Int { line(at: start).upperBound + 1 }

        /// The line before the one starting at `start` (`bytes.count + 1`: the last line).
        func line(endingBefore start: Int) -> Range<Int> {
            let end = start - 1  // its LF, or the text's end
            var first = end
            while first > 0, bytes[first - 1] != UInt8(ascii: "\n") { first -= 1 }
            return first..<end
        }

        func same(_ range: Range<Int>, _ other: LineText, _ otherRange: Range<Int>) -> Bool {
            range.count == otherRange.count && bytes[range].elementsEqual(other.bytes[otherRange])
        }
    }

    /// The middles' edit runs: from their longest common subsequence when there are at most
    /// `maxPairs` line pairs, else all removed, then all added.
    private static func middle(_ a: LineText, lines linesA: Range<Int>, bytes startA: Int, _ endA: Int,
                               _ b: LineText, lines linesB: Range<Int>, from startB: Int) -> [Run] {
        let removed = Run(kind: .removed, count: linesA.count, lineA: linesA.lowerBound, lineB: linesB.lowerBound, byteA: startA, byteB: startB)
        let added = Run(kind: .added, count: linesB.count, lineA: linesA.upperBound, lineB: linesB.lowerBound, byteA: endA, byteB: startB)
        guard !linesA.isEmpty, !linesB.isEmpty, linesA.count * linesB.count <= maxPairs else {
            return [removed, added].filter { $0.count > 0 }
        }
        let rangesA = ranges(of: a, count: linesA.count, from: startA), rangesB = ranges(of: b, count: linesB.count, from: startB)
        let hashesA = rangesA.map { hash(a.bytes[$0]) }, hashesB = rangesB.map { hash(b.bytes[$0]) }
        func equal(_ i: Int, _ j: Int) -> Bool { hashesA[i] == hashesB[j] && a.same(rangesA[i], b, rangesB[j]) }
        // lengths[i][j]: longest common subsequence of a[i...] and b[j...] (within the middles).
        let n = linesA.count, m = linesB.count, width = m + 1
        var lengths = [Int32](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * width + j] = equal(i, j) ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var runs: [Run] = []
        func add(_ kind: Run.Kind, _ i: Int, _ j: Int) {
            if let last = runs.last, last.kind == kind { runs[runs.count - 1].count += 1; return }
            let byteA = i < n ? rangesA[i].lowerBound : endA, byteB = j < m ? rangesB[j].lowerBound : startB
            runs.append(Run(kind: kind, count: 1, lineA: linesA.lowerBound + i, lineB: linesB.lowerBound + j, byteA: byteA, byteB: byteB))
        }
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && equal(i, j) {
                add(.kept, i, j); i += 1; j += 1
            } else if i < n && (j == m || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                add(.removed, i, j); i += 1  // removals first, as diff -u writes them
            } else {
                add(.added, i, j); j += 1
            }
        }
        return runs
    }

    /// The byte ranges of `count` lines starting at byte `start`.
    private static func ranges(of text: LineText, count: Int, from start: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(count)
        var at = start
        for _ in 0..<count {
            let line = text.line(at: at)
            result.append(line)
            at = line.upperBound + 1
        }
        return result
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    /// The changed lines with `context` lines around them, in `@@ -a,n +b,m @@` hunks, numbered
    /// in one pass over the runs; cut at `maxTextBytes`.
    private static func hunks(_ runs: [Run], _ a: LineText, _ b: LineText, context: Int, changed: Int) -> String {
        guard changed > 0 else { return "" }
        var out: [UInt8] = []
        var shown = 0
        // A line longer than what is left of the budget (an SVG golden can be one 64 MB line) is
        // cut inside, so the text stays within it.
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
        var index = 0
        while index < runs.count {
            guard runs[index].kind != .kept else { index += 1; continue }
            // The hunk runs while the kept runs between changes are at most 2 × context long.
            var last = index
            while true {
                while last + 1 < runs.count, runs[last + 1].kind != .kept { last += 1 }
                guard last + 2 < runs.count, runs[last + 1].count <= 2 * context, runs[last + 2].kind != .kept else { break }
                last += 2
            }
            // Context before: the end of the kept run before the first change.
            let before = index > 0 ? min(context, runs[index - 1].count) : 0
            let after = last + 1 < runs.count ? min(context, runs[last + 1].count) : 0
            let first = runs[index], lastRun = runs[last]
            let startA = first.lineA - before, startB = first.lineB - before
            let endA = (lastRun.kind == .added ? lastRun.lineA : lastRun.lineA + lastRun.count) + after
            let endB = (lastRun.kind == .removed ? lastRun.lineB : lastRun.lineB + lastRun.count) + after
            out += "@@ -\(startA + 1),\(endA - startA) +\(startB + 1),\(endB - startB) @@\n".utf8
            if before > 0 {
                for range in lines(endingBefore: first.byteA, count: before, in: a) {
                    if out.count >= maxTextBytes { break }
                    line(" ", a.bytes[range])
                }
            }
            for run in runs[index...last] where out.count < maxTextBytes {
                let text = run.kind == .added ? b : a
                var at = run.kind == .added ? run.byteB : run.byteA
                for _ in 0..<run.count {
                    if out.count >= maxTextBytes { break }
                    let range = text.line(at: at)
                    switch run.kind {
                    case .kept: line(" ", text.bytes[range])
                    case .removed: line("-", text.bytes[range]); shown += 1
                    case .added: line("+", text.bytes[range]); shown += 1
                    }
                    at = range.upperBound + 1
                }
            }
            if after > 0 {
                var at = runs[last + 1].byteA
                for _ in 0..<after where out.count < maxTextBytes {
                    let range = a.line(at: at)
                    line(" ", a.bytes[range])
                    at = range.upperBound + 1
                }
            }
            if out.count >= maxTextBytes {
                out += "… the diff goes on: \(changed - shown) more changed lines (cut at \(maxTextBytes >> 20) MB)\n".utf8
                break
            }
            index = last + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `count` lines before the one starting at byte `start`, in order.
    private static func lines(endingBefore start: Int, count: Int, in text: LineText) -> [Range<Int>] {
        var result: [Range<Int>] = [], end = start
        for _ in 0..<count {
            let range = text.line(endingBefore: end)
            result.append(range)
            end = range.lowerBound
        }
        return result.reversed()
    }
}
