/// "Did you mean …?" for misspelt keys and values: the closest candidate by edit distance,
/// if it is close enough to be a plausible typo.
public enum KeySuggestion {
    /// The candidate closest to `word` by edit distance, ignoring case, when it is within two edits
    /// (or a third of the word's length, for a longer word).
    /// - Parameters:
    ///   - word: What the user wrote.
    ///   - candidates: The words that would have been valid.
    /// - Returns: The closest candidate as `candidates` spells it (the first of equally close
    ///   ones), or nil when none is close enough to be a plausible typo.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(2, word.count / 3)
        return best.1 <= limit ? best.0 : nil
    }

    /// The message tail for an unknown word: a suggestion, or the list of valid words.
    public static func hint(for word: String, in candidates: [String]) -> String {
        if let near = nearest(to: word, in: candidates) {
            return "did you mean '\(near)'?"
        }
        return "expected one of: " + candidates.joined(separator: ", ")
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
