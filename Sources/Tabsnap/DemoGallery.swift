import Foundation
import TabsnapAnimation
import TabsnapExamples
import TabsnapModel
import TabsnapSpec

/// The built-in gallery `tabsnap demo` renders: the example specs shipped in `Examples/specs/`,
/// read by the same loader as any user spec.
public enum DemoGallery {
    /// One example spec, read: its name, its bar and its transition.
    public struct Entry: Sendable {
        /// File name without `.yaml`, e.g. `ios-tab-bar`.
        public var name: String
        /// The bar the spec describes, with nothing resolved yet.
        public var bar: Bar
        /// The example's `transition:`, rendered as an animated PNG.
        public var transition: BarTransition?
    }

    /// Reads every example spec, sorted by file name.
    /// - Throws: `SpecError` when the examples folder cannot be found (the error says where it
    ///   looked) or an example does not read.
    public static func entries() throws(SpecError) -> [Entry] {
        if case .failure(let missing) = ExampleSpecs.folder {
            throw SpecError(file: "tabsnap", line: 0, column: 0, message: missing.description)
        }
        var result: [Entry] = []
        for file in ExampleSpecs.files {
            let name = file.deletingPathExtension().lastPathComponent
            let document = try SpecLoader.loadDocument(contentsOf: file, displayName: "Examples/specs/\(file.lastPathComponent)")
            result.append(Entry(name: name, bar: document.bar, transition: document.transition))
        }
        return result
    }
}
