import Foundation
import Yams

/// Reads a GitHub Actions workflow into a `CIPipeline`: jobs with `needs`, job and step `if`
/// (`always()`, `success()`, `failure()`), `strategy.matrix` (lists, expanded), `env` at every
/// level, `run` steps, and the actions `checkout`, `upload-artifact` and `download-artifact`.
/// Expressions are `${{ matrix.KEY }}` and `${{ strategy.job-total }}`. Anything else is an
/// error naming where it is, so what runs locally is what the file says.
enum GitHubWorkflow {
    static func read(_ text: String, file: String) throws -> CIPipeline {
        guard let root = try Yams.load(yaml: text) as? [String: Any], let jobs = root["jobs"] as? [String: Any] else {
            throw CIFileError(description: "\(file): no jobs")
        }
        let workflowEnv = try strings(root["env"], at: "\(file): env")
        // Matrix instances first, so `needs` can name every instance of a job.
        var instances: [String: [String]] = [:]
        var expanded: [(id: String, name: String, matrix: [String: String], total: Int, body: [String: Any])] = []
        for id in jobs.keys.sorted() {
            guard let body = jobs[id] as? [String: Any] else { throw CIFileError(description: "\(file): job \(id) is not a map") }
            let matrices = try matrix(of: body, at: "\(file): jobs.\(id)")
            for values in matrices {
                let name = values.isEmpty ? id : "\(id) (" + values.keys.sorted().map { values[$0] ?? "" }.joined(separator: ", ") + ")"
                instances[id, default: []].append(name)
                expanded.append((id, name, values, matrices.count, body))
            }
        }
        var pipeline = CIPipeline(jobs: [])
        for job in expanded {
            let at = "\(file): jobs.\(job.id)"
            let needs = try list(job.body["needs"], at: "\(at).needs").flatMap { need -> [String] in
                guard let names = instances[need] else { throw CIFileError(description: "\(at).needs: no job \(need)") }
                return names
            }
            let substitute = { (text: String, place: String) throws -> String in
                try expressions(in: text, matrix: job.matrix, total: job.total, at: place)
            }
            var environment = workflowEnv
            for (key, value) in try strings(job.body["env"], at: "\(at).env") { environment[key] = try substitute(value, "\(at).env.\(key)") }
            guard let steps = job.body["steps"] as? [[String: Any]] else { throw CIFileError(description: "\(at): no steps") }
            var converted: [CIStep] = []
            for (index, step) in steps.enumerated() {
                let place = "\(at).steps[\(index)]"
                let when = try condition(step["if"], at: "\(place).if")
                if let script = step["run"] as? String {
                    guard step["env"] == nil else { throw CIFileError(description: "\(place): step env is not supported here; set it on the job") }
                    converted.append(.run(name: try substitute(step["name"] as? String ?? "run", "\(place).name"),
                                          script: try substitute(script, "\(place).run"), when: when))
                    continue
                }
                guard let uses = step["uses"] as? String else { throw CIFileError(description: "\(place): neither run nor uses") }
                let with = try strings(step["with"], at: "\(place).with").mapValues { try substitute($0, "\(place).with") }
                switch uses.split(separator: "@").first.map(String.init) {
                case "actions/checkout":
                    converted.append(.checkout)
                case "actions/upload-artifact":
                    guard let name = with["name"], let path = with["path"] else { throw CIFileError(description: "\(place): upload-artifact needs name and path") }
                    converted.append(.upload(name: name, paths: path.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                             keepPaths: false, when: when))
                case "actions/download-artifact":
                    guard let pattern = with["pattern"] ?? with["name"] else { throw CIFileError(description: "\(place): download-artifact needs pattern or name") }
                    converted.append(.download(pattern: pattern, into: with["path"] ?? "."))
                default:
                    throw CIFileError(description: "\(place): \(uses) cannot run locally (only checkout, upload-artifact and download-artifact)")
                }
            }
            pipeline.jobs.append(CIJob(name: job.name, needs: needs, runsAfterFailure: try condition(job.body["if"], at: "\(at).if") == .always,
                                       environment: environment.merging(["GITHUB_ACTIONS": "true"]) { $1 }, steps: converted))
        }
        return pipeline
    }

    /// Every combination of the matrix's lists (one empty combination without a matrix).
    private static func matrix(of job: [String: Any], at place: String) throws -> [[String: String]] {
        guard let strategy = job["strategy"] as? [String: Any], let matrix = strategy["matrix"] as? [String: Any] else { return [[:]] }
        var combinations: [[String: String]] = [[:]]
        for key in matrix.keys.sorted() {
            guard let values = matrix[key] as? [Any] else { throw CIFileError(description: "\(place).strategy.matrix.\(key): only lists are supported") }
            combinations = combinations.flatMap { partial in values.map { partial.merging([key: "\($0)"]) { $1 } } }
        }
        return combinations
    }

    /// `${{ matrix.KEY }}` and `${{ strategy.job-total }}` replaced; any other expression refused.
    static func expressions(in text: String, matrix: [String: String], total: Int, at place: String) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw CIFileError(description: "\(place): an unclosed ${{") }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if expression == "strategy.job-total" {
                result += "\(total)"
            } else if expression.hasPrefix("matrix."), let value = matrix[String(expression.dropFirst("matrix.".count))] {
                result += value
            } else {
                throw CIFileError(description: "\(place): ${{ \(expression) }} cannot be evaluated locally (matrix values and strategy.job-total only)")
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    private static func condition(_ value: Any?, at place: String) throws -> StepCondition {
        guard let value else { return .success }
        switch "\(value)".trimmingCharacters(in: .whitespaces) {
        case "always()", "${{ always() }}": return .always
        case "success()", "${{ success() }}": return .success
        case "failure()", "${{ failure() }}": return .failure
        case let other: throw CIFileError(description: "\(place): '\(other)' cannot be evaluated locally (always(), success(), failure())")
        }
    }

    static func strings(_ value: Any?, at place: String) throws -> [String: String] {
        guard let value else { return [:] }
        guard let map = value as? [String: Any] else { throw CIFileError(description: "\(place): not a map") }
        return map.mapValues { "\($0)" }
    }

    static func list(_ value: Any?, at place: String) throws -> [String] {
        switch value {
        case nil: return []
        case let one as String: return [one]
        case let many as [Any]: return many.map { "\($0)" }
        default: throw CIFileError(description: "\(place): not a name or a list")
        }
    }
}
