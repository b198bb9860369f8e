/// How librsvg 2.54 lays text out otherwise than a browser, judged over the icon's tree (hostile
/// round 73): `xml:space` inherited from an ancestor (librsvg keeps the spaces; Chromium reads
/// it on the text itself only), and `text-anchor` on a `<tspan>` (librsvg anchors the chunk the
/// span starts by it; a browser by the `<text>`'s).
extension SVGIconPreflight.Document {
    func checkTextLayout(collapsibleSpace: Bool) throws(SVGIconPreflight.Problem) {
        guard !drawnText.isEmpty else { return }
        if collapsibleSpace, let element = elements.first(where: { !["text", "tspan"].contains($0.tag.localName) && $0.tag.exactAttribute("xml:space") != nil }) {
            throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) xml:space>: librsvg passes it on to the text inside, a browser reads it "
                                           + "on the <text> only; write xml:space on the <text>")
        }
        let spans = elements.filter { $0.tag.localName == "tspan" }
        if let span = spans.first(where: { Self.declared("text-anchor", on: $0.tag) != nil }) {
            throw SVGIconPreflight.Problem(description: "<\(Self.short(span.tag.name)) text-anchor>: librsvg anchors the span's text by it, a browser by the "
                                           + "<text>'s; put text-anchor on a <text> of its own")
        }
        if sheetsMayApply("text-anchor", to: spans) {
            throw SVGIconPreflight.Problem(description: "a style sheet may give a <tspan> a text-anchor, by which librsvg anchors the span's text and a browser "
                                           + "by the <text>'s; put text-anchor on a <text> of its own")
        }
    }
}
