import Foundation
import Tabsnap
@testable import TabsnapPreview
import XCTest

final class PreviewSuiteTests: XCTestCase {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("more"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testRescanAddsAndDropsSpecsOfFoldersButKeepsFilesGivenAlone() throws {
        let root = try folder()
        let alone = root.appendingPathComponent("alone.yaml")
        try "width: 200\nitems: [A, B]".write(to: alone, atomically: true, encoding: .utf8)
        let specs = root.appendingPathComponent("more")
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [alone.path, specs.path])
        XCTAssertEqual(suite.names, ["alone", "one"])
        XCTAssertFalse(suite.rescan(), "nothing changed")

        try FileManager.default.createDirectory(at: specs.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "width: 200\nitems: [A, B, C]".write(to: specs.appendingPathComponent("sub/two.yml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.names, ["alone", "one", "sub/two"])
        XCTAssertEqual(suite.entry("sub/two")?.document?.bar.items.count, 3, "a new spec is read at once")
        XCTAssertTrue(suite.specFolders.contains(specs.appendingPathComponent("sub").standardizedFileURL.path))

        try FileManager.default.removeItem(at: specs.appendingPathComponent("one.yaml"))
        try FileManager.default.removeItem(at: alone)
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.names, ["alone", "sub/two"], "a file given by itself stays, to show its error")
        XCTAssertNotNil(suite.reload("alone")?.error)
        XCTAssertNotNil(suite.entry("alone")?.document, "its last good document stays")
    }

    /// Hostile round 47 (found by the stop's own check): a file whose name is not UTF-8 added to
    /// a watched folder emptied the page (the folder's listing threw, and was taken as none).
    /// It is now a spec with that error, and the folder's other specs stay.
    func testAFileNamedInBadUTF8IsAnErrorNotAnEmptyFolder() throws {
        let specs = try folder().appendingPathComponent("more")
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [specs.path])
        var raw = Array((specs.path + "/b").utf8) + [0xFF] + Array(".yaml".utf8)
        raw.append(0)
        let file = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(file, 0)
        close(file)
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.names, ["b\\xFF", "one"].sorted())
        XCTAssertNotNil(suite.entry("one")?.document)
        XCTAssertEqual(suite.entry("b\\xFF")?.error, specs.path + "/b\\xFF.yaml: the name is not valid UTF-8; rename it (golden names come from spec names)")
        XCTAssertNotNil(suite.reload("b\\xFF")?.error, "read again, still that error")
        // Its version changes only when its card does: an unrelated event (another spec's
        // file, a reload of every erring spec) made the page fetch it again (round 50).
        let version = suite.entry("b\\xFF")?.version
        try "width: 200\nitems: [A, B, C]".write(to: specs.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(suite.reload(dependingOn: [specs.appendingPathComponent("one.yaml").standardizedFileURL.path]).map(\.name), ["one"])
        XCTAssertEqual(suite.entry("b\\xFF")?.version, version)
        // A preview started with it there starts, with the same card; a file of another kind
        // with such a name (an icon) is no card.
        var icon = Array((specs.path + "/i").utf8) + [0xFF] + Array(".png".utf8)
        icon.append(0)
        let made = icon.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(made, 0)
        close(made)
        let started = try PreviewSuite(paths: [specs.path])
        XCTAssertEqual(started.names, ["b\\xFF", "one"])
        // Round 49 M3: a file literally named as the escaped form (`b\xFF.yaml`, a backslash)
        // hid it; the two are one card saying so (and refused at start, as twins are).
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("b\\xFF.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(started.rescan())
        XCTAssertTrue(started.entry("b\\xFF")?.error?.contains("have the same name 'b\\xFF' (one of them is named in bytes that are not UTF-8, shown escaped)") == true,
                      started.entry("b\\xFF")?.error ?? "")
        XCTAssertThrowsError(try PreviewSuite(paths: [specs.path])) { error in
            XCTAssertTrue("\(error)".contains("(one of them is named in bytes that are not UTF-8, shown escaped); give one of them"), "\(error)")
        }
    }

    /// The page's controls and locales are applied to the text of the version the page shows,
    /// not to the file as it is by then: a download held to that version (`v`) was drawn from a
    /// file changed since, before the watcher said so (found by this stop's review).
    func testControlsAndLocalesApplyToTheVersionsText() throws {
        let specs = try folder().appendingPathComponent("more")
        let file = specs.appendingPathComponent("one.yaml")
        try "width: 200\nitems: [A, B]".write(to: file, atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [specs.path])
        let entry = try XCTUnwrap(suite.entry("one"))
        try "width: 300\nitems: [A, B]".write(to: file, atomically: true, encoding: .utf8)
        var controls = SpecOverrides()
        controls.tint = "#FF0000"
        XCTAssertTrue(try suite.text(of: entry, with: controls).contains("width: 200"))
        XCTAssertEqual(try suite.document(of: entry, with: controls, in: nil).bar.width, 200)
        XCTAssertEqual(try suite.document(of: entry, in: SpecLocale("pseudo-accented")!).bar.width, 200)
        // Once read again: the new version's.
        let next = try XCTUnwrap(suite.reload("one"))
        XCTAssertEqual(try suite.document(of: next, with: controls, in: nil).bar.width, 300)
    }

    /// Hostile round 48: a spec that is a link to a file outside the folders given never showed
    /// an edit of its target. The target is watched, and a change there reads the spec again.
    func testALinkedSpecIsWatchedAtItsTarget() throws {
        let root = try folder()
        let outside = root.appendingPathComponent("outside.yaml")
        try "width: 200\nitems: [Old, B]".write(to: outside, atomically: true, encoding: .utf8)
        let specs = root.appendingPathComponent("more")
        try FileManager.default.createSymbolicLink(at: specs.appendingPathComponent("link.yaml"), withDestinationURL: outside)
        let suite = try PreviewSuite(paths: [specs.path])
        let target = outside.resolvingSymlinksInPath().path
        XCTAssertTrue(suite.allWatchedFiles.contains(target), "\(suite.allWatchedFiles)")
        try "width: 200\nitems: [New, B]".write(to: outside, atomically: true, encoding: .utf8)
        XCTAssertEqual(suite.reload(dependingOn: [target]).map(\.name), ["link"])
        XCTAssertEqual(suite.entry("link")?.document?.bar.items.first?.title, "New")
        // Round 49: the target deleted, the link is still watched there, and the card says what
        // it is; put back, it is a spec again.
        try FileManager.default.removeItem(at: outside)
        XCTAssertTrue(suite.allWatchedFiles.contains(target), "\(suite.allWatchedFiles)")
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.entry("link")?.error, specs.path + "/link.yaml: is a symbolic link to nothing (its target is missing); give a regular file")
        try "width: 200\nitems: [Back, B]".write(to: outside, atomically: true, encoding: .utf8)
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.entry("link")?.document?.bar.items.first?.title, "Back")
    }

    /// Hostile round 48 M3: two specs whose names differ only in Unicode normalisation (or in
    /// extension) added to a folder: the second was dropped without a word. One card says so.
    func testTwoSpecsOfOneNameAddedLaterAreOneErrorCard() throws {
        let specs = try folder().appendingPathComponent("more")
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [specs.path])
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("caf\u{E9}.yaml"), atomically: true, encoding: .utf8)
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("cafe\u{301}.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.names.count, 2)
        let card = try XCTUnwrap(suite.entry("caf\u{E9}"))
        XCTAssertNil(card.document)
        XCTAssertTrue(card.error?.contains("' (their names differ only in Unicode normalisation") == true, card.error ?? "")
        XCTAssertTrue(card.error?.contains("caf\\u{E9}.yaml") == true && card.error?.contains("cafe\\u{301}.yaml") == true, card.error ?? "")
        // One removed: the other is a spec again.
        try FileManager.default.removeItem(at: specs.appendingPathComponent("cafe\u{301}.yaml"))
        XCTAssertTrue(suite.rescan())
        XCTAssertNil(suite.entry("caf\u{E9}")?.error)
        XCTAssertNotNil(suite.entry("caf\u{E9}")?.document)
        // Another extension: the same name, said without the normalisation.
        try "width: 200\nitems: [A, B]".write(to: specs.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        XCTAssertTrue(suite.rescan())
        XCTAssertTrue(suite.entry("one")?.error?.hasSuffix("one.yaml have the same name 'one'; rename or remove one of them") == true,
                      suite.entry("one")?.error ?? "")
        // The same file given twice (its folder, and itself, either order) is one spec.
        try FileManager.default.removeItem(at: specs.appendingPathComponent("one.json"))
        for paths in [[specs.path, specs.appendingPathComponent("one.yaml").path], [specs.appendingPathComponent("one.yaml").path, specs.path]] {
            let twice = try PreviewSuite(paths: paths)
            XCTAssertNil(twice.entry("one")?.error, "\(paths): \(twice.entry("one")?.error ?? "")")
            XCTAssertNotNil(twice.entry("one")?.document)
        }
    }

    /// Hostile round 49 M2: the page sends every item's title with its controls, so a badge-only
    /// edit turned catalog keys into the source language's text, and the page's locale `de`
    /// refused the view. An unchanged title keeps its key; a changed one replaces it.
    func testABadgeOnlyEditKeepsTheCatalogKeys() throws {
        let specs = try folder().appendingPathComponent("more")
        try #"{"sourceLanguage":"en","version":"1.0","strings":{"tab.home":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Home"}},"de":{"stringUnit":{"state":"translated","value":"Start"}}}}}}"#
            .write(to: specs.appendingPathComponent("App.xcstrings"), atomically: true, encoding: .utf8)
        try "width: 200\nstrings: [App.xcstrings]\nitems: [{title: {key: tab.home}}, B]".write(to: specs.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [specs.path])
        let entry = try XCTUnwrap(suite.entry("one"))
        let german = try XCTUnwrap(SpecLocale("de"))
        let badged = SpecOverrides(items: [.init(title: "Home"), .init(title: "B", badge: "3")])
        let drawn = try suite.document(of: entry, with: badged, in: german).bar.items
        XCTAssertEqual(drawn.map(\.title), ["Start", "B"])
        XCTAssertEqual(drawn.map(\.badge), [nil, "3"])
        XCTAssertTrue(try suite.text(of: entry, with: badged).contains("tab.home"))
        // A title changed on the page is the page's text.
        let renamed = SpecOverrides(items: [.init(title: "Inbox"), .init(title: "B")])
        XCTAssertEqual(try suite.document(of: entry, with: renamed, in: nil).bar.items.map(\.title), ["Inbox", "B"])
    }

    /// A spec given by name on a link to nothing starts the preview with its error card, as a FIFO
    /// did (it refused to start: hostile round 50), and the target put back is the spec.
    func testASpecGivenByNameOnALinkToNothingIsAnErrorCardUntilItsTargetIsBack() throws {
        let root = try folder()
        let link = root.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "gone.yaml")
        let suite = try PreviewSuite(paths: [link.path])
        XCTAssertEqual(suite.names, ["link"])
        XCTAssertEqual(suite.entry("link")?.error, "\(link.path): is a symbolic link to nothing (its target is missing); give a regular file")
        try "width: 200\nitems: [A, B]".write(to: root.appendingPathComponent("gone.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(suite.reload("link")?.document?.bar.items.count, 2)
        XCTAssertNil(suite.entry("link")?.error)
    }

    /// A spec in a folder given that is a link to nothing is an error card; its target put back
    /// (named as no spec is, `data/a.txt`) is seen: the card waits on it, so the folder is
    /// listed again (the list is otherwise listed again only for spec names).
    func testALinkToNothingInAFolderBecomesASpecWhenItsTargetIsBack() throws {
        let root = try folder()
        let specs = root.appendingPathComponent("more")
        try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("a.yaml").path, withDestinationPath: "../data/a.txt")
        let suite = try PreviewSuite(paths: [specs.path])
        XCTAssertEqual(suite.entry("a")?.error, specs.path + "/a.yaml: is a symbolic link to nothing (its target is missing); give a regular file")
        let target = root.appendingPathComponent("data/a.txt").standardizedFileURL.path
        XCTAssertFalse(suite.cardsWaitOn([root.appendingPathComponent("data/b.txt").path]))
        XCTAssertTrue(suite.cardsWaitOn([target]))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "width: 200\nitems: [A, B]".write(toFile: target, atomically: true, encoding: .utf8)
        XCTAssertTrue(suite.rescan())
        XCTAssertNil(suite.entry("a")?.error)
        XCTAssertEqual(suite.entry("a")?.document?.bar.items.count, 2)
        // A named path and the folder holding it are one card, not twins (a FIFO given both ways).
        XCTAssertEqual(mkfifo(specs.appendingPathComponent("q.yaml").path, 0o644), 0)
        let both = try PreviewSuite(paths: [specs.path, specs.appendingPathComponent("q.yaml").path])
        XCTAssertEqual(both.names, ["a", "q"])
        let error = both.entry("q")?.error ?? ""
        XCTAssertTrue(error.contains("q.yaml: is a FIFO (a named pipe)") && !error.contains("same name"), error)
    }

    func testTwoSpecsOfTheSameNameAreRefused() throws {
        let root = try folder()
        try "width: 200\nitems: [A]".write(to: root.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        try "width: 200\nitems: [A]".write(to: root.appendingPathComponent("more/bar.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PreviewSuite(paths: [root.appendingPathComponent("bar.yaml").path, root.appendingPathComponent("more/bar.yaml").path])) {
            XCTAssertTrue("\($0)".contains("have the same name 'bar'"), "\($0)")
        }
    }

    /// An icon shared by two specs reloads both.
    func testAChangedIconReloadsEverySpecUsingIt() throws {
        let root = try folder()
        let icon = root.appendingPathComponent("more/dot.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>"#
            .write(to: icon, atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            try "preset: tabBar\nwidth: 200\nitems: [{title: X, icon: dot.svg}]".write(to: root.appendingPathComponent("more/\(name).yaml"), atomically: true, encoding: .utf8)
        }
        try "width: 200\nitems: [Y]".write(to: root.appendingPathComponent("more/c.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [root.appendingPathComponent("more").path])
        XCTAssertEqual(suite.reload(dependingOn: [icon.standardizedFileURL.path]).map(\.name), ["a", "b"])
    }
}

extension PreviewSuiteTests {
    /// Hostile round 46 S1: versions started at 1 in every server, so a page open across a
    /// restart took the new spec for the one it showed, and Copy as golden wrote the new picture.
    /// A server never gives a version twice, and two servers (almost surely) differ.
    func testVersionsAreNeverGivenTwice() throws {
        let root = try folder()
        let spec = root.appendingPathComponent("more/bar.yaml")
        try "width: 200\nitems: [A, B]".write(to: spec, atomically: true, encoding: .utf8)
        let first = try PreviewSuite(paths: [root.appendingPathComponent("more").path])
        let restarted = try PreviewSuite(paths: [root.appendingPathComponent("more").path])
        XCTAssertNotEqual(first.entry("bar")?.version, restarted.entry("bar")?.version)
        var seen: Set<Int> = []
        for _ in 0..<5 {
            let version = try XCTUnwrap(first.reload("bar")?.version)
            XCTAssertTrue(seen.insert(version).inserted)
        }
        // A spec that leaves and comes back is a new version too.
        try FileManager.default.removeItem(at: spec)
        _ = first.rescan()
        try "width: 200\nitems: [A, B]".write(to: spec, atomically: true, encoding: .utf8)
        _ = first.rescan()
        XCTAssertFalse(seen.contains(try XCTUnwrap(first.entry("bar")?.version)))
    }
}

/// Hostile round 105: every unreadable spec was read for its names to a bound of its own, so 100
/// files of 1 MB of words kept the page from starting for 290 s, and every change read them all
/// again. A rescan's or a change's specs share one bound (`NameBudget`).
extension PreviewSuiteTests {
    func testUnreadableSpecsShareOneBoundOnReadingForNames() throws {
        let root = try folder()
        // 17 spec-like files just under the spec limit, not YAML: 17 MB, past the 16 MB bound
        // together and within it each (one long word each: bytes are what is counted here).
        let text = "{[\n" + String(repeating: "x", count: Limits.specFileBytes - 8)
        for index in 0..<17 {
            try text.write(to: root.appendingPathComponent("more/s\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let suite = try PreviewSuite(paths: [root.appendingPathComponent("more").path])
        XCTAssertEqual(suite.unreadableSpecs().count, 17)
        XCTAssertTrue(suite.unreadableSpecs().contains { $0.hasSuffix(NameBudget.note) }, "\(suite.unreadableSpecs())")
        // A change reads them all again within one bound too; one spec read alone has its own.
        let changed = suite.reload(dependingOn: [])
        XCTAssertEqual(changed.count, 17)
        XCTAssertTrue(changed.contains { $0.namesCut })
        XCTAssertEqual(suite.reload("s0")?.namesCut, false)
    }
}
