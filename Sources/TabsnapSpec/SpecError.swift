import TabsnapModel

/// A problem in a spec file, at a line and column (both from 1).
public struct SpecError: Error, Equatable, CustomStringConvertible {
    /// The spec as errors name it: its path as given (or the loader's `displayName`), `<stdin>`, or
    /// the name passed to `SpecLoader.parse` (default `<spec>`).
    public var file: String
    /// Line from 1; 0 when the problem is with the whole file (missing, unreadable, too large, not
    /// UTF-8).
    public var line: Int
    /// Column from 1; 0 with line 0.
    public var column: Int
    /// What is wrong, in one line, often starting with the key's path (`snapshots.strict: …`).
    public var message: String
    /// What the user could do about it, for a front end to spell its own way (a flag, a setting).
    public var advice: Advice?

    /// A setting outside the spec that would let it load.
    public enum Advice: Sendable, Equatable {
        /// The spec names an icon outside its folder: only a trusted spec may (`IconAccess.anywhere`).
        case allowIconsFromAnywhere
    }

    /// A problem at `line` and `column` of `file` (both 0 for the whole file).
    public init(file: String, line: Int, column: Int, message: String, advice: Advice? = nil) {
        self.file = file
        self.line = line
        self.column = column
        // Bounded once here: every spec error may quote input (a value, a key, a catalog's text).
        self.message = ShownText.bounded(message)
        self.advice = advice
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it; `FILE:
    /// message` for a problem with the whole file (line 0: it is missing, unreadable, too large).
    public var description: String {
        line > 0 ? (column > 0 ? "\(file):\(line):\(column): \(message)" : "\(file):\(line): \(message)") : "\(file): \(message)"
    }
}
