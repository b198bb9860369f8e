import TabsnapPNG

/// Reads a golden's frames up to a count: one past the render's, as no golden that matches can
/// have more (holds only shorten a golden). Merging holds reads on while frames repeat, and a
/// hostile golden can hold thousands of full-canvas frames in a small file.
final class RawFrameLimit {
    private let limit: Int
    private var read = 0
    private var ended = false
    private(set) var reached = false

    init(_ limit: Int) {
        self.limit = limit
    }

    func next(_ reader: APNGFrameReader) throws -> AnimationFrame? {
        guard !ended else { return nil }
        guard read < limit else {
            reached = true
            return nil
        }
        read += 1
        let frame = try reader.next()
        ended = frame == nil
        return frame
    }
}
