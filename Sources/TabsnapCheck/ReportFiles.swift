import Foundation
import Tabsnap

/// Whether an existing file is a report Tabsnap wrote, and so one `check` or `report merge` may
/// replace: the HTML page (its title), the JSON report (it reads as one) or the JUnit XML (its
/// root element). Any other file at a report's path — the spec's icon, a brought font, the user's
/// notes — is refused before anything is written, whether or not the specs could be read to
/// list what they use. An empty file holds nothing to lose and may be replaced.
public enum ReportFiles {
    /// The kinds of report file, by the option that names them.
    public enum Kind: Sendable {
        /// `--report`: the HTML page.
        case html
        /// `--json`: the JSON report.
        case json
        /// `--junit`: JUnit XML.
        case junit
        /// `tabsnap lint --json`: the lint report.
        case lintJSON
        /// `tabsnap lint --junit`: the lint report as JUnit XML.
        case lintJUnit
    }

    /// Nil when the file at `path` may be replaced by a report of `kind` (it is not there, is
    /// empty, or is such a report); otherwise why not, for a one-line error.
    public static func problem(replacing path: String, with kind: Kind) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let url = URL(fileURLWithPath: path)
        let head = String(decoding: (try? BoundedRead.prefix(of: url, count: 512)) ?? [], as: UTF8.self)
        let ours: Bool
        switch kind {
        case .html: ours = head.hasPrefix("<!doctype html>") && head.contains("<title>tabsnap check")
        case .junit: ours = head.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && head.contains(#"<testsuites name="tabsnap check""#)
        case .json: ours = head.hasPrefix("{") && (try? CheckReport.read(url)) != nil
        case .lintJUnit: ours = head.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && head.contains(#"<testsuites name="tabsnap lint""#)
        case .lintJSON: ours = head.hasPrefix("{") && Linter.Report.read(url) != nil
        }
        if !ours, [.json, .lintJSON].contains(kind), info.st_size > Limits.mergedReportBytes {
            // Its own merged report may pass the size it reads back (round 130 called a 37 MB
            // one "not a report tabsnap wrote").
            return "\(path) exists and is over \(Limits.mergedReportBytes >> 20) MB, more than tabsnap reads to tell whether it wrote it; "
                + "not replacing it (remove it, or name another file)"
        }
        return ours ? nil : "\(path) exists and is not a report tabsnap wrote; not replacing it (remove it, or name another file)"
    }
}
