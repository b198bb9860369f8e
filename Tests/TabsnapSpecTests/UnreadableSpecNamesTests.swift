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
        Set(UnreadableSpecNames.files(namedIn: text, folder: folder).map { String($0.dropFirst(folder.standardizedFileURL.path.count + 1)) })
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
    /// A check report saved beside the specs (`--json s1.json`) names goldens; it is no spec with
    /// an error, and protects nothing. YAML cut short may be a spec: it does.
    func testAFileThatIsNoSpecNamesNothing() throws {
        let report = folder.appendingPathComponent("report.json")
        try Data("{\"snapshots\": \".\", \"results\": [{\"golden\": \"x.svg\"}], \"goldens\": [\"other.png\"]}".utf8).write(to: report)
        XCTAssertEqual(UnreadableSpecNames.files(ofSpecAt: report), [])
        let cut = folder.appendingPathComponent("cut.yaml")
        try Data("results: [{golden: x.svg\n".utf8).write(to: cut)
        XCTAssertEqual(UnreadableSpecNames.files(ofSpecAt: cut).map { URL(fileURLWithPath: $0).lastPathComponent }, ["x.svg"])
        let spec = folder.appendingPathComponent("s.yaml")
        try Data("width: wide\nitems: [{icon: other.png}]\n".utf8).write(to: spec)
        XCTAssertEqual(UnreadableSpecNames.files(ofSpecAt: spec).map { URL(fileURLWithPath: $0).lastPathComponent }, ["other.png"])
    }
}
