import Foundation

/// The faces an editable SVG's text is set in, and — for `SVGText.embedded` — the `<style>` that
/// carries their files as `@font-face` rules. Each face gets the CSS family its text names: the
/// face's own family, or, when two files would share a family, weight and style (a brought
/// "Inter" beside the bundled one), a name of its own for the second (`Inter 2`), since a
/// browser would otherwise draw both with the last rule's file.
struct SVGFontFaces {
    /// A face as fontconfig matched it.
    struct Face: Hashable {
        var family: String
        var weight: Int
        var italic: Bool
        var file: String
    }

    /// The most font bytes one SVG embeds: the emoji font (11 MB) and a few text faces fit, a
    /// bar in every bundled script does not (the CJK faces are 5.4 MB each).
    static let embeddedBytes = 16 << 20

    private var faces: [(face: Face, family: String)] = []

    /// The CSS family a run in `face` names.
    mutating func family(for face: Face, embedding: Bool) -> String {
        if let known = faces.first(where: { $0.face == face }) { return known.family }
        var family = face.family
        if embedding {
            let clashes = faces.filter { $0.face.family == face.family && $0.face.weight == face.weight && $0.face.italic == face.italic }.count
            if clashes > 0 { family += " \(clashes + 1)" }
        }
        faces.append((face, family))
        return family
    }

    /// A `<style>` of `@font-face` rules, the files inside as base64; nil when there is no text.
    /// Refused: a font collection (a browser reads only its first face), and more than
    /// `embeddedBytes` of fonts, naming the largest. `shown` names a face's file in a refusal
    /// as the user knows it (a brought font is loaded from a private copy).
    func style(shown: (String) -> String) throws(RenderError) -> String? {
        guard !faces.isEmpty else { return nil }
        var files: [(face: Face, family: String, data: Data)] = []
        for (face, family) in faces {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: face.file), options: .mappedIfSafe) else {
                throw .fonts("\(shown(face.file)): cannot read this font file to embed it in the SVG")
            }
            if data.prefix(4) == Data("ttcf".utf8) {
                throw .fonts("\(shown(face.file)): a font collection cannot be embedded in an SVG (a browser reads only its first face); "
                             + "use --svg-text named")
            }
            // A font whose licence bits forbid embedding (OS/2 fsType 2, "restricted licence")
            // is not put inside a file that goes elsewhere, as PDF writers and browsers honour it.
            if Self.embeddingRestricted(data) {
                throw .fonts("\(shown(face.file)): its licence bits (OS/2 fsType: restricted licence embedding) forbid embedding it; use --svg-text named")
            }
            files.append((face, family, data))
        }
        let total = files.reduce(0) { $0 + $1.data.count }
        if total > Self.embeddedBytes, let largest = files.max(by: { $0.data.count < $1.data.count }) {
            throw .fonts("the text's \(files.count) fonts come to \(total >> 20) MB, over the \(Self.embeddedBytes >> 20) MB an SVG embeds "
                         + "(the largest, \(URL(fileURLWithPath: shown(largest.face.file)).lastPathComponent), is \(largest.data.count >> 10) KB); use --svg-text named")
        }
        var css = "<style>\n"
        for (face, family, data) in files {
            let opentype = data.prefix(4) == Data("OTTO".utf8)
            css += "@font-face { font-family: \(Self.quoted(family)); font-weight: \(face.weight); "
            css += "font-style: \(face.italic ? "italic" : "normal"); src: url(data:font/\(opentype ? "otf" : "ttf");base64,"
            css += data.base64EncodedString() + ") format('\(opentype ? "opentype" : "truetype")'); }\n"
        }
        return css + "</style>\n"
    }

    /// Whether a font file's OS/2 `fsType` says "restricted licence embedding" (its low four
    /// bits exactly 2); a file without the table, or too short to say, does not.
    static func embeddingRestricted(_ data: Data) -> Bool {
        func byte(_ at: Int) -> Int? { at >= 0 && at < data.count ? Int(data[data.startIndex + at]) : nil }
        func u16(_ at: Int) -> Int? { guard let high = byte(at), let low = byte(at + 1) else { return nil }; return high << 8 | low }
        func u32(_ at: Int) -> Int? { guard let high = u16(at), let low = u16(at + 2) else { return nil }; return high << 16 | low }
        guard let tables = u16(4) else { return false }
        for index in 0..<min(tables, 512) {
            let record = 12 + 16 * index
            guard let tag = u32(record) else { return false }
            guard tag == 0x4F53_2F32, let offset = u32(record + 8), let fsType = u16(offset + 8) else { continue }  // "OS/2"
            return fsType & 0x000F == 0x0002
        }
        return false
    }

    /// A family as a CSS string, inside an XML attribute or element: quoted (a name starting
    /// with a digit or holding a quote is no CSS identifier), backslashes and quotes escaped, on
    /// one line.
    static func quoted(_ family: String) -> String {
        let oneLine = String(family.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return "'" + SVGNumber.escape(oneLine).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
