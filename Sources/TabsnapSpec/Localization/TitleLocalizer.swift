import TabsnapModel

/// Turns an item's `title` into the text drawn in the spec's locale: a string as written, or a
/// key (`title: {key: tab.inbox}`) looked up in the spec's catalogs (`strings:`), the way the
/// app's bundle does — the locale (`pt-BR`), then its language (`pt`), then what every language
/// falls back to (the source language, `Base.lproj`, `values/`); catalogs in the spec's order.
/// A pseudo-locale transforms the source text. A key no catalog has, or whose entry cannot be a
/// title (plurals, format arguments), is an error at the title.
struct TitleLocalizer: Sendable {
    /// The spec's catalogs, in its order.
    var catalogs: [StringCatalog] = []
    /// The locale drawn; nil: the catalogs' source language, text as written.
    var locale: SpecLocale?
    /// Keys are read, not looked up (`title: {key: a}` reads as `a`): the items as the spec
    /// writes them, for writing it back.
    var keysAsWritten = false

    /// Reads `title:` (text, or `{key: …}`).
    func title(_ node: SpecNode) throws(SpecError) -> String {
        let text = try drawnOrSpoken(node)
        // A title's control character is refused where it would be drawn (as no font's glyph);
        // spoken text is drawn nowhere, so here: a BEL was read aloud as nothing (round 36).
        if node.isSpoken, let code = Limits.controlCharacter(in: text) {
            throw node.error("\(node.path): holds the control character \(code), which is not text a screen reader can speak; leave it out")
        }
        return text
    }

    /// The text of `title:` or spoken text, as written or from a catalog, in the locale.
    private func drawnOrSpoken(_ node: SpecNode) throws(SpecError) -> String {
        guard case .mapping = node.node else { return transform(try node.line()) }
        let mapping = try node.mapping(allowed: ["key"])
        let keyNode = try mapping.required("key")
        let key = try keyNode.string()
        if keysAsWritten { return key }
        let (found, catalog) = try lookUp(key, at: node)
        let text = transform(found)
        // Named by the catalog that holds the text and the language read: the file to fix.
        let source = "\(StringCatalog.quoted(key)) in \(catalog)\(locale.map { " (\($0))" } ?? "")"
        // An empty text drew no title, and the item was said to have "nothing to draw" without a
        // word of the key or the catalog (hostile round 47): the file to fix is named. Judged
        // before a pseudo-locale's transform, which makes "" into brackets or bidi marks.
        guard !found.isEmpty else {
            throw node.error("\(node.path): \(source) is empty; give it a text"
                             + (node.isSpoken ? "" : " (an item without a title leaves the title out)"))
        }
        guard !text.utf8.contains(0) else { throw node.error("\(node.path): \(source) contains a NUL character (\\0), where the text would end") }
        guard text.unicodeScalars.count <= Limits.textLength else {
            throw node.error("\(node.path): \(source) is \(text.unicodeScalars.count) characters; at most \(Limits.textLength)")
        }
        // Named by the catalog, not only by the item where it would be drawn (round 40).
        if let code = Limits.controlCharacter(in: text), Limits.lineBreak(in: text) == nil {
            throw node.error("\(node.path): \(source) holds the control character \(code), which is not text; leave it out")
        }
        if let code = Limits.lineBreak(in: text) {
            throw node.error("\(node.path): \(source) holds a line break (\(code)); "
                + (node.isSpoken ? "spoken text is one line: leave the break out" : "text is drawn on one line, and button.lines wraps a title at its spaces"))
        }
        return text
    }

    /// Text as the locale draws it: a pseudo-locale's transform, else unchanged.
    func transform(_ text: String) -> String {
        locale?.pseudo?.transform(text) ?? text
    }

    /// Markup as the locale draws it (only its text transformed).
    func transform(markup: String) -> String {
        locale?.pseudo?.transform(markup: markup) ?? markup
    }

    /// The languages searched, in order: the locale's (none for a pseudo-locale, which starts
    /// from the source text), the source language's, then every language's fallback.
    var searchOrder: [String] {
        var order = locale?.searchOrder ?? []
        if locale == nil || locale?.pseudo != nil, let source = catalogs.lazy.compactMap(\.sourceLanguage).first {
            order += SpecLocale(catalogLanguage: source)?.searchOrder ?? []
        }
        return order + [StringCatalog.anyLanguage]
    }

    /// The key's text and the name of the catalog that holds it.
    private func lookUp(_ key: String, at node: SpecNode) throws(SpecError) -> (String, String) {
        guard !catalogs.isEmpty else {
            throw node.error("\(node.path): names the key \(StringCatalog.quoted(key)), but the spec names no string catalogs (strings: [Localizable.xcstrings])")
        }
        var otherKind: (reason: String, catalog: String)?
        for language in searchOrder {
            for catalog in catalogs {
                switch catalog.languages[language]?[key] {
                case .text(let text)?: return (text, catalog.name)
                case .unusable(let reason)?: throw node.error("\(node.path): \(StringCatalog.quoted(key)) in \(catalog.name) \(reason)")
                case .otherKind(let reason)?: otherKind = otherKind ?? (reason, catalog.name)
                case nil: continue
                }
            }
        }
        if let otherKind {
            throw node.error("\(node.path): \(StringCatalog.quoted(key)) in \(otherKind.catalog) \(otherKind.reason)")
        }
        let place = locale.map { " for \($0)" } ?? ""
        // The key is there, in languages this locale does not read: say which, not "did you mean"
        // the same key (a de.lproj catalog read without a locale).
        let holding = Set(catalogs.flatMap { catalog in catalog.languages.filter { $0.value[key] != nil }.map(\.key) }).sorted()
        if !holding.isEmpty {
            let known = "\(node.path): the key \(StringCatalog.quoted(key)) is in \(catalogs.map(\.name).joined(separator: ", ")) only for \(holding.joined(separator: ", "))"
            guard let locale else {
                throw node.error(known + "; without a locale the spec reads the source language and the fallback entries (set locale: or --locale)")
            }
            throw node.error(known + ", not for \(locale) or a language it falls back to")
        }
        let keys = Set(catalogs.flatMap { $0.languages.values.flatMap(\.keys) })
        // Sorted: of equally near keys the first is named, the same one every run (a set's
        // order changes from process to process: hostile round 27).
        let near = KeySuggestion.nearest(to: key, in: keys.filter { !$0.isEmpty }.sorted()).map { "; did you mean \(StringCatalog.quoted($0))?" } ?? ""
        throw node.error("\(node.path): no catalog has the key \(StringCatalog.quoted(key))\(place) (\(catalogs.map(\.name).joined(separator: ", ")))\(near)")
    }
}
