/// An animated PNG's timing, read from its frame controls (fcTL) alone, no pixel decoded: how
/// long it plays, and how long its last frame shows. What a note kept inside the file says
/// about its motion is held to this (`MotionRecord.fits`).
public struct APNGTiming: Sendable, Equatable {
    /// The sum of every frame's delay, in seconds.
    public var duration: Double
    /// The last frame's delay, in seconds: its frame control's, with those before it that say
    /// the same frame's longer hold in parts (`APNGWriter` splits a delay over 65 535 units).
    public var lastFrameDelay: Double

    /// The timing of `bytes`, every chunk checked as the decoder checks it.
    /// - Throws: `PNGDecoder.Failure` when the file is not an animated PNG or is damaged.
    public init(_ bytes: PNGBytes) throws(PNGDecoder.Failure) {
        var reader = try PNGChunkReader(bytes)
        var animated = false
        var delays: [(units: UInt16, seconds: Double)] = []
        while let chunk = try reader.next() {
            switch chunk.type {
            case "acTL": animated = true
            case "fcTL" where animated:
                guard chunk.body.count == 26 else { throw .corrupt("fcTL of \(chunk.body.count) bytes") }
                let b = Array(chunk.body)
                let numerator = UInt16(b[20]) << 8 | UInt16(b[21])
                let denominator = UInt16(b[22]) << 8 | UInt16(b[23])
                delays.append((numerator, Double(numerator) / Double(denominator == 0 ? 100 : denominator)))
            default: break
            }
        }
        guard animated, let last = delays.last else { throw .unsupported("not an animated PNG") }
        duration = delays.reduce(0) { $0 + $1.seconds }
        lastFrameDelay = last.seconds + delays.dropLast().reversed().prefix { $0.units == UInt16.max }.reduce(0) { $0 + $1.seconds }
    }
}
