import Foundation
import Tabsnap

/// Paths of the files written for a golden that did not match (relative as given).
public struct ArtifactPaths: Sendable, Codable, Equatable {
    /// The render that did not match (`NAME.actual.png`, `.actual.svg`); nil when none was written.
    public var actual: String?
    /// The diff picture (`NAME.diff.png`: red changed, yellow anti-aliasing, orange within
    /// tolerance) or, for an SVG golden, the line diff (`NAME.diff.txt`).
    public var diff: String?
    /// Expected, diff and actual side by side, labelled (`NAME.triptych.png`); nil for SVG
    /// goldens, and when the three would be too large for one picture.
    public var triptych: String?

    /// Paths as written into the report (each relative to the working folder, or absolute).
    public init(actual: String? = nil, diff: String? = nil, triptych: String? = nil) {
        self.actual = actual
        self.diff = diff
        self.triptych = triptych
    }
}

/// The verdict on one golden.
public struct Verification: Sendable {
    /// Passed, failed, missing, new, recorded or error.
    public var status: SnapshotStatus
    /// One line for people: the comparison's figures, what was recorded, or what went wrong.
    public var message: String
    /// The comparison's numbers (no pixels), when a golden was compared.
    public var comparison: StreamedComparison.Outcome?
    /// The failure pictures written for this golden (none when it passed or was recorded).
    public var artifacts: ArtifactPaths
    /// The golden file compared (inside the snapshots folder).
    public var golden: URL
    /// A text golden's line diff, when it differs.
    public var textDiff: String? = nil
    /// What moved, in the bar's terms (`GeometryDiff`), when a still differs from a golden that
    /// carries its geometry: the changes, or `GeometryDiff.pixelsOnly` when there are none. Nil
    /// when the golden has no geometry (recorded before it was kept) or none was given.
    public var changes: [String]? = nil
    /// A failing transition's curves, golden and render, when the golden keeps its motion.
    public var motion: MotionComparison? = nil
}

/// Checks one render against its golden: compares, records as the mode says, and writes the
/// actual image, the diff and the triptych into the artifacts folder when they differ. The one
/// place where golden files are written, shared by `tabsnap check` and the Swift assertions.
///
/// Frames come from a `FrameSource` and are compared one at a time against the golden read frame
/// by frame, so a long transition costs the memory of a few frames, not of all of them (plus
/// the failing frames it keeps for drawing their diff, within `passOneBudget`).
public struct GoldenVerifier: Sendable {
    /// The goldens folder; golden names are paths inside it.
    public var snapshots: URL
    /// Where failure pictures go: a folder Tabsnap keeps (it may hold only what Tabsnap wrote).
    public var artifacts: URL
    /// When goldens are written: missing, all, failed or never.
    public var mode: RecordMode
    /// How far a render may differ and still pass (ΔE and how many pixels).
    public var options: ComparisonOptions

    /// What pass one may keep of a failing animation for drawing its diff (both frames and the
    /// verdicts: 9 bytes a pixel), per golden being checked: a 100-frame swipe at 2× fits; a
    /// longer one is read, rendered and compared again in pass two.
    static let passOneBudget = 96 << 20

    /// Whose goldens this verifier compares and records (`GoldenMark`): it writes its mark into
    /// every golden it records (PNG and SVG) and refuses one marked as another's.
    public var owner: GoldenMark

    /// - Parameters:
    ///   - snapshots: the goldens folder.
    ///   - artifacts: the failure pictures' folder; from now on every file written into it is
    ///     recorded in its ledger.
    ///   - mode: when goldens are written.
    ///   - options: the comparison's tolerance (exact by default).
    ///   - owner: whose goldens these are: a spec's (`tabsnap check`) or a Swift test's.
    public init(snapshots: URL, artifacts: URL, mode: RecordMode, options: ComparisonOptions = .exact, owner: GoldenMark = .spec) {
        self.owner = owner
        self.snapshots = snapshots
        self.artifacts = artifacts
        self.mode = mode
        self.options = options
        // Every artifact written from now on is recorded in the folder's ledger, so only those
        // are ever removed (`removeStaleArtifacts`).
        Authorship.keep(artifacts)
        // Goldens are written and pruned through the folder as it is held from here on.
        HeldFolder.hold(snapshots)
    }

    /// Compares a whole picture or animation with the golden `name` (see `verify(_:name:)` for
    /// frames read one at a time).
    public func verify(_ actual: AnimatedImage, name: String) -> Verification {
        verify(FrameSource.frames(actual), name: name)
    }

    /// Compares frames with the golden `name` (a path inside `snapshots`), recording it as
    /// `mode` says and writing failure pictures into `artifacts`. Never throws: a golden that
    /// cannot be read, or a write that fails, is a verification with status `.error`.
    /// - Returns: the verdict, with the comparison's figures and the pictures written.
    public func verify(_ actual: FrameSource, name: String) -> Verification {
        verify(actual, name: name, geometry: nil)
    }

    /// As `verify(_:name:)`, for a still whose `geometry` is known: a golden recorded keeps it
    /// (an iTXt chunk), and a failure against a golden that has it says what moved
    /// (`Verification.changes`). Record mode `all` adds it to a golden recorded without.
    public func verify(_ actual: FrameSource, name: String, geometry: GeometryRecord?) -> Verification {
        verify(actual, name: name, geometry: geometry, motion: nil)
    }

    /// As `verify(_:name:geometry:)`; for a transition, `motion` makes its record (only when a
    /// golden is written, or compared and found different: a passing check lays out no frame
    /// twice). A golden recorded keeps it; a failure against a golden that has it says how the
    /// motion changed (`MotionDiff`) and carries both curves (`Verification.motion`).
    public func verify(_ actual: FrameSource, name: String, geometry: GeometryRecord?, motion: (() -> MotionRecord)?) -> Verification {
        let before = artifactFiles(of: name)
        let result = compare(actual, name: name, geometry: geometry, motion: motion)
        removeStaleArtifacts(of: name, after: result, before: before)
        return result
    }

    /// The verdict of `verify(_:name:geometry:motion:)`, with the failure pictures it draws
    /// written over the earlier run's; those not drawn again are left for the caller to settle.
    private func compare(_ actual: FrameSource, name: String, geometry: GeometryRecord?, motion: (() -> MotionRecord)?) -> Verification {
        let golden = snapshots.appendingPathComponent(name)
        // Made only when a golden is written: a passing check does not encode it. A record too
        // large for a check to read back (over 1 MB) is not kept.
        let keepsGeometry = actual.count == 1 && geometry != nil
        let keepsMotion = actual.count > 1 && motion != nil
        var made: MotionRecord?
        func motionRecord() -> MotionRecord? {
            if made == nil, keepsMotion { made = motion?() }
            return made
        }
        func notes() -> [(keyword: String, text: String)] {
            if keepsMotion { return motionRecord()?.note ?? [] }
            return keepsGeometry ? geometry?.note ?? [] : []
        }
        var result = Verification(status: .passed, message: "", comparison: nil, artifacts: ArtifactPaths(), golden: golden)
        do {
            // Links must not lead a check (or a pull request's golden) outside the two folders.
            try ContainedPath.check(golden, inside: snapshots)
            for suffix in Self.artifactSuffixes { try ContainedPath.check(artifactURL(name, suffix: suffix), inside: artifacts) }
            guard FileManager.default.fileExists(atPath: golden.path) else {
                if mode == .never {
                    result.status = .missing
                    result.artifacts.actual = try write(actual, artifact: name, suffix: "actual")
                    result.message = "no golden at \(golden.relativePath) (record mode never: nothing recorded)"
                } else {
                    try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: notes())
                    result.status = .new
                    result.message = "recorded new golden \(golden.relativePath)"
                }
                return result
            }
            // Every later pass (recording a failing golden, drawing its diff) reads the frames
            // the comparison drew, never draws them again (`FrameTape`).
            let actual = FrameTape(actual, targets: [golden, artifactURL(name, suffix: "actual")]).frames
            let bytes: PNGBytes
            let comparison: StreamedComparison.Outcome
            var stills: (expected: RGBAImage, actual: RGBAImage)?
            var still: ImageComparison?
            var passOne: StreamedComparison.PassOne?
            do {
                // Read as the comparison reaches each chunk, never held whole (a 244 MB golden on
                // each of two threads took a failing check to 1.5 GB: hostile round 20).
                bytes = try PNGBytes(contentsOf: golden, limit: Limits.goldenFileBytes, displayName: golden.relativePath)
                if let mark = GoldenMark.read(from: bytes.prefix(PNGTextMark.headBytes)[...]), !owner.mayUse(mark) {
                    result.status = .error
                    result.message = owner.refusal(golden, markedBy: mark)
                    return result
                }
                if let pair = try StreamedComparison.stills(golden: bytes, actual: actual) {
                    let image = ImageComparator.compare(expected: pair.expected, actual: pair.actual, options: options)
                    stills = pair
                    still = image
                    comparison = .image(image)
                } else {
                    let compared = try StreamedComparison.compare(golden: bytes, actual: actual, options: options,
                                                                  keeping: mode == .never || mode == .missing ? Self.passOneBudget : 0)
                    comparison = compared.outcome
                    passOne = compared
                }
            } catch let error as FileError {
                return try unreadable(golden, reason: error.reason, actual: actual, result: result, notes: notes())
            } catch let error as PNGDecoder.Failure {
                return try unreadable(golden, reason: error.description, actual: actual, result: result, notes: notes())
            }
            result.comparison = comparison
            result.message = comparison.summary
            if mode == .all && comparison.isIdentical && GoldenMark.read(from: bytes.prefix(PNGTextMark.headBytes)[...]) == nil {
                // Recorded before goldens were marked: the same pixels, now with whose they are.
                try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: notes())
                result.status = .recorded
                result.message = "marked \(golden.relativePath) as tabsnap's (identical pixels)"
                return result
            }
            if mode == .all && comparison.isIdentical && keepsGeometry, case let kept = GeometryRecord.read(from: bytes), kept != geometry,
               case let fresh = notes(), !fresh.isEmpty {
                // Recorded before geometry was kept, or with geometry that has changed since
                // (the same pixels): the bar's geometry as it is now.
                try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: fresh)
                result.status = .recorded
                result.message = "\(kept == nil ? "added the geometry to" : "updated the geometry of") \(golden.relativePath) (identical pixels)"
                return result
            }
            if mode == .all && comparison.isIdentical && keepsMotion, case let kept = MotionRecord.read(from: bytes),
               kept != motionRecord(), case let fresh = notes(), !fresh.isEmpty {
                // The same for a transition's motion.
                try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: fresh)
                result.status = .recorded
                result.message = "\(kept == nil ? "added the motion to" : "updated the motion of") \(golden.relativePath) (identical pixels)"
                return result
            }
            if comparison.matches && (mode != .all || comparison.isIdentical) { return result }
            if !comparison.matches, let geometry, let recorded = GeometryRecord.read(from: bytes) {
                let changes = GeometryDiff.changes(from: recorded, to: geometry)
                result.changes = changes.isEmpty ? [GeometryDiff.pixelsOnly] : changes
            }
            if !comparison.matches, keepsMotion, let recorded = MotionRecord.read(fitting: bytes), let now = motionRecord() {
                let changes = MotionDiff.changes(from: recorded, to: now)
                // Frames merged as holds hide a frame changed into its neighbour: only with as many
                // frames each side is "timing only" sure; with more on one side, the count is said.
                var unchanged = MotionDiff.pixelsOnly
                if case .animation(let frames) = comparison, frames.failingFrames.isEmpty {
                    unchanged = frames.expectedFrameCount == frames.actualFrameCount ? MotionDiff.timingOnly : MotionDiff.frameCountOnly
                }
                result.changes = changes.isEmpty ? [unchanged] : changes
                result.motion = MotionComparison(expected: recorded, actual: now)
            }
            let records = mode == .all || mode == .failed
            // Re-recording draws no diff: the golden is about to become the actual.
            if !comparison.matches && !records {
                let actualURL = artifactURL(name, suffix: "actual")
                let noTriptych: String?
                if let stills, let still {
                    // Fast to write, as for animations: a failing check should not wait on the
                    // smallest possible artifacts, nor on flushing what the next check makes again.
                    let diff = DiffImage.diff(expected: stills.expected, actual: stills.actual, comparison: still)
                    try AtomicFile.write(PNGEncoder.encode(diff, compression: .fast), to: artifactURL(name, suffix: "diff"), durability: .rebuildable)
                    noTriptych = DiffImage.triptychProblem([stills.expected, diff, stills.actual].map { ($0.width, $0.height) },
                                                           diffHeight: diff.height)
                    if noTriptych == nil {
                        let triptych = DiffImage.triptych(expected: stills.expected, diff: diff, actual: stills.actual)
                        try AtomicFile.write(PNGEncoder.encode(triptych, compression: .fast), to: artifactURL(name, suffix: "triptych"),
                                             durability: .rebuildable)
                    }
                    try AtomicFile.write(PNGEncoder.encode(stills.actual, compression: .fast), to: actualURL, durability: .rebuildable)
                } else {
                    noTriptych = try StreamedComparison.writeArtifacts(golden: bytes, actual: actual, options: options, passOne: passOne,
                                                                       diffURL: artifactURL(name, suffix: "diff"),
                                                                       triptychURL: artifactURL(name, suffix: "triptych"), actualURL: actualURL)
                }
                result.artifacts.diff = artifactURL(name, suffix: "diff").relativePath
                result.artifacts.triptych = noTriptych == nil ? artifactURL(name, suffix: "triptych").relativePath : nil
                result.artifacts.actual = actualURL.relativePath
                if let noTriptych { result.message += " (not written: \(noTriptych); see the diff and the actual)" }
            }
            if records {
                try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: notes())
                result.status = .recorded
                result.message = "re-recorded \(golden.relativePath) (was: \(comparison.summary))"
            } else {
                result.status = .failed
            }
        } catch let error as PNGDecoder.Failure {
            // A golden found damaged past its first frames (while the artifacts are drawn from
            // it) is named, and what was read from it so far is not said as a change (hostile
            // round 33: motion words, then "truncated PNG file" with no file).
            result.status = .error
            result.message = "\(golden.relativePath): \(error.description)"
            result.changes = nil
            result.motion = nil
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
        return result
    }

    /// A golden that cannot be read: an error, except that record mode all rewrites it anyway.
    private func unreadable(_ golden: URL, reason: String, actual: FrameSource, result: Verification,
                            notes: [(keyword: String, text: String)]) throws -> Verification {
        var result = result
        guard mode == .all else {
            result.status = .error
            result.message = "\(golden.relativePath): \(reason)"
            return result
        }
        try AnimationFileWriter.write(actual, to: golden, mark: owner.chunk, limit: .golden, notes: notes)
        result.status = .recorded
        result.message = "re-recorded \(golden.relativePath) (was unreadable: \(reason))"
        return result
    }

    /// Checks SVG text against its golden, line by line and exactly, with the same record modes.
    /// A difference writes the actual SVG (`name.actual.svg`) and the line diff (`name.diff.txt`).
    public func verifyText(_ actual: [UInt8], name: String) -> Verification {
        let before = artifactFiles(of: name)
        let result = compareText(actual, name: name)
        removeStaleArtifacts(of: name, after: result, before: before)
        return result
    }

    /// The verdict of `verifyText(_:name:)`, as `compare(_:name:geometry:motion:)` is `verify`'s.
    private func compareText(_ actual: [UInt8], name: String) -> Verification {
        let golden = snapshots.appendingPathComponent(name)
        var result = Verification(status: .passed, message: "identical", comparison: nil, artifacts: ArtifactPaths(), golden: golden)
        do {
            try ContainedPath.check(golden, inside: snapshots)
            for suffix in ["actual", "diff"] { try ContainedPath.check(artifactURL(name, suffix: suffix), inside: artifacts) }
            guard FileManager.default.fileExists(atPath: golden.path) else {
                if mode == .never {
                    result.status = .missing
                    try AtomicFile.write(actual, to: artifactURL(name, suffix: "actual"), durability: .rebuildable)
                    result.artifacts.actual = artifactURL(name, suffix: "actual").relativePath
                    result.message = "no golden at \(golden.relativePath) (record mode never: nothing recorded)"
                } else {
                    try AtomicFile.write(owner.marking(svg: actual), to: golden)
                    result.status = .new
                    result.message = "recorded new golden \(golden.relativePath)"
                }
                return result
            }
            let expected: [UInt8]
            do {
                expected = try BoundedRead.bytes(of: golden, limit: Limits.svgGoldenBytes, displayName: golden.relativePath)
            } catch {
                guard mode == .all else {
                    result.status = .error
                    result.message = "\(golden.relativePath): \(error.reason)"
                    return result
                }
                try AtomicFile.write(owner.marking(svg: actual), to: golden)
                result.status = .recorded
                result.message = "re-recorded \(golden.relativePath) (was unreadable: \(error.reason))"
                return result
            }
            // A pointer where the golden should be (LFS not pulled) is said as such, as a PNG
            // golden's is, not compared as text (hostile round 32).
            if mode != .all, expected.starts(with: Array("version https://git-lfs".utf8)) {
                result.status = .error
                result.message = "\(golden.relativePath): a Git LFS pointer, not the golden (run `git lfs pull`)"
                return result
            }
            let (text, mark) = GoldenMark.unmarked(svg: expected)
            if let mark, !owner.mayUse(mark) {
                result.status = .error
                result.message = owner.refusal(golden, markedBy: mark)
                return result
            }
            if text == actual {
                guard mode == .all else { return result }
                guard mark == nil else {
                    result.message = "identical (not rewritten)"
                    return result
                }
                // Recorded before goldens were marked: the same text, now with whose it is.
                try AtomicFile.write(owner.marking(svg: actual), to: golden)
                result.status = .recorded
                result.message = "marked \(golden.relativePath) as tabsnap's (identical)"
                return result
            }
            let diff = LineDiff.diff(expected: text, actual: actual)
            var summary = "\(diff.differingLines) line\(diff.differingLines == 1 ? " differs" : "s differ"), from line \(diff.firstLine)"
            // A checkout that turned LF into CRLF changes every line and nothing else: say so.
            if Self.withoutCRBeforeLF(text) == actual, text.count != actual.count {
                summary += " — only their line ends: the golden's are CRLF (a checkout's conversion?), Tabsnap writes LF"
            } else if expected.starts(with: [0xEF, 0xBB, 0xBF]) {
                // So does an editor that saved it with a byte-order mark (hostile round 32).
                let bomless = GoldenMark.unmarked(svg: Array(expected.dropFirst(3))).svg
                if bomless == actual || Self.withoutCRBeforeLF(bomless) == actual {
                    summary += " — only a byte-order mark (U+FEFF) at the golden's start\(bomless == actual ? "" : " and CRLF line ends") (an editor's?); Tabsnap writes neither"
                }
            } else if let note = Self.textNote(golden: text, actual: actual) {
                summary += " — " + note
            }
            result.textDiff = diff.text
            if mode == .all || mode == .failed {
                try AtomicFile.write(owner.marking(svg: actual), to: golden)
                result.status = .recorded
                result.message = "re-recorded \(golden.relativePath) (was: \(summary))"
                return result
            }
            try AtomicFile.write(actual, to: artifactURL(name, suffix: "actual"), durability: .rebuildable)
            try AtomicFile.write(Array(diff.text.utf8), to: artifactURL(name, suffix: "diff"), durability: .rebuildable)
            result.artifacts.actual = artifactURL(name, suffix: "actual").relativePath
            result.artifacts.diff = artifactURL(name, suffix: "diff").relativePath
            result.status = .failed
            result.message = summary
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
        return result
    }

    /// Why a text golden that reads like the render differs from it, when its bytes say (round
    /// 41: the line diff showed the same lines, or replacement characters, and no reason): not
    /// UTF-8 (UTF-16, another encoding), or the same text in another Unicode normalisation.
    static func textNote(golden: [UInt8], actual: [UInt8]) -> String? {
        if golden.starts(with: [0xFF, 0xFE]) || golden.starts(with: [0xFE, 0xFF]) {
            return "the golden is UTF-16 (it starts with a UTF-16 byte-order mark: an editor's?); Tabsnap writes UTF-8"
        }
        guard let text = String(validating: golden, as: UTF8.self) else {
            return "the golden is not UTF-8 text (another encoding: an editor's?); Tabsnap writes UTF-8"
        }
        if text == String(decoding: actual, as: UTF8.self) {
            return "only in Unicode normalisation (the same text, its accents composed differently: an editor's or a tool's conversion?)"
        }
        // An editor that strips the last newline makes the diff show a blank line added (round 44).
        if golden + [0x0A] == actual {
            return "only the newline at the end: the golden's last line has none (an editor's?); Tabsnap ends every line with one"
        }
        if golden == actual + [0x0A] {
            return "only a newline added at the golden's end (an editor's?); Tabsnap writes none after the last line's"
        }
        return nil
    }

    /// The bytes with each CR that ends a line (before an LF) left out.
    static func withoutCRBeforeLF(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) { out.append(byte) }
        return out
    }

    /// `name.png` → `<artifacts>/name.<suffix>.png`; `name.svg` → `name.actual.svg`, `name.diff.txt`;
    /// `name.a11y.txt` → `name.a11y.actual.txt`, `name.a11y.diff.txt`.
    func artifactURL(_ name: String, suffix: String) -> URL {
        if name.hasSuffix(".svg") {
            return artifacts.appendingPathComponent("\(name.dropLast(4)).\(suffix).\(suffix == "diff" ? "txt" : "svg")")
        }
        if name.hasSuffix(".txt") {
            return artifacts.appendingPathComponent("\(name.dropLast(4)).\(suffix).txt")
        }
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        return artifacts.appendingPathComponent("\(base).\(suffix).png")
    }

    private func write(_ frames: FrameSource, artifact name: String, suffix: String) throws -> String {
        let url = artifactURL(name, suffix: suffix)
        try AnimationFileWriter.write(frames, to: url)
        return url.relativePath
    }

    /// The suffixes of a golden's artifacts.
    private static let artifactSuffixes = ["actual", "diff", "triptych"]

    /// Which file stands at each of the golden's artifact paths (device, inode and change time;
    /// nil for none): a picture written since is a new file there (written aside and renamed).
    private func artifactFiles(of name: String) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for suffix in Self.artifactSuffixes {
            var info = stat()
            guard lstat(artifactURL(name, suffix: suffix).path, &info) == 0 else { continue }
            found[suffix] = [Int(info.st_dev), Int(info.st_ino), info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        }
        return found
    }

    /// Artifacts from an earlier run would describe a failure that may be gone: once this run's
    /// verdict is known, those it did not write again are removed. Not before: a run that could
    /// not write its own (a full disk, a ledger locked by another program) left the folder with
    /// neither (hostile round 54). An error leaves them as they were, unless it came part way
    /// through writing this run's (the diff written, then the disk full): then the earlier ones
    /// go, so the folder never holds two runs' pictures of one golden side by side; the report
    /// links none of them. Only files the folder's ledger proves Tabsnap wrote, by their
    /// content: a user's file that only has an artifact's name stays, and so does anything
    /// behind a link.
    private func removeStaleArtifacts(of name: String, after result: Verification, before: [String: [Int]]) {
        let ledger = Authorship.keep(artifacts)
        let prefix = artifacts.standardizedFileURL.path + "/"
        // The artifact's path in the folder, as its ledger names it.
        func path(_ suffix: String) -> String? {
            let url = artifactURL(name, suffix: suffix).standardizedFileURL
            return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : nil
        }
        let stale: [String]
        if result.status == .error {
            // Replaced by this run: another file there since, and one this process wrote (not
            // another process's run at the same moment, nor the same file touched by someone
            // else; runs in one process verify a golden one at a time).
            let now = artifactFiles(of: name)
            let replaced = Self.artifactSuffixes.filter { suffix in
                now[suffix] != nil && now[suffix] != before[suffix] && path(suffix).map(ledger.wroteHere) == true
            }
            guard !replaced.isEmpty else { return }
            stale = Self.artifactSuffixes.filter { !replaced.contains($0) }
        } else {
            let written = [("actual", result.artifacts.actual), ("diff", result.artifacts.diff), ("triptych", result.artifacts.triptych)]
            stale = written.filter { $0.1 == nil }.map(\.0)
        }
        for suffix in stale {
            guard let path = path(suffix) else { continue }
            ledger.removeIfWritten(path)
        }
    }
}
