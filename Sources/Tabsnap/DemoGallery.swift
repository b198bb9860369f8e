import Foundation
import TabsnapExamples
import TabsnapModel
import TabsnapSpec

/// The built-in gallery `tabsnap demo` renders: the example specs shipped in `Examples/specs/`,
/// read by the same loader as any user spec.
public enum DemoGallery {
    public struct Entry: Sendable {
        /// File name without `.yaml`, e.g. `ios-tab-bar`.
        public var name: String
        public var bar: Bar
    }

    public static func entries() throws(SpecError) -> [Entry] {
        var result: [Entry] = []
        for file in ExampleSpecs.files {
            let name = file.deletingPathExtension().lastPathComponent
            result.append(Entry(name: name, bar: try SpecLoader.load(contentsOf: file, displayName: "Examples/specs/\(file.lastPathComponent)")))
        }
        return result
    }
}
