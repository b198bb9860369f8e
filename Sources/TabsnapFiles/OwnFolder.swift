import Foundation

/// A folder Tabsnap writes into and replaces files in — frames, the demo gallery, failure
/// artifacts — may hold only what Tabsnap put there earlier; anything else is the user's, and the
/// folder is refused before anything is touched. Our own temporaries are always allowed (the
/// stale-temporary sweep deals with them).
package enum OwnFolder {
    /// Throws naming the first entry `isOwn` rejects. `recursive` walks subfolders (whose folders
    /// themselves are fine); otherwise every entry, folders included, is judged. `contents`
    /// names what the folder is for in the message: "frames", "artifacts"…
    public static func check(_ folder: URL, recursive: Bool = false, contents: String,
                             isOwn: (URL) -> Bool) throws(FileError) {
        var foreign: [String] = []
        let root = folder.standardizedFileURL.path
        if recursive {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
            while let url = walker?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { continue }
                if TemporaryName.writerProcess(of: url.lastPathComponent) == nil, !isOwn(url) {
                    foreign.append(String(url.standardizedFileURL.path.dropFirst(root.count + 1)))
                }
            }
        } else {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where TemporaryName.writerProcess(of: name) == nil && !isOwn(folder.appendingPathComponent(name)) {
                foreign.append(name)
            }
        }
        guard let first = foreign.sorted().first else { return }
        let more = foreign.count > 1 ? " and \(foreign.count - 1) more" : ""
        throw FileError(path: folder.relativePath, reason: "holds files tabsnap did not write (\(first)\(more)); "
            + "\(contents) go into a new or empty folder, or one holding only earlier \(contents)")
    }
}
