import ArgumentParser
import Foundation
import Tabsnap

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the geometry a spec renders from, as JSON (points, content coordinates)."
    )

    @OptionGroup var input: SpecArguments
    /// The variant `render` draws with the same options (round 42: the geometry of
    /// `render --direction rtl` could not be printed).
    @OptionGroup var variant: VariantArguments

    func run() throws {
        let document = try input.loadDocument()
        var bar = document.bar
        try variant.apply(to: &bar)
        try OutputChecks(outputs: [], inputs: input.files + document.inputFiles).checkStandardOutput(option: "layout")
        let geometry: BarGeometry
        do {
            geometry = try Renderer().checkedGeometry(of: bar, position: input.position)
        } catch {
            throw CLIError("\(input.spec): \(error)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(geometry)
        try StandardOutput.write([UInt8](data) + [0x0A])
    }
}
