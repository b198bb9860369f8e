import Foundation

/// A file that could not be read or written, named by its path, with the reason in one line.
public struct FileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// `reason (strerror)` for the current errno.
    public static func system(_ path: String, _ what: String, errno code: Int32 = errno) -> FileError {
        FileError(path: path, reason: "\(what) (\(String(cString: strerror(code))))")
    }
}
