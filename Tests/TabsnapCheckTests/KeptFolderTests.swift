import Foundation
@testable import TabsnapFiles
import TabsnapModel
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

    /// A folder of many files Tabsnap did not write is refused once enough are read, without
    /// a list of all (hostile round 125: 900 000 files were all walked and kept, 84 MB); a few
    /// are counted whole.
    func testAFolderOfManyForeignFilesIsRefusedWithoutReadingThemAll() throws {
        let crowded = root.appendingPathComponent("crowded/deep")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        for index in 0..<(OwnFolder.foreignEnough + 50) { XCTAssertTrue(FileManager.default.createFile(atPath: crowded.appendingPathComponent("f\(index)").path, contents: nil)) }
        XCTAssertThrowsError(try OwnFolder.claim(root.appendingPathComponent("crowded"), recursive: true, contents: "artifacts", kind: .artifacts)) { error in
            XCTAssertTrue("\(error)".contains("holds files tabsnap did not write (deep/f"), "\(error)")
            XCTAssertTrue("\(error)".contains("and over \(OwnFolder.foreignEnough - 1) more"), "\(error)")
        }
        let few = root.appendingPathComponent("few")
        try FileManager.default.createDirectory(at: few, withIntermediateDirectories: true)
        for index in 0..<3 { XCTAssertTrue(FileManager.default.createFile(atPath: few.appendingPathComponent("f\(index)").path, contents: nil)) }
        XCTAssertThrowsError(try OwnFolder.claim(few, recursive: true, contents: "artifacts", kind: .artifacts)) { error in
            XCTAssertTrue("\(error)".contains("(f0 and 2 more)"), "\(error)")
        }
    }

    /// The stale-temporary sweep removes only this user's files: another user's file under a
    /// temporary's name of this host, from a writer no longer running, is theirs (hostile round
    /// 129: root's file was swept by its name alone). This user's own leftover goes.
    func testTheTemporarySweepLeavesAnotherUsersFile() throws {
        guard geteuid() == 0 else { throw XCTSkip("gives a file to another user: needs root (CI runs as root)") }
        let swept = root.appendingPathComponent("swept")
        try FileManager.default.createDirectory(at: swept, withIntermediateDirectories: true)
        let theirs = swept.appendingPathComponent(".r.png.tabsnap-99998-deadbeef-\(TemporaryName.hostTag).tmp")
        let mine = swept.appendingPathComponent(".s.png.tabsnap-99997-deadbeef-\(TemporaryName.hostTag).tmp")
        try Data("theirs".utf8).write(to: theirs)
        try Data("mine".utf8).write(to: mine)
        XCTAssertEqual(chown(theirs.path, 65534, 65534), 0)
        TemporaryFiles.shared.sweepStale(in: swept)
        XCTAssertTrue(FileManager.default.fileExists(atPath: theirs.path), "another user's file stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: mine.path), "this user's leftover goes")
    }

    func testALinkPlantedAfterTheCheckIsNotWrittenThrough() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        let victim = root.appendingPathComponent("victim.txt")
        try Data("mine".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: kept.appendingPathComponent("a.actual.png").path, withDestinationPath: victim.path)
        XCTAssertThrowsError(try AtomicFile.write([1, 2, 3], to: kept.appendingPathComponent("a.actual.png"))) { error in
            XCTAssertTrue("\(error)".contains("not writing through it"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "mine")
    }

    /// The folder swapped for a link after it was kept (hostile round 22's F6, made
    /// deterministic): files are written into, and removed from, the folder that was kept, now
    /// under another name; the link's target gets nothing and loses nothing.
    func testAKeptFolderSwappedForALinkIsStillTheOneWrittenAndCleaned() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        try AtomicFile.write(Array("ours".utf8), to: kept.appendingPathComponent("old.actual.png"))
        let victim = root.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("ours".utf8).write(to: victim.appendingPathComponent("old.actual.png"))  // the same bytes
        try Data("mine".utf8).write(to: victim.appendingPathComponent("new.actual.png"))
        let moved = root.appendingPathComponent("moved")
        XCTAssertEqual(rename(kept.path, moved.path), 0)
        try FileManager.default.createSymbolicLink(at: kept, withDestinationURL: victim)

        try AtomicFile.write(Array("new".utf8), to: kept.appendingPathComponent("new.actual.png"))
        XCTAssertTrue(Authorship.keep(kept).removeIfWritten("old.actual.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted(), ["new.actual.png", "old.actual.png"])
        XCTAssertEqual(try String(contentsOf: victim.appendingPathComponent("new.actual.png"), encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOf: moved.appendingPathComponent("new.actual.png"), encoding: .utf8), "new")
        XCTAssertFalse(FileManager.default.fileExists(atPath: moved.appendingPathComponent("old.actual.png").path))
    }

    /// Hostile round 25's F2 and F3: the goldens folder is held from the check's start; its
    /// parent swapped for a link afterwards makes writes and removals there fail, rather than
    /// land in the link's target (a user's file named like a golden was replaced, another
    /// suite's golden pruned).
    func testAHeldFolderWhoseParentBecameALinkIsNotWrittenThrough() throws {
        let goldens = root.appendingPathComponent("P/g"), other = root.appendingPathComponent("Q/g")
        for folder in [goldens, other] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data("my notes".utf8).write(to: other.appendingPathComponent("bar.png"))
        HeldFolder.hold(goldens)
        XCTAssertEqual(rename(root.appendingPathComponent("P").path, root.appendingPathComponent("P.real").path), 0)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("P"), withDestinationURL: root.appendingPathComponent("Q"))
        XCTAssertThrowsError(try AtomicFile.write([1, 2, 3], to: goldens.appendingPathComponent("bar.png"))) { error in
            XCTAssertTrue("\(error)".contains("no longer reached without a link"), "\(error)")
        }
        XCTAssertThrowsError(try HeldFolder.hold(goldens).parent(of: "bar.png", creating: false), "a removal cannot reach it either")
        XCTAssertEqual(try String(contentsOf: other.appendingPathComponent("bar.png"), encoding: .utf8), "my notes")
    }

    /// A kept folder removed and made again (a script clearing its artifacts between two checks
    /// of one process) is the one written next; a file there that Tabsnap did not write is not
    /// replaced, even when it appeared after the folder was claimed.
    func testARemadeKeptFolderIsHeldAgainAndItsStrangersStay() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        try AtomicFile.write(Array("one".utf8), to: kept.appendingPathComponent("a.png"))
        try FileManager.default.removeItem(at: kept)
        try AtomicFile.write(Array("two".utf8), to: kept.appendingPathComponent("a.png"))
        XCTAssertEqual(try String(contentsOf: kept.appendingPathComponent("a.png"), encoding: .utf8), "two")
        XCTAssertTrue(Authorship.keep(kept).wrote("a.png"))

        try Data("mine".utf8).write(to: kept.appendingPathComponent("b.png"))
        XCTAssertThrowsError(try AtomicFile.write(Array("ours".utf8), to: kept.appendingPathComponent("b.png"))) { error in
            XCTAssertTrue("\(error)".contains("a file tabsnap did not write"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: kept.appendingPathComponent("b.png"), encoding: .utf8), "mine")
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
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        let before = try Data(contentsOf: ledger)
        guard case .failure = write(limitedTo: rlim_t(before.count + 10)) else { return XCTFail("the write went through under the limit") }
        XCTAssertEqual(try Data(contentsOf: ledger), before)
        // With room again the folder is used as before.
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        try AtomicFile.write([1, 2, 3, 4], to: kept.appendingPathComponent("a.png"))
        XCTAssertTrue(Authorship.keep(kept).wrote("a.png"))

        // An empty ledger (an older Tabsnap made it empty first) records nothing, and is used.
        let older = root.appendingPathComponent("older")
        try FileManager.default.createDirectory(at: older, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: older.appendingPathComponent(".tabsnap-written").path, contents: Data()))
        XCTAssertNoThrow(try OwnFolder.claim(older, contents: "artifacts", kind: .artifacts))
    }

    func testALedgerThatIsAHardLinkIsRefused() throws {
        let kept = root.appendingPathComponent("kept")
        let notes = root.appendingPathComponent("notes.txt")
        try Data("tabsnap-written 1\n".utf8).write(to: notes)
        XCTAssertEqual(link(notes.path, kept.appendingPathComponent(".tabsnap-written").path), 0)
        XCTAssertThrowsError(try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)) { error in
            XCTAssertTrue("\(error)".contains("is not a regular file of its own"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "tabsnap-written 1\n")
    }

    /// Another process that appended to the ledger after this one read it keeps its lines when
    /// this one compacts (0.15.0's first ledger rewrote it from memory alone, and the other
    /// process's files then no longer counted as ours).
    func testCompactingKeepsWhatAnotherProcessRecorded() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
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

extension KeptFolderTests {
    /// Another process compacting the ledger between this one's line and its file's rename saw
    /// the line without its file and dropped it; the file was then not provably Tabsnap's. The
    /// rename is now done with the folder locked, so compaction waits for it.
    func testCompactingWaitsForAFileBetweenItsLineAndItsName() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        let mine = Authorship.keep(kept)
        let other = Authorship(folder: kept)  // another process's view of the folder
        let temporary = kept.appendingPathComponent(".staging"), named = kept.appendingPathComponent("a.actual.png")
        try Data("ours".utf8).write(to: temporary)
        var info = stat()
        XCTAssertEqual(lstat(temporary.path, &info), 0)
        let compacted = expectation(description: "the other process compacted")
        try mine.record(hash: try XCTUnwrap(Authorship.hash(ofFileAt: temporary)), identity: Authorship.identity(info), at: "a.actual.png") {
            Thread.detachNewThread {
                other.compact()
                compacted.fulfill()
            }
            // The compaction waits for the folder's lock, held until the file has its name.
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(rename(temporary.path, named.path), 0)
        }
        wait(for: [compacted], timeout: 10)
        let text = try String(contentsOf: kept.appendingPathComponent(Authorship.ledgerName), encoding: .utf8)
        XCTAssertTrue(text.contains(" a.actual.png"), text)
        XCTAssertTrue(Authorship(folder: kept).wrote("a.actual.png"))
    }
}

extension KeptFolderTests {
    /// Writes `bytes` as `name` in `folder` the way a run's StagedFile does: a temporary, its
    /// line in `ledger`, then its name.
    private func write(_ bytes: String, as name: String, in folder: URL, by ledger: Authorship) throws {
        let temporary = folder.appendingPathComponent(".staging-\(UUID().uuidString)")
        try Data(bytes.utf8).write(to: temporary)
        var info = stat()
        XCTAssertEqual(lstat(temporary.path, &info), 0)
        try ledger.record(hash: try XCTUnwrap(Authorship.hash(ofFileAt: temporary)), identity: Authorship.identity(info), at: name) {
            XCTAssertEqual(rename(temporary.path, folder.appendingPathComponent(name).path), 0)
        }
    }

    /// Hostile round 44 F1: two runs filled one new folder with the same pictures, and the one
    /// that made it, stopped, removed the other's files by their bytes (the other said "Wrote 34
    /// files", exit 0). A run undoing its folder removes only the very files it wrote there, and
    /// none another run also wrote.
    func testUndoingAFolderLeavesWhatAnotherRunWroteThereToo() throws {
        let kept = root.appendingPathComponent("kept")
        try OwnFolder.claim(kept, contents: "artifacts", kind: .artifacts)
        let mine = Authorship(folder: kept), theirs = Authorship(folder: kept)
        try write("same", as: "a.png", in: kept, by: mine)
        try write("same", as: "a.png", in: kept, by: theirs)   // theirs replaced mine, the same bytes
        try write("same", as: "b.png", in: kept, by: theirs)   // theirs alone
        try write("same", as: "c.png", in: kept, by: theirs)
        try write("same", as: "c.png", in: kept, by: mine)     // mine replaced theirs
        try write("mine", as: "d.png", in: kept, by: mine)     // mine alone
        XCTAssertEqual(mine.removeWrittenHereAlone(["a.png", "b.png", "c.png", "d.png"]), ["d.png"])
        for name in ["a.png", "b.png", "c.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: kept.appendingPathComponent(name).path), name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: kept.appendingPathComponent("d.png").path))
    }
}

extension KeptFolderTests {
    /// Hostile round 46 S2: the sweep of a dead writer's leftovers emptied and removed any folder
    /// of our name pattern, a user's files in it included. A folder is removed only when it holds
    /// what a staging folder holds (frames, `frames.json`, our temporaries); a file of the
    /// pattern, and a frames staging, still go.
    func testTheSweepRemovesOnlyWhatAStagingFolderHolds() throws {
        let folder = root.appendingPathComponent("sweep")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func name(_ base: String, pid: Int) -> String { ".\(base)\(TemporaryName.marker)\(pid)-1-\(TemporaryName.hostTag)\(TemporaryName.suffix)" }
        let mine = folder.appendingPathComponent(name("f9", pid: 3_999_999))   // a user's folder, one of our names
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: mine.appendingPathComponent("precious.txt"))
        let staging = folder.appendingPathComponent(name("f8", pid: 3_999_998))
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        // (A writer killed before its manifest; one with a manifest: the next test.)
        for file in ["frame-0000.png", "frame-0001.png"] { try Data("x".utf8).write(to: staging.appendingPathComponent(file)) }
        let file = folder.appendingPathComponent(name("out.png", pid: 3_999_997))
        try Data("half".utf8).write(to: file)
        TemporaryFiles.shared.sweepStale(in: folder)
        XCTAssertEqual(try String(contentsOf: mine.appendingPathComponent("precious.txt"), encoding: .utf8), "precious")
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }
}

extension KeptFolderTests {
    /// Hostile round 110: a run in another process-id namespace with the same host name (a
    /// container sharing the host's name) took a live writer of the host for a dead one of its
    /// own and swept its staging folder mid-write. The tag names the namespace too: a tag of the
    /// host name alone is another run's, whose process ids are not ours to judge.
    func testTheHostTagNamesTheProcessIDNamespace() throws {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")) != nil else { throw XCTSkip("no /proc") }
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        var hash: UInt32 = 2_166_136_261
        for byte in buffer.prefix(while: { $0 != 0 }).map({ UInt8(bitPattern: $0) }) { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hostNameOnly = String(hash, radix: 16)
        XCTAssertNotEqual(TemporaryName.hostTag, String(repeating: "0", count: 8 - hostNameOnly.count) + hostNameOnly)
        // A leftover tagged with the host name alone (another namespace's, or a version before
        // this one) is not swept.
        let folder = root.appendingPathComponent("namespaces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let other = folder.appendingPathComponent(".out.png\(TemporaryName.marker)3999997-1-\(String(repeating: "0", count: 8 - hostNameOnly.count) + hostNameOnly)\(TemporaryName.suffix)")
        try Data("live".utf8).write(to: other)
        TemporaryFiles.shared.sweepStale(in: folder)
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.path))
    }
}

extension KeptFolderTests {
    /// Hostile round 112: `animate -o DIR/` swaps its staging folder with the earlier one and
    /// then removes the earlier frames; killed there, the earlier folder is left under a
    /// temporary name, and the next run's sweep deleted it by names alone, with a frame the user
    /// edited during the run. A folder with a manifest is removed only when the manifest
    /// vouches for every frame in it.
    func testTheSweepLeavesAFrameFolderWhoseManifestDoesNotVouchForAFrame() throws {
        let folder = root.appendingPathComponent("swapped")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func staging(_ base: String, pid: Int) throws -> URL {
            let url = folder.appendingPathComponent(".\(base)\(TemporaryName.marker)\(pid)-1-\(TemporaryName.hostTag)\(TemporaryName.suffix)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for frame in ["frame-0000.png", "frame-0001.png"] { try Data("frame \(frame)".utf8).write(to: url.appendingPathComponent(frame)) }
            var entries: [[String: Any]] = []
            for (index, frame) in ["frame-0000.png", "frame-0001.png"].enumerated() {
                entries.append(["index": index, "file": frame, "sha256": try XCTUnwrap(Authorship.hash(ofFileAt: url.appendingPathComponent(frame)))])
            }
            try JSONSerialization.data(withJSONObject: ["timeUnit": "ms", "frames": entries]).write(to: url.appendingPathComponent(FrameFileName.manifest))
            return url
        }
        let edited = try staging("out", pid: 3_999_991), vouched = try staging("other", pid: 3_999_992), cut = try staging("cut", pid: 3_999_993)
        try Data("USER EDIT".utf8).write(to: edited.appendingPathComponent("frame-0001.png"))
        // Round 113: a killed writer's staging, its manifest cut off mid-write, is its own.
        let manifest = try Data(contentsOf: cut.appendingPathComponent(FrameFileName.manifest))
        try manifest.prefix(manifest.count / 2).write(to: cut.appendingPathComponent(FrameFileName.manifest))
        TemporaryFiles.shared.sweepStale(in: folder)
        XCTAssertEqual(try String(contentsOf: edited.appendingPathComponent("frame-0001.png"), encoding: .utf8), "USER EDIT")
        XCTAssertFalse(FileManager.default.fileExists(atPath: vouched.path), "every frame vouched for: removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cut.path), "a manifest cut off: a killed writer's staging, removed")
    }

    /// The manifest bound the files module keeps is the one the frame limit implies.
    func testTheLargestManifestReadIsFourHundredBytesAFrameOfTheLimit() {
        XCTAssertEqual(FrameFileName.manifestBytes, Limits.framesPerTransition * 400)
    }
}
