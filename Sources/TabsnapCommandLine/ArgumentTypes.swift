import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

// The library's value types, read straight from the command line.

extension RecordMode: ExpressibleByArgument {}
extension BarTransition.Kind: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension SVGText: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
extension BarDirection: ExpressibleByArgument {}

extension Shard: ExpressibleByArgument {
    /// A shard as the command line writes it: `i/n` (`--shard 2/4`).
    public init?(argument: String) { self.init(parsing: argument) }

    /// For `@Option(transform:)`: says what a shard looks like.
    static func parsing(_ argument: String) throws -> Shard {
        guard let shard = Shard(parsing: argument) else { throw ValidationError("not i/n with 1 ≤ i ≤ n (e.g. 2/4)") }
        return shard
    }
}

extension ComparisonOptions.Allowance: ExpressibleByArgument {
    /// An allowance as the command line writes it: a pixel count (`12`) or a percentage (`0.1%`).
    public init?(argument: String) { self.init(parsing: argument) }

    /// For `@Option(transform:)`: says what an allowance looks like.
    static func parsing(_ argument: String) throws -> ComparisonOptions.Allowance {
        guard let allowance = ComparisonOptions.Allowance(parsing: argument) else {
            throw ValidationError("not a pixel count (12) or a percentage (0.1%)")
        }
        return allowance
    }

    /// As the command line takes it: `12` or `0.1%`.
    var argument: String {
        switch self {
        case .pixels(let count): return String(count)
        case .ratio(let ratio): return String(format: "%.10g%%", ratio * 100)
        }
    }
}

extension Easing: ExpressibleByArgument {
    /// An easing as the command line writes it (`easeInOut`, `spring(0.7, 0.5)`, `cubicBezier(…)`).
    public init?(argument: String) {
        guard case .success(let easing) = Easing.parse(argument) else { return nil }
        self = easing
    }

    /// For `@Option(transform:)`: the parser's own message (a suggestion for a near miss).
    static func parsing(_ argument: String) throws -> Easing {
        switch Easing.parse(argument) {
        case .success(let easing): return easing
        case .failure(let problem): throw ValidationError(problem.message)
        }
    }
}

/// Range checks shared by the commands, against the library's `Limits`.
func checkPosition(_ value: Double?, option: String) throws {
    guard let value, !Limits.position.contains(value) else { return }
    throw CLIError("\(option): \(Limits.positionProblem(value))")
}

func checkScale(_ value: Double?) throws {
    guard let value else { return }
    guard value > Limits.scale.lowerBound && value <= Limits.scale.upperBound else {
        throw CLIError("--scale: \(Limits.format(value)) is out of range; expected more than 0 and at most \(Int(Limits.scale.upperBound))")
    }
}
