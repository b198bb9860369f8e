/// Text from input inside a one-line message, bounded: a number of a million digits, or a key a
/// megabyte long, was repeated whole in its error — a 15 MB line for a 15 MB catalog (hostile
/// round 51). A run of characters without white space longer than `longestRun` (no path is
/// that long in practice) is cut to its start and its length, and a message still longer than
/// `longestMessage` (a value of many words) keeps its start and its end.
public enum ShownText {
    /// The longest run without white space a message keeps whole.
    public static let longestRun = 1024
    /// How much of a longer run is shown.
    public static let shownStart = 60
    /// The longest message kept whole once its runs are cut.
    public static let longestMessage = 2048

    /// `message` bounded: each run of more than `longestRun` characters without white space cut
    /// to its first `shownStart` characters, `…` and how long it was (`1000000…(900001
    /// characters)`); then, past `longestMessage`, its middle left out (`… (N characters left
    /// out) …`), so where the problem is and the advice after it stay.
    public static func bounded(_ message: String) -> String {
        // Fast path: most messages are short.
        guard message.unicodeScalars.count > longestMessage / 2 else { return message }
        var result = String.UnicodeScalarView()
        var run = String.UnicodeScalarView()
        var runLength = 0
        func flush() {
            if runLength > longestRun {
                result += run.prefix(shownStart)
                result += "…(\(runLength) characters)".unicodeScalars
            } else {
                result += run
            }
            run = String.UnicodeScalarView()
            runLength = 0
        }
        for scalar in message.unicodeScalars {
            if scalar.properties.isWhitespace {
                flush()
                result.append(scalar)
            } else {
                // Only the start of a long run is kept: memory stays bounded by what is shown.
                if runLength <= longestRun { run.append(scalar) }
                runLength += 1
            }
        }
        flush()
        guard result.count > longestMessage else { return String(result) }
        let head = result.prefix(longestMessage * 3 / 4), tail = result.suffix(longestMessage / 8)
        return String(head) + "… (\(result.count - head.count - tail.count) characters left out) …" + String(tail)
    }
}
