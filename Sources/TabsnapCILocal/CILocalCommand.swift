import ArgumentParser
import Foundation

/// `tabsnap-ci-local`: runs a GitHub Actions workflow or a GitLab CI file on this machine, each
/// job in a folder of its own with only the artifacts it downloads (`LocalRunner`), to prove the
/// CI examples in `Examples/ci` work as written (scripts/ci-example runs it in Tabsnap's CI).
@main
struct CILocalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabsnap-ci-local",
        abstract: "Run a GitHub Actions workflow or a .gitlab-ci.yml locally, each job apart.",
        discussion: "Exit status: 0 when every job succeeded, 1 when one failed or was skipped, 2 when the file cannot be run as written."
    )

    @Argument(help: "The workflow (.github/workflows/*.yml) or .gitlab-ci.yml.")
    var file: String

    @Option(help: "The project a checkout copies.")
    var project: String

    @Option(help: "Folder for the jobs' folders and the artifacts (replaced).")
    var work: String

    @Option(help: "A folder put first on PATH (repeatable): where the local tabsnap is.")
    var path: [String] = []

    func run() throws {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch { throw failure("\(file): cannot read it") }
        let pipeline: CIPipeline
        do {
            pipeline = URL(fileURLWithPath: file).lastPathComponent.hasPrefix(".gitlab-ci")
                ? try GitLabPipeline.read(text, file: file) : try GitHubWorkflow.read(text, file: file)
        } catch let error as CIFileError {
            throw failure(error.description)
        }
        let workURL = URL(fileURLWithPath: work)
        try? FileManager.default.removeItem(at: workURL)
        let runner = LocalRunner(project: URL(fileURLWithPath: project), work: workURL,
                                 pathPrepend: path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }) { line in
            // Unbuffered: the jobs' own output goes straight to the same stream.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        let results: [(job: String, succeeded: Bool?)]
        do { results = try runner.run(pipeline) } catch let error as CIFileError { throw failure(error.description) }
        if results.contains(where: { $0.succeeded != true }) { throw ExitCode(1) }
    }

    private func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("tabsnap-ci-local: \(message)\n".utf8))
        return ExitCode(2)
    }
}
