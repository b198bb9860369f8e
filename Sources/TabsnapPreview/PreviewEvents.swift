import Foundation

/// Pushes reload notices to every open page over the reload socket (`/events`). The server
/// queues each page's notices apart, so a slow page never holds up the others, and closes a
/// page that stops reading (it reconnects and catches up).
public final class PreviewEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var sink: (@Sendable (String) -> Void)?

    /// A channel with no server yet: notices broadcast before a `PreviewServer` connects it go
    /// nowhere.
    public init() {}

    /// Where notices go: the server, once it exists.
    func connect(_ sink: @escaping @Sendable (String) -> Void) {
        lock.withLock { self.sink = sink }
    }

    /// Sends `text` (a JSON object) to every page.
    public func broadcast(_ text: String) {
        lock.withLock { sink }?(text)
    }

    /// Sends nothing more (the server is stopping; its sockets close with it).
    public func finishAll() {
        lock.withLock { sink = nil }
    }
}
