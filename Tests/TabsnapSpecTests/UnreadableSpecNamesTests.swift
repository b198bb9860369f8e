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
        // (Cut in bytes: a name may begin with a mark that joins the slash before it.)
        return Set(UnreadableSpecNames.files(namedIn: text, folder: folder).map { String(decoding: $0.utf8.dropFirst(real.utf8.count + 1), as: UTF8.self) })
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

    /// Words are read by scalar in UTF-8 bytes (hostile round 105: walking `Character`s was most
    /// of the time of reading a megabyte): a mark combining with a bracket or space does not
    /// join it (YAML reads scalars), and a value keeps what YAML keeps (a zero-width space),
    /// losing only blanks. Line breaks and spaces of other scripts split as before.
    func testWordsAreReadByScalar() throws {
        for name in ["\u{301}x.svg", "\u{200B}x.svg", "日本.svg", "a,b.svg", "c[1].svg"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        XCTAssertEqual(named("{[\nicon: [\u{301}x.svg\n"), ["\u{301}x.svg"], "a mark after a bracket starts the next word")
        XCTAssertEqual(named("{[\nicon: \u{200B}x.svg\n"), ["\u{200B}x.svg"])
        // A plain value outside a flow may hold its marks (review of round 105).
        XCTAssertEqual(named("{[\nicon: a,b.svg\n- c[1].svg # a comment\n"), ["a,b.svg", "c[1].svg"])
        XCTAssertEqual(named("{[\nicon:\u{3000}x.svg\u{2028}- my icon.svg\u{85}- 日本.svg\u{A0}\n"), ["x.svg", "my icon.svg", "日本.svg"])
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

extension UnreadableSpecNamesTests {
    /// The file system names files by bytes: `café.svg` with a composed é and with an e and a
    /// combining accent are two files, and a spec naming both names both (words were told apart
    /// as `String`s, which are equal by canonical equivalence, so the second was never looked
    /// at: hostile round 99). Plain values, comments and keys stuck to their colons are read as
    /// before by the byte search that replaced Foundation's.
    func testNamesDifferingOnlyInTheirNormalFormAreTwoFiles() throws {
        let composed = "caf\u{E9}.svg", decomposed = "cafe\u{301}.svg"
        for name in [composed, decomposed] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let found = UnreadableSpecNames.files(namedIn: "bogus: 1\nitems: [{icon: \(composed)}, {icon: \(decomposed)}]\n", folder: folder)
        XCTAssertEqual(Set(found.map { Array(URL(fileURLWithPath: $0).lastPathComponent.utf8) }), [Array(composed.utf8), Array(decomposed.utf8)])
        XCTAssertEqual(named("- my icon.svg # a comment\nx.svg: 1\n"), ["my icon.svg", "x.svg"])
        XCTAssertEqual(named("{icon: my icon.svg, other: q u.png}\n"), ["my icon.svg", "q u.png"])
        XCTAssertEqual(named("\u{0600} icon: my icon.svg\n"), ["my icon.svg"], "a mark that joins the next character before the space")
    }
}

/// Hostile round 99: a goldens folder of 1 MB spec-like files, each word of which was looked for
/// in the file system (1.7 s a file, half an hour for 1 000). What reading for names costs is
/// bounded across a run (`NameBudget`); a file read past it says so.
extension UnreadableSpecNamesTests {
    func testReadingForNamesStopsAtItsBudgetAndSaysSo() throws {
        let spec = folder.appendingPathComponent("s.yaml")
        try Data("bogus: 1\nitems: [{icon: x.svg}, {icon: other.png}, {icon: q u.png}]\n".utf8).write(to: spec)
        let whole = UnreadableSpecNames.reading(ofSpecAt: spec, budget: NameBudget())
        XCTAssertTrue(whole.whole)
        XCTAssertEqual(Set(whole.files.map { URL(fileURLWithPath: $0).lastPathComponent }), ["x.svg", "other.png", "q u.png"])
        // Too few bytes left: not read at all.
        let unread = UnreadableSpecNames.reading(ofSpecAt: spec, budget: NameBudget(bytes: 20))
        XCTAssertFalse(unread.whole)
        XCTAssertEqual(unread.files, [])
        // Look-ups run out part way: what was found is kept, and the reading is not whole.
        let cut = UnreadableSpecNames.reading(ofSpecAt: spec, budget: NameBudget(lookUps: 3))
        XCTAssertFalse(cut.whole)
        XCTAssertLessThan(cut.files.count, 3)
        // A path looked for once is known to the run: a second spec naming the same files costs no look-up.
        let shared = NameBudget(lookUps: 40)
        let first = UnreadableSpecNames.reading(ofSpecAt: spec, budget: shared)
        XCTAssertTrue(first.whole)
        let again = UnreadableSpecNames.reading(ofSpecAt: spec, budget: shared)
        XCTAssertTrue(again.whole)
        XCTAssertEqual(again.files, first.files)
        // A named folder's files are look-ups too.
        try Data("fonts: [fonts/]\n".utf8).write(to: spec)
        XCTAssertFalse(UnreadableSpecNames.reading(ofSpecAt: spec, budget: NameBudget(lookUps: 3)).whole, "3 words (fonts, fonts/, …) and 2 files")
        XCTAssertTrue(UnreadableSpecNames.reading(ofSpecAt: spec, budget: NameBudget(lookUps: 8)).whole)
    }
}

/// Hostile round 100: 32 768 spellings of one folder (`./d`, `.//d`, …) each listed its 5 000
/// files again (177 s for a check of one golden). A folder is listed once a run, its names
/// counted as look-ups.
extension UnreadableSpecNamesTests {
    func testAFolderIsListedOnceForEverySpellingOfIt() throws {
        let fonts = folder.appendingPathComponent("fonts")
        let spellings = (0..<200).map { index in String(repeating: index % 2 == 0 ? "./" : ".//", count: index / 2 + 1) + "fonts" }
        let text = "items: [" + spellings.joined(separator: " ")
        let budget = NameBudget(lookUps: 300)
        let first = UnreadableSpecNames.reading(ofSpecAt: try spec(text), budget: budget)
        XCTAssertTrue(first.whole, "200 spellings, one listing of 2 names, 2 files, the words items and [")
        XCTAssertEqual(Set(first.files.map { URL(fileURLWithPath: $0).lastPathComponent }), ["A.ttf", "B.otf"])
        // Listed once: a file added since is not listed again this run.
        try Data("x".utf8).write(to: fonts.appendingPathComponent("C.ttf"))
        let again = UnreadableSpecNames.reading(ofSpecAt: try spec(text + " fonts/."), budget: budget)
        XCTAssertEqual(Set(again.files.map { URL(fileURLWithPath: $0).lastPathComponent }), ["A.ttf", "B.otf"])
        // A folder's names count: one of more names than are left is not listed.
        XCTAssertFalse(UnreadableSpecNames.reading(ofSpecAt: try spec("fonts: [fonts/]"), budget: NameBudget(lookUps: 3)).whole)
    }

    private func spec(_ text: String) throws -> URL {
        let url = folder.appendingPathComponent("s.yaml")
        try Data(text.utf8).write(to: url)
        return url
    }
}

/// Hostile round 101: Tabsnap's own readers take `..`, `.` and a last `/` out of a name's text
/// before opening it (`IconAccess`), the kernel does not: `nope/../x.svg` and `x.svg/` were drawn
/// as `x.svg` but named no file here, so `check --record all` replaced the icon. Both readings
/// count.
extension UnreadableSpecNamesTests {
    func testNamesAreReadAsTabsnapsReadersOpenThemToo() throws {
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: 'nope/../x.svg'}]\n"), ["x.svg"])
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: 'x.svg/'}, {icon: x.svg/.}]\n"), ["x.svg"])
        // Through a link to a folder two down, with no x.svg one down: the kernel opens nothing,
        // Foundation's standardizing (as IconAccess reads it) falls back to the text's `..`.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d/e"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("l").path, withDestinationPath: "d/e")
        XCTAssertEqual(named("bogus: 1\nitems: [{icon: l/../x.svg}]\n"), ["x.svg"])
    }
}
