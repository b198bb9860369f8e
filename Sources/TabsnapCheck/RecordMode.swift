import Foundation

/// When goldens are written. The `TABSNAP_RECORD` environment variable sets it; without it the
/// mode is `missing` on a workstation and `never` when `CI` is set, so CI only ever compares.
public enum RecordMode: String, Sendable, Codable, CaseIterable {
    /// Record goldens that do not exist yet; compare the rest.
    case missing
    /// Re-record every golden.
    case all
    /// Record missing goldens and replace those that differ (accepting the new renders).
    case failed
    /// Only compare: a missing golden fails and nothing is written into the goldens.
    case never

    /// A record mode given as text that is none of the modes' names.
    public struct InvalidValue: Error, CustomStringConvertible {
        /// Where the value came from (`TABSNAP_RECORD`).
        public var source: String
        /// The text as found.
        public var value: String
        /// One line: `SOURCE: 'VALUE' is not a record mode; use missing, all, failed, never`.
        public var description: String {
            "\(source): '\(value)' is not a record mode; use \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    /// `explicit` (a caller's choice) wins, then `TABSNAP_RECORD`, then the CI default.
    public static func resolve(_ explicit: RecordMode? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(InvalidValue) -> RecordMode {
        if let explicit { return explicit }
        if let value = environment["TABSNAP_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value) else { throw InvalidValue(source: "TABSNAP_RECORD", value: value) }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    /// `CI` set to anything but empty, "0" or "false".
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }
}
