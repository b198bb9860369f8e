/// A problem in a spec file, at a line and column (both from 1).
public struct SpecError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
