import Foundation
import Tabsnap

/// Renderers for code that renders from many threads at once (Swift Testing runs tests in
/// parallel): each caller borrows one for the duration of a render, so no two threads share one.
public final class RendererPool: @unchecked Sendable {
    public static let shared = RendererPool()
    private let lock = NSLock()
    private var idle: [Renderer] = []

    public init() {}

    public func withRenderer<T>(_ body: (Renderer) throws -> T) rethrows -> T {
        lock.lock()
        let renderer = idle.popLast() ?? Renderer()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(renderer)
            lock.unlock()
        }
        return try body(renderer)
    }
}
