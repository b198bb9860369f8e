import Foundation
import TabsnapFiles
import TabsnapAnimation
import TabsnapModel
import Yams

/// A spec file's contents: the bar, and the transition it describes, if any.
public struct SpecDocument: Sendable, Hashable, Encodable {
    /// The bar as the spec sets it (what it leaves out stays nil, for the preset's defaults), its
    /// icon paths resolved against the spec's folder and the caller's extra fonts added.
    public var bar: Bar
    /// The spec's `transition:`; nil when it has none.
    public var transition: BarTransition?
    /// What `tabsnap check` keeps goldens of.
    public var snapshots: SnapshotVariants
    /// The spec's locale and string catalogs; nil when it names neither and none was asked for.
    public var localization: SpecLocalization?
    /// How `tabsnap lint` treats this spec (`lint:`): rule severities, reasons, platform.
    public var lint = LintSettings()

    /// Every file the document reads: the bar's icons and fonts, and its string catalogs.
    public var inputFiles: [String] { bar.inputFiles + (localization?.inputFiles ?? []) }

    /// A document from its parts.
    public init(bar: Bar, transition: BarTransition? = nil, snapshots: SnapshotVariants = SnapshotVariants(),
                localization: SpecLocalization? = nil) {
        self.bar = bar
        self.transition = transition
        self.snapshots = snapshots
        self.localization = localization
    }

    /// The whole spec: the bar's keys, then `transition`, `snapshots` and `lint` when set.
    public var specValue: SpecValue {
        guard case .map(var entries) = bar.specValue else { return bar.specValue }
        localization?.writeBack(into: &entries, bar: bar)
        if let transition { entries.append((key: "transition", value: TransitionReader.write(transition))) }
        if snapshots != SnapshotVariants() { entries.append((key: "snapshots", value: SnapshotVariants.table.write(snapshots))) }
        if let lint = lint.specValue { entries.append((key: "lint", value: lint)) }
        return .map(entries)
    }

    /// Encodes the whole spec (`specValue`), which reads back as the same document.
    public func encode(to encoder: Encoder) throws {
        try specValue.encode(to: encoder)
    }
}

/// Loads spec files. YAML and JSON share one reader (JSON is a subset of YAML 1.2), so both get
/// the same keys, the same defaults and errors at an exact line and column.
public enum SpecLoader {
    /// Reads and validates the spec at `url`. Errors name the file as given in `displayName`
    /// (default: the path as passed). `components`: the custom layouts, buttons and indicators the
    /// spec may name (`custom:`); none unless given.
    public static func load(contentsOf url: URL, displayName: String? = nil, icons: IconAccess = .specFolder,
                            fonts: [URL] = [], components: ComponentRegistry = .builtIn) throws(SpecError) -> Bar {
        try loadDocument(contentsOf: url, displayName: displayName, icons: icons, fonts: fonts, components: components).bar
    }

    /// Reads the spec at `url` with its transition.
    /// `fonts`: font files given outside the spec (`--font`), added to its own. `locale`: the
    /// locale to draw instead of the spec's own (`--locale`), its titles from the spec's catalogs.
    public static func loadDocument(contentsOf url: URL, displayName: String? = nil,
                                    icons: IconAccess = .specFolder, fonts: [URL] = [],
                                    components: ComponentRegistry = .builtIn, locale: SpecLocale? = nil) throws(SpecError) -> SpecDocument {
        let name = displayName ?? url.relativePath
        return try parseDocument(try text(contentsOf: url, displayName: name), file: name, baseDirectory: url.deletingLastPathComponent(),
                                 icons: icons, fonts: fonts, components: components, locale: locale)
    }

    /// A spec file's text as `loadDocument(contentsOf:)` reads it: a regular file within
    /// `Limits.specFileBytes`, UTF-8 (a byte-order mark left out).
    /// - Throws: `SpecError` naming `displayName` when it cannot be read or is not UTF-8 text.
    public static func text(contentsOf url: URL, displayName: String) throws(SpecError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: url, limit: Limits.specFileBytes, displayName: displayName)
        } catch {
            throw SpecError(file: displayName, line: 0, column: 0, message: error.reason)
        }
        return try text(of: bytes, file: displayName)
    }

    /// Reads a spec from standard input (`tabsnap render - …`), named `<stdin>` in errors; its
    /// relative icon paths resolve against `baseDirectory` (the working folder).
    public static func loadDocumentFromStandardInput(baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                                     icons: IconAccess = .specFolder, fonts: [URL] = [],
                                                     components: ComponentRegistry = .builtIn, locale: SpecLocale? = nil) throws(SpecError) -> SpecDocument {
        let name = "<stdin>"
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.standardInput(limit: Limits.specFileBytes, displayName: name)
        } catch {
            throw SpecError(file: name, line: 0, column: 0, message: error.reason)
        }
        return try document(from: bytes, file: name, baseDirectory: baseDirectory, icons: icons, fonts: fonts,
                            components: components, locale: locale)
    }

    private static func document(from bytes: [UInt8], file name: String, baseDirectory: URL, icons: IconAccess,
                                 fonts: [URL], components: ComponentRegistry, locale: SpecLocale?) throws(SpecError) -> SpecDocument {
        try parseDocument(try text(of: bytes, file: name), file: name, baseDirectory: baseDirectory, icons: icons, fonts: fonts,
                          components: components, locale: locale)
    }

    /// A spec's bytes as its text, as `loadDocument` reads them: a UTF-8 byte-order mark (some
    /// Windows editors write one) is not part of the YAML.
    /// - Throws: `SpecError` naming `file` when they are not UTF-8 text.
    public static func text(of bytes: [UInt8], file: String) throws(SpecError) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            // Where the first byte that is not UTF-8 lies (hostile round 126: in a large spec,
            // a file's name alone left it to be hunted for).
            var bytes = body.makeIterator(), decoder = UTF8()
            var (line, column) = (1, 1)
            while case .scalarValue(let scalar) = decoder.decode(&bytes) {
                if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            }
            throw SpecError(file: file, line: line, column: column, message: "the spec file is not UTF-8 text here (another encoding: an editor's?); Tabsnap reads UTF-8")
        }
        return text
    }

    /// Parses spec text (YAML or JSON). Relative icon paths resolve against `baseDirectory`.
    public static func parse(_ text: String, file: String = "<spec>",
                             baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                             icons: IconAccess = .specFolder, components: ComponentRegistry = .builtIn) throws(SpecError) -> Bar {
        try parseDocument(text, file: file, baseDirectory: baseDirectory, icons: icons, components: components).bar
    }

    /// Parses spec text with its transition, in `locale` if given (else the spec's own).
    public static func parseDocument(_ text: String, file: String = "<spec>",
                                     baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                     icons: IconAccess = .specFolder, fonts: [URL] = [],
                                     components: ComponentRegistry = .builtIn, locale: SpecLocale? = nil) throws(SpecError) -> SpecDocument {
        let root: Node
        do {
            // The basic resolver: SpecNode reads every scalar's text itself, and the default one
            // builds a dozen regular expressions (ICU start-up) to tag scalars nobody asks about.
            guard let node = try Yams.compose(yaml: SurrogateEscapes.joined(in: text), Resolver.basic) else {
                throw SpecError(file: file, line: 1, column: 1, message: "the spec is empty; it needs at least 'width' and 'items'")
            }
            root = node
        } catch let error as SpecError {
            throw error
        } catch let error as YamlError {
            throw syntaxError(error, file: file, yaml: text)
        } catch {
            throw SpecError(file: file, line: 1, column: 1, message: "cannot parse: \(error)")
        }
        try SpecSize.check(root, file: file)
        if let output = OutputLookalike.output(root) {
            throw SpecError(file: file, line: 1, column: 1, message: "this is \(output), not a spec; keep what tabsnap writes out of the folders it reads specs from")
        }
        var reader = BarSpecReader(baseDirectory: baseDirectory, icons: icons, extraFonts: fonts, components: components, locale: locale)
        let bar = try reader.read(SpecNode(node: root, path: "", file: file))
        var document = SpecDocument(bar: bar, transition: reader.transition, snapshots: reader.snapshots, localization: reader.localization)
        document.lint = reader.lint
        return document
    }

    /// Yams reports a duplicated key at its mapping; point at the repeat instead, where the user
    /// has to act. Looks for the key's second appearance as `key:` (or `"key":`) from the mapping on.
    private static func secondOccurrence(ofKey key: String, in yaml: String, after mark: Mark) -> (line: Int, column: Int)? {
        var seen = 0
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index + 1 >= mark.line {
            for pattern in ["\(key):", "\"\(key)\":", "'\(key)':"] {
                guard let range = line.range(of: pattern) else { continue }
                let before = line[line.startIndex..<range.lowerBound].last
                guard before == nil || before == " " || before == "{" || before == "," || before == "-" else { continue }
                seen += 1
                if seen == 2 { return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1) }
            }
        }
        return nil
    }

    /// Line and column (in characters, from 1) of a byte offset into the spec's text.
    private static func readerPlace(byteOffset: Int, in yaml: String) -> (line: Int, column: Int) {
        let bytes = Array(yaml.utf8.prefix(max(byteOffset, 0)))
        let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return (line, String(decoding: bytes[lineStart...], as: UTF8.self).count + 1)
    }

    /// libyaml's words, where they speak to its programmer rather than to a spec's author
    /// (round 42: "Maximum nesting level reached, set with yaml_set_max_nest_level())").
    private static func worded(_ problem: String) -> String {
        if problem.hasPrefix("Maximum nesting level reached") {
            return "lists and maps nested too deeply (over 1000 levels; a spec needs a handful)"
        }
        return problem
    }

    private static func syntaxError(_ error: YamlError, file: String, yaml: String) -> SpecError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return SpecError(file: file, line: mark.line, column: mark.column, message: "syntax error: \(worded(problem))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.sorted().first ?? ""
            let place = secondOccurrence(ofKey: key, in: yaml, after: context.mark) ?? (context.mark.line, context.mark.column)
            return SpecError(file: file, line: place.line, column: place.column, message: "duplicate key '\(key)'")
        case .reader(let problem, let offset, let value, _):
            // libyaml gives the byte offset of what it could not read: say where that is.
            let place = offset.map { readerPlace(byteOffset: $0, in: yaml) } ?? (line: 1, column: 1)
            let what = value >= 0 ? " (U+\(String(format: "%04X", value)))" : ""
            return SpecError(file: file, line: place.line, column: place.column, message: "cannot read: \(problem)\(what)")
        default:
            return SpecError(file: file, line: 1, column: 1, message: "syntax error: \(error)")
        }
    }
}

extension SpecLoader {
    /// Reads transition steps, each a YAML flow mapping such as `{to: 2, duration: 400}` or
    /// `{hold: 300}`, with the spec's rules and messages. Errors name `source` (where the steps
    /// came from) with the step's number as their line.
    public static func steps(_ texts: [String], source: String) throws(SpecError) -> StepList {
        guard !texts.isEmpty else { return StepList() }
        // Holds count too: each is an entry to read, even when it adds no frame.
        guard texts.count <= Limits.steps.upperBound else {
            throw SpecError(file: source, line: 1, column: 1, message: "transition.steps: \(texts.count) steps and holds; at most \(Limits.steps.upperBound)")
        }
        var steps = StepList()
        for (index, text) in texts.enumerated() {
            do {
                guard let node = try Yams.compose(yaml: SurrogateEscapes.joined(in: text), Resolver.basic) else { throw SpecError(file: source, line: 1, column: 1, message: "an empty step") }
                try SpecSize.check(node, file: source)
                try TransitionReader.append(SpecNode(node: node, path: "transition.steps[\(index)]", file: source), to: &steps)
            } catch var error as SpecError {
                // Each step is a line of its own: its number is the error's line.
                error.line = index + 1
                throw error
            } catch {
                throw SpecError(file: source, line: index + 1, column: 1, message: "cannot read the step: \(error)")
            }
        }
        return steps
    }
}
