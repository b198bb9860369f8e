import Foundation
import Tabsnap

extension Linter.Report {
    /// The report as JSON (`tabsnap lint --json`): keys sorted, readable.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The report as JUnit XML (`tabsnap lint --junit`): one test case per finding, named by its
    /// rule and element under its spec and variant; an error finding is a `failure`, a warning
    /// a passing case with the finding in its `system-out`, a spec that could not be read an
    /// `error`.
    public func junitXML() -> String {
        let failures = count(.error)
        let tests = findings.count + errors.count
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(#"<testsuites name="tabsnap lint" tests="\#(tests)" failures="\#(failures)" errors="\#(errors.count)">"#)
        lines.append(#"  <testsuite name="lint" tests="\#(tests)" failures="\#(failures)" errors="\#(errors.count)">"#)
        lines += junitCases()
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The findings and errors as JUnit test cases (also in `check --lint`'s JUnit file).
    func junitCases() -> [String] {
        var lines: [String] = []
        for finding in findings {
            let place = ([finding.spec] + finding.variant).joined(separator: " ")
            let open = #"    <testcase classname="\#(JUnitReport.escape(place))" name="\#(JUnitReport.escape("\(finding.rule.rawValue): \(finding.elementAndItem)"))""#
            switch finding.severity {
            case .error:
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(JUnitReport.escape(finding.line))" type="\#(finding.rule.rawValue)"/>"#)
                lines.append("    </testcase>")
            case .warn, .off:
                lines.append(open + ">")
                lines.append("      <system-out>\(JUnitReport.escape(finding.line))</system-out>")
                lines.append("    </testcase>")
            }
        }
        for error in errors {
            lines.append(#"    <testcase classname="tabsnap lint" name="setup"><error message="\#(JUnitReport.escape(error))" type="error"/></testcase>"#)
        }
        return lines
    }

    /// Reads a report `tabsnap lint --json` wrote; nil when the file is not one.
    static func read(_ url: URL) -> Linter.Report? {
        // Values counted first: the decoder's cost follows them, not the bytes (`JSONCost`).
        guard let bytes = try? BoundedRead.bytes(of: url, limit: Limits.mergedReportBytes), JSONCost.problem(bytes, limit: Limits.reportValues) == nil,
              let report = try? JSONDecoder().decode(Linter.Report.self, from: Data(bytes)),
              report.format == currentFormat else { return nil }
        return report
    }
}
