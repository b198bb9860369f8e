import Tabsnap

/// The design rules' section of the HTML report (`check --lint --report`): one table row per
/// finding, errors first, then the rules the specs switched off and why.
enum LintHTML {
    static func section<E: Error>(_ lint: Linter.Report, to sink: (String) throws(E) -> Void) throws(E) {
        let count = lint.findings.count + lint.errors.count
        let open = lint.count(.error) > 0 || !lint.errors.isEmpty
        try sink("<details id=\"lint\"\(open ? " open" : "")><summary><h2>Design rules <span class=\"count\">\(count)</span></h2></summary>\n")
        for error in lint.errors { try sink("<p class=\"error\">\(HTMLReport.escape(error))</p>\n") }
        if !lint.findings.isEmpty {
            try sink("<table class=\"titles lint\"><tr><th>severity</th><th>rule</th><th>spec</th><th>variant</th><th>position</th>"
                + "<th>element</th><th>measured</th></tr>\n")
            let ordered = lint.findings.filter { $0.severity == .error } + lint.findings.filter { $0.severity != .error }
            for finding in ordered {
                let positions = Limits.format(finding.position) + (finding.positions > 1 ? " (+\(finding.positions - 1))" : "")
                try sink("<tr class=\"\(finding.severity.rawValue)\"><td>\(finding.severity.rawValue)</td><td>\(finding.rule.rawValue)</td>"
                    + "<td>\(HTMLReport.escape(finding.spec))</td><td>\(HTMLReport.escape(finding.variant.joined(separator: ", ")))</td>"
                    + "<td>\(positions)</td><td dir=\"auto\">\(HTMLReport.escape(finding.elementAndItem))</td><td>\(HTMLReport.escape(finding.measured))</td></tr>\n")
            }
            try sink("</table>\n")
        }
        if !lint.switchedOff.isEmpty {
            try sink("<p class=\"note\">Switched off: " + lint.switchedOff.map { HTMLReport.escape($0) }.joined(separator: "; ") + "</p>\n")
        }
        try sink("</details>\n")
    }
}
