import Foundation
import TabsnapFiles
import TabsnapModel

/// A spec's own fonts: `fonts: [brand/Brand-Regular.otf, brand/]` — files, or folders whose
/// .otf/.ttf/.ttc files are taken in name order — inside the spec's folder like icons (see
/// `IconAccess`). Each file is read and its faces listed here, so a missing, oversized or corrupt
/// file is an error naming it, and the spec's font names can be checked against what it brings.
public struct UserFonts: Sendable {
    let baseDirectory: URL
    let access: IconAccess

    static let extensions: Set = ["otf", "ttf", "ttc"]

    var codec: SpecCodec<[URL]> {
        SpecCodec(read: read, write: { .list($0.map { .text($0.path) }) })
    }

    private func read(_ node: SpecNode) throws(SpecError) -> [URL] {
        let entries: [SpecNode]
        if case .sequence = node.node { entries = try node.list() } else { entries = [node] }
        guard !entries.isEmpty else { throw node.error("fonts: an empty list; name font files or folders, or leave fonts out") }
        var files: [URL] = []
        for entry in entries {
            for file in try resolve(entry) where !files.contains(file) {
                // Counted before each file is read, as `--font` counts (hostile round 78: a folder
                // of 400 links to one 63 MB font was read whole, 17 s, before it was refused).
                guard files.count < Limits.fontFiles else {
                    throw node.error("fonts: more than \(Limits.fontFiles) font files; a spec brings at most \(Limits.fontFiles)")
                }
                _ = try Self.faces(of: file, at: entry)
                files.append(file)
            }
        }
        return files
    }

    /// The font files one entry names: the file, or a folder's font files.
    private func resolve(_ entry: SpecNode) throws(SpecError) -> [URL] {
        let text = try entry.string()
        let url: URL
        switch access.resolve(text, specFolder: baseDirectory) {
        case .success(let found): url = found
        case .failure(.outside):
            var error = entry.error("\(entry.path): '\(text)' is outside the spec's folder; fonts must be inside it unless the spec is trusted")
            error.advice = .allowIconsFromAnywhere
            throw error
        case .failure(.missing):
            throw entry.error("\(entry.path): font file or folder not found: \(text)")
        }
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        guard isFolder.boolValue else {
            guard Self.extensions.contains(url.pathExtension.lowercased()) else {
                throw entry.error("\(entry.path): '\(text)' is not a font file; expected .otf, .ttf or .ttc, or a folder of them")
            }
            return [url]
        }
        if let unnamed = FolderWalk.notUTF8Names(in: url.path).first(where: { Self.extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }) {
            throw entry.error("\(entry.path): the folder '\(text)' holds \(unnamed), whose name is not valid UTF-8; rename it")
        }
        // A folder that cannot be listed is said so, not "holds no fonts" (hostile round 88).
        let names: [String]
        switch FolderWalk.names(in: url.path) {
        case .success(let listed): names = listed
        case .failure(let failure): throw entry.error("\(entry.path): the folder '\(text)' cannot be listed (\(failure.reason))")
        }
        let files = names.filter { !$0.hasPrefix(".") && Self.extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted().map { url.appendingPathComponent($0) }
        guard !files.isEmpty else { throw entry.error("\(entry.path): the folder '\(text)' holds no .otf, .ttf or .ttc fonts") }
        // A link in the folder may point out of the spec's folder: refused before it is read.
        if let outside = files.first(where: { !access.allows($0, specFolder: baseDirectory) }) {
            let shown = (text.hasSuffix("/") ? String(text.dropLast()) : text) + "/" + outside.lastPathComponent
            var error = entry.error("\(entry.path): '\(shown)' links outside the spec's folder; fonts must be inside it unless the spec is trusted")
            error.advice = .allowIconsFromAnywhere
            throw error
        }
        return files
    }

    /// Checks font files given outside a spec (`--font FILE|DIR`, relative to the working
    /// directory, trusted like the command line itself): the files they name, or why not.
    public static func checkGiven(_ paths: [String]) -> Result<[URL], SpecError> {
        var files: [URL] = []
        for path in paths {
            let node = SpecNode(node: .scalar(.init(path)), path: "--font \(path)", file: "--font")
            do {
                let reader = UserFonts(baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), access: .anywhere)
                for file in try reader.resolve(node) where !files.contains(file) {
                    // Counted before each file is read: a folder of 300 fonts stops at the 33rd.
                    guard files.count < Limits.fontFiles else {
                        return .failure(SpecError(file: "--font", line: 0, column: 0,
                                                  message: "\(node.path): more than \(Limits.fontFiles) font files; --font brings at most \(Limits.fontFiles), as a spec's fonts: does"))
                    }
                    _ = try faces(of: file, at: node)
                    files.append(file)
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(files)
    }

    /// The faces in a font file; an unreadable or corrupt file is an error at `node`.
    static func faces(of file: URL, at node: SpecNode) throws(SpecError) -> [FontFace] {
        try ReadingMemo.faces(of: file) { () throws(SpecError) in try readFaces(of: file, at: node) }
    }

    private static func readFaces(of file: URL, at node: SpecNode) throws(SpecError) -> [FontFace] {
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: file, limit: Limits.fontFileBytes)
        } catch {
            throw node.error("\(node.path): \(error)")
        }
        do {
            return try FontFileFaces.faces(in: bytes, file: file)
        } catch {
            throw node.error("\(node.path): \(file.path): not a usable font file (\(error.reason))")
        }
    }
}
