import Foundation

/// A CI file's jobs as they run, whichever CI wrote them: each job a list of steps run in order
/// in a fresh checkout, its artifacts the only thing later jobs see of it. GitHub Actions and
/// GitLab CI files are read into this (`GitHubWorkflow`, `GitLabPipeline`); `LocalRunner` runs it.
struct CIPipeline {
    var jobs: [CIJob]
}

/// One job instance (a matrix or `parallel` entry is a job of its own).
struct CIJob {
    /// Unique in the pipeline: `shard (1)`, `merge`.
    var name: String
    /// The names of the job instances it waits for (all instances of a matrix job).
    var needs: [String]
    /// Runs even when a job it needs failed (`if: always()`, `when: always`).
    var runsAfterFailure: Bool
    /// Variables every step sees, beside the runner's own.
    var environment: [String: String]
    var steps: [CIStep]
}

/// What a step does.
enum CIStep {
    /// The repository, fresh (`actions/checkout`; every GitLab job starts with it).
    case checkout
    /// A shell script (bash, exiting at the first failing command).
    case run(name: String, script: String, when: StepCondition)
    /// Keeps files as the artifact `name`. `keepPaths`: stored under their paths from the job's
    /// folder (GitLab); otherwise under their least common folder (GitHub's upload-artifact).
    case upload(name: String, paths: [String], keepPaths: Bool, when: StepCondition)
    /// Brings artifacts into the job's folder: those whose names match `pattern` (a glob with
    /// `*`), each into `into/NAME` (GitHub's download-artifact with `pattern`), or all of them
    /// at their stored paths when `into` is nil (GitLab's artifacts of the jobs needed).
    case download(pattern: String, into: String?)
}

/// When a step runs, given how the job's earlier steps went.
enum StepCondition {
    case success, always, failure

    func allows(failedSoFar: Bool) -> Bool {
        switch self {
        case .success: !failedSoFar
        case .always: true
        case .failure: failedSoFar
        }
    }
}

/// A CI file this runner cannot run as written: where, and what.
struct CIFileError: Error, CustomStringConvertible {
    var description: String
}
