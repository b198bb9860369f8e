import Foundation
import TabsnapSpec

/// While a spec cannot be read, a file without Tabsnap's golden mark is never recorded over: it
/// may be an icon, font or catalog that spec names, however the name is spelt (hostile round 82:
/// `"\u0078.png"`, `'it''s.png'`, `l/../x.png` through a link, a name past 100 000 words of
/// comments — each got past reading the broken spec's words, and `check --record all` replaced
/// the user's icon). Only a marked golden is provably one Tabsnap recorded; an unmarked one (a
/// text golden, a golden recorded before 0.16.0) is recorded again once every spec reads.
public enum UnmarkedGoldens {
    /// Why `golden` may not be recorded over in `mode` while `unreadableSpecs` cannot be read, or
    /// nil when it may (no such spec, a mode that never replaces, no file there yet, or a file
    /// with the mark).
    public static func problem(recording golden: URL, mode: RecordMode, unreadableSpecs: [String]) -> String? {
        guard let first = unreadableSpecs.first, mode == .all || mode == .failed else { return nil }
        var info = stat()
        guard lstat(golden.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        // A spec whose names were not all read (`NameBudget`) may name a marked golden too (as its
        // icon): nothing is recorded over while it is there (a review of hostile round 99).
        if let partly = unreadableSpecs.first(where: { $0.hasSuffix(NameBudget.note) }) {
            return "\(golden.relativePath) is not recorded over: \(partly), so its names are unknown and it may name this file (as an icon, "
                + "a font, a catalog); make the spec-like files there fewer or smaller, or move them out of the goldens folder, then record"
        }
        guard GoldenMark.read(fileAt: golden) == nil else { return nil }
        let others = unreadableSpecs.count > 1 ? " (and \(unreadableSpecs.count - 1) more)" : ""
        // (A folder below the goldens that cannot be entered is named here too: it may hold one.)
        return "\(golden.relativePath) carries no golden mark, and \(first)\(others) cannot be read, so it may name this file (as an icon, "
            + "a font, a catalog): it is not recorded over until it reads; fix it, then record"
    }
}
