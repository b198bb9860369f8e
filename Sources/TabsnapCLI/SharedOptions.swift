import ArgumentParser
import Foundation
import Tabsnap

/// Options every command that reads a spec shares.
struct SpecArguments: ParsableArguments {
    @Argument(help: "A spec file (.yaml, .yml or .json).")
    var spec: String

    // `.unconditional` lets negative values through: --position -0.3 (and --position=-0.3).
    @Option(parsing: .unconditional, help: "Position to render at (overrides the spec's; fractions are mid-swipe, below 0 or past the last button is overscroll).")
    var position: Double?

    /// Checks --position, then reads the spec.
    @OptionGroup var access: IconAccessArguments

    func loadBar() throws -> Bar {
        if let position { try checkPosition(position, option: "--position") }
        do {
            return try SpecLoader.load(contentsOf: URL(fileURLWithPath: spec), displayName: spec, icons: access.icons)
        } catch {
            throw fail(error.description)
        }
    }
}

/// `--allow-outside-icons`, for every command that reads specs.
struct IconAccessArguments: ParsableArguments {
    @Flag(help: "Let specs use icon files outside their own folder (absolute paths, '..'): only for specs you trust.")
    var allowOutsideIcons = false

    var icons: IconAccess { allowOutsideIcons ? .anywhere : .specFolder }
}

/// Range checks shared by the commands, against the library's `Limits`.
func checkPosition(_ value: Double, option: String) throws {
    guard Limits.position.contains(value) else {
        throw fail("\(option): \(Limits.format(value)) is out of range; expected a position from \(Int(Limits.position.lowerBound)) to \(Int(Limits.position.upperBound))")
    }
}

func checkScale(_ value: Double?) throws {
    guard let value else { return }
    guard value > Limits.scale.lowerBound && value <= Limits.scale.upperBound else {
        throw fail("--scale: \(Limits.format(value)) is out of range; expected more than 0 and at most \(Int(Limits.scale.upperBound))")
    }
}
