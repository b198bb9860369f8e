import Foundation
import Tabsnap

/// What the page knows of each spec (`/specs.json`), and the reload notice pushed when one
/// changes. Sizes are in points; the page lays the picture out at that size whatever its scale.
enum PreviewCatalog {
    struct Catalog: Encodable {
        var specs: [Spec]
        /// The text scales the page offers: Dynamic Type's sizes.
        var textScales = DynamicTypeSize.allCases.map { TextScale(label: $0.rawValue, factor: $0.textScale) }
        /// The locales the page offers: those the specs' `snapshots.locales` list, then the
        /// pseudo-locales.
        var locales: [String] = []
        /// Whether the page can offer MP4 (made with the user's ffmpeg, found on PATH).
        var ffmpeg = VideoWriter.ffmpegPath() != nil
    }

    struct TextScale: Encodable {
        var label: String
        var factor: Double
    }

    struct Spec: Encodable {
        var name: String
        var path: String
        var version: Int
        /// `FILE:LINE:COLUMN: message` while the file has an error (the picture is the last good one).
        var error: String?
        /// Nil until the file has read without error once.
        var bar: BarSummary?
        /// The goldens `tabsnap check` keeps of this spec, with the settings each shows.
        var goldens: [PreviewGoldens.Golden]
        /// Why "copy as golden" cannot write (no --snapshots given, or the spec has an error).
        var goldensUnavailable: String?
    }

    struct BarSummary: Encodable {
        var position: Double
        var buttons: Int
        var theme: String
        var direction: String
        var scale: Double
        var textScale: Double
        var width: Double
        var height: Double
        var hasTransition: Bool
        /// The slider's range: half a button of overscroll at each end.
        var minPosition: Double
        var maxPosition: Double
        /// What the page's controls start from: the preset and each item's title and badge.
        var controls: SpecOverrides
    }

    static func catalog(of suite: PreviewSuite, goldens: PreviewGoldens) -> Catalog {
        let entries = suite.names.compactMap(suite.entry)
        var locales: [String] = []
        for entry in entries {
            for locale in entry.document?.snapshots.locales ?? [] where !locales.contains(locale.identifier) && locale.pseudo == nil {
                locales.append(locale.identifier)
            }
        }
        return Catalog(specs: entries.map { spec($0, goldens: goldens) }, locales: locales + PseudoLocale.allCases.map(\.rawValue))
    }

    static func spec(_ entry: PreviewSuite.Entry, goldens: PreviewGoldens) -> Spec {
        let bar = entry.document.map { document -> BarSummary in
            let bar = document.bar
            let geometry = Renderer().geometry(of: bar)
            let last = Double(max(bar.items.count - 1, 0))
            return BarSummary(position: bar.position, buttons: bar.items.count, theme: bar.theme.rawValue,
                              direction: bar.direction.rawValue, scale: bar.scale, textScale: bar.textScale,
                              width: geometry.canvas.width, height: geometry.canvas.height, hasTransition: document.transition != nil,
                              minPosition: -0.5, maxPosition: last + 0.5,
                              controls: SpecOverrides(preset: bar.preset.rawValue,
                                                      items: bar.items.map { SpecOverrides.Item(title: $0.title ?? "", badge: $0.badge) }))
        }
        let listed = goldens.goldens(of: entry)
        return Spec(name: entry.name, path: entry.path, version: entry.version, error: entry.error, bar: bar,
                    goldens: (try? listed.get()) ?? [], goldensUnavailable: listed.failureDescription)
    }

    static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Everything encoded here is plain numbers and strings: encoding cannot fail.
        return (try? [UInt8](encoder.encode(value))) ?? Array("{}".utf8)
    }

    /// The list of specs changed (a file added to or removed from a folder): the page fetches it.
    static let listMessage = #"{"type":"list"}"#

    /// `{"type":"reload","spec":{…as in specs.json}}`: the page redraws that card (no round trip
    /// for the catalog).
    static func reloadMessage(_ entry: PreviewSuite.Entry, goldens: PreviewGoldens) -> String {
        struct Reload: Encodable {
            var type = "reload"
            var spec: Spec
        }
        return String(decoding: json(Reload(spec: spec(entry, goldens: goldens))), as: UTF8.self)
    }
}

extension Result {
    var failureDescription: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}
