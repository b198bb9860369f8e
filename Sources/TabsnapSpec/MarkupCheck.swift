import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checks a pango markup title before any rendering, so a bad tag is reported at its spec line,
/// and extracts its plain text (the title `tabsnap layout` prints).
enum MarkupCheck {
    /// Pango's convenience tags plus span.
    static let tags = ["b", "big", "i", "s", "sub", "sup", "small", "tt", "u", "span"]

    /// The plain text, or a problem description.
    static func plainText(of markup: String) -> Result<String, MarkupProblem> {
        let parser = XMLParser(data: Data("<markup>\(markup)</markup>".utf8))
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        if let problem = collector.problem { return .failure(MarkupProblem(message: problem)) }
        // Foundation's parser on Linux lets some unclosed tags through, so the stack is checked too.
        if let open = collector.open.last, open != "markup" {
            return .failure(MarkupProblem(message: "<\(open)> is never closed"))
        }
        guard parsed, collector.open.isEmpty else {
            return .failure(MarkupProblem(message: "is not well-formed markup (check < > & and closing tags)"))
        }
        return .success(collector.text)
    }

    struct MarkupProblem: Error {
        var message: String
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var text = ""
        var problem: String?
        /// Elements opened and not yet closed, outermost first (our own <markup> wrapper at 0).
        var open: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            defer { open.append(name) }
            guard !open.isEmpty, problem == nil else { return }
            if !MarkupCheck.tags.contains(name) {
                problem = "unknown markup tag <\(name)>; " + KeySuggestion.hint(for: name, in: MarkupCheck.tags)
                return
            }
            for (attribute, value) in attributes.sorted(by: { $0.key < $1.key }) {
                if let found = MarkupAttributes.problem(tag: name, name: attribute, value: value) {
                    problem = found
                    return
                }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if open.last == name {
                open.removeLast()
            } else if problem == nil {
                problem = open.count > 1 ? "<\(open.last!)> is closed by </\(name)>" : "</\(name)> closes nothing"
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }
}
