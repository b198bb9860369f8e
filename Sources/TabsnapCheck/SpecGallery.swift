import Foundation
import Tabsnap

/// `tabsnap gallery`: the user's own specs as one HTML page of PNGs, a grid per spec — a row
/// per theme (and direction, text scale) and scale, a column per position — plus each spec's
/// transition as an animated PNG. The cells are the stills `tabsnap check` would keep (the
/// spec's `snapshots:` lists), unless the command line gives its own positions, themes or scales.
public enum SpecGallery {
    /// The command line's own lists (`--positions`, `--themes`, `--scales`), each replacing the
    /// spec's `snapshots:` list of the same kind; nil keeps the spec's.
    public struct Axes: Sendable {
        /// Bar positions, one column each.
        public var positions: [Double]?
        /// Themes; each gets its own rows.
        public var themes: [Theme]?
        /// Scales in pixels per point; each gets its own rows.
        public var scales: [Double]?

        /// Axes from the command line; leave one out (nil) to keep each spec's own list.
        public init(positions: [Double]? = nil, themes: [Theme]? = nil, scales: [Double]? = nil) {
            self.positions = positions
            self.themes = themes
            self.scales = scales
        }
    }

    /// What `write` wrote, for the command's closing line.
    public struct Written: Sendable {
        /// Spec files shown, one section each.
        public var specs: Int
        /// Still PNGs written.
        public var images: Int
        /// Animated PNGs written: a spec's transition once per theme, direction, text scale and
        /// scale it is shown at.
        public var animations: Int
    }

    static let title = "<title>Tabsnap gallery</title>"

    /// Renders into `folder` (new, empty, or an earlier gallery's: anything else in it is
    /// refused before a file is written). A spec that cannot be read is an error naming it.
    /// `components`: the custom layouts, buttons and indicators the specs may name.
    /// `iconBudget`: what one spec's pictures may spend on SVG icons together, in ms
    /// (`Limits.specIconSeconds`, as `check`'s goldens).
    public static func write(specs paths: [String], axes: Axes, to folder: URL, icons: IconAccess = .specFolder,
                             components: ComponentRegistry = .builtIn, iconBudget: Int = Limits.specIconSeconds * 1_000) throws -> Written {
        var planned: [(stem: String, cases: [SnapshotCase])] = []
        for file in try SnapshotPlanner.specFiles(in: paths) {
            // The gallery shows pictures: SVG goldens' stills are the PNGs beside them, and
            // spoken text is no picture.
            var cases = try SnapshotPlanner.cases(forSpec: file.path, stem: file.stem, icons: icons, components: components).filter { !$0.kind.isText }
            cases = override(cases, axes: axes, stem: file.stem)
            planned.append((file.stem.replacingOccurrences(of: "/", with: "-"), cases))
        }
        guard !planned.isEmpty else { throw SnapshotPlanner.Failure(description: "no spec found in \(paths.joined(separator: ", "))") }
        // The page is flat: specs in subfolders (a/b.yaml) must not share a file with a-b.yaml,
        // nor files whose names are one on macOS and Windows (`NameTwins`: Bar.png, bar.png).
        var owners: [String: (file: String, spec: String)] = [:]
        for snapshot in planned.flatMap(\.cases) {
            let file = fileName(snapshot.name)
            if let other = owners[NameTwins.key(file)], other.spec != snapshot.spec {
                let files = other.file.unicodeScalars.elementsEqual(file.unicodeScalars)
                    ? file : "\(NameTwins.spelt(file)) and \(NameTwins.spelt(other.file)), whose names \(NameTwins.difference([file, other.file])),"
                throw SnapshotPlanner.Failure(description: "\(snapshot.spec) and \(other.spec) would both write \(files) in the gallery; rename one of them")
            }
            owners[NameTwins.key(file)] = (file, snapshot.spec)
        }
        // A new folder a failure left empty is removed (OwnFolder.filling).
        return try OwnFolder.filling(folder, contents: "gallery files") {
            // Replaces only what an earlier gallery (or demo) wrote: proven by the folder's ledger.
            try OwnFolder.claim(folder, contents: "gallery files", kind: .gallery)
            let renderer = Renderer()
            var written = Written(specs: planned.count, images: 0, animations: 0)
            var sections = ""
            for (stem, cases) in planned {
                // A spec's pictures share check's bound on SVG icon time (hostile round 96: 80
                // stills of a heavy icon, 290 s, where check refused past 120 s).
                let drawTime = SpecDrawTime(budget: iconBudget, pictures: "gallery pictures")
                for snapshot in cases {
                    if let refusal = drawTime.refusal(for: snapshot.spec) { throw SnapshotPlanner.Failure(description: refusal) }
                    _ = renderer.takeIconMilliseconds()
                    _ = renderer.takeTextTime()
                    defer {
                        // (Its pictures are those this renderer painted: a transition's frames
                        // are drawn by renderers of their own and counted below.)
                        let text = renderer.takeTextTime()
                        drawTime.add(renderer.takeIconMilliseconds(), text: text.milliseconds, pictures: text.pictures, to: snapshot.spec)
                    }
                    let url = folder.appendingPathComponent(fileName(snapshot.name))
                    // A drawing's error names its spec, as render's and check's do (round 55:
                    // "error: items[0].title: …" said no spec).
                    func drawn<T>(_ draw: () throws -> T) throws -> T {
                        do { return try draw() } catch { throw SnapshotPlanner.Failure(description: "\(snapshot.spec): \(error)") }
                    }
                    switch snapshot.kind {
                    case .still(let position):
                        try AtomicFile.write(try drawn { try renderer.render(snapshot.bar, format: .png, position: position, scale: snapshot.scale) }, to: url)
                        written.images += 1
                    case .transition(let transition):
                        // (Drawn by renderers of its own: counted as measured, every frame.)
                        let perFrame = try drawn { try renderer.iconTimePerFrame(of: transition, bar: snapshot.bar.resolved(), scale: snapshot.scale).milliseconds }
                        drawTime.add(perFrame * transition.frameCount, pictures: 0, to: snapshot.spec)
                        // Its frames' text in the spec's own fonts counts to the spec's bound too.
                        var frames = FrameRenderer(bar: snapshot.bar, transition: transition, scale: snapshot.scale)
                        let textTime = TransitionTextTime(frames: transition.frameCount, fonts: snapshot.bar.fonts)
                        frames.textTime = textTime
                        try drawn { try frames.writeAPNG(to: url) }
                        drawTime.add(0, text: textTime.milliseconds, pictures: transition.frameCount, to: snapshot.spec)
                        written.animations += 1
                    case .svg, .a11y:
                        continue
                    }
                }
                sections += section(stem, cases)
            }
            try AtomicFile.write(Array(page(sections).utf8), to: folder.appendingPathComponent("index.html"))
            return written
        }
    }

    /// The spec's cases with the command line's axes in place of its own lists; an axis it
    /// leaves out keeps the spec's values, and each direction and text scale the spec lists keeps
    /// its own rows. The gallery's file names carry every axis (they are not goldens).
    static func override(_ cases: [SnapshotCase], axes: Axes, stem: String) -> [SnapshotCase] {
        guard axes.positions != nil || axes.themes != nil || axes.scales != nil else { return cases }
        func unique<T: Equatable>(_ values: [T]) -> [T] { values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
        let stills = cases.filter { if case .still = $0.kind { return true } else { return false } }
        let positions = axes.positions ?? unique(stills.compactMap(\.position))
        let scales = axes.scales ?? unique(cases.map(\.scale))
        let transition = cases.lazy.compactMap { snapshot -> BarTransition? in
            if case .transition(let transition) = snapshot.kind { return transition } else { return nil }
        }.first
        var out: [SnapshotCase] = []
        // One bar per direction × text scale the spec lists (themes come from the command line or the spec).
        let bars = unique(cases.map { [$0.direction?.rawValue ?? "", $0.textScale ?? ""] }).compactMap { key in
            cases.first { [$0.direction?.rawValue ?? "", $0.textScale ?? ""] == key }
        }
        for base in bars {
            for theme in axes.themes.map({ $0.map(Optional.some) }) ?? unique(cases.map(\.theme)) {
                var bar = base.bar
                if let theme { bar.theme = theme }
                for scale in scales {
                    func add(_ kind: SnapshotCase.Kind, position: Double?) {
                        out.append(SnapshotCase(name: SnapshotCase.goldenName(stem: stem, theme: theme, direction: base.direction,
                                                                              textScale: base.textScale, kind: kind, position: position, scale: scale),
                                                spec: base.spec, bar: bar, kind: kind, scale: scale, theme: theme,
                                                direction: base.direction, textScale: base.textScale))
                    }
                    for position in positions { add(.still(position: position), position: position) }
                    if let transition { add(.transition(transition), position: nil) }
                }
            }
        }
        return out
    }

    /// Golden names may hold folders (specs in subfolders); the gallery is flat.
    static func fileName(_ golden: String) -> String { golden.replacingOccurrences(of: "/", with: "-") }

    private static func section(_ stem: String, _ cases: [SnapshotCase]) -> String {
        let stills = cases.filter { $0.position != nil }
        let positions = stills.compactMap(\.position).reduce(into: [Double]()) { if !$0.contains($1) { $0.append($1) } }
        var rows: [(label: String, cells: [String: SnapshotCase])] = []
        for snapshot in stills {
            var parts = [snapshot.theme?.rawValue, snapshot.direction?.rawValue, snapshot.textScale].compactMap { $0 }
            parts.append("@\(SnapshotCase.compact(snapshot.scale))x")
            let label = parts.joined(separator: " · ")
            if let index = rows.firstIndex(where: { $0.label == label }) {
                rows[index].cells[SnapshotCase.compact(snapshot.position ?? 0)] = snapshot
            } else {
                rows.append((label, [SnapshotCase.compact(snapshot.position ?? 0): snapshot]))
            }
        }
        var html = "<section><h2>\(escape(stem))</h2><table><tr><th></th>"
        html += positions.map { "<th>position \(SnapshotCase.compact($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            html += "<tr><th>\(escape(row.label))</th>"
            for position in positions {
                guard let cell = row.cells[SnapshotCase.compact(position)] else { html += "<td></td>"; continue }
                html += "<td><img src=\"\(escape(URLPath.encoded(fileName(cell.name))))\" width=\"\(Int(cell.bar.resolved().width.rounded()))\" alt=\"\(escape(cell.name))\"></td>"
            }
            html += "</tr>\n"
        }
        html += "</table>"
        for animation in cases where animation.position == nil {
            html += "<figure><img src=\"\(escape(URLPath.encoded(fileName(animation.name))))\" width=\"\(Int(animation.bar.resolved().width.rounded()))\" alt=\"\(escape(animation.name))\">"
                + "<figcaption>transition · \(escape(animation.theme?.rawValue ?? "")) @\(SnapshotCase.compact(animation.scale))x</figcaption></figure>"
        }
        return html + "</section>\n"
    }

    private static func page(_ sections: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">\(title)
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        section { margin-bottom: 32px; } table { border-collapse: collapse; }
        th { text-align: left; font-weight: 500; color: #6c6c70; padding: 4px 12px 4px 0; vertical-align: middle; white-space: nowrap; }
        td { padding: 6px 12px 6px 0; } img { display: block; } figcaption { color: #6c6c70; font-size: 12px; }
        </style></head>
        <body><h1>Tabsnap gallery</h1>
        \(sections)</body></html>

        """
    }

    static func escape(_ text: String) -> String { HTMLReport.escape(text) }
}
