import Foundation
import Tabsnap
import TabsnapExamples

/// The specs a benchmark checks, copied into a scratch folder so their goldens can be recorded,
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
    var specs: URL { folder.appendingPathComponent("specs") }

    /// The shipped examples with `exampleVariants` added, or the given specs as they are.
    init(specs paths: [String], in folder: URL) throws {
        self.folder = folder
        let fm = FileManager.default
        try fm.createDirectory(at: specs, withIntermediateDirectories: true)
        guard paths.isEmpty else {
            for path in paths {
                let source = URL(fileURLWithPath: path)
                try fm.copyItem(at: source, to: specs.appendingPathComponent(source.lastPathComponent))
            }
            return
        }
        let examples = ExampleSpecs.files
        for file in examples {
            let text = try String(contentsOf: file, encoding: .utf8) + Self.exampleVariants + "\n"
            try text.write(to: specs.appendingPathComponent(file.lastPathComponent), atomically: true, encoding: .utf8)
        }
        if let first = examples.first {
            let icons = first.deletingLastPathComponent().appendingPathComponent("icons")
            if fm.fileExists(atPath: icons.path) { try fm.copyItem(at: icons, to: specs.appendingPathComponent("icons")) }
        }
    }

    /// A fresh, empty folder inside the suite's scratch folder.
    func scratch(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
