import Foundation
import TabsnapSpec
import XCTest

/// What a spec that cannot be read still names (hostile round 81 F1): its words that are files
/// beside it, however it is broken.
final class UnreadableSpecNamesTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-named-\(UUID().uuidString)")
        for path in ["x.svg", "my icon.svg", "q u.png", "fonts/A.ttf", "fonts/B.otf", "values-de/strings.xml", "other.png"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func named(_ text: String) -> Set<String> {
        let real = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        return Set(UnreadableSpecNames.files(namedIn: text, folder: folder).map { String($0.dropFirst(real.count + 1)) })
    }

    func testEveryWordThatIsAFileBesideTheSpecIsNamed() {
        // A bad key, broken YAML, JSON with escaped slashes, plain and quoted values with spaces,
        // a folder of fonts.
        XCTAssertEqual(named("width: 300\nitems:\n  - {title: A, icon: x.svg}\nbogus: 1\n"), ["x.svg"])
        XCTAssertEqual(named("items: [{title: A, icon: \"x.svg\"}, {icon: my icon.svg}\nfonts: [fonts/]\n"),
                       ["x.svg", "my icon.svg", "fonts/A.ttf", "fonts/B.otf"])
        XCTAssertEqual(named("{\"strings\":[\"values-de\\/strings.xml\"],\"items\":[{\"icon\":\"q u.png\"}]"), ["values-de/strings.xml", "q u.png"])
        XCTAssertEqual(named("items:\n  - title: A\n    icon: my icon.svg   # the compass\n"), ["my icon.svg"])
        XCTAssertEqual(named("icon: ../x.svg\n"), [], "outside the folder: not a file here")
        XCTAssertEqual(named("width: 300\nitems: [A, B]\n"), [], "nothing named")
    }

    func testASpecFileThatCannotBeReadNamesNothing() throws {
        let fifo = folder.appendingPathComponent("p.yaml")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        XCTAssertEqual(UnreadableSpecNames.files(ofSpecAt: fifo), [])
        let latin1 = folder.appendingPathComponent("l.yaml")
        try Data([0x69, 0x63, 0x6F, 0x6E, 0x3A, 0x20, 0x78, 0x2E, 0x73, 0x76, 0x67, 0x0A, 0xE9, 0x0A]).write(to: latin1)
        XCTAssertEqual(UnreadableSpecNames.files(ofSpecAt: latin1).map { URL(fileURLWithPath: $0).lastPathComponent }, ["x.svg"], "bad bytes replaced, the rest read")
    }
}

extension UnreadableSpecNamesTests {
    /// Hostile round 82: names spelt with YAML's and JSON's escapes, doubled quotes, folded
    /// lines, or through a link and `..`, are the files the system opens; a name after 110 000
    /// words of comments is found too.
    func testNamesAreReadAsYAMLAndTheSystemReadThem() throws {
        XCTAssertEqual(named("{\"width\": 1, \"bogus\": 1, \"items\": [{\"icon\": \"\\u0078.svg\"}]}"), ["x.svg"])
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: 'q''u.png'}]\n"), [], "no such file")
        try Data("x".utf8).write(to: folder.appendingPathComponent("it's.png"))
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: 'it''s.png'}]\n"), ["it's.png"])
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: \"\\x78.svg\"}, {icon: \"x\\\n   .svg\"}]\n"), ["x.svg"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d/e"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("d/x.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("l").path, withDestinationPath: "d/e")
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: l/../x.png}]\n"), ["d/x.png"])
        let padding = (0..<1_100).map { line in "# " + (0..<100).map { "w\(line * 100 + $0)" }.joined(separator: " ") }.joined(separator: "\n")
        XCTAssertEqual(named(padding + "\nbogus: 1\nitems: [{icon: x.svg}]\n"), ["x.svg"])
    }
}
