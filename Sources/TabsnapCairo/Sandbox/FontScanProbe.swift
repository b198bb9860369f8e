import Foundation

/// Brought font files are read by fontconfig in a sandbox child (`SandboxChild`) before this
/// process reads them: fontconfig's scan of a file (its faces, names, character maps) is work no
/// one can interrupt either, and a 45 KB collection of 256 faces, each mapping every code point,
/// took 10 s a file. Verdicts are kept for the process by the file (a private copy named by its
/// content, `BroughtFontCopies`).
enum FontScanProbe {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var verdicts: [String: SandboxChild.Failure?] = [:]

    /// Nil when fontconfig reads `file` within the limits, else why not.
    static func problem(reading file: URL) -> SandboxChild.Failure? {
        guard SandboxChild.isAvailable else { return nil }
        return lock.withLock {
            if let verdict = verdicts[file.path] { return verdict }
            var verdict: SandboxChild.Failure?
            if case .failure(let failure) = SandboxChild.run("scan", [], input: Array(file.path.utf8) + [0]) { verdict = failure }
            if verdict?.isAboutTheMachine == true { return verdict }  // asked again next time
            if verdicts.count >= 4_096 { verdicts.removeAll() }
            verdicts[file.path] = verdict
            return verdict
        }
    }
}
