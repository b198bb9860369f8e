import Foundation
import Tabsnap

/// Which files a report may show: a report is input (a shard's JSON can be crafted), and the page
/// is published by CI, so a picture is read only when it is a regular file inside the working
/// folder or inside one of the folders the reports were read from (a merge job's downloads),
/// links resolved. One rule for what the page shows and what a merge says it cannot find.
public struct ReportPictureAccess: Sendable {
    /// Relative picture paths start here (the working folder).
    public var base: URL
    /// The folders pictures may come from: `base` and, for a merge, each report's folder.
    public var roots: [URL]

    /// - Parameters:
    ///   - base: where relative paths start, and a folder pictures may come from.
    ///   - reportFolders: more folders pictures may come from.
    public init(base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), reportFolders: [URL] = []) {
        // A folder URL: a path relative to one without a final slash would start at its parent.
        self.base = URL(fileURLWithPath: base.standardizedFileURL.path, isDirectory: true)
        roots = ([base] + reportFolders).map { folder in
            let standard = folder.standardizedFileURL
            guard let resolved = realpath(standard.path, nil) else { return standard }
            defer { free(resolved) }
            return URL(fileURLWithPath: String(cString: resolved))
        }
    }

    /// The file `path` names, when it is a regular file inside one of the roots; nil otherwise.
    /// Links are resolved by the system (`realpath`), wholly or not at all: Foundation's resolving
    /// gives a path back unchanged past about 21 links, which `stat` still follows, so a path of
    /// links through `.` could name one picture in millions of spellings.
    public func file(_ path: String) -> URL? {
        let named = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
        guard let resolved = realpath(named.path, nil) else { return nil }
        defer { free(resolved) }
        let url = URL(fileURLWithPath: String(cString: resolved))
        var info = stat()
        guard roots.contains(where: { url.path.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }),
              stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return url
    }

    /// The line diff `path` names (an SVG golden's `NAME.diff.txt`), when the report may link it:
    /// inside the roots, named `.diff.txt`, and text that starts as Tabsnap's diffs do (`@@ -`).
    /// Anything else — a `.env`, a `.git/config` a crafted report names — is neither linked nor
    /// copied beside a merged report.
    public func lineDiff(_ path: String) -> URL? {
        guard let url = file(path), url.lastPathComponent.hasSuffix(".diff.txt"),
              let head = try? BoundedRead.prefix(of: url, count: 512), head.starts(with: Array("@@ -".utf8)), !head.contains(0) else { return nil }
        return url
    }

    /// Whether the file at `url` is an SVG picture: named `.svg`, and XML opening an `<svg>`
    /// element within its first 512 bytes (a file that merely mentions one is not shown).
    static func isSVG(_ url: URL, head: [UInt8]) -> Bool {
        guard url.pathExtension.lowercased() == "svg" else { return false }
        let text = String(decoding: head.prefix(512), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return text.hasPrefix("<") && text.contains("<svg")
    }
}
