import Foundation
import TabsnapFiles
import TabsnapModel
import Yams

/// The files a spec that cannot be read may name: every value of its YAML (decoded: escapes,
/// doubled quotes, folded lines) or, when it is no YAML, every word of its raw text, that is the
/// path of a file (or a folder's files) beside it, as the system opens it (through links). A spec
/// with a typo still protects its icons, fonts, catalogs and page images: `check --record all`
/// and the preview's Copy as golden replaced another spec's icon `x.svg` with x's SVG golden
/// while the spec naming it had one bad key (hostile round 81). So a spec broken anywhere — its
/// syntax, its keys, its values — names what it names. What reading costs is bounded
/// (`NameBudget`): a reading cut short says so, and its callers then record over no file. The callers add a second guard that needs no
/// reading at all: while a spec has an error, no file without Tabsnap's golden mark is recorded
/// over (`CheckRunner`, the preview's goldens), since a name can be spelt in ways no scanner
/// foresees (hostile round 82: `\u0078.png`, `'it''s.png'`, `l/../x.png` through a link).
public enum UnreadableSpecNames {
    /// A named folder (`fonts: [brought/]`) protects at most this many of its files.
    static let folderFileLimit = 4_096
    /// At most this many of the YAML's nodes are visited (aliases repeat their anchor's nodes);
    /// past them a reading is not whole.
    static let nodeLimit = 400_000

    /// The files the spec at `url` names, or none when its bytes cannot be read at all (a FIFO, a
    /// file over the spec limit: nothing in it was ever an input). Text that is not UTF-8 is read
    /// with its bad bytes replaced.
    /// One of Tabsnap's own outputs saved among the specs (a check report names its goldens, a
    /// frame list its frames: `OutputLookalike`) is no spec, and names none of its files.
    public static func files(ofSpecAt url: URL) -> [String] { reading(ofSpecAt: url, budget: NameBudget()).files }

    /// The files the spec at `url` names (`files(ofSpecAt:)`), whether its text is YAML at all
    /// (a spec that is can name nothing but what its values say, so reading it this way is
    /// enough to know its files without drawing it: its catalogs and fonts are not parsed,
    /// hostile round 85, each spec in a goldens folder parsed 29 MB of catalogs), and whether
    /// it was read whole within `budget` (when not, the caller counts it as a spec that cannot
    /// be read, with `NameBudget.note`: no file at all is recorded over while it is there).
    public static func reading(ofSpecAt url: URL, budget: NameBudget) -> (files: [String], isYAML: Bool, whole: Bool) {
        var info = stat()
        if stat(url.path, &info) == 0 {
            // Over the spec limit it was never a spec (as before the budget); else it must fit.
            if Int(info.st_size) > Limits.specFileBytes { return ([], false, true) }
            if !budget.fits(Int(info.st_size)) { return ([], false, false) }
        }
        guard let bytes = try? BoundedRead.bytes(of: url, limit: Limits.specFileBytes, displayName: url.path) else { return ([], false, true) }
        guard budget.takeBytes(bytes.count) else { return ([], false, false) }
        let text = String(decoding: bytes, as: UTF8.self)
        let root = try? Yams.compose(yaml: SurrogateEscapes.joined(in: text), Resolver.basic)
        if let root, OutputLookalike.output(root) != nil { return ([], true, true) }
        let named = names(in: text, root: root, folder: url.deletingLastPathComponent(), budget: budget)
        return (named.files, root != nil, named.whole)
    }

    /// The files `text` names, each resolved against `folder` (an absolute word as written) as
    /// the system opens it: regular files, and a named folder's regular files.
    public static func files(namedIn text: String, folder: URL) -> [String] {
        let root = try? Yams.compose(yaml: SurrogateEscapes.joined(in: text), Resolver.basic)
        return names(in: text, root: root, folder: folder, budget: NameBudget()).files
    }

    /// What `text` names: the values of its YAML when it is YAML (as `SpecLoader` reads it: a spec
    /// that reads can name nothing else, and its comments' words cost no look-ups), else its words.
    private static func names(in text: String, root: Node?, folder: URL, budget: NameBudget) -> (files: [String], whole: Bool) {
        guard let root else { return files(named: words(in: text), folder: folder, budget: budget) }
        let read = values(in: root)
        let named = files(named: read.values, folder: folder, budget: budget)
        return (named.files, named.whole && read.whole)
    }

    /// The files `candidates` name (`files(namedIn:folder:)`); `whole` is false when `budget`'s
    /// look-ups ran out before every candidate was looked for.
    static func files(named candidates: [String], folder: URL, budget: NameBudget) -> (files: [String], whole: Bool) {
        var found: [String] = []
        // By bytes, as the file system names files (`ExactText`): `café.svg` composed and
        // decomposed are two files, one `String`; and `String`'s hash normalises each word.
        var seen = Set<ExactText>()
        var tried = Set<ExactText>(), expanded = Set<ExactText>()
        for word in candidates where tried.insert(ExactText(word)).inserted {
            guard !word.isEmpty, word.utf8.count < Int(PATH_MAX) else { continue }
            for path in Self.readings(of: word, folder: folder) {
                guard let target = budget.lookUp(path) else { return (found, false) }
                switch target {
                case .none: continue
                case .file(let real):
                    if seen.insert(ExactText(real)).inserted { found.append(real) }
                case .folder(let real):
                    // Each folder's files once, however often and however it is spelt.
                    guard expanded.insert(ExactText(real)).inserted else { continue }
                    guard let files = budget.files(inFolder: real, limit: folderFileLimit) else { return (found, false) }
                    for file in files where seen.insert(ExactText(file)).inserted { found.append(file) }
                }
            }
        }
        return (found, true)
    }

    /// The paths a word may open: as the kernel opens it (`l/../x.png` through a link `l` is not
    /// `x.png` beside it), and as Tabsnap's own readers open a spec's files (`IconAccess`, fonts:
    /// `..`, `.` and a last `/` taken out of the text first, so `nope/../x.png` and `x.png/` are
    /// `x.png`: hostile round 101, such an icon was drawn and not protected).
    static func readings(of word: String, folder: URL) -> [String] {
        let kernel = word.hasPrefix("/") ? word : folder.path + "/" + word
        let written = (word.hasPrefix("/") ? URL(fileURLWithPath: word) : folder.standardizedFileURL.appendingPathComponent(word)).standardizedFileURL.path
        return written == kernel ? [kernel] : [kernel, written]
    }

    /// Every scalar of the YAML under `root`, decoded (keys too); `whole` is false when there
    /// were more than `nodeLimit` nodes (the rest not read).
    static func values(in root: Node) -> (values: [String], whole: Bool) {
        var values: [String] = []
        var stack = [root], visited = 0
        while let node = stack.popLast() {
            guard visited < nodeLimit else { return (values, false) }
            visited += 1
            switch node {
            case .scalar(let scalar): values.append(scalar.string)
            case .mapping(let mapping):
                for (key, value) in mapping { stack += [key, value] }
            case .sequence(let sequence): stack += sequence
            case .alias: continue
            }
        }
        return (values, true)
    }

    /// The words of `text` that could be paths: runs between spaces and YAML's or JSON's
    /// punctuation (`icon: x.svg`, `[a.ttf, b.ttf]`, `{"icon":"x.svg"}`), a value after its key
    /// or dash whole (`icon: my icon.svg`), and each quoted run whole (`"my icon.svg"`). JSON's
    /// escaped slash is read as a slash. For text that is not YAML (a spec cut short).
    ///
    /// Read in UTF-8 bytes, scalar by scalar where a byte is not ASCII: walking `Character`s
    /// was most of the time of reading a megabyte (hostile round 105: a preview of 17 such
    /// files took 20 s to start in a debug build). White space and line breaks are told by
    /// their scalars' Unicode properties, as `Character` tells them by its first scalar's.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        let bytes = Array(text.utf8)
        let all = TextBytes(bytes)
        func add(_ range: Range<Int>) {
            var word = all.string(range)
            // Foundation's replacing only where there is a backslash.
            if bytes[range].contains(UInt8(ascii: "\\")) { word = word.replacingOccurrences(of: "\\/", with: "/") }
            // A mapping's key written against its value's colon (`icon:x.svg` is no YAML mapping).
            while word.utf8.last == UInt8(ascii: ":") { word.removeLast() }
            words.append(word)
        }
        for line in all.pieces(of: 0..<bytes.count, at: { all.isNewline($0) }) {
            for run in all.pieces(of: line, at: { all.endsWord($0) }) { add(run) }
            // A plain value with spaces (`icon: my icon.svg`, `- my font.ttf`, `{icon: my
            // icon.svg}`): what follows a key's colon or a list's dash, up to a comment or
            // the flow's punctuation.
            var plain = line
            if let comment = all.first(" #", in: plain) { plain = plain.lowerBound..<comment }
            let pieces = all.pieces(of: plain, at: { flowBrackets.contains(bytes[$0]) })
            for piece in pieces == [plain] ? pieces : pieces + [plain] {
                // (The whole line too: outside a flow, `icon: a,b.svg` names `a,b.svg`.)
                for marker in [": ", "- "] {
                    guard let start = all.first(marker, in: piece) else { continue }
                    add(all.trimmed(start + 2..<piece.upperBound))
                }
            }
            // Quoted runs: between a quote and the next same quote on the line.
            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                let parts = all.pieces(of: line, at: { bytes[$0] == quote }, keepingEmpty: true)
                for index in stride(from: 1, to: parts.count - 1, by: 2) { add(parts[index]) }
            }
        }
        return words
    }

    /// The marks that end a word of YAML's or JSON's flow: its brackets and commas, and quotes.
    private static let flowBrackets = Set("[]{},".utf8)
    private static let flowMarks = flowBrackets.union("\"'".utf8)

    /// A text's UTF-8 bytes, read by scalar: where each starts and what it is.
    private struct TextBytes {
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The bytes of `range` as a string (whole scalars: the range starts and ends at ones).
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        /// The scalar starting at `index` and its length in bytes (the text is valid UTF-8).
        func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
            let lead = bytes[index]
            if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// Whether the scalar at `index` breaks a line (as `Character.isNewline`).
        func isNewline(_ index: Int) -> Bool {
            let byte = bytes[index]
            if byte < 0x80 { return (0x0A...0x0D).contains(byte) }
            let value = scalar(at: index).scalar.value
            return value == 0x85 || value == 0x2028 || value == 0x2029
        }

        /// Whether the scalar at `index` ends a word: white space or one of the flow's marks.
        func endsWord(_ index: Int) -> Bool {
            let byte = bytes[index]
            if byte < 0x80 { return UnreadableSpecNames.flowMarks.contains(byte) || byte == 0x20 || (0x09...0x0D).contains(byte) }
            return scalar(at: index).scalar.properties.isWhitespace
        }

        /// The runs of `range` between scalars `splits` holds for (empty ones too when asked).
        func pieces(of range: Range<Int>, at splits: (Int) -> Bool, keepingEmpty: Bool = false) -> [Range<Int>] {
            var found: [Range<Int>] = []
            var start = range.lowerBound, index = range.lowerBound
            while index < range.upperBound {
                let length = bytes[index] < 0x80 ? 1 : scalar(at: index).length
                if splits(index) {
                    if keepingEmpty || index > start { found.append(start..<index) }
                    start = index + length
                }
                index += length
            }
            if keepingEmpty || range.upperBound > start { found.append(start..<range.upperBound) }
            return found
        }

        /// Where the two ASCII characters `pair` first stand together in `range`.
        func first(_ pair: String, in range: Range<Int>) -> Int? {
            let marks = Array(pair.utf8)
            var index = range.lowerBound
            while index + 1 < range.upperBound {
                if bytes[index] == marks[0], bytes[index + 1] == marks[1] { return index }
                index += 1
            }
            return nil
        }

        /// `range` without the blanks at its ends (tabs and space separators, as
        /// `CharacterSet.whitespaces`).
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            func isBlank(_ index: Int) -> Bool {
                let byte = bytes[index]
                if byte < 0x80 { return byte == 0x20 || byte == 0x09 }
                return scalar(at: index).scalar.properties.generalCategory == .spaceSeparator
            }
            var starts: [Int] = []
            var index = range.lowerBound
            while index < range.upperBound {
                starts.append(index)
                index += bytes[index] < 0x80 ? 1 : scalar(at: index).length
            }
            guard let first = starts.firstIndex(where: { !isBlank($0) }), let last = starts.lastIndex(where: { !isBlank($0) }) else {
                return range.lowerBound..<range.lowerBound
            }
            let end = last + 1 < starts.count ? starts[last + 1] : range.upperBound
            return starts[first]..<end
        }
    }
}
