import Foundation

/// RFC 6455 as the preview needs it: the opening handshake, text frames to the page, and the
/// page's frames read one at a time within `HTTPLimits.webSocketFrameBytes`. The page sends no
/// messages of its own; pings are answered, a close is answered and ends the socket, data frames
/// (fragments included) are dropped as they arrive, so nothing a page sends is held.
enum WebSocketFrames {
    /// `Sec-WebSocket-Accept` for the page's `Sec-WebSocket-Key`.
    static func accept(key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    enum Opcode: UInt8 {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    /// The close frame's body for a page whose reload socket gave way to a newer page's (more
    /// pages than `HTTPLimits.webSockets`): code 4000, which the page reads as "do not
    /// reconnect", and the reason.
    static let tooManyPages: [UInt8] = [0x0F, 0xA0] + Array("too many preview pages".utf8)

    /// The close frame answering the page's: its status code echoed when RFC 6455 (7.4) allows a
    /// page to send it, 1002 (protocol error) for a code it may not send or a one-byte body, and
    /// no code for none.
    static func closeReply(to payload: [UInt8]) -> [UInt8] {
        guard !payload.isEmpty else { return frame(.close, []) }
        let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0
        let sendable = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        return frame(.close, sendable ? Array(payload.prefix(2)) : [0x03, 0xEA])
    }

    /// A frame from the server (never masked).
    static func frame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode.rawValue]
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        return bytes + payload
    }

    enum Read {
        case needMore
        /// A whole frame, its payload unmasked, and the bytes it took.
        case frame(Opcode, [UInt8], length: Int)
        /// A protocol error or a frame over the limit: close the socket.
        case refused(String)
    }

    /// The first frame in `buffer`, if whole.
    static func read(_ buffer: [UInt8]) -> Read {
        guard buffer.count >= 2 else { return .needMore }
        guard let opcode = Opcode(rawValue: buffer[0] & 0x0F) else { return .refused("an unknown opcode") }
        guard buffer[0] & 0x70 == 0 else { return .refused("reserved bits set") }
        guard buffer[1] & 0x80 != 0 else { return .refused("an unmasked frame from the page") }
        var length = Int(buffer[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return .needMore }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return .needMore }
            // Anything this long is over the limit: no need to read all eight bytes into an Int.
            return .refused("a frame over \(HTTPLimits.webSocketFrameBytes) bytes")
        }
        guard length <= HTTPLimits.webSocketFrameBytes else { return .refused("a frame over \(HTTPLimits.webSocketFrameBytes) bytes") }
        if opcode.rawValue >= 8 && (length > 125 || buffer[0] & 0x80 == 0) { return .refused("a bad control frame") }
        guard buffer.count >= offset + 4 + length else { return .needMore }
        let mask = Array(buffer[offset..<(offset + 4)])
        let start = offset + 4
        let payload = (0..<length).map { buffer[start + $0] ^ mask[$0 & 3] }
        return .frame(opcode, payload, length: start + length)
    }
}

/// SHA-1, for the WebSocket handshake only (RFC 6455 fixes it; nothing is secured by it here).
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for block in stride(from: 0, to: bytes.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[block + i * 4 + $1]) }
            }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4]
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                e = d; d = c; c = rotate(b, 30); b = a; a = t
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
