import Foundation
import Tabsnap
import TabsnapFiles

/// The pictures an HTML report links instead of inlining (too large, or past the page's budget),
/// copied into a folder beside the report so the report and that folder are all it needs: what
/// `tabsnap report merge` writes from shards' downloads, which a CI job uploads and which may
/// move. The folder is one Tabsnap keeps (`OwnFolder`): a folder holding anything it did not
/// write is refused before the report is written, and copies a later merge no longer needs are
/// removed.
///
/// The page is made first, naming each copy as it links it; `copy()` then writes the copies, and
/// only after that is the page committed, so a failed copy (a full disk) leaves the old report.
public final class ReportPictures {
    /// The folder the copies go into.
    public let folder: URL
    private let ledger: Authorship
    /// Source file (device and inode: one file however its path is spelt) → name in `folder`, in
    /// the order the page linked them.
    private var names: [FileIdentity: String] = [:]
    private var order: [(source: URL, name: String)] = []
    /// Bytes the copies may take in all; pictures past it are linked where they are.
    public static let copyBudget = 1 << 30
    private var copyBytes = 0

    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Claims `folder` (made when the first copy is written).
    /// - Throws: `FileError` when the folder holds files Tabsnap did not write, or is not a folder.
    public init(folder: URL) throws(FileError) {
        var info = stat()
        if lstat(folder.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            // Worded as every command words such a path (round 130: a link, to a folder or to
            // nothing, was "not a folder").
            throw FileError(path: folder.relativePath, reason: info.st_mode & S_IFMT == S_IFLNK
                ? "is a symbolic link; the report's linked pictures go into a real folder (tabsnap replaces and removes files in it)"
                : "\(FolderWalk.what(folder.path, else: info)), not a folder; the report's linked pictures go there")
        }
        self.folder = folder
        ledger = try OwnFolder.claim(folder, contents: "report pictures", kind: .reportPictures)
    }

    /// The folder for a report written to `report`: `NAME-pictures` beside `NAME.html`.
    public static func folder(besideReport report: URL) -> URL {
        report.deletingLastPathComponent().appendingPathComponent(report.deletingPathExtension().lastPathComponent + "-pictures")
    }

    /// The link from the report's folder to the copy of `source` (named once per source file);
    /// nil when the file cannot be read or the copies would pass `copyBudget`.
    func href(for source: URL, reportFolder: URL) -> String? {
        var info = stat()
        guard stat(source.path, &info) == 0 else { return nil }
        let key = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let name: String
        if let known = names[key] {
            name = known
        } else {
            guard copyBytes + Int(info.st_size) <= Self.copyBudget else { return nil }
            copyBytes += Int(info.st_size)
            // Numbered: two shards' `a.actual.png` are different pictures.
            name = "\(order.count + 1)-\(source.lastPathComponent)"
            names[key] = name
            order.append((source, name))
        }
        return URLPath.encoded(HTMLReport.relativePath(of: folder.appendingPathComponent(name), from: reportFolder.resolvingSymlinksInPath()))
    }

    /// Writes every copy the page linked, then removes earlier copies it no longer links.
    /// - Throws: `FileError` naming the picture that could not be read or written.
    public func copy() throws(FileError) {
        for (source, name) in order {
            let bytes = try BoundedRead.bytes(of: source, limit: Limits.goldenFileBytes, displayName: source.relativePath)
            // The page linked it as a picture or a line diff; what is copied must still be one.
            let isPicture = bytes.starts(with: PNGDecoder.signature) || ReportPictureAccess.isSVG(source, head: Array(bytes.prefix(512)))
                || (source.lastPathComponent.hasSuffix(".diff.txt") && bytes.starts(with: Array("@@ -".utf8)))
            guard isPicture else { throw FileError(path: source.relativePath, reason: "is no longer the picture the report links; not copying it") }
            try AtomicFile.write(bytes, to: folder.appendingPathComponent(name), durability: .rebuildable)
        }
        let kept = Set(order.map(\.name))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !kept.contains(name) {
            ledger.removeIfWritten(name)
        }
        ledger.compact()
    }
}
