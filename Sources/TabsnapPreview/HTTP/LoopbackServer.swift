import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The preview's HTTP/1.1 and WebSocket server, on 127.0.0.1 only: one thread polls the
/// listening socket and every connection, reads and writes without blocking, and hands each
/// complete request to the handler off that thread. Written for the preview instead of a
/// general server library because every bound a local page or process could break had to be
/// ours (see `HTTPLimits`): heads are read in one linear pass within 8 KB / 16 KB / 64 headers,
/// the guard decides on a request's head before any other work, connections are bounded and
/// timed out, a WebSocket holds nothing a page sends, and the listening socket is never lost
/// (running out of file descriptors is waited out, said once).
final class LoopbackServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    /// Looks at a request's head before anything else is done with it: a response refuses it.
    typealias Guard = @Sendable (HTTPRequest) -> HTTPResponse?
    /// Headers every response carries (frame protection, content policy).
    typealias CommonHeaders = @Sendable (HTTPRequest?) -> [(String, String)]

    private let listener: Int32
    let port: UInt16
    private let handler: Handler
    private let guardian: Guard
    private let commonHeaders: CommonHeaders
    private let webSocketPath: String

    private let lock = NSLock()
    private var completed: [(id: Int, response: HTTPResponse)] = []
    private var broadcasts: [String] = []
    private var stopping = false
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private var started = false

    // Owned by the loop thread.
    private var connections: [Int: Connection] = [:]
    /// The handler's task of each connection being answered, cancelled if the client leaves.
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// Connections whose request waits its turn, oldest first (`HTTPLimits.inFlight`).
    private var waiting: [Int] = []
    private var nextID = 0
    private var acceptPausedUntil = 0.0
    private var saidOutOfDescriptors = false
    /// When the reload sockets are next pinged.
    private var nextPing = 0.0

    /// Binds 127.0.0.1:`port` (0: a free one) at once, so a taken port fails here.
    init(port: UInt16, guard guardian: @escaping Guard, commonHeaders: @escaping CommonHeaders, webSocketPath: String,
         handler: @escaping Handler) throws(PreviewProblem) {
        self.handler = handler
        self.guardian = guardian
        self.commonHeaders = commonHeaders
        self.webSocketPath = webSocketPath
        Self.raiseDescriptorLimit()
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw PreviewProblem(status: 0, description: "cannot open a socket (\(String(cString: strerror(errno))))") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw PreviewProblem(status: 0, description: "cannot listen on 127.0.0.1:\(port) (\(reason))")
        }
        var actual = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &size) } }
        listener = socket
        self.port = UInt16(bigEndian: actual.sin_port)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0, Self.setNonBlocking(pipeEnds[0]), Self.setNonBlocking(pipeEnds[1]) else {
            close(socket)
            throw PreviewProblem(status: 0, description: "cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        wake = (pipeEnds[0], pipeEnds[1])
    }

    deinit {
        close(listener)
        close(wake.read)
        close(wake.write)
    }

    /// Starts the polling thread.
    func start() {
        lock.withLock { started = true }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "tabsnap.preview.http"
        thread.start()
    }

    /// Closes every connection and stops; returns once the thread has (at once, the second time).
    func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { stopping = true; started = false }
            return started && !stopping
        }
        poke()
        if wasRunning { finished.wait() }
    }

    /// Sends `text` to every open WebSocket.
    func broadcast(_ text: String) {
        lock.withLock { broadcasts.append(text) }
        poke()
    }

    /// How many connections are open now (for tests).
    var openConnections: Int {
        lock.withLock { connectionCount }
    }
    private var connectionCount = 0

    /// Non-blocking and closed on exec (accept4 and pipe2 are not in Swift's Glibc module).
    private static func setNonBlocking(_ fd: Int32) -> Bool {
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 && fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// More descriptors than the default 1 024, when the hard limit allows: connections are
    /// bounded well below either way, but the renders and the watcher need theirs too.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    // MARK: The loop

    private final class Connection {
        enum State { case head, body(HTTPRequest, length: Int, contentLength: Int), waiting(HTTPRequest), busy, writing, webSocket }
        let fd: Int32
        var state = State.head
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var reader = HTTPHeadReader()
        var deadline: Double
        /// When the response being written must be sent by, however slowly it progresses.
        var writeBy = Double.infinity
        /// A reload socket: when it was opened (the oldest gives way to a new one), and when its
        /// client last sent anything.
        var opened = 0.0
        var heard = 0.0
        var closeAfterWrite = false
        /// Waiting its turn or being answered: the client hanging up cancels it.
        var isAnswering: Bool {
            switch state {
            case .busy, .waiting: return true
            default: return false
            }
        }
        /// A reload socket whose client has answered a ping (a browser's page does at once).
        var answeredPing = false
        /// The request being answered (its answer's common headers depend on it).
        var request: HTTPRequest?

        init(fd: Int32, deadline: Double) {
            self.fd = fd
            self.deadline = deadline
        }
    }

    /// POLLRDHUP (not in Swift's Glibc module): the peer closed its side.
    private static let readHangUp: Int32 = 0x2000

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            if lock.withLock({ stopping }) { break }
            let now = Self.now()
            let order = Array(connections.keys)
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let listening = now >= acceptPausedUntil
            if listening { fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            var earliest = now + 1
            for id in order {
                let connection = connections[id]!
                var events: Int32 = 0
                switch connection.state {
                case .head, .body: events = Int32(POLLIN)
                // The client hanging up while its answer is made. A client that closes its
                // sending side (FIN) is taken as gone too: at the socket it cannot be told from
                // one that left, and abandoned requests must not queue work (browsers and curl
                // do not half-close).
                case .busy, .waiting: events = Self.readHangUp
                case .writing: events = Int32(POLLOUT)
                case .webSocket: events = Int32(POLLIN) | (connection.output.count > connection.written ? Int32(POLLOUT) : 0)
                }
                fds.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
                earliest = min(earliest, connection.deadline)
            }
            if !listening { earliest = min(earliest, acceptPausedUntil) }
            earliest = min(earliest, nextPing)
            let timeout = Int32(max(0, min(1000, (earliest - now) * 1000)).rounded(.up))
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { usleep(10_000) }
            if fds[0].revents != 0 { drainWake() }
            deliverCompleted()
            deliverBroadcasts()
            pingSockets()
            var index = 1
            if listening {
                if fds[1].revents != 0 { acceptAll() }
                index = 2
            }
            for id in order {
                let revents = Int32(fds[index].revents)
                index += 1
                guard let connection = connections[id] else { continue }
                if connection.isAnswering, revents & (Self.readHangUp | Int32(POLLHUP) | Int32(POLLERR)) != 0 {
                    closeConnection(id)
                    continue
                }
                if revents & Int32(POLLIN) != 0 {
                    readFrom(id, connection, into: &buffer)
                } else if revents & (Int32(POLLHUP) | Int32(POLLERR) | Int32(POLLNVAL)) != 0, revents & Int32(POLLOUT) == 0 {
                    closeConnection(id)
                    continue
                }
                if connections[id] != nil, revents & Int32(POLLOUT) != 0 { writeTo(id, connection) }
            }
            let later = Self.now()
            for (id, connection) in connections where connection.deadline <= later {
                // A request that waited its turn too long is told so; anything else past its
                // deadline is closed.
                if case .waiting(let request) = connection.state {
                    waiting.removeAll { $0 == id }
                    respond(connection, Self.plain(503, "busy: waited \(Int(HTTPLimits.waitSeconds)) s for one of \(HTTPLimits.inFlight) answers to finish; try again"),
                            closing: true, request: request)
                    writeTo(id, connection)
                } else {
                    closeConnection(id)
                }
            }
            // Slots freed by answers sent or clients gone go to the requests waiting.
            admitWaiting()
        }
        for id in Array(connections.keys) { closeConnection(id) }
    }

    /// Bytes of answers made and not yet sent, across the connections.
    private func unreadBytes() -> Int {
        connections.values.reduce(0) { total, connection in
            if case .writing = connection.state { return total + connection.output.count - connection.written }
            return total
        }
    }

    /// Pings every reload socket now and then: a live page's browser answers, which keeps its
    /// socket from being closed as silent.
    private func pingSockets() {
        let now = Self.now()
        guard now >= nextPing else { return }
        nextPing = now + HTTPLimits.webSocketPingSeconds
        for (id, connection) in connections {
            guard case .webSocket = connection.state else { continue }
            queue(WebSocketFrames.frame(.ping, []), on: id, connection)
        }
    }

    private func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wake.read, &bytes, bytes.count) > 0 {}
    }

    private func acceptAll() {
        for _ in 0..<64 {
            let fd = accept(listener, nil, nil)
            if fd >= 0, !Self.setNonBlocking(fd) {
                close(fd)
                continue
            }
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    return
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: wait a moment and try again; the listening
                    // socket stays open whatever happens.
                    if !saidOutOfDescriptors {
                        saidOutOfDescriptors = true
                        FileHandle.standardError.write(Data("tabsnap preview: cannot accept connections (\(String(cString: strerror(errno)))); waiting for some to close\n".utf8))
                    }
                    acceptPausedUntil = Self.now() + HTTPLimits.acceptBackoffSeconds
                    return
                }
            }
            var yes: Int32 = 1
            // Header and body go out in one write anyway; no Nagle delay on small responses.
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            // At the bound, the oldest connection without a whole request gives way — one that
            // has sent nothing, part of a head, or a head without the body it promised: a local
            // process holding every slot and reconnecting as each timed out kept every page out
            // (hostile round 90: 0 of 19 requests in 40 s), one byte on each slot did again
            // (round 94: 2 of 30), and a head promising 64 KB of body (round 97: 0 of 60). A page
            // sends its whole request at once, so it is never the oldest still waiting for one.
            if connections.count >= HTTPLimits.connections,
               let waiting = connections.filter({ entry in
                   switch entry.value.state {
                   case .head, .body: return true
                   default: return false
                   }
               }).min(by: { $0.key < $1.key }) {
                closeConnection(waiting.key)
            }
            guard connections.count < HTTPLimits.connections else {
                let busy = HTTPResponse(status: 503, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                        body: Array("too many connections\n".utf8)).serialized(closing: true)
                _ = busy.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(fd)
                continue
            }
            nextID += 1
            connections[nextID] = Connection(fd: fd, deadline: Self.now() + HTTPLimits.headSeconds)
            lock.withLock { connectionCount = connections.count }
        }
    }

    private func closeConnection(_ id: Int) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        // (A connection closed while it waits leaves the queue: at most the connections' bound
        // wait, never ids of closed ones: code review.)
        if case .waiting = connection.state { waiting.removeAll { $0 == id } }
        tasks.removeValue(forKey: id)?.cancel()
        close(connection.fd)
        lock.withLock { connectionCount = connections.count }
    }

    private func readFrom(_ id: Int, _ connection: Connection, into buffer: inout [UInt8]) {
        let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else {
            closeConnection(id)
            return
        }
        if case .head = connection.state, connection.input.isEmpty {
            connection.deadline = Self.now() + HTTPLimits.headSeconds
        }
        connection.input += buffer[0..<count]
        process(id, connection)
    }

    /// Moves a connection on with what it has read.
    private func process(_ id: Int, _ connection: Connection) {
        switch connection.state {
        case .head:
            switch connection.reader.read(connection.input) {
            case .needMore:
                return
            case .refused(let status, let reason):
                respond(connection, Self.plain(status, reason), closing: true)
            case .head(let request, let length, let contentLength):
                connection.state = .body(request, length: length, contentLength: contentLength)
                process(id, connection)
            }
        case .body(var request, let length, let contentLength):
            guard connection.input.count >= length + contentLength else { return }
            request.body = Array(connection.input[length..<(length + contentLength)])
            connection.input.removeFirst(length + contentLength)
            connection.reader = HTTPHeadReader()
            dispatch(id, connection, request)
        case .webSocket:
            readFrames(id, connection)
        case .busy, .waiting, .writing:
            return
        }
    }

    private func dispatch(_ id: Int, _ connection: Connection, _ request: HTTPRequest) {
        // A HEAD answer has no body: the routes make none, so none is answered (405), and the
        // connection closes so a client cannot read a body as its next response.
        if request.method == "HEAD" {
            respond(connection, HTTPResponse(status: 405, headers: [("Allow", "GET, POST")]), closing: true, request: request)
            return
        }
        if let refusal = guardian(request) {
            respond(connection, refusal, closing: request.closes, request: request)
            return
        }
        if request.path == webSocketPath, request.header("upgrade")?.lowercased() == "websocket" {
            guard request.method == "GET", let key = request.header("sec-websocket-key"), request.header("sec-websocket-version") == "13" else {
                respond(connection, Self.plain(400, "not a WebSocket handshake"), closing: true, request: request)
                return
            }
            let sockets = connections.filter { if case .webSocket = $0.value.state { return true } else { return false } }
            // At the bound, the oldest socket whose client never answered a ping gives way (a
            // browser answers the one sent on opening at once), so a process churning sockets
            // that do not answer closes only its own; the oldest of all only when every one answers.
            let silent = sockets.filter { !$0.value.answeredPing }
            if sockets.count >= HTTPLimits.webSockets,
               let oldest = (silent.isEmpty ? sockets : silent).min(by: { $0.value.opened < $1.value.opened }) {
                if silent.isEmpty {
                    // A page's: told why, so it does not reconnect and close the next oldest in
                    // turn (17 tabs churned for ever, hostile round 27).
                    queue(WebSocketFrames.frame(.close, WebSocketFrames.tooManyPages), on: oldest.key, oldest.value)
                    oldest.value.closeAfterWrite = true
                    oldest.value.state = .writing
                    oldest.value.writeBy = Self.now() + HTTPLimits.writeStallSeconds
                    oldest.value.deadline = oldest.value.writeBy
                } else {
                    closeConnection(oldest.key)
                }
            }
            let accept = HTTPResponse(status: 101, headers: [("Upgrade", "websocket"), ("Connection", "Upgrade"),
                                                             ("Sec-WebSocket-Accept", WebSocketFrames.accept(key: key))])
            connection.output = accept.serialized(closing: false) + WebSocketFrames.frame(.ping, [])
            connection.written = 0
            connection.state = .webSocket
            connection.opened = Self.now()
            connection.heard = connection.opened
            connection.deadline = connection.heard + HTTPLimits.webSocketSilenceSeconds
            readFrames(id, connection)
            return
        }
        // Answers being drawn and answers not yet read both hold memory: both count.
        let inFlight = inFlightCount()
        guard unreadBytes() < HTTPLimits.queuedResponseBytes else {
            respond(connection, Self.plain(503, "busy: answers not yet read come to more than \(HTTPLimits.queuedResponseBytes >> 20) MB; try again"),
                    closing: request.closes, request: request)
            return
        }
        // Past the bound a request waits its turn, first come first served: a process keeping
        // every slot busy (asking again as each answer comes) had every page's request answered
        // 503 (hostile round 96: 0 of 20); now a page's waits behind what was asked before it.
        guard inFlight < HTTPLimits.inFlight, waiting.isEmpty else {
            connection.state = .waiting(request)
            connection.deadline = Self.now() + HTTPLimits.waitSeconds
            waiting.append(id)
            return
        }
        start(id, connection, request)
    }

    /// Starts answering `request`: its handler runs as a task; its answer is delivered on the
    /// loop (`deliverCompleted`).
    private func start(_ id: Int, _ connection: Connection, _ request: HTTPRequest) {
        connection.state = .busy
        connection.deadline = .infinity
        connection.closeAfterWrite = request.closes
        connection.request = request
        let handler = self.handler
        tasks[id] = Task.detached { [weak self] in
            let response = await handler(request)
            guard let self else { return }
            var finished = response
            finished.headers = self.commonHeaders(request) + response.headers
            self.lock.withLock { self.completed.append((id, finished)) }
            self.poke()
        }
    }

    /// Requests being answered: drawn, or drawn and not yet read (both hold memory).
    private func inFlightCount() -> Int {
        connections.values.filter { other in
            switch other.state {
            case .busy: return true
            case .writing: return other.output.count > other.written
            default: return false
            }
        }.count
    }

    /// Starts the requests waiting their turn, oldest first, while slots are free (a connection
    /// closed while waiting has left the queue; one answered 503 for waiting too long is passed).
    private func admitWaiting() {
        while !waiting.isEmpty {
            guard inFlightCount() < HTTPLimits.inFlight else { return }
            let id = waiting.removeFirst()
            guard let connection = connections[id], case .waiting(let request) = connection.state else { continue }
            start(id, connection, request)
        }
    }

    private func deliverCompleted() {
        defer { admitWaiting() }
        let ready = lock.withLock { () -> [(id: Int, response: HTTPResponse)] in
            defer { completed.removeAll() }
            return completed
        }
        for (id, response) in ready {
            tasks[id] = nil
            guard let connection = connections[id] else { continue }
            // Admission counted the answers then unread; those being drawn weighed nothing yet.
            // An answer that would take the unread ones past the bound is let go here instead.
            guard unreadBytes() + response.body.count <= HTTPLimits.queuedResponseBytes else {
                respond(connection, Self.plain(503, "busy: answers not yet read come to more than \(HTTPLimits.queuedResponseBytes >> 20) MB; try again"),
                        closing: true, request: connection.request)
                writeTo(id, connection)
                continue
            }
            respond(connection, response, closing: connection.closeAfterWrite, withCommonHeaders: false)
            writeTo(id, connection)
        }
    }

    private func deliverBroadcasts() {
        let texts = lock.withLock { () -> [String] in
            defer { broadcasts.removeAll() }
            return broadcasts
        }
        guard !texts.isEmpty else { return }
        let frames = texts.flatMap { WebSocketFrames.frame(.text, Array($0.utf8)) }
        for (id, connection) in connections {
            guard case .webSocket = connection.state else { continue }
            queue(frames, on: id, connection)
        }
    }

    /// Adds WebSocket bytes, or closes a page that has stopped reading.
    private func queue(_ bytes: [UInt8], on id: Int, _ connection: Connection) {
        if connection.written > 0 {
            connection.output.removeFirst(connection.written)
            connection.written = 0
        }
        guard connection.output.count + bytes.count <= HTTPLimits.webSocketQueueBytes else {
            closeConnection(id)
            return
        }
        connection.output += bytes
    }

    private func readFrames(_ id: Int, _ connection: Connection) {
        while connections[id] != nil {
            switch WebSocketFrames.read(connection.input) {
            case .needMore:
                return
            case .refused:
                closeConnection(id)
                return
            case .frame(let opcode, let payload, let length):
                connection.input.removeFirst(length)
                connection.heard = Self.now()
                connection.deadline = connection.heard + HTTPLimits.webSocketSilenceSeconds
                switch opcode {
                case .ping:
                    queue(WebSocketFrames.frame(.pong, payload), on: id, connection)
                case .close:
                    queue(WebSocketFrames.closeReply(to: payload), on: id, connection)
                    connection.closeAfterWrite = true
                    connection.state = .writing
                    connection.deadline = Self.now() + HTTPLimits.writeStallSeconds
                    return
                case .pong:
                    connection.answeredPing = true
                case .text, .binary, .continuation:
                    break  // the page has nothing to say; dropped, never assembled
                }
            }
        }
    }

    private func respond(_ connection: Connection, _ response: HTTPResponse, closing: Bool, request: HTTPRequest? = nil,
                         withCommonHeaders: Bool = true) {
        var response = response
        if withCommonHeaders { response.headers = commonHeaders(request) + response.headers }
        connection.output = response.serialized(closing: closing)
        connection.written = 0
        connection.closeAfterWrite = closing
        connection.state = .writing
        connection.writeBy = Self.now() + HTTPLimits.writeStallSeconds + Double(connection.output.count) / HTTPLimits.minimumReadBytesPerSecond
        connection.deadline = min(Self.now() + HTTPLimits.writeStallSeconds, connection.writeBy)
    }

    private func writeTo(_ id: Int, _ connection: Connection) {
        while connection.written < connection.output.count {
            let sent = connection.output.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + connection.written, bytes.count - connection.written, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                closeConnection(id)
                return
            }
            connection.written += sent
            if case .writing = connection.state { connection.deadline = min(Self.now() + HTTPLimits.writeStallSeconds, connection.writeBy) }
        }
        connection.output = []
        connection.written = 0
        switch connection.state {
        case .writing:
            if connection.closeAfterWrite {
                closeConnection(id)
                return
            }
            connection.state = .head
            connection.deadline = Self.now() + (connection.input.isEmpty ? HTTPLimits.idleSeconds : HTTPLimits.headSeconds)
            if !connection.input.isEmpty { process(id, connection) }
        default:
            break
        }
    }

    /// A one-line text answer.
    static func plain(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                     body: Array((message.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n").utf8))
    }
}
