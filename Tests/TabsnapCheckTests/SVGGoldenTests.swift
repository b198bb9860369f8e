import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// `snapshots.formats: [png, svg]`: SVG goldens kept as text, compared line by line.
final class SVGGoldenTests: XCTestCase {
    private let spec = CheckFixture.bar + "\nsnapshots: {positions: [0, 1], formats: [png, svg]}"

    func testSVGGoldensAreRecordedComparedAndDiffedAsText() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", spec)
        let first = try fixture.run(.missing)
        XCTAssertEqual(first.results.map(\.name), ["bar.p0.png", "bar.p0.svg", "bar.p1.png", "bar.p1.svg"])
        XCTAssertEqual(first.results.map(\.status), [.new, .new, .new, .new])
        let svg = try String(contentsOf: fixture.snapshots.appendingPathComponent("bar.p0.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml") && svg.contains("<svg"), "the renderer's SVG, as `render -o x.svg` writes it")
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed, .passed, .passed, .passed])
        // A badge more: the SVG gains lines; the diff says which.
        fixture.writeSpec("bar.yaml", spec.replacingOccurrences(of: "{title: One}", with: "{title: One, badge: 7}"))
        let changed = try fixture.run(.never)
        let svgResult = try XCTUnwrap(changed.results.first { $0.name == "bar.p0.svg" })
        XCTAssertEqual(svgResult.status, .failed)
        XCTAssertTrue(svgResult.message.contains(" lines differ, from line "), svgResult.message)
        XCTAssertEqual(svgResult.kind, "svg")
        XCTAssertNil(svgResult.scale, "SVG is in points")
        let diff = try XCTUnwrap(svgResult.textDiff)
        XCTAssertTrue(diff.hasPrefix("@@ -") && diff.split(separator: "\n").contains { $0.hasPrefix("+") }, diff)
        XCTAssertTrue(fixture.exists(svgResult.artifacts.actual) && svgResult.artifacts.actual!.hasSuffix("bar.p0.actual.svg"))
        XCTAssertTrue(fixture.exists(svgResult.artifacts.diff) && svgResult.artifacts.diff!.hasSuffix("bar.p0.diff.txt"))
        let html = HTMLReport.html(changed, base: URL(fileURLWithPath: "/"))
        XCTAssertTrue(html.contains("<pre class=\"linediff\">") && html.contains("data:image/svg+xml;base64,"))
        // Accepting rewrites it; the run after passes and the artifacts are gone.
        XCTAssertEqual(try fixture.run(.failed).results.first { $0.name == "bar.p0.svg" }?.status, .recorded)
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed, .passed, .passed, .passed])
        XCTAssertFalse(fixture.exists(svgResult.artifacts.diff))
    }

    func testGoldenNamesOfEveryAxisBelongToTheirSpec() {
        for name in ["bar.svg", "bar.p0.5.svg", "bar.dark.rtl.accessibility3.p0@2x.png", "bar.ltr.t1.5.png", "bar.xSmall.transition@3x.png"] {
            XCTAssertTrue(GoldenOwnership.isVariant(name, of: "bar"), name)
        }
        for name in ["bar.p0.txt", "barn.png", "bar.huge.png", "bar.rtl.rtl.png", "bar.p0@2x.svg.png.svg"] {
            XCTAssertFalse(GoldenOwnership.isVariant(name, of: "bar"), name)
        }
    }

    func testPatterns() {
        let filter = CaseFilter(patterns: ["bar.png"]), accept = CaseFilter(patterns: ["bar.png"], wholeNames: true)
        XCTAssertTrue(filter.matches("navbar.png"), "--filter: a part of a name")
        XCTAssertFalse(accept.matches("navbar.png"), "--accept: whole names only")
        XCTAssertTrue(accept.matches("bar.png"))
        XCTAssertTrue(CaseFilter(patterns: ["bar"], wholeNames: true).matches("bar.svg"), "the extension may be left out")
        XCTAssertTrue(CaseFilter(patterns: ["a*c"]).matches("a*xc"), "a literal star in a name")
        XCTAssertTrue(CaseFilter(patterns: ["bar.p?"]).matches("bar.p0.svg"))
        XCTAssertTrue(CaseFilter(patterns: ["*.dark.*"]).matches("ios.dark.p0@2x.png"))
        XCTAssertFalse(CaseFilter(patterns: ["ios-*"]).matches("android.png"))
    }

    func testLineDiffs() {
        let crlf = LineDiff.diff(expected: "a\r\nb\r\nc\r\n", actual: "a\r\nB\r\nc\r\n")
        XCTAssertEqual(crlf.changedLines, 2, "CRLF lines are lines")
        XCTAssertEqual(crlf.firstLine, 2)
        XCTAssertEqual(LineDiff.diff(expected: "a\nb\nc", actual: "a\nb\nc").changedLines, 0)
        let diff = LineDiff.diff(expected: "1\n2\n3\n4\n5\n6\n7\n8\n9", actual: "1\n2\n3\n4\nX\n6\n7\n8\n9\n10")
        XCTAssertEqual(diff.changedLines, 3)
        // As a reader counts them (hostile round 24: one edited line was "2 lines differ").
        XCTAssertEqual(diff.differingLines, 2, "5 became X, 10 was added")
        XCTAssertEqual(crlf.differingLines, 1)
        XCTAssertEqual(LineDiff.diff(expected: "a\nb", actual: "a\nc\nd\ne").differingLines, 3)
        XCTAssertEqual(diff.firstLine, 5)
        XCTAssertEqual(diff.text, "@@ -2,8 +2,9 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n 9\n+10\n")
    }

    /// Many hunks are numbered in one pass (each used to recount every line before it), and the
    /// text stops at 1 MB saying what it leaves out; the count is of every changed line.
    func testLongDiffsAreLinearAndCut() {
        func lines(_ count: Int, changed: (Int) -> Bool) -> String {
            (0..<count).map { changed($0) ? "<path d=\"M\($0) 1\"/>" : "<path d=\"M\($0) 0\"/>" }.joined(separator: "\n")
        }
        let scattered = LineDiff.diff(expected: lines(1_500) { _ in false }, actual: lines(1_500) { $0 % 10 == 0 })
        XCTAssertEqual(scattered.changedLines, 300)
        // The hunk numbers are those of a diff that counts every line: the second hunk starts at
        // line 8 (line 11 changed, 3 lines of context).
        let second = scattered.text.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.dropFirst().first
        XCTAssertEqual(second, "@@ -8,7 +8,7 @@")
        // 200 000 lines, all changed (past the pairs the LCS takes: all removed, then all added).
        let started = Date()
        let long = LineDiff.diff(expected: lines(200_000) { _ in false }, actual: lines(200_000) { _ in true })
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(long.changedLines, 400_000)
        XCTAssertLessThan(long.text.utf8.count, (1 << 20) + 4_096)
        XCTAssertTrue(long.text.hasSuffix("more changed lines (cut at 1 MB)\n"), String(long.text.suffix(200)))
    }

    /// The diff is a real one, whatever the texts: its hunks, applied to the expected text, give
    /// the actual one, each header counts its lines, and it changes no more lines than the
    /// longest common subsequence leaves (random texts of few distinct lines, many repeats, with
    /// and without a final line feed). Kept as runs since hostile round 16.
    func testDiffsApplyAndAreMinimal() throws {
        var generator = SplitMix(state: 16)
        for round in 0..<400 {
            func text() -> String {
                let count = Int.random(in: 0...14, using: &generator)
                let lines = (0..<count).map { _ in ["a", "b", "c", "", "<g/>"].randomElement(using: &generator) ?? "" }
                return lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            }
            let expected = text(), actual = text()
            let context = Int.random(in: 0...3, using: &generator)
            let diff = LineDiff.diff(expected: expected, actual: actual, context: context)
            let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(diff.changedLines, a.count + b.count - 2 * Self.commonSubsequence(a, b), "round \(round)")
            XCTAssertEqual(try Self.apply(diff.text, to: a), b, "round \(round): \(expected.debugDescription) → \(actual.debugDescription)\n\(diff.text)")
        }
    }

    /// A seeded generator, so a failing round is the same round next time.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static func commonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        return lengths[0][0]
    }

    /// Applies unified hunks to `lines`, checking each header's counts and each kept line.
    private static func apply(_ hunks: String, to lines: [String]) throws -> [String] {
        struct Bad: Error { let why: String }
        var result: [String] = [], next = 0
        var body = hunks.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        var index = 0
        while index < body.count {
            let header = body[index].split(separator: " ")
            guard header.count == 4, header[0] == "@@" else { throw Bad(why: "header \(body[index])") }
            let old = header[1].dropFirst().split(separator: ",").compactMap { Int($0) }
            let new = header[2].dropFirst().split(separator: ",").compactMap { Int($0) }
            let start = old[0] - 1  // this diff numbers an empty side from the line after, too
            while next < start { result.append(lines[next]); next += 1 }
            index += 1
            var countOld = 0, countNew = 0
            while index < body.count, !body[index].hasPrefix("@@") {
                let line = body[index], text = String(line.dropFirst())
                switch line.first {
                case " ":
                    guard lines[next] == text else { throw Bad(why: "kept line \(next)") }
                    result.append(text); next += 1; countOld += 1; countNew += 1
                case "-":
                    guard lines[next] == text else { throw Bad(why: "removed line \(next)") }
                    next += 1; countOld += 1
                case "+": result.append(text); countNew += 1
                default: throw Bad(why: "line \(line)")
                }
                index += 1
            }
            guard countOld == old[1], countNew == new[1] else { throw Bad(why: "counts in \(header)") }
        }
        while next < lines.count { result.append(lines[next]); next += 1 }
        return result
    }

    /// An SVG golden may be one line of megabytes: the diff's text is cut inside that line
    /// (0.15.0 put both 8 MB lines in whole).
    func testALongSingleLineIsCutInside() {
        let line = String(repeating: "<path d=\"M1 1\"/>", count: 500_000)  // 8 MB
        let diff = LineDiff.diff(expected: [UInt8](("a" + line).utf8), actual: [UInt8](("b" + line).utf8))
        XCTAssertEqual(diff.changedLines, 2)
        XCTAssertLessThan(diff.text.utf8.count, (1 << 20) + 4_096)
        XCTAssertTrue(diff.text.contains("… (line cut: "), String(diff.text.suffix(300)))
        XCTAssertTrue(diff.text.contains("\n-a<path"), "the start of the removed line is shown")
    }
}

/// A golden's own name always means that golden (hostile round 13): a spec named `*.yaml` makes
/// the golden `*.png`, and the accept command printed for it must not accept every golden.
final class AcceptByWholeNameTests: XCTestCase {
    func testAPatternThatIsAGoldensNameAcceptsThatGoldenOnly() throws {
        let fixture = CheckFixture()
        for name in ["*.yaml", "a?c.yaml", "abc.yaml", "home.yaml"] { fixture.writeSpec(name, CheckFixture.bar) }
        _ = try fixture.run(.missing)
        // Every golden now differs from its spec.
        for name in ["*.yaml", "a?c.yaml", "abc.yaml", "home.yaml"] { fixture.writeSpec(name, CheckFixture.bar + "\nposition: 1\n") }
        let before = try fixture.goldens().map { try Data(contentsOf: fixture.snapshots.appendingPathComponent($0)) }
        for (pattern, accepted) in [("*.png", ["*.png"]), ("a?c.png", ["a?c.png"]), ("a?c", ["a?c.png"])] {
            let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .failed)
            var runner = CheckRunner(specs: [fixture.specs.path], verifier: verifier, threads: 1)
            runner.filter = CaseFilter(patterns: [pattern], wholeNames: true)
            let report = try runner.run()
            XCTAssertEqual(report.results.map(\.name).sorted(), accepted, pattern)
        }
        let after = try fixture.goldens().map { try Data(contentsOf: fixture.snapshots.appendingPathComponent($0)) }
        XCTAssertEqual(zip(before, after).filter { $0 != $1 }.count, 2, "only *.png and a?c.png were re-recorded")
        // What printed commands use: exactly the name, extension included (hostile round 14: the
        // command for bar.png also re-recorded bar.png.png; a forged shard's '*' every golden).
        let exact = CaseFilter.exactNames(["bar.png", "*"])
        XCTAssertTrue(exact.matches("bar.png"))
        XCTAssertFalse(exact.matches("bar.png.png"))
        XCTAssertFalse(exact.matches("bar"))
        XCTAssertFalse(exact.matches("home.png"))
        XCTAssertEqual(exact.unmatched(in: ["bar.png", "home.png"]), ["*"], "a name no golden has is reported")
        // A pattern that names no golden is still a glob.
        XCTAssertEqual(CaseFilter(patterns: ["h*"], wholeNames: true).preferringWholeNames(in: ["home.png", "*.png"]).matches("home.png"), true)
    }
}
