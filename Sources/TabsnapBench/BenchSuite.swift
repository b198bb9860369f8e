import Foundation
import Tabsnap
import TabsnapExamples

/// The specs a benchmark checks, with a scratch folder where their goldens are recorded,
/// perturbed and re-checked without touching anything of the user's.
struct BenchSuite {
    /// Each example spec asks for three positions × two scales × two themes, plus its transition.
    static let exampleVariants = """

        snapshots:
          positions: [0, 0.5, 1]
          scales: [1, 2]
          themes: [light, dark]
        """

    let folder: URL
    /// What the check runner is given: the user's spec files and folders as they are (their
    /// relative icon paths keep working), or the scratch copy of the examples.
    let specs: [String]

    /// The shipped examples with `exampleVariants` added, or the given specs as they are.
    init(specs paths: [String], in folder: URL) throws {
        self.folder = folder
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        guard paths.isEmpty else {
            specs = paths
            return
        }
        let copies = folder.appendingPathComponent("specs")
        try fm.createDirectory(at: copies, withIntermediateDirectories: true)
        let examples = ExampleSpecs.files
        for file in examples {
            let text = try String(contentsOf: file, encoding: .utf8) + Self.exampleVariants + "\n"
            try text.write(to: copies.appendingPathComponent(file.lastPathComponent), atomically: true, encoding: .utf8)
        }
        if let first = examples.first {
            let icons = first.deletingLastPathComponent().appendingPathComponent("icons")
            if fm.fileExists(atPath: icons.path) { try fm.copyItem(at: icons, to: copies.appendingPathComponent("icons")) }
        }
        specs = [copies.path]
    }

    /// A fresh, empty folder inside the suite's scratch folder.
    func scratch(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
