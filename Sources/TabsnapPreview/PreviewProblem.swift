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

    /// A page asked to copy or save what it shows, and the preview now draws another version of
    /// the spec at `path` — the page is behind (paused, or its reload notice has not arrived) or
    /// from before a restart: the file would not be the picture on the page (hostile rounds 45
    /// and 46). Not "earlier": after a restart the page's number may be the larger (round 47).
    static func otherVersion(of path: String, then action: String) -> PreviewProblem {
        PreviewProblem(status: 409, description: "the page shows another version of \(path) than the preview now draws "
                       + "(the file changed, or the preview restarted); reload the page to see it, then \(action)")
    }
}
