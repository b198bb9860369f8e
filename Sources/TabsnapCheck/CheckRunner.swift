import Foundation
import Tabsnap

/// `tabsnap check` without the command line: plans the goldens the specs ask for, renders and
/// verifies them on several threads, lists orphans, and returns the report.
public struct CheckRunner: Sendable {
    /// Seconds since `start` for a report: never negative (a clock set back during a run gave a
    /// negative time, which `report merge` refuses as no check could measure it).
    static func seconds(since start: Date) -> Double {
        max(0, Date().timeIntervalSince(start))
    }

    /// Spec files, or folders searched for `.yaml`, `.yml` and `.json` (a folder makes the run
    /// speak for the whole goldens folder: orphans and pruning).
    public var specs: [String]
    /// Compares, records and writes failure pictures.
    public var verifier: GoldenVerifier
    /// Check only this slice of the goldens (CI matrices); nil for all.
    public var shard: Shard?
    /// Delete orphans: goldens marked as tabsnap's that no checked spec renders.
    public var prune: Bool
    /// How many goldens are rendered and compared at once.
    public var threads: Int
    /// Where the specs' icon files may come from.
    public var icons: IconAccess = .specFolder
    /// Honoured by every render (a custom manager restyles insets and spacing).
    public var layoutManager: LayoutManager = DefaultLayoutManager()
    /// Words a spec's error for the report (a front end adds its own advice).
    public var explain: @Sendable (SpecError) -> String = { $0.description }
    /// Only the goldens these patterns match are checked (orphans are still judged against all).
    public var filter: CaseFilter?
    /// The custom layouts, buttons and indicators the specs may name (none unless set).
    public var components = ComponentRegistry.builtIn
    /// Also check the design rules (`tabsnap lint`) on the variants of the goldens checked.
    public var lints = false
    /// Sees the files the specs read (the specs, their icons, fonts and catalogs) once they are
    /// planned, before anything is written; throwing ends the run (the command line refuses a
    /// standard output that is one of them).
    public var checkInputs: @Sendable ([String]) throws -> Void = { _ in }

    /// What one spec's goldens may spend drawing SVG icons together, in ms
    /// (`Limits.specIconSeconds`; tests lower it).
    package var specIconBudget = Limits.specIconSeconds * 1_000
    /// What the run's goldens (and its lint) have spent on refusals while drawing SVG icons or
    /// a spec's own fonts (`RefusalTime`), shared by its threads.
    package var refusalTime = RefusalTime()
    /// What one spec's goldens may spend drawing text in its own fonts, in ms
    /// (`Limits.specTextSeconds`; tests lower it).
    package var specTextBudget = Limits.specTextSeconds * 1_000
    /// What each golden's picture may spend on such text besides, in ms
    /// (`Limits.pictureTextMilliseconds`; tests lower it).
    package var specTextPerPicture = Limits.pictureTextMilliseconds

    /// Whether this is `--prune --dry-run` (with `prune` false): nothing is deleted, but a run
    /// that would not prune says so (`notPruning`).
    public var pruneDryRun = false

    /// How the error that holds `--prune` back begins.
    public static let notPruning = "not pruning: "

    /// A run over `specs`; each parameter sets the property of the same name (`threads`
    /// defaults to the processor count).
    public init(specs: [String], verifier: GoldenVerifier, shard: Shard? = nil, prune: Bool = false,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.specs = specs
        self.verifier = verifier
        self.shard = shard
        self.prune = prune
        self.threads = threads
    }

    /// A spec that cannot be read is an error result (with its file, line and column) and the
    /// other specs still run, so the report shows everything at once. Throws only when a path
    /// given is neither a file nor a folder, or when pruning is asked of a shard.
    /// `progress` sees each result as it is ready, in case order.
    public func run(progress: (CaseResult) -> Void = { _ in }) throws -> CheckReport {
        if prune && shard != nil { throw SnapshotPlanner.Failure(description: "pruning needs the whole suite; run it without a shard") }
        let start = Date()
        // A goldens folder (or a folder in it) this run made and recorded nothing into — every
        // write failed: a full disk, a file size limit — goes again, however the run ends.
        let goldensFolder = HeldFolder.hold(verifier.snapshots)
        goldensFolder.recordMadeFolders()
        defer { goldensFolder.removeMadeIfEmpty() }
        var plan = try SnapshotPlanner.plan(forSpecs: specs, icons: icons, components: components, explain: explain)
        try SnapshotPlanner.requireSpecs(plan, in: specs)
        // The specs in the goldens folder, at any depth, are the user's too, in the run or not.
        let beside = SnapshotPlanner.specs(below: verifier.snapshots, excluding: plan.specFiles, icons: icons, components: components)
        plan.inputs += beside.inputs
        plan.unreadableSpecs += beside.unreadable
        try checkInputs(plan.inputs)
        try ArtifactsFolder.check(verifier.artifacts, snapshots: verifier.snapshots)
        // What an earlier run left when it was killed (SIGKILL cannot be cleaned up after).
        TemporaryFiles.shared.sweepStaleTree(in: verifier.snapshots)
        TemporaryFiles.shared.sweepStaleTree(in: verifier.artifacts)
        let all = plan.cases
        let filter = filter?.preferringWholeNames(in: all.map(\.name))
        if let filter, case let unmatched = filter.unmatched(in: all.map(\.name)), !unmatched.isEmpty {
            let names = all.map(\.name)
            throw SnapshotPlanner.Failure(description: unmatched.map { pattern in
                "'\(pattern)' matches no golden of the specs" + (KeySuggestion.nearest(to: pattern, in: names).map { "; did you mean '\($0)'?" } ?? "")
            }.joined(separator: "; "))
        }
        // The shard's slice of the whole suite first, then the filter: a shard keeps the same
        // goldens whatever is filtered, so `--last-failed` narrows its own slice (round 43: the
        // list of failures was sliced, and a failure of the shard's own slice went unchecked).
        let slice = shard.map { $0.slice(all) } ?? all
        let cases = filter.map { filter in slice.filter { filter.matches($0.name) } } ?? slice
        let verifier = self.verifier
        // A file the specs read is never a golden to compare or record over (a goldens folder
        // that is the spec folder holds its icons: hostile round 32).
        let inputs = Set(plan.inputs.map { Authorship.resolved(URL(fileURLWithPath: $0)).path }), unreadableSpecs = plan.unreadableSpecs
        var results: [CaseResult] = []
        let drawTime = SpecDrawTime(budget: specIconBudget, textBudget: specTextBudget, textPerPicture: specTextPerPicture)
        let refusals = refusalTime
        try WorkerPool.run(count: cases.count, threads: threads, window: cases.count, layoutManager: layoutManager,
                           runsAlone: { renderer, index in Self.hasLargeFrames(cases[index], renderer: renderer) },
                           job: { renderer, index in
                               Self.check(cases[index], verifier: verifier, renderer: renderer, inputs: inputs, unreadableSpecs: unreadableSpecs,
                                          drawTime: drawTime, refusals: refusals)
                           },
                           deliver: { _, result in
                               progress(result)
                               results.append(result)
                           })
        // Every shard reports the unreadable specs (a shard's slice is of goldens, and these have none).
        for failure in plan.specErrors {
            let result = CaseResult(name: failure.spec, spec: failure.spec, kind: "spec", position: nil, scale: nil, theme: nil,
                                    status: .error, message: failure.message, golden: nil, artifacts: ArtifactPaths(), seconds: 0)
            progress(result)
            results.append(result)
        }
        // A Swift test's golden in the same folder is never a spec's, an orphan or prunable; nor
        // is a file the specs read (a goldens folder holding the spec folder holds its icons).
        // Two spellings of one name are neither golden, orphan nor prunable (`NameTwins`), and
        // nor is the twin of a golden a spec renders (`BAR.png` beside `bar.yaml`: on macOS it
        // is bar.png's golden).
        let found = GoldenOwnership.goldenFiles(in: verifier.snapshots, artifacts: verifier.artifacts)
        let (listed, twins) = NameTwins.split(found.names)
        let renderedBy = Dictionary(all.map { (NameTwins.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let twinsOfRendered = listed.compactMap { name in
            renderedBy[NameTwins.key(name)].flatMap { NameTwins.areTwins(name, $0.name) ? (name, $0) : nil }
        }
        let marks = Dictionary(uniqueKeysWithValues: listed
            .filter(plan.ownership.owns)
            .filter { name in !twinsOfRendered.contains { $0.0 == name } }
            .filter { !inputs.contains(Authorship.resolved(verifier.snapshots.appendingPathComponent($0)).path) }
            .map { ($0, GoldenMark.read(fileAt: verifier.snapshots.appendingPathComponent($0))) })
        // Only a file marked as a spec's golden is provably one Tabsnap recorded: an unmarked one
        // no spec renders (recorded before 0.16.0, or the user's own picture) is named apart,
        // never an orphan, never pruned.
        let rendered = Set(all.map(\.name))
        let unmarked = Set(marks.filter { !rendered.contains($0.key) && $0.value == nil }.keys)
        let goldens = marks.filter { verifier.owner.mayUse($0.value) && !unmarked.contains($0.key) }.keys.sorted()
        var report = CheckReport(snapshots: verifier.snapshots.relativePath, artifacts: verifier.artifacts.relativePath,
                                 recordMode: verifier.mode, options: verifier.options,
                                 shards: shard.map { [$0] } ?? [], results: results, goldens: goldens,
                                 orphans: nil, pruned: [], errors: [], seconds: 0)
        report.unmarked = unmarked.sorted()
        // A file the specs read (an icon that is a link, with `--snapshots` the spec folder) is
        // none of them either.
        let notFiles = found.notFiles.filter(plan.ownership.owns)
            .filter { !inputs.contains(Authorship.resolved(verifier.snapshots.appendingPathComponent($0)).path) }
        report.notFiles = notFiles.isEmpty ? nil : notFiles
        report.unentered = found.unentered.isEmpty ? nil : found.unentered
        if filter != nil { report.filtered = true }
        for pair in twins where pair.contains(where: plan.ownership.owns) {
            report.errors.append("\(verifier.snapshots.relativePath): holds goldens named \(pair.map(NameTwins.spelt).joined(separator: " and ")), "
                                 + "which \(NameTwins.difference(pair)); "
                                 + "\(pair.count == 2 ? "neither is" : "none of them is") listed as an orphan or pruned: remove the one\(pair.count == 2 ? "" : "s") no spec renders")
        }
        for name in found.notUTF8 where plan.ownership.owns(name) {
            let what = name.hasSuffix("/") ? "a folder's name that is not valid UTF-8, so no spec renders what it holds; it is not entered,"
                : "a golden's name that is not valid UTF-8, so no spec renders it; it is not"
            report.errors.append("\(verifier.snapshots.relativePath)/\(name): \(what) listed as an orphan or pruned: rename it, or remove it")
        }
        for (name, rendered) in twinsOfRendered where plan.ownership.owns(name) {
            report.errors.append("\(verifier.snapshots.relativePath): holds \(NameTwins.spelt(name)), whose name and the golden "
                                 + "\(NameTwins.spelt(rendered.name)) of \(rendered.spec) \(NameTwins.difference([name, rendered.name])); "
                                 + "it is not listed as an orphan or pruned: rename it to \(NameTwins.spelt(rendered.name)), or remove it")
        }
        if lints {
            var linted = plan
            linted.cases = cases
            linted.specErrors = []  // already reported, once
            report.lint = Linter.lint(linted, layoutManager: layoutManager, threads: threads, refusalTime: refusalTime)
        }
        if shard == nil {
            // Orphans are judged against every case, not only this shard's. A spec that could not
            // be read renders nothing we know of, so nothing is an orphan of it: no pruning then.
            var orphans = CheckReport.orphans(goldens: goldens, rendered: all.map(\.name))
            if !plan.specErrors.isEmpty {
                let unread = GoldenOwnership(stems: Set(plan.specErrors.map(\.stem)), coversFolder: false)
                orphans = orphans.filter { !unread.owns($0) }
            }
            report.orphans = orphans
            if (prune || pruneDryRun) && !plan.specErrors.isEmpty {
                // (A dry run says so too: it listed goldens the real run would not touch, round 88.)
                report.errors.append(Self.notPruning + "\(plan.specErrors.count) spec\(plan.specErrors.count == 1 ? "" : "s") could not be read")
            } else if prune, let again = try? SnapshotPlanner.plan(forSpecs: specs, icons: icons, components: components, explain: explain),
                      again.specErrors.isEmpty {
                // The specs read again: one added while the check ran (another run recording it,
                // a pull bringing it with its goldens) owns its goldens, which were deleted
                // (hostile round 45). So was a golden written since the check began.
                let renderedNow = Set(again.cases.map(\.name))
                orphans = orphans.filter { !renderedNow.contains($0) }
                // Removed through the goldens folder held since the check began (a parent swapped
                // for a link meanwhile would lead elsewhere: hostile round 25).
                let held = HeldFolder.hold(verifier.snapshots)
                // (Its owner, through the folder held: `OutputTarget.removalProtection`.)
                var goldensOwner: uid_t?, goldensMount: UInt64 = 0
                if let root = try? held.open(creating: false) {
                    var info = stat()
                    if fstat(root, &info) == 0 { goldensOwner = info.st_uid }
                    goldensMount = MountID.of(root)
                    close(root)
                }
                for name in orphans {
                    let url = verifier.snapshots.appendingPathComponent(name)
                    do throws(FileError) {
                        let (directory, file) = try held.parent(of: name, creating: false)
                        defer { close(directory) }
                        // On the goldens folder's own mount still: a folder mounted inside since
                        // the walk is another's (hostile round 143: a bind mount made while
                        // --prune ran lost another project's golden).
                        if goldensMount != 0, MountID.of(directory) != goldensMount {
                            throw FileError(path: url.relativePath, reason: "lies below a folder mounted inside the goldens folder since the check began; not removed")
                        }
                        // Still the spec's golden it was listed as (its mark), read where it is removed.
                        let mark = GoldenMark.read(file, in: directory)
                        guard mark != nil, verifier.owner.mayUse(mark) else {
                            throw FileError(path: url.relativePath, reason: "is no longer the golden it was listed as; not removed")
                        }
                        var info = stat()
                        guard fstatat(directory, file, &info, AT_SYMLINK_NOFOLLOW) == 0,
                              Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9 < start.timeIntervalSince1970 else {
                            continue  // written (or renamed into place) while this check ran: not judged by it
                        }
                        // A golden its owner protected is kept, as `--record` keeps it (hostile
                        // round 117: a read-only golden, and another user's, were pruned).
                        if let protection = OutputTarget.removalProtection(of: info, goldensOwner: goldensOwner, writable: faccessat(directory, file, W_OK, AT_EACCESS) == 0) {
                            throw FileError(path: url.relativePath, reason: protection.reason("removing", "make it writable to prune it, or leave it", "remove it yourself"))
                        }
                        guard unlinkat(directory, file, 0) == 0 else { throw FileError.system(url.relativePath, "cannot remove the orphan") }
                        report.pruned.append(name)
                    } catch {
                        report.errors.append(error.path == url.relativePath ? "\(error)" : "\(url.relativePath): cannot remove the orphan (\(error.reason))")
                    }
                }
                report.orphans = orphans.filter { !report.pruned.contains($0) }
                report.goldens = goldens.filter { !report.pruned.contains($0) }
            } else if prune {
                report.errors.append("not pruning: the specs could not be read again at the end (one changed while the check ran?)")
            }
        }
        if results.contains(where: { $0.artifacts != ArtifactPaths() }), let moved = ArtifactsFolder.movedAway(verifier.artifacts) {
            report.errors.append(moved)
        }
        // Goldens are recorded through the goldens folder held since they were first written: a
        // folder moved away meanwhile got them, under names that no longer lead there (round 43).
        if results.contains(where: { $0.status == .recorded || $0.status == .new }),
           let reason = HeldFolder.hold(verifier.snapshots).movedAwayReason(from: verifier.snapshots, holding: "the goldens it recorded") {
            report.errors.append("\(verifier.snapshots.relativePath): \(reason), not where the messages say")
        }
        report.seconds = CheckRunner.seconds(since: start)
        return report
    }

    static func kindName(_ kind: SnapshotCase.Kind) -> String {
        switch kind {
        case .still: return "still"
        case .transition: return "transition"
        case .svg: return "svg"
        case .a11y: return "a11y"
        }
    }

    /// Frames of an eighth of the frame limit or more (2 Mpx, 8 MB as RGBA): a failing case of
    /// such frames holds several of them (the render, the golden's, the diff, the triptych's
    /// three panels), the failing frames it keeps (up to 96 MB) and three artifacts' compressed
    /// frames (up to 32 MB each), so it runs with no other case beside it (round 15: three
    /// failing 4096² transitions on two threads peaked at 1.26 GB; round 20: two failing 2048²
    /// transitions side by side, 1.05 GB once their goldens were no longer held whole).
    /// The bar is measured as it will be drawn: a bar without `height:` takes its buttons'
    /// (500 pt icons make it 500 pt tall), which its spec alone does not say.
    static func hasLargeFrames(_ snapshot: SnapshotCase, renderer: Renderer) -> Bool {
        let geometry = renderer.geometry(of: snapshot.bar, position: snapshot.position)
        return geometry.canvas.width * geometry.canvas.height * snapshot.scale * snapshot.scale >= Double(Limits.pixelsPerFrame) / 8
    }

    /// The case checked against its golden; `inputs`: the files the specs read (resolved
    /// paths), which are never taken for goldens.
    static func check(_ snapshot: SnapshotCase, verifier: GoldenVerifier, renderer: Renderer, inputs: Set<String> = [],
                      unreadableSpecs: [String] = [], drawTime: SpecDrawTime? = nil, refusals: RefusalTime? = nil) -> CaseResult {
        let start = Date()
        // What this golden draws in icons and in the spec's fonts counts to its spec's bounds
        // (`SpecDrawTime`).
        _ = renderer.takeIconMilliseconds()
        _ = renderer.takeTextTime()
        defer {
            // (The pictures are those the renderer painted: none for a golden refused before
            // drawing, a transition's frames each time they are read.)
            let text = renderer.takeTextTime()
            drawTime?.add(renderer.takeIconMilliseconds(), text: text.milliseconds, pictures: text.pictures, to: snapshot.spec)
        }
        var result = CaseResult(name: snapshot.name, spec: snapshot.spec, kind: Self.kindName(snapshot.kind),
                                position: snapshot.position, scale: snapshot.scale, theme: snapshot.theme?.rawValue,
                                status: .error, message: "",
                                golden: verifier.snapshots.appendingPathComponent(snapshot.name).relativePath,
                                artifacts: ArtifactPaths(), seconds: 0)
        result.direction = snapshot.direction?.rawValue
        result.textScale = snapshot.textScale
        result.locale = snapshot.locale?.identifier
        result.options = snapshot.options
        var verifier = verifier
        if let options = snapshot.options { verifier.options = options }
        let golden = verifier.snapshots.appendingPathComponent(snapshot.name)
        if inputs.contains(Authorship.resolved(golden).path) {
            result.message = "\(golden.relativePath) is a file the specs read (an icon, a page image, a font or a catalog), not a golden: "
                + "nothing is compared or written there; give the goldens a folder of their own (--snapshots DIR)"
            result.seconds = CheckRunner.seconds(since: start)
            return result
        }
        if let problem = UnmarkedGoldens.problem(recording: golden, mode: verifier.mode, unreadableSpecs: unreadableSpecs) {
            result.message = problem
            result.seconds = CheckRunner.seconds(since: start)
            return result
        }
        if let refusal = drawTime?.refusal(for: snapshot.spec) {
            result.message = refusal
            result.seconds = CheckRunner.seconds(since: start)
            return result
        }
        let costly = RefusalTime.isCostly(snapshot.bar)
        if costly, let refusal = refusals?.refusal() {
            result.message = "\(snapshot.spec): \(refusal)"
            result.seconds = CheckRunner.seconds(since: start)
            return result
        }
        // (Read as it returns: the time of a golden refused while it was drawn counts in the
        // run's bound; a golden that could not be read or is another's is no drawing's refusal.)
        let clock = DispatchTime.now().uptimeNanoseconds
        var drawingFailed = false
        defer {
            if costly, drawingFailed, result.status == .error {
                refusals?.add(Int((DispatchTime.now().uptimeNanoseconds - clock) / 1_000_000), spec: snapshot.spec)
            }
        }
        do {
            var record: GeometryRecord?
            if let position = snapshot.position {
                let geometry = renderer.geometry(of: snapshot.bar, position: position)
                let fits = renderer.titleFits(in: geometry)
                let unfit = fits.filter { $0.fit != .fits }
                result.titles = unfit.isEmpty ? nil : unfit
                // A still golden keeps its geometry, to say what moved when it fails.
                if case .still = snapshot.kind { record = GeometryRecord(geometry: geometry, fits: fits) }
            }
            if snapshot.kind.isText {
                result.scale = nil  // in points
                let text = try snapshot.kind.isSpoken ? CaseRenderer.spoken(of: snapshot, with: renderer) : CaseRenderer.svg(of: snapshot, with: renderer)
                let verification = verifier.verifyText(text, name: snapshot.name)
                result.status = verification.status
                result.message = verification.message
                result.artifacts = verification.artifacts
                // The report shows the start of the diff; the whole one is the artifact.
                result.textDiff = verification.textDiff.map { String(String.UnicodeScalarView($0.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).prefix(200).joined(separator: ["\n"]))) }
                result.seconds = CheckRunner.seconds(since: start)
                return result
            }
            // A transition's frames are drawn as the verifier compares them: an error drawing one
            // names its spec as a still's does (round 44: `s.dark.transition.png: items[1]…`).
            let drawn = try CaseRenderer.frames(of: snapshot, with: renderer)
            let actual = drawn.mappingErrors { error in
                drawingFailed = true
                return SpecPlacedError(spec: snapshot.spec, error: error)
            }
            // A transition golden keeps its motion, to say how it changed when it fails.
            let verification = verifier.verify(actual, name: snapshot.name, geometry: record,
                                               motion: CaseRenderer.motion(of: snapshot, with: renderer))
            result.status = verification.status
            result.message = verification.message
            result.artifacts = verification.artifacts
            result.changes = verification.changes
            result.motion = verification.motion
            // The words first, then the pixels: every report shows the message.
            if let changes = verification.changes { result.message = changes.joined(separator: "; ") + " — " + verification.message }
            if let comparison = verification.comparison {
                result.maxDeltaE = (comparison.maxDeltaE * 100).rounded() / 100
                if case .image(let image) = comparison {
                    result.differingPixels = image.differingPixels
                    result.totalPixels = image.totalPixels
                    result.region = image.region
                } else {
                    result.failingFrames = comparison.failingFrames
                }
            }
        } catch {
            drawingFailed = true
            result.message = "\(SpecPlacedError(spec: snapshot.spec, error: error))"
        }
        result.seconds = CheckRunner.seconds(since: start)
        return result
    }
}

/// An error drawing a spec's bar, named by the spec: `a.yaml: items[1].title: …`.
struct SpecPlacedError: Error, CustomStringConvertible {
    var spec: String
    var error: any Error

    var description: String {
        // A spec's own error names the file already (`a.yaml:6:38: …`): once is enough.
        let words = "\(error)"
        return words.hasPrefix(spec + ":") ? words : "\(spec): \(words)"
    }
}
