import CPango
import Foundation

/// Whether the order of a spec's font files decides which file draws a text. Fontconfig ranks
/// the faces that could draw a run (family, language, slant, weight, width, version, …) and takes
/// the file listed first among those it ranks alike: two files brought to cover one script, a
/// variable font beside a static face in its range, faces alike in every way fontconfig reads
/// (hostile rounds 52 to 55) drew by the order of `fonts:`, exit 0. Predicting its ranking from
/// the files' tables missed cases and refused fonts it tells apart; so each text is laid out a
/// second time with the files listed the other way round, and a run drawn from another file
/// then is refused, naming both. A tie among any number of files puts another of them first
/// when the list is reversed, so one more layout finds every tie the text meets.
extension FontSession {
    /// The session listing this one's files the other way round (nil for fewer than two, and
    /// inside that session itself), made when first asked.
    var reversedOrder: FontSession? {
        if let reversed { return reversed }
        let made = userFonts.count > 1 ? FontSession(userFonts: userFonts.reversed(), vetted: loadedFonts.reversed()) : nil
        made?.reversed = .some(nil)
        reversed = .some(made)
        return made
    }

    /// Why the text laid out by `layingOut` would be drawn from other files with the spec's fonts
    /// listed the other way round, or nil. `drawn`: its runs as this session draws them. Only a
    /// text a brought file draws is laid out again: the bundled fonts come first either way.
    /// The other order's texts are vetted in the sandbox with the rest (`mayMeasure`), the same
    /// private copies are loaded, and its glyphs are not drawn here: only which file draws
    /// each run is compared.
    func orderProblem(of text: String, drawn: [DrawnRun], layingOut: (FontSession) -> OpaquePointer) -> String? {
        guard let brought, !brought.faces.isEmpty, drawn.contains(where: { brought.isBrought($0.file) }), let other = reversedOrder else { return nil }
        let layout = layingOut(other)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let reversedRuns = DrawnRun.runs(of: layout)
        let bytes = Array(text.utf8)
        for run in drawn {
            guard let changed = reversedRuns.first(where: { $0.range.overlaps(run.range) && $0.file != run.file }) else { continue }
            func named(_ file: String) -> String {
                brought.faces.first { $0.loaded == file }?.file.path ?? URL(fileURLWithPath: file).lastPathComponent
            }
            let range = max(run.range.lowerBound, changed.range.lowerBound)..<min(run.range.upperBound, changed.range.upperBound)
            let part = String(decoding: bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)], as: UTF8.self)
            return "\(named(run.file)) and \(named(changed.file)) could each draw \(BroughtFonts.quoted(part)), and fontconfig ranks them alike, "
                + "so it draws it with whichever is listed first (the order of fonts: or --font decides the picture); bring one of them, "
                + "or give each a family name of its own and ask for the one to use"
        }
        return nil
    }
}
