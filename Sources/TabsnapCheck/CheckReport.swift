import Foundation
import TabsnapFiles
import Tabsnap

/// One golden's result, as `--json` writes it.
public struct CaseResult: Sendable, Codable, Equatable {
    /// The golden's name, relative to the snapshots folder (`ios-tab-bar.dark.p0.5@2x.png`); for
    /// a spec that could not be read (kind "spec"), the spec's path.
    public var name: String
    /// The spec file as the run found it: a file as given, or a folder as given joined with the
    /// path inside it (relative to the working folder unless given absolute).
    public var spec: String
    /// "still", "transition" (an animated PNG), "svg" (compared as text), or "spec" for a spec
    /// that could not be read.
    public var kind: String
    /// The bar position of a still or SVG golden (a button's index; a fraction is mid-swipe, below
    /// 0 or past the last button overscroll); nil for a transition or an unreadable spec.
    public var position: Double?
    /// Pixels per point the golden was drawn at; nil for an SVG golden (drawn in points) and for
    /// a spec that could not be read (kind "spec").
    public var scale: Double?
    /// `light` or `dark` when the spec lists themes (the theme is then part of the name); nil
    /// when it lists none, and for an unreadable spec. Absent from the JSON when nil.
    public var theme: String?
    /// `ltr` or `rtl` when the spec lists directions; nil (absent from the JSON) otherwise.
    public var direction: String? = nil
    /// The text scale's label when the spec lists text scales (`accessibility3`, `t1.5`); nil
    /// (absent from the JSON) otherwise.
    public var textScale: String? = nil
    /// The locale when the spec lists locales (`de`, `pseudo-accented`); nil (absent from the
    /// JSON) otherwise.
    public var locale: String? = nil
    /// The titles of a still that do not fit as written — wrapped, ellipsized or left out — at
    /// the golden's position, locale and text scale (the locale report); nil when every title
    /// fits, and for transitions.
    public var titles: [TitleFit]? = nil
    /// The tolerance this golden was compared with, when its spec sets its own.
    public var options: ComparisonOptions? = nil
    /// What happened to the golden; in the JSON, `passed`, `failed`, `new`, `recorded`,
    /// `missing` or `error`.
    public var status: SnapshotStatus
    /// One line for people: the comparison's summary (`12 of 4800 pixels differ (max ΔE 3.1)`),
    /// what was recorded, or what went wrong (for an unreadable spec, its `FILE:LINE:COLUMN`).
    public var message: String
    /// Pixels that differ beyond the tolerance (pixels only one image has included), when a still
    /// was compared with its golden; nil for transitions, SVG goldens and when nothing was
    /// compared.
    public var differingPixels: Int?
    /// Pixels compared in a still: the larger width times the larger height of the two images
    /// (what `--allow`'s percentage is of); set with `differingPixels`.
    public var totalPixels: Int?
    /// Largest CIE ΔE 2000 between pixels both sides have (over every frame of a transition),
    /// rounded to 2 decimals; nil when no image was compared (new, missing, error, SVG).
    public var maxDeltaE: Double?
    /// Bounding box of a still's differing pixels, in pixels from its top-left corner (JSON keys
    /// `x`, `y`, `width`, `height`); nil when none differ or no still was compared.
    public var region: PixelRegion?
    /// Frames (0-based) that differ, for transitions.
    public var failingFrames: [Int]?
    /// The start of an SVG golden's line diff (the whole diff is the `diff` artifact).
    public var textDiff: String? = nil
    /// What moved, in the bar's terms, when a still failed against a golden that keeps its
    /// geometry (`GeometryDiff`): `button 2 "Inbox": badge x +3 pt`, or that only pixels differ.
    /// Nil otherwise (JSON `changes`).
    public var changes: [String]? = nil
    /// A transition that failed against a golden that keeps its motion: both curves, which the
    /// HTML report draws (JSON `motion`; nil otherwise, and past 2 000 frames).
    public var motion: MotionComparison? = nil
    /// The golden's path (relative as given); nil for a spec that could not be read.
    public var golden: String?
    /// The pictures written for a failure into the artifacts folder (JSON `artifacts`, with keys
    /// `actual`, `diff`, `triptych` where written), relative to the working folder unless the
    /// folder was given absolute; empty unless the golden failed.
    public var artifacts: ArtifactPaths
    /// Wall-clock seconds spent on this golden (render, compare, record, artifacts); 0 for an
    /// unreadable spec.
    public var seconds: Double
}

/// Everything one `tabsnap check` run found; shards' reports merge into one.
public struct CheckReport: Sendable, Codable, Equatable {
    /// The `format` this Tabsnap writes, and the only one `read` accepts.
    public static let currentFormat = "tabsnap-check/1"
    /// Which report format this is (JSON key `format`); `currentFormat` unless read from elsewhere.
    public var format = CheckReport.currentFormat
    /// The goldens folder (`--snapshots`) as the run named it: relative to the run's working
    /// folder unless given absolute. Reports of different folders do not merge.
    public var snapshots: String
    /// The artifacts folder (`--artifacts`, default `.tabsnap/failures`) as the run named it.
    public var artifacts: String
    /// The record mode the run used (JSON `recordMode`: `missing`, `all`, `failed` or `never`).
    public var recordMode: RecordMode
    /// The run's tolerance (JSON `options`: `maxDeltaE`, `allowed`, `toleratesAntialiasing`); a
    /// golden whose spec sets its own tolerance has it in its result's `options`.
    public var options: ComparisonOptions
    /// The shards this report covers (one for a shard's own report, all of them after a merge).
    public var shards: [Shard]
    /// One result per golden checked, in name order, then one per spec that could not be read
    /// (kind "spec"); a merge sorts them all by name.
    public var results: [CaseResult]
    /// The golden files in the snapshots folder this run speaks for (relative names; see
    /// `GoldenOwnership`), to find orphans after merging.
    public var goldens: [String]
    /// Goldens no spec renders; only known when the report covers the whole suite.
    public var orphans: [String]?
    /// Files in the goldens folder no spec renders that carry no golden mark: recorded before
    /// 0.16.0, or not goldens at all (a user's picture). Never orphans, never pruned; `check
    /// --record all` marks the goldens still rendered. Nil in reports of earlier Tabsnap.
    public var unmarked: [String]? = nil
    /// Entries in the goldens folder named as goldens this run speaks for that are no files of
    /// their own — symbolic links, FIFOs, folders —: never read as goldens, never orphans, never
    /// pruned. Listed in every report; `check --prune` names them in its summary, so a dry run
    /// is not silent about them. Nil when none.
    public var notFiles: [String]? = nil
    /// Folders inside the goldens folder not entered because the mount table could not be read
    /// (any of them may be another project's, mounted there): their files are not listed as
    /// goldens or orphans, nor pruned. Nil when none.
    public var unentered: [String]? = nil
    /// The orphans `--prune` deleted (names relative to the snapshots folder); empty without it.
    public var pruned: [String]
    /// Problems outside any one golden (an unreadable spec).
    public var errors: [String]
    /// Wall-clock seconds the run took; after a merge, the slowest shard's.
    public var seconds: Double
    /// The run's command line as values, so the report can give each failure its own accept
    /// command (built by `AcceptCommand`, never copied from a report as text).
    public var accept: AcceptCommand? = nil
    /// Where the run wrote this report, so that a merge reading it from another folder (a CI
    /// job's download of a shard's upload) finds the pictures it names (`rebased(readFrom:)`).
    /// Nil in a report written to standard output, or by Tabsnap before 0.17.0.
    public var location: ReportLocation? = nil
    /// True when the run checked only some of its goldens (`--filter`, `--last-failed`,
    /// `--accept`): its results then leave out goldens that are still rendered, so a merge of
    /// such shards judges no orphans (round 43: it listed live goldens as orphaned). Nil in a
    /// whole run's report, and in reports of Tabsnap before 0.17.0.
    public var filtered: Bool? = nil
    /// The design rules' findings, when the run was asked to lint (`check --lint`); nil
    /// otherwise. An error finding fails the run as a failed golden does.
    public var lint: Linter.Report? = nil

    /// The shell command accepting `name`'s current render, when the report knows how.
    public func acceptCommand(for name: String) -> String? {
        accept?.accepting(name)
    }

    /// How many results have `status`.
    public func count(_ status: SnapshotStatus) -> Int { results.filter { $0.status == status }.count }

    /// "3 goldens", then "2 passed", "1 failed"… for each status that occurs.
    public var countSummary: [String] {
        ["\(results.count) golden\(results.count == 1 ? "" : "s")"]
            + SnapshotStatus.allCases.filter { count($0) > 0 }.map { "\(count($0)) \($0.rawValue)\($0 == .error && count($0) != 1 ? "s" : "")" }
            + (lint.map { ["lint: " + $0.countSummary.joined(separator: ", ")] } ?? [])
    }

    /// 0 all passed, 1 a golden differs or is missing under `never` (or a design rule found an
    /// error, with `check --lint`), 2 something could not be read.
    public var exitCode: Int32 {
        if !errors.isEmpty || results.contains(where: { $0.status == .error }) || !(lint?.errors.isEmpty ?? true) { return 2 }
        return results.contains(where: { $0.status.isFailure }) || (lint?.count(.error) ?? 0) > 0 ? 1 : 0
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

    /// The report as `--json` writes it (without the final line break): pretty-printed UTF-8,
    /// keys sorted, `/` not escaped, nil fields left out.
    /// - Throws: `EncodingError` when a number is not finite (JSON has no NaN or infinity).
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
                throw ReportError(description: (paths.count == 1 ? "\(path) is over" : "the \(paths.count) reports are over")
                    + " \(ByteCount(Limits.mergedReportBytes))\(paths.count == 1 ? "" : " together"), "
                    + "the most report merge reads (about 100 000 goldens)")
            }
        }
        var left = Limits.mergedReportBytes, valuesLeft = Limits.reportValues
        return try paths.map { path in
            let (report, values) = try reading(URL(fileURLWithPath: path), displayName: path, limit: left, values: valuesLeft)
            var info = stat()
            if stat(path, &info) == 0 { left -= Int(info.st_size) }
            valuesLeft -= values
            return report
        }
    }

    /// Reads one JSON report (`tabsnap check --json`, `tabsnap report merge --json`), as written:
    /// its paths are not rebased (see `rebased(readFrom:)`).
    /// - Parameters:
    ///   - url: The report file; only a regular file is read.
    ///   - displayName: How messages name the file; nil for `url.relativePath`.
    ///   - limit: The most bytes the file may have (default `Limits.mergedReportBytes`, 32 MB).
    /// - Returns: The decoded report.
    /// - Throws: `ReportError`, one line naming the file, when it cannot be read, is over
    ///   `limit`, is not a report (with the missing or wrong key), or is of another `format`.
    public static func read(_ url: URL, displayName: String? = nil, limit: Int = Limits.mergedReportBytes) throws -> CheckReport {
        try reading(url, displayName: displayName, limit: limit, values: Limits.reportValues).report
    }

    /// `read`, within `values` JSON values (`JSONCost`), and how many the report held.
    private static func reading(_ url: URL, displayName: String?, limit: Int, values: Int) throws -> (report: CheckReport, values: Int) {
        let name = displayName ?? url.relativePath
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: url, limit: limit, displayName: name)
        } catch {
            throw ReportError(description: error.description)
        }
        if let problem = JSONCost.problem(bytes, limit: values) {
            throw ReportError(description: "\(name): \(problem)")
        }
        do {
            let report = try JSONDecoder().decode(CheckReport.self, from: Data(bytes))
            guard report.format == currentFormat else {
                throw ReportError(description: "\(name): a '\(report.format)' report; this tabsnap reads '\(currentFormat)'")
            }
            if let problem = report.valueProblem() { throw ReportError(description: "\(name): \(problem)") }
            return (report, JSONValues.measure(bytes, limit: values).count)
        } catch let error as ReportError {
            throw error
        } catch let error as DecodingError {
            throw ReportError(description: "\(name): not a tabsnap check report (\(describe(error, in: bytes)))")
        } catch {
            throw ReportError(description: "\(name): cannot read the report")
        }
    }

    private static func describe(_ error: DecodingError, in bytes: [UInt8]) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            let path = Self.path(context.codingPath)
            return "missing key '\(key.stringValue)'" + (path.isEmpty ? "" : " at \(path)")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation's decoder on Linux says "not valid JSON" both for broken syntax and for
            // a number its field cannot hold (1.5 or 10^23 for a count): the parser tells which,
            // in a small file only (it keeps about 130 times the text: a 32 MB file took 4.4 GB
            // to refuse, hostile round 74).
            guard bytes.count <= 1 << 20 else { return "not valid JSON, or a number does not fit its field (too large, or not whole where a count is expected)" }
            do {
                _ = try JSONSerialization.jsonObject(with: Data(bytes))
                // Which number, found by setting candidates to 0 until the decoder takes the
                // text (round 130: the message named no place).
                let blamed = JSONTextProblem.numberToBlame(in: bytes) { text in
                    do {
                        _ = try JSONDecoder().decode(CheckReport.self, from: Data(text))
                        return false
                    } catch let DecodingError.dataCorrupted(context) {
                        return context.codingPath.isEmpty
                    } catch {
                        return false
                    }
                }
                if let blamed {
                    return "at \(blamed.path) (line \(blamed.found.line), column \(blamed.found.column)): the number \(blamed.number) does not fit its field: "
                        + "too large, too small, or not whole where a count is expected"
                }
                return "a number does not fit its field: too large, or not whole where a count is expected"
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                // Said at a line and column, as the text's other problems are (round 130).
                if let detail, let found = JSONTextProblem.placed(detail, in: bytes) {
                    return "not valid JSON at line \(found.line), column \(found.column): \(found.message)"
                }
                return "not valid JSON: \(detail ?? "cannot be parsed")"
            }
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// A place in the JSON as its reader writes it, array elements as [0] ("shards[0].count").
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { path, key in
            path += key.intValue.map { "[\($0)]" } ?? (path.isEmpty ? key.stringValue : ".\(key.stringValue)")
        }
    }
}

/// Why a JSON report could not be read or reports could not be merged.
public struct ReportError: Error, CustomStringConvertible {
    /// The reason, one line, naming the report file when there is one.
    public var description: String

    /// `description`, bounded (`ShownText`): Foundation's JSON errors quote a whole number.
    public init(description: String) {
        self.description = ShownText.bounded(description)
    }
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
