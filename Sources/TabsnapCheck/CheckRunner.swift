import Foundation
import Tabsnap

/// `tabsnap check` without the command line: plans the goldens the specs ask for, renders and
/// verifies them on several threads, lists orphans, and returns the report.
public struct CheckRunner: Sendable {
    public var specs: [String]
    public var verifier: GoldenVerifier
    public var shard: Shard?
    public var prune: Bool
    public var threads: Int

    public init(specs: [String], verifier: GoldenVerifier, shard: Shard? = nil, prune: Bool = false,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.specs = specs
        self.verifier = verifier
        self.shard = shard
        self.prune = prune
        self.threads = threads
    }

    /// Spec errors end the run before anything is rendered (a half-checked suite would look
    /// greener than it is); they throw with the spec's file, line and column.
    public func run(progress: @escaping @Sendable (CaseResult) -> Void = { _ in }) throws -> CheckReport {
        precondition(!(prune && shard != nil), "pruning needs the whole suite")
        let start = Date()
        let all = try SnapshotPlanner.cases(forSpecs: specs)
        let cases = shard.map { $0.slice(all) } ?? all
        let verifier = self.verifier
        let results = ParallelWork.run(count: cases.count, threads: threads, makeState: { Renderer() }) { renderer, index in
            let result = Self.check(cases[index], verifier: verifier, renderer: renderer)
            progress(result)
            return result
        }
        let goldens = Self.goldenFiles(in: verifier.snapshots)
        var report = CheckReport(snapshots: verifier.snapshots.relativePath, artifacts: verifier.artifacts.relativePath,
                                 recordMode: verifier.mode, options: verifier.options,
                                 shards: shard.map { [$0] } ?? [], results: results, goldens: goldens,
                                 orphans: nil, pruned: [], errors: [], seconds: 0)
        if shard == nil {
            // Orphans are judged against every case, not only this shard's.
            let orphans = CheckReport.orphans(goldens: goldens, rendered: all.map(\.name))
            report.orphans = orphans
            if prune {
                for name in orphans {
                    do {
                        try FileManager.default.removeItem(at: verifier.snapshots.appendingPathComponent(name))
                        report.pruned.append(name)
                    } catch {
                        report.errors.append("\(verifier.snapshots.appendingPathComponent(name).relativePath): cannot remove the orphan")
                    }
                }
                report.orphans = orphans.filter { !report.pruned.contains($0) }
                report.goldens = goldens.filter { !report.pruned.contains($0) }
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    static func check(_ snapshot: SnapshotCase, verifier: GoldenVerifier, renderer: Renderer) -> CaseResult {
        let start = Date()
        var result = CaseResult(name: snapshot.name, spec: snapshot.spec, kind: snapshot.position == nil ? "transition" : "still",
                                position: snapshot.position, scale: snapshot.scale, theme: snapshot.theme?.rawValue,
                                status: .error, message: "",
                                golden: verifier.snapshots.appendingPathComponent(snapshot.name).relativePath,
                                artifacts: ArtifactPaths(), seconds: 0)
        do {
            let actual = try CaseRenderer.render(snapshot, with: renderer)
            let verification = verifier.verify(actual, name: snapshot.name)
            result.status = verification.status
            result.message = verification.message
            result.artifacts = verification.artifacts
            if let comparison = verification.comparison {
                result.maxDeltaE = (comparison.maxDeltaE * 100).rounded() / 100
                if case .image(let image, _, _) = comparison {
                    result.differingPixels = image.differingPixels
                    result.totalPixels = image.totalPixels
                    result.region = image.region
                } else {
                    result.failingFrames = comparison.failingFrames
                }
            }
        } catch {
            result.message = "\(snapshot.spec): \(error)"
        }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Every .png under the folder, as paths relative to it, sorted.
    static func goldenFiles(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var names: [String] = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension.lowercased() == "png" else { continue }
            names.append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
        }
        return names.sorted()
    }
}
