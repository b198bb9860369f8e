import Foundation
import Tabsnap
import TabsnapCheck
import TabsnapFiles

/// "Copy as golden": writes the picture on screen as the golden `tabsnap check` compares
/// against, when the page's settings are those of one of the spec's goldens. Goldens are
/// rendered and written by the checker's own code (`CaseRenderer`, `GoldenVerifier`), so the
/// next `tabsnap check` passes on them byte for byte.
public struct PreviewGoldens: Sendable {
    /// One golden the spec asks for, with the settings whose picture it holds.
    public struct Golden: Encodable, Sendable, Equatable {
        /// The golden's file name inside the goldens folder, as `tabsnap check` names it
        /// (`ios-tab-bar.dark.p0.5@2x.png`).
        public var name: String
        /// `still`, `svg` or `transition`.
        public var kind: String
        /// The position a still or SVG golden shows; nil for a transition.
        public var position: Double?
        /// Pixels per point a PNG golden is drawn at (for an SVG golden, which is in points, the
        /// spec's scale).
        public var scale: Double
        /// The bar's theme: `light` or `dark`.
        public var theme: String
        /// The bar's direction: `ltr` or `rtl`.
        public var direction: String
        /// The factor every title's font size is multiplied by (1: as the spec sets them).
        public var textScale: Double
        /// The locale when the spec lists locales (`de`, `pseudo-rtl`); nil: the spec's own.
        public var locale: String?
    }

    let suite: PreviewSuite
    /// The goldens folder (`--snapshots`); nil when the preview was started without one.
    public let snapshots: URL?
    /// The verifier's artifacts folder: the server's private folder (`PrivateFolder.make`), never
    /// a predictable name another local user could plant a link at.
    let artifacts: URL

    /// - Parameters:
    ///   - suite: The specs whose goldens can be written.
    ///   - snapshots: The goldens folder (`--snapshots`); nil when none was given, and then every
    ///     write is refused with a message saying how to give one.
    ///   - scratch: The server's private folder; the verifier's artifacts go in its `artifacts`
    ///     subfolder.
    public init(suite: PreviewSuite, snapshots: URL?, scratch: URL) {
        self.suite = suite
        self.snapshots = snapshots
        artifacts = scratch.appendingPathComponent("artifacts")
        // Known from the start, its path's own links resolved now, as `check` resolves its
        // folder's: known at the first copy instead, a folder swapped for a link in between was
        // resolved through it, and every later copy wrote into the link's target (hostile
        // round 37). Each copy then holds the folder at that path (`folderProblem`).
        if let snapshots { HeldFolder.hold(snapshots) }
    }

    /// Why the goldens folder's path does not lead to a folder Tabsnap may write in, or nil.
    /// Each copy holds the folder at the path anew, reached from the root with no link followed
    /// (its own links were resolved when the preview started): the preview runs for hours, and
    /// the folder held from the start, moved away, was written to under a path that no longer
    /// led there (hostile round 39), while a link put in its place is refused.
    private static func folderProblem(_ snapshots: URL) -> PreviewProblem? {
        let held = HeldFolder.hold(snapshots)
        held.release()
        var info = stat()
        guard lstat(snapshots.path, &info) == 0 else { return nil }  // gone: made again when written
        let replaced = PreviewProblem(status: 409, description: "\(snapshots.path) is no longer a folder reached without a link "
                                      + "(a link or a file was put in its place); tabsnap does not write through it")
        guard info.st_mode & S_IFMT == S_IFDIR else { return replaced }
        // Held now, so a folder another program keeps locked is said as such (it was "no longer
        // a folder reached without a link": round 54).
        do throws(FileError) { close(try held.open(creating: false)) } catch {
            return PreviewProblem(status: 409, description: "\(error)")
        }
        guard held.holds(info) else { return replaced }
        return nil
    }

    /// The spec's goldens, or why none can be written now.
    public func goldens(of entry: PreviewSuite.Entry) -> Result<[Golden], PreviewProblem> {
        cases(of: entry).map { $0.map(Self.golden) }
    }

    /// Renders and records the golden `name` of spec `spec`; returns its path. `shownVersion`:
    /// the version of the spec the page shows (`PreviewSuite.Entry.version`); another one is
    /// refused (409), as the golden would not be the picture the page shows.
    public func write(spec: String, name: String, shownVersion: Int? = nil) throws(PreviewProblem) -> String {
        guard let entry = suite.entry(spec) else { throw PreviewProblem(status: 404, description: "no spec named \(PreviewRequest.quoted(spec))") }
        try entry.require(shown: shownVersion, then: "copy")
        guard let snapshots else { throw PreviewProblem(status: 409, description: Self.noFolder) }
        // The folder is held (locked shared) only while a copy is made: held for the preview's
        // life, it kept other runs from removing the folders they made, and a gallery's ledger
        // lock on it waited (hostile round 53).
        defer { HeldFolder.hold(snapshots).release() }
        // The page is drawn from the document read when the watcher last saw the spec change: a
        // spec folder swapped for another (or for a link) goes unseen, and the new spec's picture
        // was written as the golden of the page's (round 43). So the file is read again, refused
        // when it is not the page's, and the goldens are drawn from that one reading (a locale's
        // from the file read in it, then checked once more).
        let found: [SnapshotCase]
        switch cases(of: entry, checkingAgainst: entry.document) {
        case .success(let cases): found = cases
        case .failure(let problem): throw problem
        }
        guard let snapshot = found.first(where: { $0.name == name }) else {
            throw PreviewProblem(status: 404, description: "\(entry.path) has no golden named \(PreviewRequest.quoted(name))")
        }
        // A file any served spec reads is never recorded over (a goldens folder that is the
        // spec folder holds their icons: hostile round 32 for the spec's own, round 33 for
        // another spec's).
        let golden = Authorship.resolved(snapshots.appendingPathComponent(snapshot.name)).path
        // And the specs anywhere in the goldens folder that are not served (rounds 83, 84).
        let watched = suite.watchedFiles()
        let served = Set(watched.values.compactMap(\.first).map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let unserved = SnapshotPlanner.specs(below: snapshots, excluding: served,
                                           icons: suite.icons, components: suite.components)
        let inputs = found.flatMap(\.inputFiles) + watched.values.flatMap { $0 } + unserved.inputs
        if inputs.contains(where: { Authorship.resolved(URL(fileURLWithPath: $0)).path == golden }) {
            throw PreviewProblem(status: 409, description: "\(snapshot.name) is a file a spec reads (a spec, an icon, a page image, a font or a catalog), not a golden; give the goldens a folder of their own")
        }
        if let problem = UnmarkedGoldens.problem(recording: URL(fileURLWithPath: golden), mode: .all,
                                                 unreadableSpecs: suite.unreadableSpecs() + unserved.unreadable) {
            throw PreviewProblem(status: 409, description: problem)
        }
        if let problem = Self.folderProblem(snapshots) { throw problem }
        // A golden whose name differs only in case is the same file on macOS and Windows; check
        // calls the pair an error (round 43: the preview wrote bar.png beside BAR.png, 200).
        let goldenURL = snapshots.appendingPathComponent(snapshot.name), file = goldenURL.lastPathComponent
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: goldenURL.deletingLastPathComponent().path)) ?? []
        if let twin = beside.first(where: { NameTwins.areTwins($0, file) }) {
            throw PreviewProblem(status: 409, description: "\(goldenURL.deletingLastPathComponent().path) holds \(NameTwins.spelt(twin)), whose name and "
                                 + "\(NameTwins.spelt(file)) \(NameTwins.difference([twin, file])); rename it to \(NameTwins.spelt(file)), or remove it")
        }
        // Nothing is written there when recording; the verifier only needs a place.
        let verifier = GoldenVerifier(snapshots: snapshots, artifacts: artifacts, mode: .all)
        let renderer = Renderer()
        let verification: Verification
        do {
            if snapshot.kind.isText {
                let text = try snapshot.kind.isSpoken ? CaseRenderer.spoken(of: snapshot, with: renderer) : CaseRenderer.svg(of: snapshot, with: renderer)
                verification = verifier.verifyText(text, name: snapshot.name)
            } else {
                // A still keeps its geometry and a transition its motion, as check records them.
                var record: GeometryRecord?
                if case .still(let position) = snapshot.kind { record = GeometryRecord(of: snapshot.bar, at: position, renderer: renderer) }
                verification = verifier.verify(try CaseRenderer.frames(of: snapshot, with: renderer), name: snapshot.name, geometry: record,
                                               motion: CaseRenderer.motion(of: snapshot, with: renderer))
            }
        } catch {
            throw PreviewProblem(status: 422, description: "\(error)")
        }
        guard [.recorded, .new, .passed].contains(verification.status) else {
            // The verifier refused (a golden marked as another's, read-only, a link): the
            // request conflicts with what is there, not a fault of the server.
            throw PreviewProblem(status: verification.status == .error ? 409 : 500, description: verification.message)
        }
        // Written through the folder held for this copy: moved away (or swapped) while a long
        // transition was drawn, it has the golden under a path that no longer leads there
        // (round 43: 200, naming gold/…, the file in gold.moved/).
        if let place = HeldFolder.hold(snapshots).movedAway(from: snapshots) {
            throw PreviewProblem(status: 409, description: "\(snapshots.path) was moved away (or something put in its place) while the golden was drawn; "
                                 + "\(snapshot.name) is in the folder it was written into, \(place)")
        }
        return verification.golden.path
    }

    static let noFolder = "no goldens folder: start the preview with --snapshots DIR (the folder tabsnap check --snapshots reads)"

    /// The spec's goldens, read from its file; with `shown`, refused unless the file still holds
    /// that document (before the goldens are planned, and after, when a locale read it again).
    private func cases(of entry: PreviewSuite.Entry, checkingAgainst shown: SpecDocument? = nil) -> Result<[SnapshotCase], PreviewProblem> {
        guard snapshots != nil else { return .failure(PreviewProblem(status: 409, description: Self.noFolder)) }
        let spoilt = PreviewProblem(status: 409, description: "the spec has an error; fix it first (\(entry.error ?? ""))")
        if shown == nil, entry.error != nil { return .failure(spoilt) }
        let changed = PreviewProblem(status: 409, description: "\(entry.path) is not the spec the page drew (it changed, or its folder was replaced); "
                                     + "reload the page to see it, then copy")
        func read() throws(SpecError) -> SpecDocument {
            try SpecLoader.loadDocument(contentsOf: URL(fileURLWithPath: entry.path), displayName: entry.path, icons: suite.icons, components: suite.components)
        }
        let document: SpecDocument
        do {
            document = try read()
        } catch {
            // A spec the watcher saw spoilt keeps its page's wording; the spec as read says its own.
            return .failure(entry.error != nil ? spoilt : PreviewProblem(status: 409, description: error.description))
        }
        if let shown, document != shown {
            suite.reload(entry.name)
            return .failure(changed)
        }
        // The file reads as the page's last good document while the watcher saw an edit spoil
        // it: the page shows the error, and it stands.
        if entry.error != nil { return .failure(spoilt) }
        do {
            let cases = try SnapshotPlanner.cases(of: document, path: entry.path, stem: entry.name, icons: suite.icons, components: suite.components)
            if shown != nil, document.snapshots.locales?.isEmpty == false, try read() != document {
                suite.reload(entry.name)
                return .failure(changed)
            }
            return .success(cases)
        } catch {
            return .failure(PreviewProblem(status: 409, description: error.description))
        }
    }

    private static func golden(_ snapshot: SnapshotCase) -> Golden {
        let kind: String
        switch snapshot.kind {
        case .still: kind = "still"
        case .svg: kind = "svg"
        case .a11y: kind = "a11y"
        case .transition: kind = "transition"
        }
        return Golden(name: snapshot.name, kind: kind, position: snapshot.position, scale: snapshot.scale,
                      theme: snapshot.bar.theme.rawValue, direction: snapshot.bar.direction.rawValue,
                      textScale: snapshot.bar.textScale, locale: snapshot.locale?.identifier)
    }
}
