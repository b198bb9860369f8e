import Foundation

/// A file that could not be read or written, named by its path, with the reason in one line.
public struct FileError: Error, CustomStringConvertible, Equatable {
    /// The file as the message names it: its path, or the display name the caller gave it.
    public var path: String
    /// What went wrong, on one line without the path ("no such file", "is a folder, not a
    /// file"…).
    public var reason: String

    /// An error about the file `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason", as messages show it.
    public var description: String { "\(path): \(reason)" }

    /// `reason (strerror)` for the current errno.
    public static func system(_ path: String, _ what: String, errno code: Int32 = errno) -> FileError {
        FileError(path: path, reason: "\(what) (\(String(cString: strerror(code))))")
    }
}
