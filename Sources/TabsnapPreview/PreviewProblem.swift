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

    /// A page behind the server (a paused page, or one whose reload notice has not arrived yet)
    /// asked to copy or save what it shows, and the preview now draws a newer version of the spec
    /// at `path`: the file would not be the picture on the page (hostile rounds 45 and 46).
    static func earlierVersion(of path: String, then action: String) -> PreviewProblem {
        PreviewProblem(status: 409, description: "the page shows an earlier version of \(path) than the preview now draws "
                       + "(it changed since); reload the page to see it, then \(action)")
    }
}
