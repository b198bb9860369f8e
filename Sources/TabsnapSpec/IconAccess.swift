import Foundation

/// Where a spec's icon files may come from. Specs arrive in pull requests, so by default an icon
/// must lie inside the spec's own folder: an absolute path, a `..` that climbs out, or a symbolic
/// link pointing out is refused — before looking whether the file exists, so the error never
/// tells whether an outside path is there. `.anywhere` is for specs the user trusts.
public enum IconAccess: Sendable, Hashable {
    /// Only icons inside the spec's own folder, links followed (the default, for untrusted specs).
    case specFolder
    /// Icons from any path the process can read: for specs the user trusts.
    case anywhere

    enum Refusal: Error {
        case outside
        case missing
    }

    /// The icon's file, or why it cannot be used.
    func resolve(_ text: String, specFolder: URL) -> Result<URL, Refusal> {
        let folder = specFolder.standardizedFileURL
        let url = (text.hasPrefix("/") ? URL(fileURLWithPath: text) : folder.appendingPathComponent(text)).standardizedFileURL
        if self == .specFolder {
            guard text.hasPrefix("/") == false, Self.isInside(url, folder) else { return .failure(.outside) }
        }
        guard FileManager.default.fileExists(atPath: url.path) else { return .failure(.missing) }
        if self == .specFolder {
            // A link inside the folder may still point out of it.
            guard Self.isInside(url.resolvingSymlinksInPath(), folder.resolvingSymlinksInPath()) else { return .failure(.outside) }
        }
        return .success(url)
    }

    /// Whether a file found inside an allowed folder (by listing it) may be used: with
    /// `.specFolder`, only if it — links followed — still lies inside the spec's folder.
    func allows(_ url: URL, specFolder: URL) -> Bool {
        self == .anywhere || Self.isInside(url.resolvingSymlinksInPath(), specFolder.standardizedFileURL.resolvingSymlinksInPath())
    }

    /// `url` is `folder` itself or lies below it.
    private static func isInside(_ url: URL, _ folder: URL) -> Bool {
        let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return url.path.hasPrefix(root) || url.path + "/" == root
    }
}
