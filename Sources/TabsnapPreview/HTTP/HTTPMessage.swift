import Foundation

/// A request as the preview's routes see it: method, path, decoded query and headers.
struct HTTPRequest: Sendable {
    var method: String
    /// The path as sent (`/render.png`); routes are compared with it as it is.
    var path: String
    var query: [(name: String, value: String)]
    /// Header names in lower case; a name given twice keeps its last value (Host, Origin and
    /// the other headers the guard reads are refused when doubled).
    var headers: [String: String]
    var body: [UInt8]
    /// HTTP/1.0, or `Connection: close`: the connection closes after the response.
    var closes: Bool

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The query's value for `name`; the routes refuse a name given twice first
    /// (`repeatedQueryName`), so there is at most one.
    func queryValue(_ name: String) -> String? { query.last { $0.name == name }?.value }

    /// The first query name given more than once, or nil.
    var repeatedQueryName: String? {
        var seen = Set<String>()
        return query.first { !seen.insert($0.name).inserted }?.name
    }
}

/// A response: status, headers and the whole body (pictures are made whole before they are
/// sent).
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Error"
        }
    }

    /// The bytes on the wire: status line, headers, `Content-Length`, the body.
    func serialized(closing: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 101 {
            head += "Content-Length: \(body.count)\r\n"
            head += closing ? "Connection: close\r\n" : "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}

/// Reads a request's head in one pass over the bytes received so far: nothing is parsed before
/// the blank line ends the head, and the search for it resumes where it stopped, so a head sent
/// a byte at a time costs no more than one sent whole. Limits (`HTTPLimits`) are checked as the
/// bytes arrive: a request line over 8 KB is 414 and a head over 16 KB (or 64 headers) is 431
/// before the rest is read.
struct HTTPHeadReader {
    enum Outcome {
        case needMore
        /// The head, and how many bytes of the buffer it took (the body follows).
        case head(HTTPRequest, length: Int, contentLength: Int)
        case refused(status: Int, reason: String)
    }

    private var scanned = 0
    private var lineScanned = 0
    private var bareScanned = 0
    /// Lines of the head ended so far (the request line's too).
    private var linesEnded = 0

    mutating func read(_ buffer: [UInt8]) -> Outcome {
        // A line ended by a bare LF (or a CR alone) is refused as it arrives: waited for as a
        // head still to come, it met the request line's limit (414) or the head's time-out,
        // which pointed the client at the wrong problem (hostile round 133).
        let limit = min(buffer.count, HTTPLimits.headBytes + 4)
        while bareScanned < limit {
            let byte = buffer[bareScanned]
            if byte == 10 && (bareScanned == 0 || buffer[bareScanned - 1] != 13) {
                return .refused(status: 400, reason: "a line of the request head ends with a bare LF; HTTP lines end with CR LF")
            }
            // Headers counted as their lines end, not once the head does (round 135: 70 headers
            // of a head never ended waited out the time-out unanswered).
            if byte == 10 {
                linesEnded += 1
                if linesEnded > HTTPLimits.headerCount + 1, !(bareScanned >= 3 && buffer[bareScanned - 3] == 13 && buffer[bareScanned - 2] == 10) {
                    return .refused(status: 431, reason: "over \(HTTPLimits.headerCount) headers")
                }
            }
            // The blank line: the body follows, bytes of any kind.
            if byte == 10, bareScanned >= 3, buffer[bareScanned - 3] == 13, buffer[bareScanned - 2] == 10 {
                bareScanned = Int.max
                break
            }
            if byte == 13 {
                guard bareScanned + 1 < buffer.count else { break }  // its LF may still come
                if buffer[bareScanned + 1] != 10 { return .refused(status: 400, reason: "a bare CR in the request head") }
            }
            bareScanned += 1
        }
        // The end of the request line, for its own limit.
        guard let lineEnd = Self.find([13, 10], in: buffer, from: max(lineScanned - 1, 0)) else {
            lineScanned = buffer.count
            return buffer.count > HTTPLimits.requestLineBytes ? .refused(status: 414, reason: "the request line is over 8 KB") : .needMore
        }
        guard lineEnd <= HTTPLimits.requestLineBytes else { return .refused(status: 414, reason: "the request line is over 8 KB") }
        guard let end = Self.find([13, 10, 13, 10], in: buffer, from: max(scanned - 3, lineEnd)) else {
            scanned = buffer.count
            return buffer.count > HTTPLimits.headBytes ? .refused(status: 431, reason: "the request head is over 16 KB") : .needMore
        }
        guard end + 4 <= HTTPLimits.headBytes else { return .refused(status: 431, reason: "the request head is over 16 KB") }
        return Self.parse(Array(buffer[0..<end]), length: end + 4)
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var index = max(start, 0)
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0] && buffer[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func parse(_ head: [UInt8], length: Int) -> Outcome {
        guard let text = String(validating: head, as: UTF8.self) else { return .refused(status: 400, reason: "the request head is not UTF-8") }
        // Lines end with CR LF and nowhere else: a bare CR or LF is read as a line end by some
        // readers (a proxy) and not by others.
        if text.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            return .refused(status: 400, reason: "a bare CR or LF in the request head")
        }
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/"),
              requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else {
            return .refused(status: 400, reason: "not an HTTP/1.1 request line")
        }
        guard lines.count <= HTTPLimits.headerCount else { return .refused(status: 431, reason: "over \(HTTPLimits.headerCount) headers") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, let first = line.first,
                  !first.isWhitespace else { return .refused(status: 400, reason: "a malformed header line") }
            let name = line[..<colon].lowercased()
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }) else {
                return .refused(status: 400, reason: "a malformed header name")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if headers[name] != nil, singleHeaders.contains(name) { return .refused(status: 400, reason: "\(name) given twice") }
            headers[name] = value
        }
        if headers["transfer-encoding"] != nil { return .refused(status: 501, reason: "chunked request bodies are not taken") }
        var contentLength = 0
        if let declared = headers["content-length"] {
            guard let count = Int(declared), count >= 0 else { return .refused(status: 400, reason: "a bad Content-Length") }
            guard count <= HTTPLimits.bodyBytes else { return .refused(status: 413, reason: "the request body is over 64 KB") }
            contentLength = count
        }
        let target = requestLine[1]
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let query = decodeQuery(parts.count > 1 ? parts[1] : "") else { return .refused(status: 400, reason: "a malformed query") }
        let version = requestLine[2]
        let connection = headers["connection"]?.lowercased() ?? ""
        let closes = version == "HTTP/1.0" ? !connection.contains("keep-alive") : connection.contains("close")
        let request = HTTPRequest(method: String(requestLine[0]), path: String(parts[0]), query: query, headers: headers, body: [],
                                  closes: closes)
        return .head(request, length: length, contentLength: contentLength)
    }

    /// Headers the guard decides on: one of each, or the request is refused (two Hosts could be
    /// read one way here and another by a proxy).
    private static let singleHeaders: Set = ["host", "origin", "sec-fetch-site", "content-length", "upgrade"]

    /// `a=1&b=x%20y`: percent-decoded names and values (`+` is a plus: the page encodes spaces as
    /// %20); nil when an escape is malformed.
    static func decodeQuery(_ query: Substring) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(parts[0]).removingPercentEncoding,
                  let value = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding else { return nil }
            items.append((name, value))
        }
        return items
    }
}
