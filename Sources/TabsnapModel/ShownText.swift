/// Text from input inside a one-line message, bounded: a number of a million digits, or a key a
/// megabyte long, was repeated whole in its error — a 15 MB line for a 15 MB catalog (hostile
/// round 51). Any run of characters without a space longer than `longestRun` is cut to its
/// start and its length; ordinary messages, paths and quoted values are left as they are.
public enum ShownText {
    /// The longest run without a space a message keeps whole (a long path still fits).
    public static let longestRun = 240
    /// How much of a longer run is shown.
    public static let shownStart = 60

    /// `message` with each run of more than `longestRun` characters without white space cut to
    /// its first `shownStart` characters, `…` and how long it was: `1000000…(900001 characters)`.
    public static func bounded(_ message: String) -> String {
        // Fast path: most messages are short.
        guard message.unicodeScalars.count > longestRun else { return message }
        var result = ""
        var run = ""
        var runLength = 0
        func flush() {
            if runLength > longestRun {
                result += String(run.unicodeScalars.prefix(shownStart)) + "…(\(runLength) characters)"
            } else {
                result += run
            }
            run = ""
            runLength = 0
        }
        for scalar in message.unicodeScalars {
            if scalar.properties.isWhitespace {
                flush()
                result.unicodeScalars.append(scalar)
            } else {
                // Only the start of a long run is kept: memory stays bounded by what is shown.
                if runLength < longestRun + 1 { run.unicodeScalars.append(scalar) }
                runLength += 1
            }
        }
        flush()
        return result
    }
}
