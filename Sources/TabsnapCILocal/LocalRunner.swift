import Foundation

/// Runs a `CIPipeline` on this machine as a CI service would, each job apart: a job runs in a
/// folder of its own holding a fresh copy of the project (the checkout), sees of other jobs
/// only the artifacts it downloads, and starts once the jobs it needs are done. Scripts run in
/// bash with `-e -o pipefail`, with the pipeline's variables, `CI=true`, and `PATH` starting with
/// the folders given (where the local `tabsnap` is: a workflow's install step finds it there).
struct LocalRunner {
    /// What a checkout copies.
    var project: URL
    /// Holds `jobs/NAME/` (each job's folder) and `artifacts/NAME/` (what each upload kept).
    var work: URL
    /// Put before `PATH`.
    var pathPrepend: [String]
    /// Says what happens, a line at a time.
    var log: (String) -> Void

    /// Each job's verdict, in the order they ran: true for success, nil when it never ran.
    func run(_ pipeline: CIPipeline) throws -> [(job: String, succeeded: Bool?)] {
        var results: [String: Bool?] = [:]
        var order: [(String, Bool?)] = []
        var pending = pipeline.jobs
        while !pending.isEmpty {
            guard let next = pending.firstIndex(where: { job in job.needs.allSatisfy { results[$0] != nil } }) else {
                throw CIFileError(description: "the jobs' needs form a cycle: \(pending.map(\.name).joined(separator: ", "))")
            }
            let job = pending.remove(at: next)
            let neededFailed = job.needs.contains { results[$0] != .some(true) }
            if neededFailed && !job.runsAfterFailure {
                log("job \(job.name): skipped (a job it needs failed)")
                results[job.name] = .some(nil)
                order.append((job.name, nil))
                continue
            }
            let succeeded = try run(job)
            log("job \(job.name): \(succeeded ? "succeeded" : "failed")")
            results[job.name] = .some(succeeded)
            order.append((job.name, succeeded))
        }
        return order
    }

    private func run(_ job: CIJob) throws -> Bool {
        let folder = work.appendingPathComponent("jobs").appendingPathComponent(Self.folderName(job.name))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var failed = false
        for step in job.steps {
            switch step {
            case .checkout:
                for name in try FileManager.default.contentsOfDirectory(atPath: project.path) {
                    try FileManager.default.copyItem(at: project.appendingPathComponent(name), to: folder.appendingPathComponent(name))
                }
            case .run(let name, let script, let when):
                guard when.allows(failedSoFar: failed) else { continue }
                let status = try shell(script, in: folder, environment: job.environment)
                log("  \(name): exit \(status)")
                if status != 0 { failed = true }
            case .upload(let name, let paths, let keepPaths, let when):
                guard when.allows(failedSoFar: failed) else { continue }
                try upload(name: name, paths: paths, keepPaths: keepPaths, from: folder)
            case .download(let pattern, let into):
                guard !failed else { continue }
                try download(pattern: pattern, into: into, folder: folder, needs: job.needs)
            }
        }
        return !failed
    }

    private func shell(_ script: String, in folder: URL, environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-o", "pipefail", "-c", script]
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        variables["CI"] = "true"
        variables["PATH"] = (pathPrepend + [variables["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")
        variables["GITHUB_WORKSPACE"] = folder.path
        variables["CI_PROJECT_DIR"] = folder.path
        process.environment = variables
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func upload(name: String, paths: [String], keepPaths: Bool, from folder: URL) throws {
        let store = work.appendingPathComponent("artifacts").appendingPathComponent(Self.folderName(name))
        try? FileManager.default.removeItem(at: store)
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let existing = paths.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        // GitHub roots the artifact at the paths' least common folder (one folder: its contents).
        let root: String
        if keepPaths {
            root = ""
        } else if existing.count == 1, case var only = existing[0], Self.isFolder(folder.appendingPathComponent(only)) {
            while only.hasSuffix("/") { only.removeLast() }
            root = only
        } else {
            let parts = existing.map { $0.split(separator: "/").dropLast() }
            var common: [Substring] = parts.first.map(Array.init) ?? []
            for other in parts.dropFirst() { common = Array(zip(common, other).prefix { $0 == $1 }.map(\.0)) }
            root = common.joined(separator: "/")
        }
        for path in existing {
            let source = folder.appendingPathComponent(path)
            var relative = path
            while relative.hasSuffix("/") { relative.removeLast() }
            relative = root.isEmpty ? relative : String(relative.dropFirst(root.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let target = relative.isEmpty ? store : store.appendingPathComponent(relative)
            try copyMerging(source, to: target)
        }
        log("  upload \(name): \(existing.isEmpty ? "nothing (no such path)" : existing.joined(separator: ", "))")
    }

    private func download(pattern: String, into: String?, folder: URL, needs: [String]) throws {
        let store = work.appendingPathComponent("artifacts")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).sorted()
        // GitHub downloads any artifact of the run by name; GitLab only those of the jobs needed.
        let allowed = into == nil ? Set(needs.map(Self.folderName)) : nil
        var fetched: [String] = []
        for name in names where Self.matches(name, pattern: pattern) && (allowed?.contains(name) ?? true) {
            let target = into.map { folder.appendingPathComponent($0).appendingPathComponent(name) } ?? folder
            try copyMerging(store.appendingPathComponent(name), to: target)
            fetched.append(name)
        }
        log("  download \(pattern): \(fetched.isEmpty ? "nothing" : fetched.joined(separator: ", "))")
    }

    /// Copies a file, or a folder's contents into `target` (made when missing).
    private func copyMerging(_ source: URL, to target: URL) throws {
        guard Self.isFolder(source) else {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: source, to: target)
            return
        }
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try copyMerging(source.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A glob with `*` only.
    private static func matches(_ name: String, pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return name == pattern }
        guard name.hasPrefix(parts[0]), name.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = Substring(name.dropFirst(parts[0].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= parts[parts.count - 1].count
    }

    /// A job or artifact name as a folder name (`shard 1/3` → `shard 1-3`).
    static func folderName(_ name: String) -> String {
        name.replacingOccurrences(of: "/", with: "-")
    }
}
