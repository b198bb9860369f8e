import TabsnapModel
/// Checks a pango markup title before any rendering, so a bad tag is reported at its spec line,
/// and extracts its plain text (the title `tabsnap layout` prints).
enum MarkupCheck {
    /// Pango's convenience tags plus span. (Pango also takes `<markup>`, its own wrapper, as a tag
    /// that does nothing; it is not documented and is refused here.)
    static let tags = ["b", "big", "i", "s", "sub", "sup", "small", "tt", "u", "span"]

    /// The plain text, or a problem description.
    static func plainText(of markup: String) -> Result<String, MarkupProblem> {
        var reader = MarkupReader(markup)
        var open: [String] = []
        var text = ""
        do throws(MarkupProblem) {
            while let event = try reader.next() {
                switch event {
                case .text(let piece):
                    text += piece
                case .start(let name, let attributes, let closed):
                    try check(name, attributes)
                    if !closed { open.append(name) }
                case .end(let name):
                    guard let innermost = open.last else { throw MarkupProblem(message: "</\(name)> closes nothing") }
                    guard innermost == name else { throw MarkupProblem(message: "<\(innermost)> is closed by </\(name)>") }
                    open.removeLast()
                }
            }
        } catch {
            return .failure(error)
        }
        if let innermost = open.last { return .failure(MarkupProblem(message: "<\(innermost)> is never closed")) }
        if case .failure(let problem) = MarkupSizes.extent(of: markup) { return .failure(problem) }
        return .success(text)
    }

    private static func check(_ tag: String, _ attributes: [MarkupReader.Attribute]) throws(MarkupProblem) {
        guard tags.contains(tag) else {
            throw MarkupProblem(message: "unknown markup tag <\(tag)>; " + KeySuggestion.hint(for: tag, in: tags))
        }
        var given: [String: String] = [:]
        for attribute in attributes {
            if let problem = MarkupAttributes.problem(tag: tag, name: attribute.name, value: attribute.value) {
                throw MarkupProblem(message: problem)
            }
            // Pango refuses one setting given twice, under one name or two (color and foreground).
            let setting = MarkupAttributes.setting(attribute.name)
            if let earlier = given[setting] {
                throw MarkupProblem(message: "<\(tag)> gives '\(setting)' twice (as '\(earlier)' and '\(attribute.name)')")
            }
            given[setting] = attribute.name
        }
    }

    struct MarkupProblem: Error {
        var message: String
    }
}
