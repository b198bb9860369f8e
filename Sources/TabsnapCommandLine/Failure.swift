import ArgumentParser
import Foundation
import Tabsnap

/// Bad input found while running a command: `TabsnapCommand.main` prints it as one `error:` line
/// and exits 2 — the one place errors become an exit status.
struct CLIError: Error, CustomStringConvertible {
    var description: String

    init(_ message: String) {
        description = message
    }
}

extension CLIError {
    /// A spec's error, with its advice spelt as this command line's option.
    init(_ error: SpecError) {
        switch error.advice {
        case .allowIconsFromAnywhere?: self.init(error.description + " (--allow-outside-icons allows other places)")
        case nil: self.init(error.description)
        }
    }
}

/// A library problem about named fields, spelt as this command line's options (`--frames`).
func optionError(_ problem: TransitionRequest.Problem) -> CLIError {
    CLIError(problem.fields.map { "--" + $0 }.joined(separator: " and ") + ": " + problem.message)
}
