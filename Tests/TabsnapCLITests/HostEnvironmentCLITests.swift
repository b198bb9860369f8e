import Foundation
import XCTest

/// The host's fontconfig, pango and cairo switches do not reach what `tabsnap` writes.
extension CLITests {
    /// Hostile round 19 F3: `FC_DEBUG=1` put fontconfig's trace on standard output, before the
    /// picture of `render -o -` and into `layout`'s JSON, with exit 0.
    func testTheHostsFontconfigDebugSwitchDoesNotReachStandardOutput() throws {
        try write("preset: tabBar\nwidth: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        let switches = ["FC_DEBUG": "1", "FC_MEMORY": "1", "PANGO_LANGUAGE": "ja", "FONTCONFIG_FILE": "/nonexistent.conf"]
        for arguments in [["layout", "bar.yaml"], ["render", "bar.yaml", "-o", "-", "--format", "svg"]] {
            let plain = try runTabsnap(arguments)
            let switched = try runTabsnap(arguments, environment: switches)
            XCTAssertEqual(plain.status, 0, plain.stderr)
            XCTAssertEqual(switched.status, 0, switched.stderr)
            XCTAssertFalse(plain.stdout.isEmpty)
            XCTAssertEqual(switched.stdout, plain.stdout, "\(arguments)")
        }
    }
    /// Hostile round 37 (minor): a locale variable that is no language tag made fontconfig warn
    /// on standard error of a run that passed; a language the host speaks changes no picture.
    func testTheHostsLocaleVariablesReachNeitherThePictureNorStandardError() throws {
        try write("preset: tabs\nwidth: 300\nitems: [直骨說, Home]\n", to: "han.yaml")
        let arguments = ["render", "han.yaml", "-o", "-", "--format", "svg"]
        let plain = try runTabsnap(arguments, environment: ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        for locale in [["LANG": "../../etc/passwd", "LC_ALL": "", "LC_CTYPE": ""], ["LC_ALL": "ja_JP.UTF-8"], ["LC_ALL": "", "LC_CTYPE": "zh_TW.UTF-8", "LANG": "ko_KR"]] {
            let switched = try runTabsnap(arguments, environment: locale)
            XCTAssertEqual(switched.status, 0, switched.stderr)
            XCTAssertEqual(switched.stderr, "", "\(locale)")
            XCTAssertTrue(switched.stdout == plain.stdout, "\(locale) drew another picture")
        }
    }

    /// Hostile round 20 F4: `HB_SHAPER_LIST=fallback` reached HarfBuzz, which then drew Arabic
    /// unjoined and Devanagari unshaped, with exit 0.
    func testTheHostsHarfBuzzShaperListDoesNotReachThePicture() throws {
        try write("preset: tabBar\nwidth: 300\nitems: [بحث, खोज]\n", to: "shaped.yaml")
        for arguments in [["layout", "shaped.yaml"], ["render", "shaped.yaml", "-o", "-", "--format", "svg"]] {
            let plain = try runTabsnap(arguments)
            let switched = try runTabsnap(arguments, environment: ["HB_SHAPER_LIST": "fallback", "HB_OPTIONS": "uniscribe-bug-compatible"])
            XCTAssertEqual(plain.status, 0, plain.stderr)
            XCTAssertEqual(switched.status, 0, switched.stderr)
            XCTAssertFalse(plain.stdout.isEmpty)
            XCTAssertTrue(switched.stdout == plain.stdout, "\(arguments) drawn otherwise under HB_SHAPER_LIST")
        }
    }
}
