import Foundation

/// The specs in `Examples/specs/`, shipped as package resources: the gallery `tabsnap demo`
/// renders, and specs a user can copy. Icons they name sit in `Examples/specs/icons/`.
public enum ExampleSpecs {
    /// Every example spec, by file name.
    public static var files: [URL] {
        let folder = (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
