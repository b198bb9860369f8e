import Foundation
import Tabsnap

/// JUnit XML, the format most CI systems show test results from: one test case per golden,
/// failures and errors with the comparison's summary and the artifacts' paths. A failure's
/// artifacts are also listed in its system-out as `[[ATTACHMENT|path]]`, the form GitLab and
/// Jenkins' JUnit attachments plugin pick up and show beside the test.
public enum JUnitReport {
    /// The report as a JUnit XML document (`--junit`): one `testsuite` named after the snapshots
    /// folder; per golden a `testcase` (class name: its spec, name: the golden's name, time in
    /// seconds) holding a `failure` when failed or missing, an `error` when it could not be
    /// checked, or the message in `system-out` when new or recorded; each problem outside any
    /// golden becomes an erring `setup` test case. Control characters XML cannot hold are dropped.
    /// - Returns: The whole document, ending with a line break.
    public static func xml(_ report: CheckReport) -> String {
        let lint = report.lint
        let failures = report.results.filter { $0.status.isFailure }.count + (lint?.count(.error) ?? 0)
        let errors = report.results.filter { $0.status == .error }.count + report.errors.count + (lint?.errors.count ?? 0)
        let tests = report.results.count + (lint.map { $0.findings.count + $0.errors.count } ?? 0)
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(#"<testsuites name="tabsnap check" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)" time="\#(seconds(report.seconds))">"#)
        lines.append(#"  <testsuite name="\#(escape(report.snapshots))" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)" time="\#(seconds(report.seconds))">"#)
        for result in report.results {
            let open = #"    <testcase classname="\#(escape(result.spec))" name="\#(escape(result.name))" time="\#(seconds(result.seconds))""#
            var detail = [result.message]
            for (label, path) in [("actual", result.artifacts.actual), ("diff", result.artifacts.diff), ("triptych", result.artifacts.triptych)] {
                guard let path else { continue }
                detail.append("\(label): \(path)" + (Self.isAttachable(path) ? "" : " (not attached: a JUnit file cannot name it as it is)"))
            }
            switch result.status {
            case .failed, .missing:
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(result.message))" type="\#(result.status.rawValue)">\#(escape(detail.joined(separator: "\n")))</failure>"#)
                let attachments = [result.artifacts.actual, result.artifacts.diff, result.artifacts.triptych].compactMap { $0 }
                    .filter(Self.isAttachable)
                if !attachments.isEmpty {
                    lines.append("      <system-out>" + attachments.map { escape("[[ATTACHMENT|\($0)]]") }.joined(separator: "\n") + "</system-out>")
                }
                lines.append("    </testcase>")
            case .error:
                lines.append(open + ">")
                lines.append(#"      <error message="\#(escape(result.message))" type="error"/>"#)
                lines.append("    </testcase>")
            case .new, .recorded:
                lines.append(open + ">")
                lines.append("      <system-out>\(escape(result.message))</system-out>")
                lines.append("    </testcase>")
            case .passed:
                lines.append(open + "/>")
            }
        }
        for error in report.errors {
            lines.append(#"    <testcase classname="tabsnap" name="setup"><error message="\#(escape(error))" type="error"/></testcase>"#)
        }
        // Design rules (check --lint): a finding that is an error fails, a warning passes with
        // its line in system-out.
        lines += lint?.junitCases() ?? []
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Whether `[[ATTACHMENT|path]]` names the file itself: no character `escape` spells out (it
    /// would name another file), and no `]]`, `|` or line break, which end the marker early.
    /// Other paths are named in the failure's text only.
    static func isAttachable(_ path: String) -> Bool {
        !path.contains("]]") && !path.contains("|") && path.unicodeScalars.allSatisfy { VisibleText.escape($0) == nil }
    }

    /// XML text: markup characters as entities, line feeds and tabs as character references, and
    /// every other character a reader would not see as itself spelt as the terminal spells it
    /// (`VisibleText`: `\u{1}`, `\r`, `\u{202E}`, `\u{200B}`; XML 1.0 cannot write control
    /// characters, U+FFFE or U+FFFF at all), so a name is never silently changed into another.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // As character references: an XML reader turns a raw line break or tab in an
            // attribute into a space, and a name would no longer match its file (hostile round 24).
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                // XML 1.0 has no way to write other control characters, nor U+FFFE and U+FFFF (an
                // XML reader refuses the whole file over one): spelt out instead, as the terminal
                // and the HTML report spell them (`VisibleText`), with the bidirectional controls
                // and what shows as nothing (round 43: U+200B and U+3164 were written raw here).
                if let escape = VisibleText.escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
