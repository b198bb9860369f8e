import Foundation
import Tabsnap
import XCTest

/// A spec's own fonts: loaded beside the bundled ones for that bar only, named like them, and
/// refused with the file's name when missing or corrupt.
final class UserFontsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("brand"), withIntermediateDirectories: true)
        try Data(Self.brandFont()).write(to: folder.appendingPathComponent("brand/Brand.ttf"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A font no machine has: DejaVu Sans Bold renamed "Tabsnap Brd" (same length, so every
    /// offset holds) and declared regular weight (OS/2 class 400). Its bold glyphs tell it apart
    /// from anything a fallback could pick for a regular request.
    private static func brandFont(named name: String = "Tabsnap Brd", from file: String = "DejaVuSans-Bold.ttf") throws -> [UInt8] {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/DejaVu/\(file)")
        var bytes = [UInt8](try Data(contentsOf: source))
        for (old, new) in [("DejaVu Sans", name)] {
            for encoding in [String.Encoding.utf16BigEndian, .ascii] {
                let from = [UInt8](old.data(using: encoding)!), to = [UInt8](new.data(using: encoding)!)
                var i = 0
                while i + from.count <= bytes.count {
                    if bytes[i..<(i + from.count)].elementsEqual(from) {
                        bytes.replaceSubrange(i..<(i + from.count), with: to)
                        i += from.count
                    } else {
                        i += 1
                    }
                }
            }
        }
        // OS/2 usWeightClass 700 → 400
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for t in 0..<tables {
            let record = 12 + 16 * t
            guard bytes[record..<(record + 4)].elementsEqual(Array("OS/2".utf8)) else { continue }
            let offset = bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
            bytes[offset + 4] = 0x01
            bytes[offset + 5] = 0x90
        }
        return bytes
    }

    private func load(_ yaml: String) throws -> Bar {
        let url = folder.appendingPathComponent("bar.yaml")
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        return try SpecLoader.load(contentsOf: url)
    }

    private func message(_ yaml: String) -> String {
        do { _ = try load(yaml); return "accepted" } catch { return "\(error)".replacingOccurrences(of: folder.path, with: "DIR") }
    }

    /// Hostile round 30 F5: a font's WWS family name (nameID 21) is a family name to fontconfig
    /// too; one that is a bundled family's was accepted.
    func testAWWSFamilyNameIsAFamilyName() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/wws-inter.ttf"))
        try font.write(to: folder.appendingPathComponent("wws.ttf"))
        XCTAssertTrue(message("width: 390\nfonts: [wws.ttf]\nitems: [Home]\nbutton: {font: Brand Eight 17}\n")
            .contains("fonts: wws.ttf is named 'Inter' (among its family names: it is mainly 'Brand Eight'), which fontconfig reads as the bundled 'Inter'"))
    }

    /// Hostile round 73: a family name with a NUL in it ("Inter\0x") is "Inter" to fontconfig,
    /// which ends names there; read the same way, it is refused.
    func testANameEndsAtANulAsFontconfigReadsIt() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/nul-inter.ttf"))
        try font.write(to: folder.appendingPathComponent("nul.ttf"))
        let said = message("width: 390\nfonts: [nul.ttf]\nitems: [Home]\nbutton: {font: Brand Nul 17}\n")
        XCTAssertTrue(said.contains("fonts: nul.ttf is named 'Inter' (among its family names: it is mainly 'Brand Nul'), which fontconfig reads as the bundled 'Inter'"), said)
    }

    /// Hostile round 30 F4: a brought font may draw a language in forms of its own (`locl`), so
    /// `language:` beside brought fonts is not refused as changing nothing.
    func testALanguageBesideBroughtFontsIsTaken() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/brand.ttf"))
        try font.write(to: folder.appendingPathComponent("Brand.ttf"))
        XCTAssertEqual(message("width: 390\nfonts: [Brand.ttf]\nlanguage: tr\nitems: [Home]\nbutton: {font: Brand 17}\n"), "accepted")
        XCTAssertTrue(message("width: 390\nlanguage: tr\nitems: [Home]\n").contains("the bundled fonts draw tr as any other language"))
    }

    /// Hostile round 31 F2: glyphs set an em above their line were drawn clipped to slivers (in
    /// markup) or over the icon (plain), exit 0; the drawn-ink test saw only the sliver. The
    /// outline's box must lie mostly on the line too.
    func testGlyphsSetAboveTheirLineAreRefused() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/raised-box.ttf"))
        try font.write(to: folder.appendingPathComponent("raised.ttf"))
        for item in ["{title: Home, icon: home}", "{markup: \"Home\", icon: home}"] {
            let bar = try load("preset: tabBar\nwidth: 300\nfonts: [raised.ttf]\nbutton: {font: RaisedBox 12}\nitems: [\(item), {title: Abc, icon: home}]\n")
            XCTAssertThrowsError(try Renderer().render(bar, format: .png), item) { error in
                XCTAssertTrue("\(error)".contains("draws nothing for 'H' (U+48) of 'Home' (its glyph leaves no ink on the line)"), "\(error)")
            }
        }
    }

    /// A brought font cut short inside its name table (hostile round 24): Tabsnap's reader still
    /// reads "Brand", fontconfig no longer does, and pango drew the titles in a bundled font,
    /// exit 0. Refused, naming the file; whole, it is drawn.
    func testADamagedBroughtFontIsRefusedNotReplaced() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/brand.ttf"))
        let spec = "width: 390\nfonts: [Brand.ttf]\nitems: [Home, Inbox, Settings]\nbutton: {font: Brand 17}\n"
        try whole.write(to: folder.appendingPathComponent("Brand.ttf"))
        XCTAssertEqual(refused(spec), "drawn")
        for cut in [8_800, 12_000] {  // inside the name table (5188 + 10 256 bytes)
            try whole.prefix(cut).write(to: folder.appendingPathComponent("Brand.ttf"))
            let message = refused(spec)
            XCTAssertTrue(message.contains("'Home' in 'Brand' would be drawn with ") && message.contains("not the spec's font: fontconfig does not read Brand.ttf as 'Brand'"),
                          "cut at \(cut): \(message)")
        }
    }

    /// A fallback is held to the rules a font the spec names is (hostile round 21): its line,
    /// the size of its glyphs, and where their ink falls against the letters of other fonts
    /// beside it, in titles and badges; a well-made fallback is drawn.
    func testAFallbackFontIsHeldToTheRulesOfANamedOne() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
        for name in ["em16", "tall", "zero", "wide", "tallink", "fine", "advance"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("fallback-\(name).ttf"), to: folder.appendingPathComponent("fallback-\(name).ttf"))
        }
        for (name, title, expected) in [
            ("em16", "A\u{F0000}", "as a shape over 3 ems tall or 6 wide"),
            ("tall", "A\u{F0000}", "sets its lines 20.2 ems tall"),
            ("zero", "A\u{F0000}BC", "over 0.35 em past its own width (its ink, or an advance of zero), over the characters beside it"),
            ("wide", "AB\u{F0000}CD", "over 0.35 em past its own width"),
            ("tallink", "AB\u{F0000}CD", "as a shape over 3 ems tall or 6 wide"),
            ("advance", "A\u{F0000}", "more than 3 lines from its place (its kerning, advances or positioning)"),
        ] {
            let yaml = "width: 390\nfonts: [fallback-\(name).ttf]\nitems: [\"\(title)\", Search]\n"
            let problem = refused(yaml)
            XCTAssertTrue(problem.contains("fallback-\(name).ttf: ") && problem.contains(expected), "\(name): \(problem)")
        }
        let badge = refused("width: 390\nfonts: [fallback-em16.ttf]\nitems: [{title: Home, badge: \"\u{F0000}\"}, Search]\n")
        XCTAssertTrue(badge.contains("fallback-em16.ttf: draws") && badge.contains("as a shape over 3 ems tall"), badge)
        XCTAssertEqual(refused("width: 390\nfonts: [fallback-fine.ttf]\nitems: [\"AB\u{F0000}CD\", Search]\n"), "drawn")
    }

    /// A font brought only to cover characters no bundled font has is accepted and drawn as their
    /// fallback, in its nearest face (issue 29: it was refused as "would change nothing"); one that
    /// covers nothing the bundled fonts lack still is refused.
    func testAFontBroughtForCharactersTheBundledFontsLackIsTheirFallback() throws {
        try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/hieroglyph.ttf"),
                                         to: folder.appendingPathComponent("hieroglyph.ttf"))
        let spec = "width: 300\nscale: 1\nfonts: [hieroglyph.ttf]\nindicator: none\nitems: [Home, \"Nile \\U00013000\"]\n"
        let bar = try load(spec)
        let drawn = try Renderer().image(of: bar)
        // Drawn, where without the font the character is refused (below): something stands where
        // a space would, and the same again from a fresh renderer.
        let spaced = try load("width: 300\nscale: 1\nindicator: none\nitems: [Home, \"Nile  \"]\n")
        XCTAssertNotEqual(drawn, try Renderer().image(of: spaced))
        XCTAssertEqual(drawn, try Renderer().image(of: bar))
        XCTAssertEqual(message("width: 300\nfonts: [hieroglyph.ttf]\nitems: [Home, Nile]\n"),
                       "DIR/bar.yaml:2:8: fonts: no font key (button.font, button.selectedFont, badges.font, a custom component's) or markup names "
                       + "\"Tabsnap Hiero\", and they have no character of the bar's text that the bundled fonts lack, so they would change nothing; name one, or leave fonts out")
        XCTAssertThrowsError(try Renderer().render(try load("width: 300\nitems: [Home, \"Nile \\U00013000\"]\n"), format: .png), "without it: no font has it")
    }

    func testASpecsOwnFontIsDrawnAndOnlyForThatBar() throws {
        let items = "width: 240\nitems: [Home, Search]\nindicator: none\n"
        let brand = try load(items + "fonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd 17, selectedFont: Tabsnap Brd 17}")
        let dejaVuBold = try load(items + "button: {font: DejaVu Sans bold 17, selectedFont: DejaVu Sans bold 17}")
        let inter = try load(items + "button: {font: Inter regular 17, selectedFont: Inter regular 17}")
        let renderer = Renderer()
        let drawn = try renderer.image(of: brand, scale: 1)
        XCTAssertEqual(drawn, try renderer.image(of: dejaVuBold, scale: 1), "the file's own glyphs (DejaVu Sans Bold's)")
        XCTAssertNotEqual(drawn, try renderer.image(of: inter, scale: 1))
        XCTAssertEqual(try Renderer().image(of: brand, scale: 1), drawn, "a fresh renderer draws the same")
        XCTAssertEqual(try renderer.image(of: inter, scale: 1), try Renderer().image(of: inter, scale: 1),
                       "a bar without the fonts is untouched by another bar's")
        // a folder brings its font files
        XCTAssertEqual(try load(items + "fonts: brand/\nbutton: {font: Tabsnap Brd 17}").fonts.map(\.lastPathComponent), ["Brand.ttf"])
    }

    /// The preview makes a new renderer when a file changes: a font file replaced at the same
    /// path (as an editor or a font tool saves it) is drawn as it is now, not as cairo's and
    /// FreeType's caches of the old file remember it.
    func testAFontFileReplacedAtItsPathIsDrawnAnew() throws {
        let items = "width: 240\nitems: [Home, Search]\nindicator: none\n"
        let brand = try load(items + "fonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd 17, selectedFont: Tabsnap Brd 17}")
        let bold = try Renderer().image(of: brand, scale: 1)
        let file = folder.appendingPathComponent("brand/Brand.ttf")
        let replacement = folder.appendingPathComponent("brand/.Brand.ttf.new")
        try Data(try Self.brandFont(from: "DejaVuSans.ttf")).write(to: replacement)
        XCTAssertEqual(rename(replacement.path, file.path), 0)
        let regular = try load(items + "button: {font: DejaVu Sans 17, selectedFont: DejaVu Sans 17}")
        let redrawn = try Renderer().image(of: brand, scale: 1)
        let expected = try Renderer().image(of: regular, scale: 1)
        XCTAssertTrue(redrawn != bold, "the old file's glyphs")
        // Before: the old file's bold glyphs at the new file's (regular) advances.
        XCTAssertTrue(redrawn == expected, "the new file's glyphs (DejaVu Sans's)")
    }

    func testFontNamesAreCheckedAgainstTheSpecsFonts() {
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd bold 17}"),
                       "DIR/bar.yaml:4:16: button.font: Tabsnap Brd has no bold face in the spec's fonts; it has Tabsnap Brd (regular)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [brand/Brand.ttf]\nbutton: {font: Brand 17}"),
                       "DIR/bar.yaml:4:16: button.font: font family 'Brand' is not bundled; available: Inter (regular, medium, semibold, bold), "
                       + "DejaVu Sans (regular, bold), Noto Sans Arabic (regular, bold), Noto Sans Hebrew (regular, bold), Noto Sans Thai (regular, bold), "
                       + "Noto Sans Devanagari (regular, bold), Noto Sans CJK JP (regular, bold), Noto Color Emoji (regular); the spec's fonts: Tabsnap Brd (regular)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nbutton: {font: Tabsnap Brd 17}"),
                       "DIR/bar.yaml:3:16: button.font: font family 'Tabsnap Brd' is not bundled; available: Inter (regular, medium, semibold, bold), DejaVu Sans (regular, bold), Noto Sans Arabic (regular, bold), Noto Sans Hebrew (regular, bold), Noto Sans Thai (regular, bold), Noto Sans Devanagari (regular, bold), Noto Sans CJK JP (regular, bold), Noto Color Emoji (regular)")
    }

    /// Truncated and scribbled-over font files are errors, never traps (the face reader follows
    /// offsets from the file).
    /// The table `tag`'s offset and length in a TrueType file.
    private static func table(_ tag: String, in bytes: [UInt8]) -> (offset: Int, length: Int)? {
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for t in 0..<tables {
            let record = 12 + 16 * t
            guard bytes[record..<(record + 4)].elementsEqual(Array(tag.utf8)) else { continue }
            let field = { (at: Int) in bytes[(record + at)..<(record + at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (field(8), field(12))
        }
        return nil
    }

    private let items = "width: 240\nitems: [Home, Inbox]\nfonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd 17}\n"

    /// Drawn with the brought file, or refused (loading or rendering): never quietly in another.
    private func refused(_ yaml: String) -> String {
        do {
            let bar = try load(yaml)
            _ = try Renderer().render(bar, format: .png)
            return "drawn"
        } catch {
            return "\(error)"
        }
    }

    /// The checks refuse what a font does wrong, not what scripts do: kerning, ligatures,
    /// combining marks in clusters of their own, right-to-left scripts with their points, and
    /// titles wrapped onto two lines all draw in a whole brought font.
    func testWhatRealTextDoesIsDrawn() {
        let texts = ["AVAWAY To", "fi ffl ﬁnal", "e\u{301}te\u{301}", "i\u{307}\u{301}", "a\u{300}\u{301}\u{302}", "سلام عليكم",
                     "שָׁלוֹם", "Ωμέγα Привет", "Mississippi Hello", "ÀÉÎÕÜ"]
        for text in texts {
            let yaml = "width: 400\nfonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd 17}\nitems: [\"\(text)\", B]\n"
            XCTAssertEqual(refused(yaml), "drawn", text)
        }
        XCTAssertEqual(refused("width: 160\nfonts: [brand/Brand.ttf]\nlayout: {mode: fit}\nbutton: {font: Tabsnap Brd 17, lines: 2}\n"
                               + "items: [Hello wide world, AVAWAY To fi]\n"), "drawn", "wrapped")
    }

    func testANameFontconfigReadsAsABundledFamilyIsRefused() throws {
        // fontconfig ignores spaces and case: "Deja VuSans" is DejaVu Sans to it, whose file comes first.
        try Data(Self.brandFont(named: "Deja VuSans")).write(to: folder.appendingPathComponent("brand/Brand.ttf"))
        XCTAssertTrue(message("width: 240\nitems: [A]\nfonts: [brand/Brand.ttf]\nbutton: {font: Deja VuSans 17}")
            .contains("is named 'Deja VuSans', which fontconfig reads as the bundled 'DejaVu Sans'"))
        // A bar made in code skips the spec reader: the renderer refuses it too.
        var bar = Bar(width: 240, items: [BarItem(title: "Home")])
        bar.fonts = [folder.appendingPathComponent("brand/Brand.ttf")]
        bar.button.font = FontSpec(family: "Deja VuSans", weight: .regular, size: 17)
        XCTAssertThrowsError(try Renderer().render(bar, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("fontconfig draws 'Deja VuSans' with DejaVuSans"), "\(error)")
        }
    }

    func testADamagedCharacterMapIsNotQuietlyReplaced() throws {
        var bytes = try Self.brandFont()
        let cmap = try XCTUnwrap(Self.table("cmap", in: bytes))
        for i in cmap.offset..<(cmap.offset + cmap.length) { bytes[i] = 0 }
        try Data(bytes).write(to: folder.appendingPathComponent("brand/Brand.ttf"))
        let outcome = refused(items)
        XCTAssertNotEqual(outcome, "drawn")
        XCTAssertTrue(outcome.contains("Brand.ttf: finds no glyph for 4 characters of 'Home' and would draw missing-glyph boxes"), outcome)
    }

    func testCharactersTheBroughtFontLacksAreNotDrawnInAnother() {
        let outcome = refused("width: 240\nitems: [Home漢, Inbox]\nfonts: [brand/Brand.ttf]\nbutton: {font: Tabsnap Brd 17}\n")
        XCTAssertTrue(outcome.contains("Brand.ttf: has no glyph for '漢' (U+6F22) of 'Home漢'"), outcome)
    }

    /// A markup title's characters are held to the family each run is drawn in (the button's,
    /// or a span's), and a title's own "…" is a character like any other (only the ellipsis pango
    /// adds to a cut line is pango's): both drew the missing characters in another font, exit 0.
    func testMarkupRunsAndATitlesOwnEllipsisAreCheckedToo() throws {
        try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/tiny-a.ttf"),
                                         to: folder.appendingPathComponent("tiny-a.ttf"))
        let cases = [
            ("button: {font: Tiny A 17}\nitems: [{markup: \"AB\"}, A]", "has no glyph for 'B' (U+42) of 'AB'"),
            ("button: {font: Inter 17}\nitems: [{markup: \"<b>x</b><span face='Tiny A'>AB</span>\"}, A]", "has no glyph for 'B' (U+42) of 'AB'"),
            ("button: {font: Tiny A 40}\nitems: [\"A\\u2026A\", A]", "has no glyph for '…' (U+2026) of 'A…A'"),
            // A family list of brought families only is held to them ("Tiny A," was no family).
            ("button: {font: Inter 17}\nitems: [{markup: \"<span face='Tiny A,'>AB</span>\"}, A]", "has no glyph for 'B' (U+42) of 'AB'"),
            ("button: {font: Inter 17}\nitems: [{markup: \"<b><span face='Tiny A, Tiny A'>AB</span></b>\"}, A]", "has no glyph for 'B' (U+42) of 'AB'"),
            // Spaces are characters: U+1680 has ink, and a font without U+0020 draws a box.
            ("button: {font: Tiny A 17}\nitems: [\"A\\u1680A\", A]", "has no glyph for '\u{1680}' (U+1680) of 'A\u{1680}A'"),
            ("button: {font: Tiny A 17}\nitems: [A A, A]", "has no glyph for ' ' (U+20) of 'A A'"),
        ]
        for (spec, problem) in cases {
            let outcome = refused("width: 240\nfonts: [tiny-a.ttf]\n" + spec + "\n")
            XCTAssertTrue(outcome.contains("tiny-a.ttf: " + problem), "\(spec): \(outcome)")
        }
        // What pango draws, not only what the markup says: text_transform makes the A an a.
        let transformed = refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Tiny A 17}\nitems: [{markup: \"<span text_transform='lowercase'>A</span>\"}, A]\n")
        XCTAssertTrue(transformed.contains("would draw 1 missing-glyph box with the spec's fonts (tiny-a.ttf)"), transformed)
        // A list naming a bundled family draws what the brought one lacks there, as asked.
        XCTAssertEqual(refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Inter 17}\nitems: [{markup: \"<span face='Tiny A, Inter'>AB</span>\"}, B]\n"), "drawn")
        // What the font has draws: a span of it beside bundled text, and A's in its own markup.
        XCTAssertEqual(refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Inter 17}\nitems: [{markup: \"Home <span face='Tiny A'>AA</span>\"}, B]\n"), "drawn")
        XCTAssertEqual(refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Tiny A 17}\nitems: [{markup: \"<span>A</span>A\"}, A]\n"), "drawn")
        // A weight the family does not have is not drawn as the nearest face.
        let bold = refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Tiny A 17}\nitems: [{markup: \"<b>A</b>A\"}, A]\n")
        XCTAssertTrue(bold.contains("tiny-a.ttf: 'A' asks for bold (700) and would be drawn with a regular (400) face"), bold)
    }

    /// What pango draws, run by run, is what was asked (hostile round 6): a font recording
    /// "Inter" as a second family name drew the spec's Inter titles; an "o" without an outline
    /// drew "H me"; markup asking for italic, a stretch or a weight the family lacks drew the
    /// nearest face; all with exit 0.
    func testWhatPangoDrawsIsTheFaceAsked() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
        for name in ["second-name.ttf", "holey-o.ttf", "tiny-a.ttf", "flat-o.ttf", "cancel-m.ttf", "high-e.ttf", "gpos-up.ttf", "gpos-left.ttf",
                     "gpos-pair.ttf", "gpos-neg.ttf", "gsub-notdef.ttf", "block-m.ttf", "block-ellipsis.ttf", "tall-line.ttf", "wrap-eat.ttf", "stack-l.ttf", "skip-stack.ttf", "block-dots.ttf", "badge-block.ttf", "low-o.ttf", "faint-o.ttf", "space-eat.ttf", "zero-advance.ttf", "em-16.ttf"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let claimed = message("width: 240\nitems: [Home]\nfonts: [second-name.ttf]\nbutton: {font: Second Name 17}")
        XCTAssertTrue(claimed.contains("second-name.ttf is named 'Inter' (among its family names: it is mainly 'Second Name'), "
            + "which fontconfig reads as the bundled 'Inter'"), claimed)
        // A bar made in code skips the spec reader: the renderer asks pango which file draws it.
        var bar = Bar(width: 240, items: [BarItem(title: "Home")])
        bar.fonts = [folder.appendingPathComponent("second-name.ttf")]
        bar.button.font = FontSpec(family: "Inter", weight: .regular, size: 17)
        XCTAssertThrowsError(try Renderer().render(bar, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("second-name.ttf: would draw 'Home', asked in 'Inter', in place of that family"), "\(error)")
        }
        let holey = refused("width: 240\nfonts: [holey-o.ttf]\nbutton: {font: Holey 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(holey.contains("holey-o.ttf: draws nothing for 'o' (U+6F) of 'Home'"), holey)
        // Glyphs whose bounding boxes promise ink that their outlines do not paint (hostile round
        // 12): contours of no area, two that cancel, an outline ten ems above the baseline.
        for (file, family, letter) in [("flat-o.ttf", "Flat O", "'o' (U+6F)"), ("cancel-m.ttf", "Cancel M", "'m' (U+6D)"), ("high-e.ttf", "High E", "'e' (U+65)")] {
            let spoilt = refused("width: 240\nfonts: [\(file)]\nbutton: {font: \(family) 17}\nitems: [Home, Home]\n")
            XCTAssertTrue(spoilt.contains("\(file): draws nothing for \(letter) of 'Home'"), spoilt)
        }
        // Round 13: letters laid out where the line is not (positioning, a kern, an outline mostly
        // below the line), drawn nearly transparent, or swallowed by a blank ligature; and the
        // missing-glyph box by substitution.
        let laidOut = [("low-o.ttf", "Low O", "'o' (U+6F)")]
        for (file, family, letter) in laidOut {
            let spoilt = refused("width: 240\nfonts: [\(file)]\nbutton: {font: \(family) 17}\nitems: [Home, Home]\n")
            XCTAssertTrue(spoilt.contains("\(file): draws nothing for \(letter) of 'Home'"), "\(file): \(spoilt)")
        }
        let moves = [("gpos-up.ttf", "Gpos Up", "'o' (U+6F)"), ("gpos-left.ttf", "Gpos Left", "'o' (U+6F)"),
                     ("gpos-pair.ttf", "Gpos Pair", "'H' (U+48)"), ("gpos-neg.ttf", "Gpos Neg", "'o' (U+6F)")]
        for (file, family, letter) in moves {
            let moved = refused("width: 240\nfonts: [\(file)]\nbutton: {font: \(family) 17}\nitems: [Home, Home]\n")
            XCTAssertTrue(moved.contains("\(file): moves \(letter) of 'Home' more than 3 lines from its place"), "\(file): \(moved)")
        }
        // Colour glyphs (round 14: an sbix strike chosen by size, an opaque white COLR glyph).
        let colour = refused("width: 240\nfonts: [faint-o.ttf]\nbutton: {font: Faint O 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(colour.contains("faint-o.ttf: has colour glyphs, which would draw 'Home' in the font's colours"), colour)
        let block = refused("width: 240\nfonts: [block-m.ttf]\nbutton: {font: Block M 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(block.contains("block-m.ttf: draws 'm' (U+6D) of 'Home' as a shape over 3 lines tall or 6 wide"), block)
        // A span does not end the font's kerning: markup is held to the same limit (round 14).
        let spanned = refused("width: 240\nfonts: [gpos-pair.ttf]\nbutton: {font: Gpos Pair 17}\nitems: [{markup: \"H<span foreground='#000000'>ome</span>\"}, Home]\n")
        XCTAssertTrue(spanned.contains("gpos-pair.ttf: moves 'H' (U+48)"), spanned)
        // Only letter_spacing or rise that pango reads from the markup lift it, not the words
        // (round 15: "Home rise" was drawn with H on top of o), nor a rise of 0.
        for markup in ["H<span foreground='#000000'>ome</span><!-- rise, letter_spacing -->", "<span rise='0'>H</span>ome"] {
            let worded = refused("width: 240\nfonts: [gpos-pair.ttf]\nbutton: {font: Gpos Pair 17}\nitems: [{markup: \"\(markup)\"}, Home]\n")
            XCTAssertTrue(worded.contains("gpos-pair.ttf: moves 'H' (U+48)"), "\(markup): \(worded)")
        }
        // Where a title is cut, pango draws the font's own ellipsis: held to the same rules.
        let cut = refused("width: 120\nfonts: [block-ellipsis.ttf]\nbutton: {font: Block Ellipsis 17}\nlayout: {mode: fit}\nitems: [HomeHomeHome, Home]\n")
        XCTAssertTrue(cut.contains("block-ellipsis.ttf: draws '…' (U+2026)"), cut)
        XCTAssertEqual(refused("width: 400\nfonts: [block-ellipsis.ttf]\nbutton: {font: Block Ellipsis 17}\nitems: [Home, Home]\n"), "drawn",
                       "titles that fit never draw the ellipsis")
        let stacked = refused("width: 240\nfonts: [stack-l.ttf]\nbutton: {font: Stack L 17}\nitems: [Hello, Hello]\n")
        XCTAssertTrue(stacked.contains("stack-l.ttf: draws 'l' (U+6C) of 'Hello' on top of the character before it"), stacked)
        // Held across a span (a run of its own) and against every character before, not only the
        // one just before (round 15: "Hel<span>lo</span>" drew "Helo"; an e moved onto the o of "Home").
        let spanStacked = refused("width: 240\nfonts: [stack-l.ttf]\nbutton: {font: Stack L 17}\nitems: [{markup: \"Hel<span foreground='#FF0000'>lo</span>\"}, Hello]\n")
        XCTAssertTrue(spanStacked.contains("stack-l.ttf: draws 'l' (U+6C)"), spanStacked)
        // A title the layout leaves out is checked as well (round 19: zero advances made "Home"
        // 0 pt wide, a unitsPerEm of 16 made no title fit, and the bar was drawn blank).
        let zero = refused("width: 300\nheight: 60\nfonts: [zero-advance.ttf]\nbutton: {font: Zero Advance 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(zero.contains("zero-advance.ttf: draws 'o' (U+6F) of 'Home' on top of the character before it"), zero)
        let huge = refused("preset: tabBar\nwidth: 300\nheight: 60\nfonts: [em-16.ttf]\nbutton: {font: Em Sixteen 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(huge.contains("em-16.ttf: sets its lines 149.0 ems tall"), huge)
        let skipped = refused("width: 240\nfonts: [skip-stack.ttf]\nbutton: {font: Skip Stack 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(skipped.contains("skip-stack.ttf: draws 'e' (U+65) of 'Home' on top of the character before it"), skipped)
        // A cut title is checked as drawn, its "…" with the letters it follows (round 15: a "…"
        // reaching back 1.2 ems passed on its own, and covered "Notifications" down to "Noti").
        let dotsCut = refused("width: 300\nfonts: [block-dots.ttf]\nbutton: {font: Block Dots 17}\nlayout: {mode: fit}\nitems: [Notifications, Home, Home]\n")
        XCTAssertTrue(dotsCut.contains("block-dots.ttf: draws '…' with ink 1.2 ems before the text's own box"), dotsCut)
        // A text's ink may not reach far past its own box: a badge's "1" painted over the title
        // beside it (round 15).
        let badge = refused("width: 390\nfonts: [badge-block.ttf]\nbadges: {font: Badge Block 11}\nitems: [{title: Home, badge: 1}, Inbox]\n")
        XCTAssertTrue(badge.contains("badge-block.ttf: draws '1' with ink 2.7 ems before the text's own box (at most 1)"), badge)
        XCTAssertEqual(refused("width: 390\nfonts: [badge-block.ttf]\nbadges: {font: Badge Block 11}\nitems: [{title: Home, badge: 23}, Inbox]\n"),
                       "drawn", "its other figures draw")
        XCTAssertEqual(refused("width: 500\nfonts: [block-dots.ttf]\nbutton: {font: Block Dots 17}\nlayout: {mode: fit}\nitems: [Notifications, Home, Home]\n"),
                       "drawn", "uncut, the ellipsis is never drawn")
        // A rule that fires only where a title of two lines breaks: checked as wrapped too.
        let wrapped = refused("width: 200\nfonts: [wrap-eat.ttf]\nlayout: {mode: fit}\nbutton: {font: Wrap Eat 17, lines: 2}\nitems: [Home Home, Home Home]\n")
        XCTAssertTrue(wrapped.contains("wrap-eat.ttf: draws nothing for 'e' (U+65)"), wrapped)
        XCTAssertEqual(refused("width: 400\nfonts: [wrap-eat.ttf]\nlayout: {mode: fit}\nbutton: {font: Wrap Eat 17, lines: 2}\nitems: [Home Home, Home Home]\n"),
                       "drawn", "on one line the rule never fires")
        let tall = refused("width: 240\nfonts: [tall-line.ttf]\nbutton: {font: Tall Line 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(tall.contains("tall-line.ttf: sets its lines 4.2 ems tall"), tall)
        let swallowed = refused("width: 240\nfonts: [space-eat.ttf]\nbutton: {font: Space Eat 17}\nitems: [Go out, Go out]\n")
        XCTAssertTrue(swallowed.contains("space-eat.ttf: draws nothing for 'o' (U+6F) of 'Go out'"), swallowed)
        let boxed = refused("width: 240\nfonts: [gsub-notdef.ttf]\nbutton: {font: Gsub Notdef 17}\nitems: [Home, Home]\n")
        XCTAssertTrue(boxed.contains("gsub-notdef.ttf: draws its missing-glyph box for 'o' (U+6F) of 'Home'"), boxed)
        let faces = [
            ("{markup: \"<span font='Tiny A regular style=italic 17'>A</span>\"}", "tiny-a.ttf: 'A' asks for italic text and would be drawn with an upright face"),
            ("{markup: \"<span font='Tiny A regular stretch=condensed 17'>A</span>\"}", "tiny-a.ttf: 'A' asks for width 75 and would be drawn with a face of width 100"),
        ]
        for (item, problem) in faces {
            let outcome = refused("width: 240\nfonts: [tiny-a.ttf]\nbutton: {font: Tiny A 17}\nitems: [\(item), A]\n")
            XCTAssertTrue(outcome.contains(problem), "\(item): \(outcome)")
        }
        // Bundled families too: DejaVu Sans has no semibold, and markup may not get its bold.
        let semibold = refused("width: 240\nitems: [{markup: \"<span face='DejaVu Sans' weight='semibold'>Home</span>\"}, A]\n")
        XCTAssertTrue(semibold.contains("DejaVu Sans: 'Home' asks for semibold (600) and would be drawn with a bold (700) face"), semibold)
        XCTAssertEqual(refused("width: 240\nitems: [{markup: \"<span face='DejaVu Sans' weight='bold'>Home</span>\"}, A]\n"), "drawn")
    }

    func testGlyphsWithoutOutlinesAreRefused() throws {
        var bytes = try Self.brandFont()
        let loca = try XCTUnwrap(Self.table("loca", in: bytes))
        for i in loca.offset..<(loca.offset + loca.length) { bytes[i] = 0 }  // every glyph empty
        try Data(bytes).write(to: folder.appendingPathComponent("brand/Brand.ttf"))
        let outcome = refused(items)
        XCTAssertTrue(outcome.contains("Brand.ttf: draws nothing for 'Home' (its glyphs have no outlines)"), outcome)
        // The intact font draws (under another name: cairo keeps a file's faces by its path).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("intact"), withIntermediateDirectories: true)
        try Data(Self.brandFont()).write(to: folder.appendingPathComponent("intact/Brand.ttf"))
        XCTAssertEqual(refused(items.replacingOccurrences(of: "brand/Brand.ttf", with: "intact/Brand.ttf")), "drawn")
    }

    func testDamagedFontFilesNeverTrap() throws {
        let brand = try Self.brandFont()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        var refused = 0
        for round in 0..<300 {
            var bytes = brand
            if round < 100 {
                bytes = Array(bytes.prefix(next(4096)))
            } else {
                for _ in 0..<8 { bytes[next(round < 200 ? 1024 : bytes.count)] = UInt8(next(256)) }
            }
            try Data(bytes).write(to: folder.appendingPathComponent("brand/Brand.ttf"))
            if message("width: 240\nitems: [A]\nfonts: [brand/Brand.ttf]") != "accepted" { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 100, "every truncation is refused")
    }

    func testFontsNobodyNamesAndMarkupFamiliesAreChecked() {
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [brand/Brand.ttf]"),
                       "DIR/bar.yaml:3:8: fonts: no font key (button.font, button.selectedFont, badges.font, a custom component's) or markup names \"Tabsnap Brd\", "
                       + "and they have no character of the bar's text that the bundled fonts lack, so they would change nothing; name one, or leave fonts out")
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<span face='Tabsnap Brd'>A</span>\"}]\nfonts: [brand/Brand.ttf]"), "accepted")
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<span font='Tabsnap Brd Bold 12'>A</span>\"}]\nfonts: [brand/Brand.ttf]"), "accepted")
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<span face='Arial'>A</span>\"}]"),
                       "DIR/bar.yaml:2:18: items[0].markup: font family 'Arial' is not bundled; available: Inter (regular, medium, semibold, bold), DejaVu Sans (regular, bold), Noto Sans Arabic (regular, bold), Noto Sans Hebrew (regular, bold), Noto Sans Thai (regular, bold), Noto Sans Devanagari (regular, bold), Noto Sans CJK JP (regular, bold), Noto Color Emoji (regular)")
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<span font_desc='DejaVu Sans Bold 12'>A</span>\"}]"), "accepted")
        // what no face provides, pango would substitute or ignore without a word
        for (markup, problem) in [("<span font='Inter Heavy 20'>A</span>", "markup asks for weight 'heavy'; markup may ask for regular, medium, semibold or bold, where the family has that face"),
                                  ("<span weight='ultrabold'>A</span>", "markup asks for weight 'ultrabold'; markup may ask for regular, medium, semibold or bold, where the family has that face"),
                                  ("<i>A</i>", "markup asks for italic text, and no italic face is bundled or brought (fonts:)"),
                                  ("<span stretch='condensed'>A</span>", "markup asks for condensed text, and no face has that width"),
                                  ("<tt>A</tt>", "<tt> asks for a monospace font, and none is bundled; use <span face='…'> with a brought one")] {
            XCTAssertEqual(message("width: 240\nitems: [{markup: \"\(markup)\"}]"), "DIR/bar.yaml:2:18: items[0].markup: \(problem)", markup)
        }
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<b>A</b> <span weight='semibold'>B</span>\"}]"), "accepted")
        // Text that reads like an attribute is text: only the elements' attributes ask for fonts.
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<b>face='Arial' weight='heavy'</b> &lt;i&gt;\"}]"), "accepted")
        // Entities in a value are read as pango reads them.
        XCTAssertEqual(message("width: 240\nitems: [{markup: \"<span face='Comic&#32;Sans'>A</span>\"}]"),
                       "DIR/bar.yaml:2:18: items[0].markup: font family 'Comic Sans' is not bundled; available: Inter (regular, medium, semibold, bold), DejaVu Sans (regular, bold), Noto Sans Arabic (regular, bold), Noto Sans Hebrew (regular, bold), Noto Sans Thai (regular, bold), Noto Sans Devanagari (regular, bold), Noto Sans CJK JP (regular, bold), Noto Color Emoji (regular)")
    }

    func testMissingCorruptAndOutsideFontFilesAreNamed() throws {
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("brand/Broken.ttf"))
        let brand = try Self.brandFont()
        try Data(brand.prefix(200)).write(to: folder.appendingPathComponent("Short.otf"))
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [brand/Nope.otf]"),
                       "DIR/bar.yaml:3:9: fonts[0]: font file or folder not found: brand/Nope.otf")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [brand/Broken.ttf]"),
                       "DIR/bar.yaml:3:9: fonts[0]: DIR/brand/Broken.ttf: not a usable font file (not an OpenType or TrueType font)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [Short.otf]"),
                       "DIR/bar.yaml:3:9: fonts[0]: DIR/Short.otf: not a usable font file (truncated)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: brand"),
                       "DIR/bar.yaml:3:8: fonts: DIR/brand/Broken.ttf: not a usable font file (not an OpenType or TrueType font)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [bar.yaml]"),
                       "DIR/bar.yaml:3:9: fonts[0]: 'bar.yaml' is not a font file; expected .otf, .ttf or .ttc, or a folder of them")
        // found by a hostile tester: a link inside a fonts folder led out of the spec's folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked/p.ttf").path, withDestinationPath: "/etc/passwd")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [linked/]"),
                       "DIR/bar.yaml:3:9: fonts[0]: 'linked/p.ttf' links outside the spec's folder; fonts must be inside it unless the spec is trusted")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: []"), "DIR/bar.yaml:3:8: fonts: an empty list; name font files or folders, or leave fonts out")
        // a font without a character map draws boxes, one without outlines nothing
        var noCmap = brand
        if let at = noCmap.indices.dropLast(3).first(where: { noCmap[$0..<($0 + 4)].elementsEqual(Array("cmap".utf8)) }) {
            noCmap.replaceSubrange(at..<(at + 4), with: Array("xmap".utf8))
        }
        try Data(noCmap).write(to: folder.appendingPathComponent("NoCmap.ttf"))
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [NoCmap.ttf]\nbutton: {font: Tabsnap Brd 17}"),
                       "DIR/bar.yaml:3:9: fonts[0]: DIR/NoCmap.ttf: not a usable font file (no cmap table: it maps no characters to glyphs)")
        XCTAssertEqual(message("width: 240\nitems: [A]\nfonts: [/usr/share/fonts]"),
                       "DIR/bar.yaml:3:9: fonts[0]: '/usr/share/fonts' is outside the spec's folder; fonts must be inside it unless the spec is trusted")
    }
}
