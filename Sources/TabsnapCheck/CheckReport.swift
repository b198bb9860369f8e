import Foundation
import Tabsnap

/// One golden's result, as `--json` writes it.
public struct CaseResult: Sendable, Codable, Equatable {
    public var name: String
    public var spec: String
    /// "still", "transition", or "spec" for a spec that could not be read.
    public var kind: String
    public var position: Double?
    /// Nil for a spec that could not be read (kind "spec").
    public var scale: Double?
    public var theme: String?
    public var direction: String? = nil
    public var textScale: String? = nil
    /// The tolerance this golden was compared with, when its spec sets its own.
    public var options: ComparisonOptions? = nil
    public var status: SnapshotStatus
    public var message: String
    public var differingPixels: Int?
    public var totalPixels: Int?
    public var maxDeltaE: Double?
    public var region: PixelRegion?
    /// Frames (0-based) that differ, for transitions.
    public var failingFrames: [Int]?
    /// The start of an SVG golden's line diff (the whole diff is the `diff` artifact).
    public var textDiff: String? = nil
    /// The golden's path (relative as given); nil for a spec that could not be read.
    public var golden: String?
    public var artifacts: ArtifactPaths
    public var seconds: Double
}

/// Everything one `tabsnap check` run found; shards' reports merge into one.
public struct CheckReport: Sendable, Codable, Equatable {
    public static let currentFormat = "tabsnap-check/1"
    public var format = CheckReport.currentFormat
    public var snapshots: String
    public var artifacts: String
    public var recordMode: RecordMode
    public var options: ComparisonOptions
    /// The shards this report covers (one for a shard's own report, all of them after a merge).
    public var shards: [Shard]
    public var results: [CaseResult]
    /// The golden files in the snapshots folder this run speaks for (relative names; see
    /// `GoldenOwnership`), to find orphans after merging.
    public var goldens: [String]
    /// Goldens no spec renders; only known when the report covers the whole suite.
    public var orphans: [String]?
    public var pruned: [String]
    /// Problems outside any one golden (an unreadable spec).
    public var errors: [String]
    public var seconds: Double
    /// The run's command line as values, so the report can give each failure its own accept
    /// command (built by `AcceptCommand`, never copied from a report as text).
    public var accept: AcceptCommand? = nil
    /// Where the run wrote this report, so that a merge reading it from another folder (a CI
    /// job's download of a shard's upload) finds the pictures it names (`rebased(readFrom:)`).
    /// Nil in a report written to standard output, or by Tabsnap before 0.17.0.
    public var location: ReportLocation? = nil

    /// The shell command accepting `name`'s current render, when the report knows how.
    public func acceptCommand(for name: String) -> String? {
        accept?.accepting(name)
    }

    public func count(_ status: SnapshotStatus) -> Int { results.filter { $0.status == status }.count }

    /// "3 goldens", then "2 passed", "1 failed"… for each status that occurs.
    public var countSummary: [String] {
        ["\(results.count) golden\(results.count == 1 ? "" : "s")"]
            + SnapshotStatus.allCases.filter { count($0) > 0 }.map { "\(count($0)) \($0.rawValue)" }
    }

    /// 0 all passed, 1 a golden differs or is missing under `never`, 2 something could not be read.
    public var exitCode: Int32 {
        if !errors.isEmpty || results.contains(where: { $0.status == .error }) { return 2 }
        return results.contains(where: { $0.status.isFailure }) ? 1 : 0
    }

    /// Whether the shards listed are all of a split (or the run was not split).
    public var coversWholeSuite: Bool {
        guard let count = shards.first?.count else { return true }
        return Set(shards.map(\.index)) == Set(1...count)
    }

    static func orphans(goldens: [String], rendered: [String]) -> [String] {
        let names = Set(rendered)
        return goldens.filter { !names.contains($0) }.sorted()
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads the reports to merge, within `Limits.mergedReportBytes` all together (checked from
    /// their sizes before any is read).
    public static func readAll(_ paths: [String]) throws -> [CheckReport] {
        var total = 0
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }  // read() says what is wrong with it
            total += Int(info.st_size)
            guard total <= Limits.mergedReportBytes else {
                throw ReportError(description: "\(paths.count == 1 ? path : "the \(paths.count) reports") are over \(ByteCount(Limits.mergedReportBytes)) together, "
                    + "the most report merge reads (about 100 000 goldens)")
            }
        }
        var left = Limits.mergedReportBytes
        return try paths.map { path in
            let report = try read(URL(fileURLWithPath: path), displayName: path, limit: left)
            var info = stat()
            if stat(path, &info) == 0 { left -= Int(info.st_size) }
            return report
        }
    }

    public static func read(_ url: URL, displayName: String? = nil, limit: Int = Limits.mergedReportBytes) throws -> CheckReport {
        let name = displayName ?? url.relativePath
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: url, limit: limit, displayName: name)
        } catch {
            throw ReportError(description: error.description)
        }
        do {
            let report = try JSONDecoder().decode(CheckReport.self, from: Data(bytes))
            guard report.format == currentFormat else {
                throw ReportError(description: "\(name): a '\(report.format)' report; this tabsnap reads '\(currentFormat)'")
            }
            return report
        } catch let error as ReportError {
            throw error
        } catch let error as DecodingError {
            throw ReportError(description: "\(name): not a tabsnap check report (\(describe(error)))")
        } catch {
            throw ReportError(description: "\(name): cannot read the report")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

public struct ReportError: Error, CustomStringConvertible {
    public var description: String
}

/// Words for a POSIX shell.
public enum ShellWord {
    /// The word as is when it is plainly safe, else single-quoted.
    public static func quoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=@%+:,".unicodeScalars)
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        // Per Unicode scalar: a ' followed by a combining mark is one Character, which a
        // Character-wise replacement would not see as a quote.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
