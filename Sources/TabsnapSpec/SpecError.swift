/// A problem in a spec file, at a line and column (both from 1).
public struct SpecError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// What the user could do about it, for a front end to spell its own way (a flag, a setting).
    public var advice: Advice?

    public enum Advice: Sendable, Equatable {
        /// The spec names an icon outside its folder: only a trusted spec may (`IconAccess.anywhere`).
        case allowIconsFromAnywhere
    }

    public init(file: String, line: Int, column: Int, message: String, advice: Advice? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.advice = advice
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it; `FILE:
    /// message` for a problem with the whole file (line 0: it is missing, unreadable, too large).
    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}
