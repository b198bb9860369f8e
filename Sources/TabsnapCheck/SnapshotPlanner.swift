import Foundation
import Tabsnap
import TabsnapFiles

/// Turns spec files (or folders of them) into the list of goldens they ask for.
public enum SnapshotPlanner {
    /// A command-line mistake planning cannot get past: a path that is neither file nor folder,
    /// a spec name that is not UTF-8, a filter matching nothing.
    public struct Failure: Error, CustomStringConvertible {
        /// One line: the path or pattern, and what is wrong with it.
        public var description: String
    }

    /// What a spec file is called: the extensions folders are searched for.
    public static let specExtensions: Set<String> = ["yaml", "yml", "json"]

    /// Spec files under the given paths: files as given, folders searched recursively for .yaml,
    /// .yml and .json. Each comes with its golden stem: its path inside the folder without the
    /// extension (a file given directly uses its name).
    public static func specFiles(in paths: [String]) throws(Failure) -> [(path: String, stem: String)] {
        let listing = try specListing(in: paths)
        // Never skipped: a spec passed over is a golden nobody checks.
        if let bad = listing.badNames.first { throw Failure(description: bad.reason) }
        return listing.files
    }

    /// An entry of a spec folder, or a path given, that cannot be read as a spec: a name that
    /// is not UTF-8 (any file's), or a spec's name on something that is no file (a link to
    /// nothing, a loop of links, a FIFO, a folder). Its path and stem as shown (bad bytes
    /// escaped, `bad\xFF`), and why, on one line naming it.
    public struct BadName: Sendable {
        /// The file's path with its bad bytes escaped.
        public var path: String
        /// Its golden stem, escaped the same way.
        public var stem: String
        /// `FOLDER/NAME: the name is not valid UTF-8; …`.
        public var reason: String
        /// Whether the name is not valid UTF-8 (so `path` is its escaped form, which another
        /// file may literally be named).
        public var notUTF8 = false
        /// Whether the path was given as such (not found in a folder given).
        public var given = false
        /// Whether it is no spec's name but may hide specs (a folder that cannot be read, a link
        /// to a folder of specs): the preview shows it as a card too.
        public var hidesSpecs = false
    }

    /// `specFiles(in:)`, with the entries that cannot be specs (`BadName`) given back rather than
    /// thrown: the preview shows each as a spec with that error (a folder's listing that threw
    /// had emptied its page).
    public static func specListing(in paths: [String]) throws(Failure) -> (files: [(path: String, stem: String)], badNames: [BadName]) {
        var found: [(path: String, stem: String)] = []
        var badNames: [BadName] = []
        for path in paths {
            if let what = FolderWalk.notAFile(path) {
                // A spec named on a link to nothing, a loop or a FIFO is worded as one found in
                // a folder is, and is an error for that spec (a card in the preview, which sees
                // the link's target come back), not a run refused (hostile round 50).
                let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                badNames.append(BadName(path: path, stem: stem, reason: "\(path): \(what); give a regular file", given: true))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(description: "\(path): no such file or folder")
            }
            if !isDirectory.boolValue {
                let url = URL(fileURLWithPath: path)
                // The same file named twice is one spec (it claimed its own goldens twice).
                guard !found.contains(where: { URL(fileURLWithPath: $0.path).standardizedFileURL == url.standardizedFileURL }) else { continue }
                found.append((path, url.deletingPathExtension().lastPathComponent))
                continue
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL
            var inFolder: [(String, String)] = []
            let folder = path.hasSuffix("/") ? path : path + "/"
            for entry in FolderWalk.files(below: root.path) {
                switch entry {
                case .notUTF8(let name, _):
                    let stem = URL(fileURLWithPath: name).deletingPathExtension().relativePath
                    badNames.append(BadName(path: folder + name, stem: stem,
                                            reason: "\(folder)\(name): the name is not valid UTF-8; rename it (golden names come from spec names)",
                                            notUTF8: true))
                case .folder(let relative):
                    // A folder of a spec's name (`a.yaml/`) is entered for specs, and named: a
                    // spec replaced by one was passed over, and --prune deleted its goldens
                    // (hostile round 50).
                    guard let stem = specStem(relative) else { continue }
                    badNames.append(BadName(path: folder + relative, stem: stem, reason: "\(folder)\(relative): is a folder; a spec is a file"))
                case .notAFile(let relative, let what):
                    // A spec's name on something that is no file: an error, never skipped.
                    guard let stem = specStem(relative) else {
                        // A link to a folder is not followed (links are not walked into); one
                        // holding specs is said so, not passed over (hostile round 88: `specs/more
                        // -> ../other`, and --prune deleted more/b.png).
                        let found = linkedFolder(folder + relative)
                        if found != .noSpecs {
                            badNames.append(BadName(path: folder + relative, stem: relative, reason: "\(folder)\(relative): " + linkedFolderProblem(found),
                                                    hidesSpecs: true))
                        }
                        continue
                    }
                    badNames.append(BadName(path: folder + relative, stem: stem, reason: "\(folder)\(relative): \(what); give a regular file"))
                case .file(let relative):
                    guard let stem = specStem(relative) else { continue }
                    inFolder.append((folder + relative, stem))
                case .unreadable(let relative, let why):
                    // It may be a spec, or a folder of them: an error, never skipped (round 87: a
                    // spec whose path was too long went unchecked and its golden was pruned).
                    let stem = specStem(relative) ?? relative
                    badNames.append(BadName(path: folder + relative, stem: stem,
                                            reason: "\(folder)\(relative): cannot be read (\(why)); the specs it is or holds would go unchecked",
                                            hidesSpecs: true))
                }
            }
            found += inFolder.sorted { $0.0 < $1.0 }
        }
        // One entry named twice (given twice, or given and found in a folder given) is one error.
        var seen = Set<URL>()
        return (found, badNames.filter { seen.insert(URL(fileURLWithPath: $0.path).standardizedFileURL).inserted })
    }

    /// What a symbolic link to a folder may hide, for `holdsSpecs(linkedFolder:)`.
    enum LinkedFolder: Equatable {
        /// No spec-like name below it: icons, fonts.
        case noSpecs
        /// A spec's name, or something that cannot be looked at.
        case specs
        /// More than `linkedFolderLimit` names, not all looked at.
        case tooLarge
    }

    /// Why a link to a folder is an error of the run (`holdsSpecs` said it may hide specs).
    static func linkedFolderProblem(_ found: LinkedFolder) -> String {
        found == .tooLarge
            ? "is a symbolic link to a folder of over \(linkedFolderLimit) names, which Tabsnap does not follow or look through for specs; "
                + "give the folder itself, or keep such a folder out of the specs folder"
            : "is a symbolic link to a folder of specs, which Tabsnap does not follow (their goldens would go unchecked); give the folder itself"
    }

    /// Whether `path` is a symbolic link to a folder with anything spec-like below it (a spec's
    /// name, something that cannot be looked at), looking at no more than `linkedFolderLimit`
    /// names (a link to a whole disk is not walked).
    static func holdsSpecs(linkedFolder path: String) -> Bool { linkedFolder(path) != .noSpecs }

    /// What the folder a symbolic link `path` leads to may hide (`.noSpecs` for no folder).
    static func linkedFolder(_ path: String) -> LinkedFolder {
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR else { return .noSpecs }
        // Links inside it are followed too (round 89: `icons -> ../other`, whose `lnk -> ../other2`
        // led to a spec), each folder once (a loop of links ends).
        var pending = [path], seen = 0
        var visited: Set<[UInt64]> = [[UInt64(target.st_dev), UInt64(target.st_ino)]]
        while let folder = pending.popLast() {
            guard case .success(let names) = FolderWalk.names(in: folder) else { return .specs }
            for name in names {
                seen += 1
                guard seen <= linkedFolderLimit else { return .tooLarge }
                var info = stat()
                let child = folder + "/" + name
                guard stat(child, &info) == 0 || lstat(child, &info) == 0, !isSpecPath(name) else { return .specs }
                if info.st_mode & S_IFMT == S_IFDIR, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted { pending.append(child) }
            }
        }
        return .noSpecs
    }

    /// The most names `holdsSpecs(linkedFolder:)` looks at: a large icon set (Material Symbols'
    /// tens of thousands of files) in a linked folder is looked through (round 90: 2 000 refused
    /// one of 2 100 icons as "a folder of specs"); each name costs a stat.
    static let linkedFolderLimit = 100_000

    /// The golden stem of a path below a spec folder when its extension is a spec's
    /// (`menus/a.yaml` → `menus/a`), else nil.
    private static func specStem(_ relative: String) -> String? {
        guard isSpecPath(relative) else { return nil }
        return String(relative.dropLast(URL(fileURLWithPath: relative).pathExtension.count + 1))
    }

    /// Whether `path` has a spec's extension.
    public static func isSpecPath(_ path: String) -> Bool {
        specExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Throws when `plan` found no spec file in `paths`: a check or lint of a wrong or emptied
    /// folder passed with "0 goldens", exit 0, in CI (hostile round 50).
    public static func requireSpecs(_ plan: Plan, in paths: [String]) throws(Failure) {
        guard plan.specCount == 0 else { return }
        throw Failure(description: "no spec (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))")
    }

    /// What a run checks: every golden the specs ask for (sorted by name), the specs that could
    /// not be read (each becomes an error result, the others still run), and which goldens the
    /// run speaks for.
    public struct Plan: Sendable {
        /// Spec files found.
        public var specCount: Int
        /// Every golden the specs ask for, sorted by name.
        public var cases: [SnapshotCase]
        /// Specs that could not be read, with their golden stem and the one-line error (each
        /// becomes an error result; the others still run).
        public var specErrors: [(spec: String, stem: String, message: String)]
        var ownership: GoldenOwnership
        /// Every file the specs read, as the run names them: the spec files, and the icons and
        /// fonts they draw with. Pruning never takes one for a golden.
        public var inputs: [String]
        /// The spec files that could not be read, in the run or beside a spec checked alone:
        /// while there is one, no file without Tabsnap's golden mark is recorded over (it may be
        /// a file such a spec reads: `CheckRunner`).
        public var unreadableSpecs: [String] = []
        /// The run's spec files, standardized (`specs(inFolders:excluding:…)` leaves them out).
        public var specFiles: Set<String> = []
    }

    /// When two spec paths are twins (`NameTwins`: `café` written with é and with e and a
    /// combining acute, `Bar` and `bar`): both spelt with their non-ASCII characters as code
    /// points, which the message would otherwise show as one name twice (hostile round 37), and
    /// how they differ.
    static func twinNote(_ one: String, _ other: String) -> String {
        guard NameTwins.areTwins(one, other) else { return "" }
        return " (the two names, \(NameTwins.spelt(one)) and \(NameTwins.spelt(other)), \(NameTwins.difference([one, other])))"
    }

    /// Spec errors (one line with file, line and column) are collected, not thrown; a path that is
    /// neither a file nor a folder is thrown (the command line is wrong). Two specs claiming one
    /// golden name is the second spec's error. `explain` words a spec error (a front end adds
    /// its own advice, e.g. the flag that allows icons from anywhere).
    public static func plan(forSpecs paths: [String], icons: IconAccess = .specFolder, components: ComponentRegistry = .builtIn,
                            explain: (SpecError) -> String = { $0.description }) throws(Failure) -> Plan {
        var cases: [SnapshotCase] = []
        var errors: [(spec: String, stem: String, message: String)] = []
        // Keyed by `NameTwins.key`: goldens whose names differ only in case are one file on
        // macOS and Windows, so their specs clash as two specs of one golden name do.
        var owner: [String: (golden: String, spec: String)] = [:]
        var stems = Set<String>()
        let listing = try specListing(in: paths)
        // A name that is not UTF-8 refuses the run (rename it: golden names come from spec
        // names). A spec's name on what can be no spec (a link to nothing, a FIFO, a folder) is
        // that spec's error, as an unreadable spec is: the others still run, its goldens are no
        // orphans, nothing is pruned.
        if let refused = listing.badNames.first(where: \.notUTF8) { throw Failure(description: refused.reason) }
        for bad in listing.badNames {
            stems.insert(bad.stem)
            errors.append((bad.path, bad.stem, bad.reason))
        }
        let files = listing.files
        for file in files {
            stems.insert(file.stem)
            do {
                let found = try Self.cases(forSpec: file.path, stem: file.stem, icons: icons, components: components)
                if let clash = found.first(where: { owner[NameTwins.key($0.name)] != nil }), let other = owner[NameTwins.key(clash.name)] {
                    let golden = clash.name.unicodeScalars.elementsEqual(other.golden.unicodeScalars)
                        ? "golden \(clash.name) is also rendered by \(other.spec)"
                        : "golden \(NameTwins.spelt(clash.name)) is also rendered by \(other.spec), as \(NameTwins.spelt(other.golden))"
                    errors.append((file.path, file.stem, golden + "; rename one of the specs" + Self.twinNote(file.path, other.spec)))
                    continue
                }
                for snapshot in found { owner[NameTwins.key(snapshot.name)] = (snapshot.name, file.path) }
                cases += found
            } catch {
                errors.append((file.path, file.stem, explain(error)))
            }
        }
        let coversFolder = paths.contains { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        var inputs = files.map(\.path)
        var seen = Set(inputs)
        for file in cases.flatMap(\.inputFiles) where seen.insert(file).inserted { inputs.append(file) }
        // A spec that cannot be read still names its icons, fonts and catalogs (hostile round 81:
        // one bad key, and `--record all` wrote a golden over the icon it names).
        let unread = Set(errors.map(\.spec))
        // A spec's name on no file (a link to nothing, a FIFO, a folder) reads nothing either
        // (round 86: it did not hold unmarked files back).
        var unreadable: [String] = listing.badNames.map(\.path)
        let budget = NameBudget()
        for file in files where unread.contains(file.path) {
            let reading = UnreadableSpecNames.reading(ofSpecAt: URL(fileURLWithPath: file.path), budget: budget)
            unreadable.append(reading.whole ? file.path : NameBudget.partlyRead(file.path))
            for file in reading.files where seen.insert(file).inserted { inputs.append(file) }
        }
        // Specs named one by one share their folders with other specs, whose files are as much
        // the user's: `check b.yaml --snapshots .` recorded its golden b.png over a.yaml's icon
        // (hostile round 33). Their readable files count as inputs too.
        let checked = Set(files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        if !coversFolder {
            // A spec's folder that cannot be listed (searched, not read) hides the specs beside
            // it, whose goldens `--prune` would take for its own (hostile round 88): an error of
            // the run, so nothing is pruned.
            for folder in Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted() {
                if case .failure(let failure) = FolderWalk.names(in: folder) {
                    errors.append((folder, "", "\(folder): cannot be listed (\(failure.reason)); the specs beside the one checked would go unchecked"))
                }
            }
            let siblings = specs(inFolders: paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }, excluding: checked,
                                 icons: icons, components: components)
            for file in siblings.inputs where seen.insert(file).inserted { inputs.append(file) }
            unreadable += siblings.unreadable
        }
        return Plan(specCount: files.count + listing.badNames.count, cases: cases.sorted { $0.name < $1.name }, specErrors: errors,
                    ownership: GoldenOwnership(stems: stems, coversFolder: coversFolder,
                                               otherStems: coversFolder ? [] : siblingStems(of: paths).subtracting(stems)),
                    inputs: inputs, unreadableSpecs: unreadable, specFiles: checked)
    }

    /// The files read by the specs in `folders` (not in them below) but those `checked` (the
    /// spec files and what they draw with; what an unreadable one names, `UnreadableSpecNames`),
    /// and those that cannot be read: the other specs beside a spec checked alone (hostile round
    /// 33), and the specs in a goldens folder that are not the run's (round 83: `check
    /// specs/a.yaml --snapshots .` recorded a.png over the icon of the `x.yaml` there).
    public static func specs(inFolders folders: [URL], excluding checked: Set<String>, icons: IconAccess,
                             components: ComponentRegistry) -> (inputs: [String], unreadable: [String]) {
        var files: [URL] = [], unlisted: [String] = []
        for folder in Set(folders.map { $0.standardizedFileURL.path }).sorted() {
            // A folder that cannot be listed hides its specs: it counts as one that cannot be
            // read (hostile round 88: listed as empty, its specs' files were no inputs).
            guard case .success(let names) = FolderWalk.names(in: folder) else { unlisted.append(folder); continue }
            for name in names {
                files.append(URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL)
            }
        }
        let found = specs(files, excluding: checked, icons: icons, components: components)
        return (found.inputs, unlisted + found.unreadable)
    }

    /// At most this many spec files below a goldens folder are read (`specs(below:…)`).
    static let goldensFolderSpecLimit = 1_000

    /// The files read by the specs anywhere below a goldens folder but those `checked`, and those
    /// that cannot be read: a spec there may name a file where a golden goes from any depth
    /// (hostile round 84: `snaps/x.yaml` naming `icons/a.png`, the golden `icons/a.png`). Past
    /// `goldensFolderSpecLimit` of them (a project's root given as the goldens folder, with its
    /// packages' JSON), the folder itself counts as unreadable: no file without Tabsnap's golden
    /// mark is recorded over there.
    public static func specs(below folder: URL, excluding checked: Set<String>, icons: IconAccess,
                             components: ComponentRegistry) -> (inputs: [String], unreadable: [String]) {
        let root = folder.standardizedFileURL
        var files: [URL] = []
        // Hidden files too (round 85: `.x.yaml` renders as any spec), but Tabsnap's own state.
        for entry in FolderWalk.files(below: root.path, hidden: true) {
            switch entry {
            case .file(let relative) where specExtensions.contains(URL(fileURLWithPath: relative).pathExtension.lowercased()):
                guard !relative.split(separator: "/").contains(where: { $0 == ".tabsnap" }) else { continue }
                files.append(root.appendingPathComponent(relative).standardizedFileURL)
            case .notUTF8(let name, isFolder: true):
                // Not entered: what it holds is unknown.
                return ([], [root.appendingPathComponent(name).path])
            case .notUTF8(let name, isFolder: false) where specExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()):
                return ([], [root.appendingPathComponent(name).path])
            case .folder(let relative):
                // One of a spec's name is a spec's name on no file.
                if specExtensions.contains(URL(fileURLWithPath: relative).pathExtension.lowercased()) {
                    return ([], [root.appendingPathComponent(relative).path])
                }
            case .unreadable(let relative, _):
                // A folder the walk cannot open (no permission: round 86), a name it cannot look
                // at (a path too long: round 87): what it is or holds is unknown.
                return ([], [relative.isEmpty ? root.path : root.appendingPathComponent(relative).path])
            case .notAFile(let relative, _) where specExtensions.contains(URL(fileURLWithPath: relative).pathExtension.lowercased()):
                // A spec's name on a link to nothing, a loop, a FIFO (round 86): it may become a spec.
                return ([], [root.appendingPathComponent(relative).path])
            case .notAFile(let relative, _) where holdsSpecs(linkedFolder: root.appendingPathComponent(relative).path):
                // A link to a folder of specs, not followed (round 88).
                return ([], [root.appendingPathComponent(relative).path])
            default: continue
            }
            if files.count > goldensFolderSpecLimit { return ([], [root.path + " (over \(goldensFolderSpecLimit) spec-like files)"]) }
        }
        return specs(files, excluding: checked, icons: icons, components: components)
    }

    private static func specs(_ files: [URL], excluding checked: Set<String>, icons: IconAccess,
                              components: ComponentRegistry) -> (inputs: [String], unreadable: [String]) {
        // Read for the files they name, not drawn: their catalogs and fonts cost nothing here.
        // One that is not YAML at all may name anything (`UnmarkedGoldens`).
        // What they cost is bounded together (`NameBudget`): one read past it counts as unreadable.
        var inputs: [String] = [], unreadable: [String] = []
        let budget = NameBudget()
        for url in files where specExtensions.contains(url.pathExtension.lowercased()) && !checked.contains(url.path) {
            let reading = UnreadableSpecNames.reading(ofSpecAt: url, budget: budget)
            inputs += [url.path] + reading.files
            if !reading.whole {
                unreadable.append(NameBudget.partlyRead(url.path))
            } else if !reading.isYAML {
                unreadable.append(url.path)
            }
        }
        return (inputs, unreadable)
    }

    /// Stems of the spec files in the folders of the given spec files.
    static func siblingStems(of paths: [String]) -> Set<String> {
        var stems = Set<String>()
        for folder in Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }) {
            // (A folder that cannot be listed is an error of the run: `unlistedFolders`.)
            guard case .success(let names) = FolderWalk.names(in: folder) else { continue }
            for name in names {
                let url = URL(fileURLWithPath: name)
                if specExtensions.contains(url.pathExtension.lowercased()) { stems.insert(url.deletingPathExtension().lastPathComponent) }
            }
        }
        return stems
    }

    /// Every golden the specs ask for, sorted by name; the first spec error is thrown.
    public static func cases(forSpecs paths: [String]) throws -> [SnapshotCase] {
        let plan = try plan(forSpecs: paths)
        if let first = plan.specErrors.first { throw Failure(description: first.message) }
        return plan.cases
    }

    /// The goldens one spec asks for: every locale × theme × direction × text size × scale ×
    /// position its `snapshots:` lists, in PNG and/or SVG, plus its transition.
    /// - Parameters:
    ///   - path: the spec file.
    ///   - stem: the start of its golden names (its path inside the spec folder, no extension).
    ///   - icons: where its icon files may come from.
    ///   - components: the custom components the spec may name.
    /// - Throws: `SpecError` naming the file, line and column of what cannot be read.
    public static func cases(forSpec path: String, stem: String, icons: IconAccess = .specFolder,
                             components: ComponentRegistry = .builtIn) throws(SpecError) -> [SnapshotCase] {
        // The first reading's catalogs are its locales' too.
        return try SpecLoader.readingFilesOnce { () throws(SpecError) in
            let spec = try SpecLoader.loadDocument(contentsOf: URL(fileURLWithPath: path), displayName: path, icons: icons, components: components)
            return try cases(of: spec, path: path, stem: stem, icons: icons, components: components)
        }
    }

    /// The goldens of a spec already read from `path` (`cases(forSpec:)`): a caller that has
    /// checked the document draws its goldens from that document, not from the file read again.
    /// Its locales are read from the file, each in its locale.
    public static func cases(of spec: SpecDocument, path: String, stem: String, icons: IconAccess = .specFolder,
                             components: ComponentRegistry = .builtIn) throws(SpecError) -> [SnapshotCase] {
        let url = URL(fileURLWithPath: path)
        var cases: [SnapshotCase] = []
        // Its catalogs parsed once for all its locales (hostile round 81: 2.5 s a locale).
        try SpecLoader.readingFilesOnce { () throws(SpecError) in
            for locale in spec.snapshots.locales.map({ $0.map(Optional.some) }) ?? [nil] {
                // Each locale is the spec read again in it: its titles, its direction.
                let document = try locale.map { (locale) throws(SpecError) in
                    try SpecLoader.loadDocument(contentsOf: url, displayName: path, icons: icons, components: components, locale: locale)
                } ?? spec
                cases += variantCases(of: document, locale: locale, variants: spec.snapshots, path: path, stem: stem).map { found in
                    var found = found
                    found.catalogs = document.localization?.inputFiles ?? []
                    found.lint = spec.lint
                    return found
                }
            }
        }
        return cases
    }

    /// One locale's goldens: every theme × direction × text size × scale × position.
    private static func variantCases(of document: SpecDocument, locale: SpecLocale?, variants: SnapshotVariants,
                                     path: String, stem: String) -> [SnapshotCase] {
        let options = variants.comparisonOptions
        var cases: [SnapshotCase] = []
        for theme in variants.themes.map({ $0.map(Optional.some) }) ?? [nil] {
            for direction in variants.directions.map({ $0.map(Optional.some) }) ?? [nil] {
                for textScale in variants.textScales.map({ $0.map(Optional.some) }) ?? [nil] {
                    // A variant is the same bar with another theme, direction or text size: its
                    // defaults follow when resolved.
                    var varied = document
                    if let theme { varied.bar.theme = theme }
                    if let direction { varied.bar.direction = direction }
                    if let textScale { varied.bar.textScale = textScale.factor }
                    func named(_ kind: SnapshotCase.Kind, position: Double?, scale: Double?) -> SnapshotCase {
                        SnapshotCase(name: SnapshotCase.goldenName(stem: stem, locale: locale, theme: theme, direction: direction,
                                                                   textScale: textScale?.label, kind: kind, position: position, scale: scale),
                                     spec: path, bar: varied.bar, kind: kind, scale: scale ?? varied.bar.scale, theme: theme,
                                     direction: direction, textScale: textScale?.label, options: options, locale: locale)
                    }
                    // Variants the spec lists name their goldens; the spec's own position and scale do not.
                    let formats = variants.formats ?? [.png]
                    if formats.contains(.svg) {
                        // SVG is in points: one golden per position, whatever the scales.
                        for position in variants.positions.map({ $0.map(Optional.some) }) ?? [nil] {
                            cases.append(named(.svg(position: position ?? varied.bar.position), position: position, scale: nil))
                        }
                    }
                    if formats.contains(.a11y) {
                        // Spoken text has no scale either: one golden per position.
                        for position in variants.positions.map({ $0.map(Optional.some) }) ?? [nil] {
                            cases.append(named(.a11y(position: position ?? varied.bar.position), position: position, scale: nil))
                        }
                    }
                    for scale in variants.scales.map({ $0.map(Optional.some) }) ?? [nil] {
                        for position in variants.positions.map({ $0.map(Optional.some) }) ?? [nil] where formats.contains(.png) {
                            cases.append(named(.still(position: position ?? varied.bar.position), position: position, scale: scale))
                        }
                        if let transition = varied.transition, variants.includesTransition {
                            cases.append(named(.transition(transition), position: nil, scale: scale))
                        }
                    }
                }
            }
        }
        return cases
    }
}

extension SnapshotVariants {
    /// The spec's own tolerance as comparison options, or nil when it gives none.
    var comparisonOptions: ComparisonOptions? {
        guard deltaE != nil || allow != nil else { return nil }
        var options = ComparisonOptions(maxDeltaE: deltaE ?? 0, toleratesAntialiasing: !(strict ?? false))
        switch allow {
        case .pixels(let count)?: options.allowed = .pixels(count)
        case .ratio(let ratio)?: options.allowed = .ratio(ratio)
        case nil: break
        }
        return options
    }
}
