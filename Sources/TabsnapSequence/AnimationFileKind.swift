import Foundation

/// The animated files `animate -o` writes, by extension.
public enum AnimationFileKind: String, Sendable, CaseIterable {
    /// `png` and `apng`: an animated PNG (a viewer without APNG shows the first frame); `gif`: one
    /// palette for the whole animation; `webp`: lossless unless a quality is given; `mp4` and
    /// `webm`: video through the user's `ffmpeg` (an MP4 has no transparency).
    case png, apng, gif, webp, mp4, webm

    /// The extensions, as a message lists them.
    public static var list: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }
}

/// Where an animation goes: a file whose kind its extension says, or a folder of frames —
/// `-o NAME/` with a trailing slash, or a folder that is already there. Anything else is an
/// error, never a guess: `-o x.gif` once made a folder named `x.gif`.
public enum AnimationTarget: Sendable, Equatable {
    /// One animated file, of the kind its extension names.
    case file(AnimationFileKind, URL)
    /// A folder of frame files and their `frames.json` (`FrameFolderWriter`).
    case folder(URL)
    /// A Lottie animation (`.json`): the frames as keyframed shapes (`LottieDocument`).
    case lottie(URL)

    /// Why a path names no target; `description` says what to give instead.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        /// The path and what to give instead, in one line.
        public var description: String
    }

    /// The target `path` names: a folder when it ends in `/` or is a folder already, else a file of
    /// the kind its extension (in any case) names.
    /// - Throws: `Problem` for an empty path, an `.svg` file, or a missing or unknown extension.
    public static func resolve(_ path: String) throws(Problem) -> AnimationTarget {
        guard !path.isEmpty else { throw Problem(description: "an empty path") }
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            return .folder(url)
        }
        let ext = url.pathExtension.lowercased()
        if let kind = AnimationFileKind(rawValue: ext) { return .file(kind, url) }
        switch ext {
        case "json":
            return .lottie(url)
        case "svg":
            throw Problem(description: "\(path): an SVG file holds one frame; for a folder of SVG frames give --svg -o \(url.deletingPathExtension().lastPathComponent)/")
        case "":
            throw Problem(description: "\(path): give a file ending in \(AnimationFileKind.list) or .json (Lottie), or a folder of frames as \(path)/")
        default:
            throw Problem(description: "\(path): unknown extension .\(ext); an animation is \(AnimationFileKind.list) or .json (Lottie), or a folder of frames (\(path)/)")
        }
    }
}
