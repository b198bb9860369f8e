import Foundation
import TabsnapFiles

/// The specs in `Examples/specs/`, shipped as package resources: the gallery `tabsnap demo`
/// renders, and specs a user can copy. Icons they name sit in `Examples/specs/icons/`.
public enum ExampleSpecs {
    /// The folder of the example specs, found beside the program (`ResourceFolder`: SwiftPM's
    /// bundle, the installed `share/tabsnap/examples`, the source checkout), or where it looked.
    package static var folder: Result<URL, ResourceFolder.Missing> {
        ResourceFolder.locate("example specs", target: "TabsnapExamples", inside: "specs", installed: "examples",
                              source: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("specs"))
    }

    /// Every example spec, by file name (none when the folder is missing: see `folder`).
    public static var files: [URL] {
        guard case .success(let folder) = folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
