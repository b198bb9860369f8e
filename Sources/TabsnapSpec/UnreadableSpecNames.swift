import Foundation
import TabsnapFiles
import TabsnapModel
import Yams

/// The files a spec that cannot be read may name: every word of its text that is the path of a
/// file (or a folder's files) beside it. A spec with a typo still protects its icons, fonts,
/// catalogs and page images: `check --record all` and the preview's Copy as golden replaced
/// another spec's icon `x.svg` with x's SVG golden while the spec naming it had one bad key
/// (hostile round 81). The words are read from the raw text, not from YAML, so a spec broken
/// anywhere — its syntax, its keys, its values — names what it names; a word that only looks like
/// a file name protects a file that is not an input, which refuses a golden of that name until the
/// spec is fixed (the run has failed on it anyway). A file that parses as YAML without a bar's keys
/// (a check report saved beside the specs) is another program's, and names nothing.
public enum UnreadableSpecNames {
    /// At most this many distinct words are looked up (a spec is at most `Limits.specFileBytes`;
    /// one stat each).
    static let wordLimit = 100_000
    /// A folder named (`fonts: [brought/]`) protects at most this many of its files.
    static let folderFileLimit = 4_096

    /// The files the spec at `url` names, or none when its bytes cannot be read at all (a FIFO, a
    /// file over the spec limit: nothing in it was ever an input). Text that is not UTF-8 is read
    /// with its bad bytes replaced.
    public static func files(ofSpecAt url: URL) -> [String] {
        guard let bytes = try? BoundedRead.bytes(of: url, limit: Limits.specFileBytes, displayName: url.path) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        guard isMeantAsASpec(text) else { return [] }
        return files(namedIn: text, folder: url.deletingLastPathComponent())
    }

    /// Keys only a bar's spec has at its top level.
    static let barKeys: Set<String> = ["width", "items", "preset", "height", "layout", "button", "indicator"]

    /// Whether `text` is a spec with errors rather than another program's file that happens to end
    /// in `.json` or `.yaml` beside the specs: YAML that does not parse (a spec cut short), or a
    /// mapping with one of a bar's keys. A check report (`--json`) names goldens, and took them
    /// for files a spec reads.
    static func isMeantAsASpec(_ text: String) -> Bool {
        // The basic resolver, as the spec reader: only the top level's keys are looked at (an
        // alias is not expanded by composing).
        guard let root = try? Yams.compose(yaml: text, Resolver.basic) else { return true }
        guard case .mapping(let mapping) = root else { return false }
        return mapping.keys.contains { $0.string.map(barKeys.contains) ?? false }
    }

    /// The files `text` names, each resolved against `folder` (an absolute word as written):
    /// regular files (through links), and a named folder's regular files.
    public static func files(namedIn text: String, folder: URL) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        for word in words(in: text).prefix(wordLimit) {
            let url = (word.hasPrefix("/") ? URL(fileURLWithPath: word) : folder.appendingPathComponent(word)).standardizedFileURL
            var info = stat()
            guard stat(url.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if seen.insert(url.path).inserted { found.append(url.path) }
            case S_IFDIR:
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                for name in names.sorted().prefix(folderFileLimit) {
                    let file = url.appendingPathComponent(name)
                    if stat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, seen.insert(file.path).inserted {
                        found.append(file.path)
                    }
                }
            default: continue
            }
        }
        return found
    }

    /// The distinct words of `text` that could be paths, in order: runs between spaces and YAML's
    /// or JSON's punctuation (`icon: x.svg`, `[a.ttf, b.ttf]`, `{"icon":"x.svg"}`), a line's
    /// value after its key or dash whole (`icon: my icon.svg`), and each quoted run whole
    /// (`"my icon.svg"`). JSON's escaped slash is read as a slash.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var seen = Set<String>()
        func add(_ word: Substring) {
            var word = String(word).replacingOccurrences(of: "\\/", with: "/")
            // A mapping's key written against its value's colon (`icon:x.svg` is no YAML mapping).
            while word.hasSuffix(":") { word.removeLast() }
            guard !word.isEmpty, word != "-", word != ".", word != "..", seen.insert(word).inserted else { return }
            words.append(word)
        }
        for line in text.split(whereSeparator: \.isNewline) {
            for run in line.split(whereSeparator: { $0.isWhitespace || "[]{},\"'".contains($0) }) { add(run) }
            // A plain value with spaces (`icon: my icon.svg`, `- my font.ttf`, `{icon: my
            // icon.svg}`): what follows a key's colon or a list's dash, up to a comment or
            // the flow's punctuation.
            var plain = line
            if let comment = plain.range(of: " #") { plain = plain[..<comment.lowerBound] }
            for piece in plain.split(whereSeparator: { "[]{},".contains($0) }) {
                for marker in [": ", "- "] {
                    guard let start = piece.range(of: marker) else { continue }
                    add(Substring(piece[start.upperBound...].trimmingCharacters(in: .whitespaces)))
                }
            }
            // Quoted runs: between a quote and the next same quote on the line.
            for quote in ["\"", "'"] as [Character] {
                let parts = line.split(separator: quote, omittingEmptySubsequences: false)
                for index in stride(from: 1, to: parts.count - 1, by: 2) { add(parts[index]) }
            }
        }
        return words
    }
}
