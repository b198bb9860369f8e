/// What happened to one golden.
public enum SnapshotStatus: String, Sendable, Codable, CaseIterable {
    /// The render matches the golden.
    case passed
    /// The render differs from the golden (which was left alone).
    case failed
    /// There was no golden; the render was recorded as one.
    case new
    /// The golden existed and was replaced by the render (record mode `all` or `failed`).
    case recorded
    /// There was no golden and record mode `never` kept it that way.
    case missing
    /// The spec or the golden could not be read, or rendering failed.
    case error

    /// Makes `check` exit 1.
    public var isFailure: Bool { self == .failed || self == .missing }
}
