import Foundation
import Tabsnap

/// `tabsnap preview`'s HTTP server: the page, the renders it asks for, and reload pushes over
/// WebSocket. Listens on 127.0.0.1 only (`LoopbackServer`, within `HTTPLimits`), answers only its
/// own page (`SameOriginGuard`), forbids framing (`SecurityHeaders`), and serves nothing but the
/// fixed routes of `PreviewRoutes` (no path from a URL is ever opened). Every failure is an HTTP
/// error, so no request stops the server.
public final class PreviewServer: @unchecked Sendable {
    /// The specs it serves, read again when their files change.
    public let suite: PreviewSuite
    /// The reload channel: `broadcast(_:)` pushes a notice to every open page.
    public let events: PreviewEvents
    private let server: LoopbackServer
    private let watcher: FileWatcher
    /// What draws the pages' pictures and Play's animations.
    let renderer: PreviewRenderer
    private let goldens: PreviewGoldens
    private let allowedHosts: SameOriginGuard.Hosts
    /// Play's APNGs and the golden verifier's artifacts: a new folder with an unpredictable name,
    /// mode 0700, removed on stop and on Ctrl-C.
    private let scratch: URL

    /// `port` 0 picks a free one (read `port()` after `start()`). `snapshots`: the goldens folder
    /// "copy as golden" writes into (nil: the button says how to give one).
    public init(suite: PreviewSuite, port: UInt16, snapshots: URL? = nil) throws {
        if case .failure(let missing) = PreviewPage.folder {
            throw PreviewProblem(status: 0, description: missing.description)
        }
        self.suite = suite
        let events = PreviewEvents()
        self.events = events
        let scratch = try PrivateFolder.make(prefix: "tabsnap-preview")
        guard TemporaryFiles.shared.register(scratch) else {
            try? FileManager.default.removeItem(at: scratch)
            throw PreviewProblem(status: 0, description: "interrupted")
        }
        self.scratch = scratch
        let renderer = PreviewRenderer(suite: suite, scratch: scratch)
        self.renderer = renderer
        let hosts = SameOriginGuard.Hosts()
        self.allowedHosts = hosts
        let goldens = PreviewGoldens(suite: suite, snapshots: snapshots, scratch: scratch)
        self.goldens = goldens
        let routes = PreviewRoutes(suite: suite, renderer: renderer, goldens: goldens)
        let guardian = SameOriginGuard(hosts: hosts)
        do {
            server = try LoopbackServer(port: port, guard: guardian.check, commonHeaders: { request in
                SecurityHeaders.headers(host: request?.header("host").flatMap { hosts.contains($0) ? $0 : nil })
            }, webSocketPath: "/events", handler: routes.answer)
        } catch {
            TemporaryFiles.shared.discard(scratch)
            throw error
        }
        let server = self.server
        events.connect { server.broadcast($0) }
        let target = WatcherTarget()
        watcher = FileWatcher { target.server?.filesChanged($0) }
        target.server = self
    }

    /// Connections open now (for tests of the connection bound).
    var openConnectionsForTests: Int { server.openConnections }

    /// Whether changes are seen through inotify (else by polling every 250 ms).
    public var watchesWithInotify: Bool { watcher.usesInotify }

    /// Starts serving and watching. The port is bound by `init` already, so a taken port has
    /// failed there.
    public func start() async throws {
        allowedHosts.allow(port: server.port)
        server.start()
        watcher.watch(suite.allWatchedFiles, folders: suite.specFolders)
        watcher.start()
    }

    /// The port it listens on.
    public func port() async -> UInt16? {
        server.port
    }

    /// Closes the listening socket and every connection (pages see their socket close).
    public func stop() async {
        watcher.stop()
        events.finishAll()
        let server = self.server
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                server.stop()
                continuation.resume()
            }
        }
        TemporaryFiles.shared.discard(scratch)
    }

    /// Called by the watcher: reads the specs whose files changed again and tells the pages; a
    /// spec file added to or removed from a folder given changes the list the pages show.
    func filesChanged(_ paths: Set<String>) {
        renderer.filesChanged()
        if paths.contains(where: PreviewSuite.mayChangeList) || suite.cardsWaitOn(paths), suite.rescan() {
            events.broadcast(PreviewCatalog.listMessage)
        }
        for entry in suite.reload(dependingOn: paths) { events.broadcast(PreviewCatalog.reloadMessage(entry, goldens: goldens)) }
        // An icon or font the new version names, or a new folder, is watched from now on.
        watcher.watch(suite.allWatchedFiles, folders: suite.specFolders)
    }
}

/// Lets the watcher's closure reach the server that owns it (set once the server exists).
/// A value set on one thread and read on another.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}

private final class WatcherTarget: @unchecked Sendable {
    weak var server: PreviewServer?
}
