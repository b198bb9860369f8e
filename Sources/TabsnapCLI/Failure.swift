import ArgumentParser
import Foundation

/// Prints `error: message` on stderr and exits 2: the one way the CLI reports bad input.
func fail(_ message: String) -> ExitCode {
    printLine("error: \(message)", to: .standardError)
    return ExitCode(2)
}
