import FlyingFox
import Foundation

/// Pushes reload notices to every open page over WebSocket. A page that goes away is dropped
/// when its stream ends; a slow page never holds up the others (each has its own buffered stream).
public final class PreviewEvents: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    public init() {}

    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(64))
        lock.withLock { clients[id] = continuation }
        // The page sends nothing we need; its stream ending means it left.
        Task { [weak self] in
            for await _ in client {}
            self?.remove(id)
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Sends `text` (a JSON object) to every page.
    public func broadcast(_ text: String) {
        lock.lock()
        let targets = Array(clients.values)
        lock.unlock()
        for continuation in targets { continuation.yield(.text(text)) }
    }

    /// Ends every page's stream (the server is stopping).
    public func finishAll() {
        lock.lock()
        let targets = Array(clients.values)
        clients.removeAll()
        lock.unlock()
        for continuation in targets { continuation.finish() }
    }

    private func remove(_ id: UUID) {
        lock.lock()
        let continuation = clients.removeValue(forKey: id)
        lock.unlock()
        continuation?.finish()
    }
}
