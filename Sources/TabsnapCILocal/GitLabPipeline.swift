import Foundation
import Yams

/// Reads a `.gitlab-ci.yml` into a `CIPipeline`: `stages`, `variables`, hidden templates and
/// `extends`, `before_script`/`script`/`after_script`, `parallel: N` (as `CI_NODE_INDEX` of
/// `CI_NODE_TOTAL`), `needs`, `when: always`, and `artifacts` (`paths`, `when`). A job starts
/// from a fresh checkout with the artifacts of the jobs it needs (of every earlier stage,
/// without `needs`) at their paths. Anything else is an error naming where it is.
enum GitLabPipeline {
    /// Top-level keys that are settings, not jobs.
    private static let reserved: Set<String> = ["stages", "variables", "default", "include", "workflow", "image", "services", "cache", "before_script", "after_script"]

    static func read(_ text: String, file: String) throws -> CIPipeline {
        guard let root = try Yams.load(yaml: text) as? [String: Any] else { throw CIFileError(description: "\(file): not a map") }
        let stages = try GitHubWorkflow.list(root["stages"], at: "\(file): stages")
        let variables = try GitHubWorkflow.strings(root["variables"], at: "\(file): variables")
        var jobs: [(stage: Int, id: String, body: [String: Any])] = []
        for id in root.keys.sorted() where !reserved.contains(id) && !id.hasPrefix(".") {
            let at = "\(file): \(id)"
            guard var body = root[id] as? [String: Any] else { throw CIFileError(description: "\(at): not a map") }
            for template in try GitHubWorkflow.list(body["extends"], at: "\(at).extends").reversed() {
                guard let base = root[template] as? [String: Any] else { throw CIFileError(description: "\(at).extends: no \(template)") }
                body = base.merging(body) { _, own in own }
            }
            let stage = body["stage"] as? String ?? "test"
            guard let index = stages.firstIndex(of: stage) else { throw CIFileError(description: "\(at).stage: \(stage) is not in stages") }
            jobs.append((index, id, body))
        }
        jobs.sort { ($0.stage, $0.id) < ($1.stage, $1.id) }
        var instances: [String: [String]] = [:]
        var pipeline = CIPipeline(jobs: [])
        for job in jobs {
            let at = "\(file): \(job.id)"
            let count = try parallel(job.body["parallel"], at: "\(at).parallel")
            let needed = job.body["needs"] != nil
                ? try GitHubWorkflow.list(job.body["needs"], at: "\(at).needs").flatMap { need -> [String] in
                    guard let names = instances[need] else { throw CIFileError(description: "\(at).needs: no earlier job \(need)") }
                    return names
                }
                : jobs.filter { $0.stage < job.stage }.flatMap { instances[$0.id] ?? [] }
            let script = try ["before_script", "script"].flatMap { try lines(job.body[$0], at: "\(at).\($0)") }.joined(separator: "\n")
            let after = try lines(job.body["after_script"], at: "\(at).after_script").joined(separator: "\n")
            let artifacts = job.body["artifacts"] as? [String: Any]
            let paths = try GitHubWorkflow.list(artifacts?["paths"], at: "\(at).artifacts.paths")
            let artifactsWhen: StepCondition = (artifacts?["when"] as? String) == "always" ? .always : (artifacts?["when"] as? String) == "on_failure" ? .failure : .success
            for index in 1...count {
                let name = count == 1 ? job.id : "\(job.id) \(index)/\(count)"
                instances[job.id, default: []].append(name)
                var environment = variables
                for (key, value) in try GitHubWorkflow.strings(job.body["variables"], at: "\(at).variables") { environment[key] = value }
                environment["GITLAB_CI"] = "true"
                environment["CI_JOB_NAME"] = name
                if count > 1 {
                    environment["CI_NODE_INDEX"] = "\(index)"
                    environment["CI_NODE_TOTAL"] = "\(count)"
                }
                var steps: [CIStep] = [.checkout, .download(pattern: "*", into: nil), .run(name: "script", script: script, when: .success)]
                if !after.isEmpty { steps.append(.run(name: "after_script", script: after, when: .always)) }
                if !paths.isEmpty { steps.append(.upload(name: name, paths: paths, keepPaths: true, when: artifactsWhen)) }
                pipeline.jobs.append(CIJob(name: name, needs: needed, runsAfterFailure: (job.body["when"] as? String) == "always",
                                           environment: environment, steps: steps))
            }
        }
        return pipeline
    }

    private static func parallel(_ value: Any?, at place: String) throws -> Int {
        guard let value else { return 1 }
        guard let count = value as? Int, (1...200).contains(count) else { throw CIFileError(description: "\(place): only a number of jobs (1 to 200) is supported") }
        return count
    }

    private static func lines(_ value: Any?, at place: String) throws -> [String] {
        try GitHubWorkflow.list(value, at: place)
    }
}
