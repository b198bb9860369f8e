import Foundation
import TabsnapFiles
import XCTest

/// A folder Tabsnap keeps is never written through a link planted after it was checked, and its
/// ledger is never another name of a user's file.
final class KeptFolderTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("kept"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testALinkPlantedAfterTheCheckIsNotWrittenThrough() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts")
        let victim = root.appendingPathComponent("victim.txt")
        try Data("mine".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: kept.appendingPathComponent("a.actual.png").path, withDestinationPath: victim.path)
        XCTAssertThrowsError(try AtomicFile.write([1, 2, 3], to: kept.appendingPathComponent("a.actual.png"))) { error in
            XCTAssertTrue("\(error)".contains("not writing through it"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "mine")
    }

    /// A full disk while the ledger is made leaves no ledger (hostile round 6: an empty one was
    /// left, and every later run refused the folder); an empty one left by an older Tabsnap
    /// records nothing and is taken as such. The file-size limit stands in for the full disk.
    func testAFullDiskLeavesNoHalfMadeLedger() throws {
        let kept = root.appendingPathComponent("kept")
        let ledger = kept.appendingPathComponent(".tabsnap-written")
        Authorship.keep(kept)  // files written there from now on are recorded; no ledger yet
        /// Writes a 4-byte file with writes limited to `limit` bytes a file.
        func write(limitedTo limit: rlim_t) -> Result<Void, Error> {
            var saved = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            let handler = signal(SIGXFSZ, SIG_IGN)
            var small = saved
            small.rlim_cur = limit
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small)
            let result = Result { try AtomicFile.write([1, 2, 3, 4], to: kept.appendingPathComponent("a.png")) }
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            signal(SIGXFSZ, handler)
            return result
        }
        // The file fits; the ledger's first line does not: no ledger, no file, no temporary.
        guard case .failure = write(limitedTo: 16) else { return XCTFail("the write went through under the limit") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: kept.path), [], "nothing left behind")
        // A ledger that exists gets no half line: what was appended is cut back.
        try OwnFolder.claim(kept, contents: "artifacts")
        let before = try Data(contentsOf: ledger)
        guard case .failure = write(limitedTo: rlim_t(before.count + 10)) else { return XCTFail("the write went through under the limit") }
        XCTAssertEqual(try Data(contentsOf: ledger), before)
        // With room again the folder is used as before.
        try OwnFolder.claim(kept, contents: "artifacts")
        try AtomicFile.write([1, 2, 3, 4], to: kept.appendingPathComponent("a.png"))
        XCTAssertTrue(Authorship.keep(kept).wrote("a.png"))

        // An empty ledger (an older Tabsnap made it empty first) records nothing, and is used.
        let older = root.appendingPathComponent("older")
        try FileManager.default.createDirectory(at: older, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: older.appendingPathComponent(".tabsnap-written").path, contents: Data())
        XCTAssertNoThrow(try OwnFolder.claim(older, contents: "artifacts"))
    }

    func testALedgerThatIsAHardLinkIsRefused() throws {
        let kept = root.appendingPathComponent("kept")
        let notes = root.appendingPathComponent("notes.txt")
        try Data("tabsnap-written 1\n".utf8).write(to: notes)
        XCTAssertEqual(link(notes.path, kept.appendingPathComponent(".tabsnap-written").path), 0)
        XCTAssertThrowsError(try OwnFolder.claim(kept, contents: "artifacts")) { error in
            XCTAssertTrue("\(error)".contains("is not a regular file of its own"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "tabsnap-written 1\n")
    }

    /// Another process that appended to the ledger after this one read it keeps its lines when
    /// this one compacts (0.15.0's first ledger rewrote it from memory alone, and the other
    /// process's files then no longer counted as ours).
    func testCompactingKeepsWhatAnotherProcessRecorded() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts")
        try AtomicFile.write(Array("ours".utf8), to: kept.appendingPathComponent("a.actual.png"))
        // The other process: a file written, its line appended, as its StagedFile would.
        let theirs = kept.appendingPathComponent("b.actual.png")
        try Data("theirs".utf8).write(to: theirs)
        let hash = try XCTUnwrap(Authorship.hash(ofFileAt: theirs))
        var info = stat()
        XCTAssertEqual(lstat(theirs.path, &info), 0)
        let line = "\(hash) \(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) b.actual.png\n"
        let ledger = kept.appendingPathComponent(Authorship.ledgerName)
        let handle = try FileHandle(forWritingTo: ledger)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()

        Authorship.keep(kept).compact()
        let text = try String(contentsOf: ledger, encoding: .utf8)
        XCTAssertTrue(text.contains(" b.actual.png"), text)
        XCTAssertTrue(text.contains(" a.actual.png"), text)
        XCTAssertTrue(Authorship.keep(kept).wrote("b.actual.png"))
    }
}
