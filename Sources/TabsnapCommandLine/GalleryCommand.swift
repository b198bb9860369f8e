import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render your specs into one HTML page: a grid per spec (positions × themes × scales) and its transition.",
        discussion: "The grid is each spec's snapshots: lists (what `tabsnap check` keeps), unless --positions, --themes or --scales give their own."
    )

    @Argument(help: "Spec files, or folders searched for .yaml, .yml and .json.")
    var specs: [String]

    @Option(name: .shortAndLong, help: "Folder to write into (new, empty, or an earlier gallery).")
    var output: String

    @Option(parsing: .unconditional, help: "Positions, comma-separated (e.g. 0,0.5,1).", transform: GalleryCommand.numbers)
    var positions: [Double]?

    @Option(help: "Themes, comma-separated: light, dark.", transform: GalleryCommand.themes)
    var themes: [Theme]?

    @Option(help: "Scales, comma-separated (e.g. 1,2).", transform: GalleryCommand.numbers)
    var scales: [Double]?

    @OptionGroup var access: IconAccessArguments

    static func numbers(_ text: String) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.count <= 100, let numbers = values as? [Double], numbers.allSatisfy(\.isFinite) else {
            throw ValidationError("'\(text)': expected up to 100 numbers separated by commas")
        }
        return numbers
    }

    static func themes(_ text: String) throws -> [Theme] {
        try text.split(separator: ",").map { word in
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let theme = Theme(rawValue: name) else { throw ValidationError("'\(name)': expected light or dark") }
            return theme
        }
    }

    func validate() throws {
        for position in positions ?? [] { try checkPosition(position, option: "--positions") }
        for scale in scales ?? [] { try checkScale(scale) }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        let written: SpecGallery.Written
        do {
            written = try SpecGallery.write(specs: specs, axes: SpecGallery.Axes(positions: positions, themes: themes, scales: scales),
                                            to: folder, icons: access.icons, components: TabsnapCommandLine.components)
        } catch let error as SpecError {
            throw CLIError(error)
        } catch {
            throw CLIError("\(error)")
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        print("Wrote \(count(written.images, "image")) and \(count(written.animations, "animated PNG")) of \(count(written.specs, "spec")), "
            + "and index.html, to \(folder.path)")
    }
}
