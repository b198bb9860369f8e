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
        if !parser.parse() {
            return .failure(MarkupProblem(message: collector.problem ?? "is not well-formed markup (check < > & and closing tags)"))
        }
        if let problem = collector.problem { return .failure(MarkupProblem(message: problem)) }
        return .success(collector.text)
    }

    struct MarkupProblem: Error {
        var message: String
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var text = ""
        var problem: String?
        private var depth = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            defer { depth += 1 }
            guard depth > 0 else { return }  // our own <markup> wrapper
            if !MarkupCheck.tags.contains(name), problem == nil {
                problem = "unknown markup tag <\(name)>; " + KeySuggestion.hint(for: name, in: MarkupCheck.tags)
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }
}
