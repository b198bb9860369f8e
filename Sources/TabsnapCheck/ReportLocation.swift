import Foundation
import Tabsnap

/// Where a `tabsnap check` run wrote its JSON report, as absolute paths on the machine that ran
/// it. A report names its pictures (goldens, actual images, diffs) by the paths the run used,
/// mostly relative to the run's folder; a CI shard uploads the folder holding its report and
/// artifacts, and the merge job downloads it somewhere else. Knowing both folders lets the merge
/// map a picture that was inside the report's folder to the same place inside the downloaded
/// one (`CheckReport.rebased(readFrom:)`).
public struct ReportLocation: Sendable, Codable, Equatable {
    /// The folder the run worked in (relative paths in the report start here).
    public var run: String
    /// The folder the JSON report was written into.
    public var folder: String

    /// - Parameters:
    ///   - run: the run's working folder, absolute.
    ///   - folder: the report's folder, absolute.
    public init(run: String, folder: String) {
        self.run = run
        self.folder = folder
    }

    /// The location of a report about to be written to `path` (relative to the working folder).
    public static func of(reportAt path: String) -> ReportLocation {
        let here = FileManager.default.currentDirectoryPath
        let file = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here, isDirectory: true)).standardizedFileURL
        return ReportLocation(run: URL(fileURLWithPath: here).standardizedFileURL.path, folder: file.deletingLastPathComponent().path)
    }

    /// `path` as the report names it, seen from a copy of the report's folder at `copy`
    /// (relative to the reader's working folder, or absolute): a picture inside the report's
    /// folder moves with it; anything else (the goldens, usually in the repository) is left as
    /// named, to be read from the reader's working folder.
    func rebase(_ path: String, copy: String) -> String {
        let absolute = path.hasPrefix("/") ? path : run + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let root = folder.hasSuffix("/") ? folder : folder + "/"
        guard standardized.hasPrefix(root) else { return path }
        let inside = String(standardized.dropFirst(root.count))
        return copy.isEmpty || copy == "." ? inside : (copy.hasSuffix("/") ? copy : copy + "/") + inside
    }
}

extension CheckReport {
    /// The report with its picture paths as seen from the reader's working folder, when it was
    /// read from `path` (see `ReportLocation`). A report without a location (standard output,
    /// older Tabsnap) is returned as it is: its paths are taken as relative to the reader.
    public func rebased(readFrom path: String) -> CheckReport {
        guard let location else { return self }
        let copy = (path as NSString).deletingLastPathComponent
        var report = self
        report.results = results.map { result in
            var result = result
            result.golden = result.golden.map { location.rebase($0, copy: copy) }
            result.artifacts.actual = result.artifacts.actual.map { location.rebase($0, copy: copy) }
            result.artifacts.diff = result.artifacts.diff.map { location.rebase($0, copy: copy) }
            result.artifacts.triptych = result.artifacts.triptych.map { location.rebase($0, copy: copy) }
            return result
        }
        report.location = nil
        return report
    }

    /// Every picture a result names that the page may not show (`ReportPictureAccess`: missing,
    /// or outside the working folder and the reports' folders): what a merged report lacks. One
    /// line each: the golden's name, which picture, and the path.
    public func missingPictures(access: ReportPictureAccess = ReportPictureAccess()) -> [String] {
        results.flatMap { result -> [String] in
            // A missing golden has no expected picture by definition.
            let expected = result.status == .missing ? nil : result.golden
            let named: [(String, String?)] = [("expected", expected), ("actual", result.artifacts.actual), ("diff", result.artifacts.diff)]
            // A passing golden's picture is shown too, but only a failure's pictures are needed
            // to judge it; a spec that could not be read names none.
            guard result.status.isFailure || result.status == .new || result.status == .recorded else { return [] }
            return named.compactMap { role, path in
                guard let path else { return nil }
                return access.file(path) == nil ? "\(result.name): \(role) \(path)" : nil
            }
        }
    }
}
