import Foundation
import Tabsnap
import TabsnapCheck

/// Draws what the page asks for with the same code as `tabsnap render`, `layout` and `animate`
/// (same bytes for the same settings). One renderer, used by one request at a time: a cairo
/// canvas is not shared between threads, and a preview has one person scrubbing.
public final class PreviewRenderer: @unchecked Sendable {
    /// A request that cannot be answered: the HTTP status and a one-line reason.
    public struct Problem: Error, CustomStringConvertible {
        public var status: Int
        public var description: String
    }

    private let suite: PreviewSuite
    private let lock = NSLock()
    /// Replaced when files change: it keeps the icons and fonts it has loaded by path.
    private var renderer = Renderer()
    public init(suite: PreviewSuite) {
        self.suite = suite
    }

    /// Forgets loaded icon and font files, so an edited one is read again.
    public func filesChanged() {
        lock.withLock { renderer = Renderer() }
    }

    public func picture(_ request: PreviewRequest, format: OutputFormat) throws(Problem) -> [UInt8] {
        let (bar, _) = try resolve(request)
        return try drawing {
            try renderer.render(bar, format: format, position: request.position,
                                scale: format == .png ? request.scale : nil)
        }
    }

    /// The `tabsnap layout` JSON for the request's bar and position.
    public func layout(_ request: PreviewRequest) throws(Problem) -> [UInt8] {
        let (bar, _) = try resolve(request)
        return try drawing {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return [UInt8](try encoder.encode(renderer.geometry(of: bar, position: request.position)))
        }
    }

    /// The spec's transition (or `animate`'s default swipe from the position) as an APNG that
    /// plays once.
    public func animation(_ request: PreviewRequest) throws(Problem) -> [UInt8] {
        let (bar, document) = try resolve(request)
        return try drawing {
            var transition = try Self.transition(of: document, bar: bar, from: request.position)
            transition.loop = .times(1)
            try transition.checkLimits()
            let folder = FileManager.default.temporaryDirectory
            let url = folder.appendingPathComponent("tabsnap-preview-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: url) }
            try FrameRenderer(bar: bar, transition: transition, scale: request.scale).writeAPNG(to: url)
            return try [UInt8](Data(contentsOf: url))
        }
    }

    /// What the page's play button shows: the spec's transition as written (what its goldens
    /// record), or without one `tabsnap animate`'s default swipe from the slider's position.
    static func transition(of document: SpecDocument, bar: Bar, from position: Double?) throws -> BarTransition {
        var request = TransitionRequest()
        if document.transition == nil { request.from = position }
        return try request.transition(position: position ?? bar.position, buttonCount: bar.items.count, spec: document.transition)
    }

    /// How long the play button's animation runs, in seconds.
    public func playSeconds(_ request: PreviewRequest) throws(Problem) -> Double {
        let (bar, document) = try resolve(request)
        return try drawing {
            let transition = try Self.transition(of: document, bar: bar, from: request.position)
            return (0..<transition.frameCount).reduce(0) { $0 + transition.delay(after: $1) }
        }
    }

    /// The bar a request shows, and its document; the last good document when the file has an
    /// error now.
    func resolve(_ request: PreviewRequest) throws(Problem) -> (Bar, SpecDocument) {
        guard let entry = suite.entry(request.spec) else {
            throw Problem(status: 404, description: "no spec named '\(request.spec)'")
        }
        guard let document = entry.document else {
            throw Problem(status: 409, description: entry.error ?? "\(entry.path): not read yet")
        }
        do {
            return (try request.bar(from: document), document)
        } catch {
            throw Problem(status: 400, description: error.description)
        }
    }

    /// Runs `body` alone (one canvas), turning any failure into a 422 with its message.
    private func drawing<T>(_ body: () throws -> T) throws(Problem) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body()
        } catch let problem as Problem {
            throw problem
        } catch let error as CustomStringConvertible {
            throw Problem(status: 422, description: error.description)
        } catch {
            throw Problem(status: 422, description: "\(error)")
        }
    }
}
