/// A request the preview cannot answer: the HTTP status it gets and a one-line reason, which the
/// page shows as it is.
public struct PreviewProblem: Error, CustomStringConvertible, Sendable {
    public var status: Int
    public var description: String

    public init(status: Int, description: String) {
        self.status = status
        self.description = description
    }
}
