import Foundation

/// Where Tabsnap's own files are — the bundled fonts, the example specs, the preview's page —
/// found relative to the running program, never through SwiftPM's `Bundle.module`, which ends
/// the process (SIGILL) when its bundle is not where the build left it: a copied or installed
/// binary died that way. The places, in order:
/// 1. `$TABSNAP_RESOURCES/INSTALLED` when the variable is set (and nothing else then);
/// 2. SwiftPM's bundle beside the executable (`*_TARGET.resources/INSIDE`), as the build leaves it;
/// 3. the installed layout, `BIN/../share/tabsnap/INSTALLED` (`scripts/install`);
/// 4. the source checkout the program was built from (a binary copied out of `.build`).
package enum ResourceFolder {
    /// A resource folder that is nowhere: names what and where it looked, in one line.
    package struct Missing: Error, CustomStringConvertible {
        package var what: String
        package var looked: [String]

        package var description: String {
            "Tabsnap's \(what) are missing: looked in \(looked.joined(separator: ", ")); reinstall tabsnap (scripts/install) or set TABSNAP_RESOURCES to its share/tabsnap folder"
        }
    }

    /// The folder of `what` (for messages: "fonts"), or where it looked.
    package static func locate(_ what: String, target: String, inside: String, installed: String, source: URL) -> Result<URL, Missing> {
        var candidates: [URL] = []
        if let root = ProcessInfo.processInfo.environment["TABSNAP_RESOURCES"], !root.isEmpty {
            candidates = [URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(installed)]
        } else {
            for folder in executableFolders() {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                for name in names.sorted() where name.hasSuffix("_\(target).resources") {
                    let bundle = folder.appendingPathComponent(name)
                    candidates.append(inside.isEmpty ? bundle : bundle.appendingPathComponent(inside))
                }
                candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/tabsnap/\(installed)"))
            }
            candidates.append(source)
        }
        for candidate in candidates {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue {
                return .success(candidate)
            }
        }
        return .failure(Missing(what: what, looked: candidates.map(\.path)))
    }

    /// The running program's folder, links resolved (`/usr/local/bin/tabsnap` may be a link into
    /// an unpacked archive), and as invoked.
    private static func executableFolders() -> [URL] {
        var folders: [URL] = []
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/"),
           !path.hasSuffix(" (deleted)") {
            folders.append(URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let main = Bundle.main.bundleURL.resolvingSymlinksInPath()
        if !folders.contains(main) { folders.append(main) }
        return folders
    }
}
