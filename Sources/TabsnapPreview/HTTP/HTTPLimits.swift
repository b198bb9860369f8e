/// What one local client may cost the preview server. The server is on loopback only, but any
/// page the browser opens can send it requests (`fetch` to 127.0.0.1 works from any site, even
/// when the answer is refused), and any local process can open connections: none of them may
/// stall it, exhaust it or grow its memory without bound.
enum HTTPLimits {
    /// The request line (`GET /render.png?… HTTP/1.1`): longer is 414 at once.
    static let requestLineBytes = 8 << 10
    /// The whole head, request line and headers: larger is 431 at once.
    static let headBytes = 16 << 10
    static let headerCount = 64
    /// A request body (the page sends none; `POST /golden` takes its values in the query).
    static let bodyBytes = 64 << 10
    /// Open connections, WebSockets included; one more is answered 503 and closed.
    static let connections = 256
    /// Reload sockets (a page has one): a new one past this closes the one open longest (its page
    /// reconnects and catches up), so sockets held open cannot shut a page's reloads out, nor take
    /// the connections from the pages' requests.
    static let webSockets = 16
    /// Requests being answered at once, answers still being sent included (drawing queues behind
    /// them); more wait their turn, first come first served (`waitSeconds`), so a process keeping
    /// every slot busy with quick requests delays a page's request by its turn rather than
    /// refusing it (slow requests in every slot and waiting ones on every connection can still
    /// delay it past `waitSeconds`). A request whose client has gone is cancelled before it draws.
    static let inFlight = 16
    /// How long a request may wait its turn (behind at most the connections' bound of others)
    /// before it is answered 503.
    static let waitSeconds = 60.0
    /// From a connection's first byte (or its previous response) to its complete head: a
    /// client sending a byte a minute (slowloris) is closed.
    static let headSeconds = 10.0
    /// A kept-alive connection with nothing asked.
    static let idleSeconds = 60.0
    /// A response the client does not read.
    static let writeStallSeconds = 30.0
    /// A response must also be read at least this fast on average (after the stall allowance): a
    /// client reading a trickle — enough to reset the stall — would hold its answer for ever.
    static let minimumReadBytesPerSecond: Double = 1_048_576
    /// Answers made but not yet read, across all connections: past this, new requests are
    /// answered 503 until clients read (each answer is held whole until it is sent), and an
    /// answer drawn meanwhile that would pass it is let go and answered 503.
    /// (A variable so tests can lower it.)
    nonisolated(unsafe) static var queuedResponseBytes = 256 << 20
    /// A reload socket is pinged this often; browsers answer pings by themselves.
    static let webSocketPingSeconds = 20.0
    /// A reload socket the client has sent nothing on (not even a pong) for this long is closed.
    static let webSocketSilenceSeconds = 60.0
    /// A WebSocket frame from the page (it sends only pings and closes; control frames are at
    /// most 125 bytes). Data frames are read and dropped, never assembled: a fragmented message
    /// that never ends costs nothing.
    static let webSocketFrameBytes = 4 << 10
    /// Bytes queued to a WebSocket that does not read (reload notices, pongs to a ping flood):
    /// past this the page is closed; it reconnects and catches up when it reads again.
    static let webSocketQueueBytes = 1 << 20
    /// How long accepting waits when the process is out of file descriptors.
    static let acceptBackoffSeconds = 0.25
}
