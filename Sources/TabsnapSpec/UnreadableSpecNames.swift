import Foundation
import TabsnapFiles
import TabsnapModel
import Yams

/// The files a spec that cannot be read may name: every value of its YAML (decoded: escapes,
/// doubled quotes, folded lines) and every word of its raw text that is the path of a file (or a
/// folder's files) beside it, as the system opens it (through links). A spec with a typo still
/// protects its icons, fonts, catalogs and page images: `check --record all` and the preview's
/// Copy as golden replaced another spec's icon `x.svg` with x's SVG golden while the spec naming
/// it had one bad key (hostile round 81). Both readings, so a spec broken anywhere — its syntax,
/// its keys, its values — names what it names. The callers add a second guard that needs no
/// reading at all: while a spec has an error, no file without Tabsnap's golden mark is recorded
/// over (`CheckRunner`, the preview's goldens), since a name can be spelt in ways no scanner
/// foresees (hostile round 82: `\u0078.png`, `'it''s.png'`, `l/../x.png` through a link).
public enum UnreadableSpecNames {
    /// A named folder (`fonts: [brought/]`) protects at most this many of its files.
    static let folderFileLimit = 4_096
    /// At most this many of the YAML's nodes are visited (aliases repeat their anchor's nodes;
    /// the raw words are read whatever).
    static let nodeLimit = 400_000

    /// The files the spec at `url` names, or none when its bytes cannot be read at all (a FIFO, a
    /// file over the spec limit: nothing in it was ever an input). Text that is not UTF-8 is read
    /// with its bad bytes replaced.
    /// One of Tabsnap's own outputs saved among the specs (a check report names its goldens, a
    /// frame list its frames: `OutputLookalike`) is no spec, and names none of its files.
    public static func files(ofSpecAt url: URL) -> [String] { reading(ofSpecAt: url).files }

    /// The files the spec at `url` names (`files(ofSpecAt:)`), and whether its text is YAML at
    /// all: a spec that is can name nothing but what its values say, so reading it this way is
    /// enough to know its files without drawing it (its catalogs and fonts are not parsed:
    /// hostile round 85, each spec in a goldens folder parsed 29 MB of catalogs).
    public static func reading(ofSpecAt url: URL) -> (files: [String], isYAML: Bool) {
        guard let bytes = try? BoundedRead.bytes(of: url, limit: Limits.specFileBytes, displayName: url.path) else { return ([], false) }
        let text = String(decoding: bytes, as: UTF8.self)
        let root = try? Yams.compose(yaml: text, Resolver.basic)
        if let root, OutputLookalike.output(root) != nil { return ([], true) }
        return (files(namedIn: text, folder: url.deletingLastPathComponent()), root != nil)
    }

    /// The files `text` names, each resolved against `folder` (an absolute word as written) as
    /// the system opens it: regular files, and a named folder's regular files.
    public static func files(namedIn text: String, folder: URL) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var tried = Set<String>()
        for word in values(in: text) + words(in: text) where tried.insert(word).inserted {
            guard !word.isEmpty, word.utf8.count < Int(PATH_MAX) else { continue }
            let path = word.hasPrefix("/") ? word : folder.path + "/" + word
            // The kernel's reading: `l/../x.png` through a link `l` is not `x.png` beside it.
            guard let resolved = realpath(path, nil) else { continue }
            let real = String(cString: resolved)
            free(resolved)
            var info = stat()
            guard stat(real, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if seen.insert(real).inserted { found.append(real) }
            case S_IFDIR:
                let names = (try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []
                for name in names.sorted().prefix(folderFileLimit) {
                    let file = real + "/" + name
                    if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, seen.insert(file).inserted { found.append(file) }
                }
            default: continue
            }
        }
        return found
    }

    /// Every scalar of `text` read as YAML, decoded (keys too); none when it is not YAML.
    static func values(in text: String) -> [String] {
        guard let root = try? Yams.compose(yaml: text, Resolver.basic) else { return [] }
        var values: [String] = []
        var stack = [root], visited = 0
        while let node = stack.popLast(), visited < nodeLimit {
            visited += 1
            switch node {
            case .scalar(let scalar): values.append(scalar.string)
            case .mapping(let mapping):
                for (key, value) in mapping { stack += [key, value] }
            case .sequence(let sequence): stack += sequence
            case .alias: continue
            }
        }
        return values
    }

    /// The words of `text` that could be paths: runs between spaces and YAML's or JSON's
    /// punctuation (`icon: x.svg`, `[a.ttf, b.ttf]`, `{"icon":"x.svg"}`), a value after its key
    /// or dash whole (`icon: my icon.svg`), and each quoted run whole (`"my icon.svg"`). JSON's
    /// escaped slash is read as a slash. For text that is not YAML (a spec cut short).
    static func words(in text: String) -> [String] {
        var words: [String] = []
        func add(_ word: Substring) {
            var word = String(word).replacingOccurrences(of: "\\/", with: "/")
            // A mapping's key written against its value's colon (`icon:x.svg` is no YAML mapping).
            while word.hasSuffix(":") { word.removeLast() }
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
