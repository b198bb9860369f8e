import Foundation
@testable import TabsnapCairo
import XCTest

/// The icon checks stop where the bar's budget is spent (`SVGCheckClock`): the parse, each check
/// and each element of the checks' loops pass a checkpoint, which throws once the time is past,
/// and whatever the checks threw or returned after that, the icon is refused for its time.
/// Stopped at each checkpoint they pass, deterministically, over the SVG corpus: never a trap
/// (a first design ended loops early, and arrays came out shorter than what indexed them), never
/// an answer, and given every checkpoint, the unbounded answer.
final class SVGCheckClockTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/svg-corpus")

    func testChecksStoppedAtAnyStepRefuseTheIconForItsTime() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
        XCTAssertEqual(files.count, 10)
        // A filter moving what it reads widens the viewport (the path that trapped).
        let widened = Array("""
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><style>.a{fill:#c00}</style>\
            <filter id="f"><feOffset dx="3" dy="2"/></filter><rect class="a" x="4" y="4" width="12" height="12" filter="url(#f)"/></svg>
            """.utf8)
        var icons = try files.map { (name: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0))) }
        icons.append((name: "widened", bytes: widened))
        for icon in icons {
            let counting = SVGCheckClock(steps: .max)
            let whole = try SVGIconPreflight.check(icon.bytes, clock: counting)
            XCTAssertFalse(counting.expired, icon.name)
            let total = counting.steps
            XCTAssertGreaterThan(total, 10, icon.name)
            for limit in Set(Array(0..<min(total, 400)) + Array(stride(from: 0, to: total, by: max(1, total / 300))) + [total - 1]) {
                XCTAssertThrowsError(try SVGIconPreflight.check(icon.bytes, clock: SVGCheckClock(steps: limit)), "\(icon.name) at \(limit)") { error in
                    XCTAssertTrue((error as? SVGIconPreflight.Problem)?.overTime ?? false, "\(icon.name) at \(limit) of \(total): \(error)")
                }
            }
            // Given the steps it takes, the same answer as unbounded.
            let enough = try SVGIconPreflight.check(icon.bytes, clock: SVGCheckClock(steps: total))
            XCTAssertEqual(enough.bytes, whole.bytes, icon.name)
            XCTAssertEqual(enough.drawnElements, whole.drawnElements, icon.name)
        }
    }

    /// Hostile round 136: one path of 100 000 corners under a dash pattern of 1 000 lengths, and
    /// a style sheet writing its offset 900 ways, took 216 s of checks (a pass over the corners
    /// for each way, with no checkpoint between). Each offset and pattern is now tried once,
    /// however it is written: the checks pass as many checkpoints as with one way.
    func testEachDashOffsetAndPatternIsTriedOnceHoweverWritten() throws {
        func icon(ways: Int) -> [UInt8] {
            let offsets = (0..<ways).map { "path{stroke-dashoffset:0.5\(String(repeating: "0", count: $0))}" }.joined()
            let patterns = (0..<ways).map { "path{stroke-dasharray:1.0\(String(repeating: "0", count: $0)) 1}" }.joined()
            return Array("""
                <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>\(offsets)\(patterns)</style>\
                <path d="M10 10\(String(repeating: "H90V90H10V10", count: 50))" fill="none" stroke="red" stroke-width="20" stroke-dasharray="1 1" stroke-dashoffset="0.5"/></svg>
                """.utf8)
        }
        func checkpoints(ways: Int) throws -> Int {
            let clock = SVGCheckClock(steps: .max)
            _ = try SVGIconPreflight.check(icon(ways: ways), clock: clock)
            return clock.steps
        }
        XCTAssertEqual(try checkpoints(ways: 200), try checkpoints(ways: 1))
    }

    /// Hostile round 137: names are read again wherever ancestors are walked (`localName`), and
    /// a prefix of 7 000 bytes on 97 nested groups took 70 s of checks. A name is 256 bytes at
    /// most (this machine's SVG files: 36).
    func testNamesAreBoundedInLength() throws {
        func icon(prefix: Int) -> [UInt8] {
            let name = String(repeating: "p", count: prefix)
            return Array("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:\(name)=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><\(name):rect width=\"4\" height=\"4\"/></svg>".utf8)
        }
        XCTAssertNoThrow(try SVGIconPreflight.check(icon(prefix: 250)))
        XCTAssertThrowsError(try SVGIconPreflight.check(icon(prefix: 251))) { error in
            XCTAssertTrue("\(error)".contains("a tag or attribute name of over 256 bytes"), "\(error)")
        }
    }
}
