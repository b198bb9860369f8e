import Foundation
import TabsnapFiles
import TabsnapModel

/// Font names in a spec, checked against what can draw them: the bundled fonts, the spec's own
/// `fonts` and any given outside it (`--font`).
enum FontNames {
    /// Every font the spec names is a bundled one or one of its own `fonts` — anything else would
    /// be drawn in a substitute without a word.
    static func check(_ bar: Bar, root: SpecNode, givenOutside extraFonts: [URL], tables: BarSpecTables) throws(SpecError) {
        var faces: [FontFace] = []
        let place = root.descendant(["fonts"]) ?? root
        for file in bar.fonts { faces += try UserFonts.faces(of: file, at: place) }
        // A brought face under a bundled family's name would lose to (or silently replace) it.
        // Names are compared as fontconfig compares them: without spaces, case folded ("In ter"
        // and "DejaVu ſans" are bundled names), and every name a file records counts.
        let key = FontCatalog.fontconfigKey
        // A file given with --font (or found in a folder given so) is no place in the spec: named
        // by the option and its path (round 51: "s.yaml:1:1: fonts: …" for a spec without fonts).
        func isOutside(_ file: URL) -> Bool {
            extraFonts.contains { file.path == $0.path || file.path.hasPrefix($0.path + "/") }
        }
        if let twins = BroughtFaceTwins.first(in: faces) {
            let problem = BroughtFaceTwins.problem(twins)
            let outside = [twins.0.file, twins.1.file].first(where: isOutside)
            throw outside.map { SpecError(file: "--font \($0.path)", line: 0, column: 0, message: problem) } ?? place.error("fonts: " + problem)
        }
        for face in faces {
            func refused(_ problem: String) -> SpecError {
                isOutside(face.file) ? SpecError(file: "--font \(face.file.path)", line: 0, column: 0, message: problem)
                    : place.error("fonts: \(face.file.lastPathComponent) " + problem)
            }
            for name in face.allFamilyNames {
                if let bundled = FontCatalog.families.first(where: { key($0.name) == key(name) }) {
                    let also = name == face.family ? "" : " (among its family names: it is mainly '\(face.family)')"
                    throw refused("is named '\(name)'\(also), which fontconfig reads as the bundled '\(bundled.name)' "
                        + "(it ignores case and spaces, and answers to every name a font records); a brought font needs family names of its own")
                }
                if name.contains(",") {
                    throw refused("is named '\(name)', and pango reads a comma in a font name as a list "
                        + "of families, so it could never be drawn; give the font a family name without commas")
                }
            }
        }
        let named: [([String], FontSpec?)] = [(["button", "font"], bar.button.font), (["button", "selectedFont"], bar.button.selectedFont),
                                               (["badges", "font"], bar.customBadge == nil ? bar.badges.font : nil)]
        for (path, font) in named {
            guard let font, let problem = FontCatalog.problem(with: font, faces: faces), let node = root.descendant(path) else { continue }
            throw node.error("\(path.joined(separator: ".")): \(problem)")
        }
        // Families named, as fontconfig reads them (spaces and case aside).
        var families = Set(named.compactMap { $0.1.map { key($0.family) } })
        // Fonts in a custom component's settings, held to the same families.
        for (node, font) in try tables.customComponentFonts(in: root) {
            families.insert(key(font.family))
            if let problem = FontCatalog.problem(with: font, faces: faces) { throw node.error("\(node.path): \(problem)") }
        }
        for (index, item) in bar.items.enumerated() {
            guard let markup = item.markup else { continue }
            if let problem = MarkupFonts.problem(in: markup, italicFaces: faces.contains(where: \.italic)) {
                let node = try root.descendant(["items"])?.list()[index]
                throw (node?.descendant(["markup"]) ?? node ?? root).error("items[\(index)].markup: \(problem)")
            }
            for family in MarkupFonts.families(in: markup) {
                families.insert(key(family))
                let probe = FontSpec(family: family, weight: faces.first { $0.allFamilyNames.contains { key($0) == key(family) } }?.weight ?? .regular, size: 1)
                guard let problem = FontCatalog.problem(with: probe, faces: faces) else { continue }
                let node = try root.descendant(["items"])?.list()[index]
                let place = node?.descendant(["markup"]) ?? node ?? root
                throw place.error("items[\(index)].markup: \(problem)")
            }
        }
        if let node = root.descendant(["fonts"]), !faces.contains(where: { face in face.allFamilyNames.contains { families.contains(key($0)) } && !extraFonts.contains(face.file) }),
           try !coversWhatBundledFontsLack(bar, files: bar.fonts.filter { !extraFonts.contains($0) }, at: node) {
            let own = Array(Set(faces.map(\.family))).sorted().map(StringCatalog.quoted).joined(separator: ", ")
            throw node.error("fonts: no font key (button.font, button.selectedFont, badges.font, a custom component's) or markup names \(own), "
                + "and they have no character of the bar's text that the bundled fonts lack, so they would change nothing; name one, or leave fonts out")
        }
    }

    /// Whether one of `files` has a character of the bar's titles, markup or badges that no
    /// bundled font has: a font brought to cover a script is drawn as the fallback for it.
    private static func coversWhatBundledFontsLack(_ bar: Bar, files: [URL], at node: SpecNode) throws(SpecError) -> Bool {
        var text = ""
        for item in bar.items {
            text += (item.title ?? "") + (item.badge ?? "")
            if let markup = item.markup, case .success(let plain) = MarkupCheck.plainText(of: markup) { text += plain }
        }
        let lacking = Set(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .control
                                                            && !FontCoverage.bundled.contains($0) })
        guard !lacking.isEmpty else { return false }
        for file in files {
            let bytes: [UInt8]
            do { bytes = try BoundedRead.bytes(of: file, limit: Limits.fontFileBytes) } catch { throw node.error("\(node.path): \(error)") }
            let coverage: FontCoverage
            do { coverage = try FontCoverage.of(bytes) } catch {
                throw node.error("\(node.path): \(file.path): not a usable font file (\(error.reason))")
            }
            if lacking.contains(where: coverage.contains) { return true }
        }
        return false
    }
}
