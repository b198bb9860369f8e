/// A request the preview cannot answer: the HTTP status it gets and a one-line reason, which the
/// page shows as it is.
public struct PreviewProblem: Error, CustomStringConvertible, Sendable {
    /// The HTTP status code it is answered with (400, 404, 409, 422…); 0 for a problem outside any
    /// request (the server could not start).
    public var status: Int
    /// The reason, on one line.
    public var description: String

    /// A problem answered with `status` and `description`.
    public init(status: Int, description: String) {
        self.status = status
        self.description = description
    }
}
