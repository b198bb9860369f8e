import Foundation
import TabsnapFiles

/// Brought font files are read by fontconfig in a sandbox child (`SandboxChild`) before this
/// process reads them: fontconfig's scan of a file (its faces, names, character maps) is work no
/// one can interrupt either, and a 45 KB collection of 256 faces, each mapping every code point,
/// took 10 s a file. Verdicts are kept for the process by the files' identities (`FileIdentity`):
/// usually private copies named by their content (`BroughtFontCopies`), but a file that could
/// not be copied is read in place, and a file edited there is read anew.
enum FontScanProbe {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var verdicts: [String: SandboxChild.Failure?] = [:]

    /// Nil when fontconfig reads all of `files` within the limits, else why not.
    static func problem(reading files: [URL]) -> SandboxChild.Failure? {
        guard SandboxChild.isAvailable, !files.isEmpty else { return nil }
        let key = files.map(FileIdentity.of).joined(separator: "\0")
        return lock.withLock {
            if let verdict = verdicts[key] { return verdict }
            var verdict: SandboxChild.Failure?
            let input: [UInt8] = files.flatMap { file -> [UInt8] in Array(file.path.utf8) + [0] }
            if case .failure(let failure) = SandboxChild.run("scan", [], input: input) { verdict = failure }
            if verdict?.isAboutTheMachine == true { return verdict }  // asked again next time
            if verdicts.count >= 4_096 { verdicts.removeAll() }
            verdicts[key] = verdict
            return verdict
        }
    }
}
