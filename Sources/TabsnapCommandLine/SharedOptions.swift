import ArgumentParser
import Foundation
import Tabsnap

/// Options every command that reads a spec shares.
struct SpecArguments: ParsableArguments {
    @Argument(help: "A spec file (.yaml, .yml or .json), or - for standard input.")
    var spec: String

    // `.unconditional` lets negative values through: --position -0.3 (and --position=-0.3).
    @Option(parsing: .unconditional, help: "Position to render at (overrides the spec's; fractions are mid-swipe, below 0 or past the last button is overscroll).")
    var position: Double?

    @OptionGroup var access: IconAccessArguments
    @OptionGroup var fonts: FontArguments
    @OptionGroup var locale: LocaleArguments

    func validate() throws {
        try checkPosition(position, option: "--position")
    }

    func loadDocument() throws -> SpecDocument {
        try loadSpec(spec, access: access, fonts: fonts, locale: locale)
    }

    /// The spec's files, for checks that an output does not replace one.
    var files: [String] { specInputFiles(spec) }
}

/// The file a spec argument reads, for checks that an output does not replace it: standard
/// input's own file for `-` when the shell gave it one (`render - -o s.yaml < s.yaml` replaced
/// the spec: hostile round 72), found through `/dev/stdin`.
func specInputFiles(_ spec: String) -> [String] {
    guard spec == "-" else { return [spec] }
    var info = stat()
    guard fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
    return [OutputChecks.canonical("/dev/stdin")]
}

/// Reads a spec file, or standard input for `-`, as a command line gives it.
func loadSpec(_ spec: String, access: IconAccessArguments, fonts: FontArguments, locale: LocaleArguments) throws -> SpecDocument {
    let files = try fonts.files()
    let locale = try locale.chosen()
    do {
        let components = TabsnapCommandLine.components
        if spec == "-" {
            return try SpecLoader.loadDocumentFromStandardInput(icons: access.icons, fonts: files, components: components, locale: locale)
        }
        return try SpecLoader.loadDocument(contentsOf: URL(fileURLWithPath: spec), displayName: spec, icons: access.icons, fonts: files,
                                           components: components, locale: locale)
    } catch {
        throw CLIError(error)
    }
}

/// `--locale`: the locale to draw instead of the spec's own.
struct LocaleArguments: ParsableArguments {
    @Option(name: .customLong("locale"), help: ArgumentHelp("Draw in this locale instead of the spec's: titles from its string catalogs, the direction from the locale unless the spec names one; a language (de, pt-BR, zh-Hans, ar) or a pseudo-locale (\(PseudoLocale.allCases.map(\.rawValue).joined(separator: ", "))).", valueName: "locale"))
    var identifier: String?

    func validate() throws { _ = try chosen() }

    func chosen() throws -> SpecLocale? {
        guard let identifier else { return nil }
        guard let locale = SpecLocale(identifier) else {
            throw ValidationError("--locale: '\(identifier)' is not a locale; expected a language such as de, pt-BR, zh-Hans, or "
                                  + PseudoLocale.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return locale
    }
}

/// `--font FILE|DIR`: font files added to the spec's own, for commands that draw one spec.
struct FontArguments: ParsableArguments {
    @Option(name: .customLong("font"), help: "A font file (.otf, .ttf, .ttc) or a folder of them to draw with besides the bundled fonts and the spec's own; repeatable.")
    var paths: [String] = []

    func files() throws -> [URL] {
        switch UserFonts.checkGiven(paths) {
        case .success(let files): return files
        case .failure(let error): throw CLIError(error.message)
        }
    }
}

/// `--allow-outside-icons`, for every command that reads specs.
struct IconAccessArguments: ParsableArguments {
    @Flag(help: "Let specs use icon files outside their own folder (absolute paths, '..'): only for specs you trust.")
    var allowOutsideIcons = false

    var icons: IconAccess { allowOutsideIcons ? .anywhere : .specFolder }
}
