import Foundation
import TabsnapFiles

/// The page's own files (HTML, script, style), built into the target's resources. The server
/// answers these three names and nothing else from disk.
enum PreviewPage {
    struct File: Sendable {
        var route: String
        var type: String
        var bytes: [UInt8]
    }

    static let files: [File] = [
        File(route: "/", type: "text/html; charset=utf-8", bytes: read("index.html")),
        File(route: "/preview.js", type: "text/javascript; charset=utf-8", bytes: read("preview.js")),
        File(route: "/preview.css", type: "text/css; charset=utf-8", bytes: read("preview.css")),
    ]

    /// The page's folder, found beside the program (`ResourceFolder`: SwiftPM's bundle, the
    /// installed `share/tabsnap/preview`, the source checkout), or where it looked.
    static let folder = ResourceFolder.locate("preview page files", target: "TabsnapPreview", inside: "Page", installed: "preview",
                                              source: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Page"))

    private static func read(_ name: String) -> [UInt8] {
        guard case .success(let folder) = folder, let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
            // Only a broken installation lacks them (the server refuses to start then); say so
            // on the page rather than crash.
            return Array("tabsnap preview: the page file \(name) is missing from this installation\n".utf8)
        }
        return [UInt8](data)
    }
}
