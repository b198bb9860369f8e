import Foundation
import Tabsnap

/// One HTML page with no network: the failed, new, recorded, passed and orphaned goldens, each
/// failure with side-by-side, slider, diff, blend and zoom views on a checkerboard, its changed
/// region boxed, and the command that accepts it. Images show at their size in points (a
/// checkbox shows pixels 1:1). Images are inlined as data: URLs up to `inlineLimit`; larger ones
/// (long animations) are linked relative to `reportFolder`, so a report stays small — keep the
/// artifacts beside it. Image paths in the report are read relative to `base`.
///
/// The page is bounded whatever the report holds: pictures and line diffs are inlined only while
/// they add up to `inlineBudget`; past it every picture is linked (and loads lazily) and a line
/// diff is cut, pointing at its `.diff.txt`. The page is written piece by piece (`write(_:to:)`),
/// so 1 600 failing goldens cost the page's pieces, not the page several times over.
public enum HTMLReport {
    /// Largest image file inlined: a 100-frame swipe at 2× is about 900 KB a picture.
    public static let inlineLimit = 256 << 10
    /// What all inlined pictures and diffs of one page may add up to (as written, base64).
    public static let inlineBudget = 32 << 20

    /// The whole page as one string (tests; small reports).
    public static func html(_ report: CheckReport, base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                            reportFolder: URL? = nil, pictures: ReportPictures? = nil, pictureFolders: [URL] = []) -> String {
        var page = ""
        write(report, base: base, reportFolder: reportFolder, pictures: pictures, pictureFolders: pictureFolders) { page += $0 }
        return page
    }

    /// Hands the page to `sink` a piece at a time (a card, a section's head…).
    ///
    /// - Parameters:
    ///   - report: what the page shows.
    ///   - base: the folder the report's picture paths are read from (only pictures inside it
    ///     are shown).
    ///   - reportFolder: where the page goes, for the links to pictures it does not inline.
    ///   - pictures: when given, pictures the page links are linked to copies in its folder
    ///     (written by `ReportPictures.copy()`), so the page does not depend on `base`.
    ///   - pictureFolders: folders outside `base` pictures may come from too (a merge: the
    ///     folders the shards' reports were downloaded into).
    ///   - sink: takes each piece of the page in order.
    public static func write<E: Error>(_ report: CheckReport, base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                       reportFolder: URL? = nil, pictures: ReportPictures? = nil, pictureFolders: [URL] = [],
                                       to sink: (String) throws(E) -> Void) throws(E) {
        let page = Page(base: base, reportFolder: (reportFolder ?? base).standardizedFileURL, pictures: pictures,
                        access: ReportPictureAccess(base: base, reportFolders: pictureFolders))
        try sink("""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>tabsnap check: \(escape(summaryLine(report)))</title>
        <style>\(style)</style></head>
        <body>

        """)
        try sink("<header><h1>tabsnap check</h1><p>\(summaryLine(report))</p>"
            + "<label class=\"pixels\"><input type=\"checkbox\" id=\"one-to-one\"> pixels 1:1 (else points)</label></header>\n")
        for error in report.errors { try sink("<p class=\"error\">\(escape(error))</p>\n") }
        let problems = report.results.filter { $0.status.isFailure || $0.status == .error }
        try page.section("Failed", id: "failed", count: problems.count, open: true, problems, to: sink) {
            page.failure($0, accept: $0.status.isFailure ? report.acceptCommand(for: $0.name) : nil)
        }
        let new = report.results.filter { $0.status == .new || $0.status == .recorded }
        try page.section("New and recorded", id: "new", count: new.count, open: true, new, to: sink, page.single)
        try page.titleReport(report.results, to: sink)
        if let lint = report.lint { try LintHTML.section(lint, to: sink) }
        let passed = report.results.filter { $0.status == .passed }
        try page.section("Passed", id: "passed", count: passed.count, open: problems.isEmpty && passed.count <= 40, passed, to: sink, page.single)
        let orphans = report.orphans ?? []
        let orphanCards: [() -> String] = orphans.map { name in { page.orphan(name, snapshots: report.snapshots) } }
            + report.pruned.map { name in { "<div class=\"card\"><h3>\(escape(name))</h3><p>pruned</p></div>" } }
        try page.section("Orphaned", id: "orphaned", count: orphans.count + report.pruned.count, open: !orphans.isEmpty, orphanCards, to: sink) { $0() }
        if report.orphans == nil {
            try sink("<p class=\"note\">Orphans are listed once every shard's report is merged (<code>tabsnap report merge</code>).</p>\n")
        }
        try sink("<script>\(script)</script>\n</body></html>\n")
    }

    static func summaryLine(_ report: CheckReport) -> String {
        var parts = report.countSummary
        if let orphans = report.orphans, !orphans.isEmpty { parts.append("\(orphans.count) orphaned") }
        if !report.shards.isEmpty { parts.append("shards \(report.shards.map(\.description).joined(separator: ", "))") }
        return parts.joined(separator: " · ")
    }

    private final class Page {
        let base: URL
        let reportFolder: URL
        let pictures: ReportPictures?
        let access: ReportPictureAccess
        /// What is left of `inlineBudget`.
        var budget = HTMLReport.inlineBudget

        init(base: URL, reportFolder: URL, pictures: ReportPictures?, access: ReportPictureAccess) {
            self.base = base
            self.access = access
            self.reportFolder = reportFolder
            self.pictures = pictures
        }

        /// A picture's link when it is not inlined: to its copy beside the report, or to where
        /// it is, relative to the report.
        func link(_ url: URL) -> String {
            pictures?.href(for: url, reportFolder: reportFolder)
                ?? URLPath.encoded(HTMLReport.relativePath(of: url, from: reportFolder.resolvingSymlinksInPath()))
        }

        func section<T, E: Error>(_ title: String, id: String, count: Int, open: Bool, _ items: [T], to sink: (String) throws(E) -> Void,
                                  _ card: (T) -> String) throws(E) {
            guard count > 0 else { return }
            try sink("<details id=\"\(id)\"\(open ? " open" : "")><summary><h2>\(title) <span class=\"count\">\(count)</span></h2></summary>\n")
            for item in items { try sink(card(item) + "\n") }
            try sink("</details>\n")
        }

        /// Takes `bytes` from the budget, or says there is not room for them.
        func spend(_ bytes: Int) -> Bool {
            guard bytes <= budget else { return false }
            budget -= bytes
            return true
        }

        func failure(_ result: CaseResult, accept: String?) -> String {
            if result.kind == "svg" || result.kind == "a11y" { return textFailure(result, accept: accept) }
            let expected = image(result.golden), actual = image(result.artifacts.actual), diff = image(result.artifacts.diff)
            var card = "<div class=\"card \(result.status.rawValue)\" data-scale=\"\(result.scale ?? 1)\"><h3>\(escape(result.name)) <span class=\"badge\">\(result.status.rawValue)</span></h3>"
            card += "<p class=\"meta\">\(escape(meta(result)))</p><p class=\"message\">\(escape(result.message))</p>"
            if let accept { card += "<p class=\"accept\">To accept this render: <code>\(escape(accept))</code></p>" }
            if let motion = result.motion { card += MotionChart.html(motion) }
            card += unreadable([("expected", result.status == .missing ? nil : result.golden, expected),
                                ("actual", result.artifacts.actual, actual), ("diff", result.artifacts.diff, diff)])
            guard let actual else { return card + "</div>" }
            guard let expected else { return card + figure("actual", actual) + "</div>" }
            // The changed region of a still, in pixels: boxed on both pictures, and what Zoom magnifies.
            let region = result.region.map { " data-region=\"\($0.x),\($0.y),\($0.width),\($0.height)\"" } ?? ""
            card += """
            <div class="views" role="tablist"\(region)>
              <button class="on" data-view="side">Side by side</button><button data-view="slider">Slider</button>
              <button data-view="diff"\(diff == nil ? " disabled" : "")>Diff</button><button data-view="blend">Blend</button>
              <button data-view="zoom"\(region.isEmpty ? " disabled" : "")>Zoom</button>
            </div>
            <div class="view side">\(figure("expected", expected, boxed: !region.isEmpty))\(figure("actual", actual, boxed: !region.isEmpty))</div>
            <div class="view zoom" hidden><p class="meta">the changed region and 8 px around it, magnified 2× to 16× without smoothing</p>
              <figure><canvas data-zoom="expected"></canvas><figcaption>expected</figcaption></figure>
              <figure><canvas data-zoom="actual"></canvas><figcaption>actual</figcaption></figure></div>
            <div class="view slider" hidden><div class="stack checker"><img data-copy="expected" alt="expected"><img class="top" data-copy="actual" alt="actual" style="clip-path: inset(0 0 0 50%)"></div>
              <label>expected ◀ <input type="range" min="0" max="100" value="50" data-role="slider"> ▶ actual</label></div>
            <div class="view diff" hidden>\(diff.map { figure("diff: red changed, yellow anti-aliasing, orange within tolerance", $0) } ?? "")</div>
            <div class="view blend" hidden><div class="stack checker"><img data-copy="expected" alt="expected"><img class="top" data-copy="actual" alt="actual" style="opacity: 0.5"></div>
              <label>expected <input type="range" min="0" max="100" value="50" data-role="blend"> actual</label></div>
            """
            return card + "</div>"
        }

        /// An SVG golden: both pictures, and the line diff (`-` expected, `+` actual).
        func textFailure(_ result: CaseResult, accept: String?) -> String {
            var card = "<div class=\"card \(result.status.rawValue)\"><h3>\(escape(result.name)) <span class=\"badge\">\(result.status.rawValue)</span></h3>"
            card += "<p class=\"meta\">\(escape(meta(result)))</p><p class=\"message\">\(escape(result.message))</p>"
            if let accept { card += "<p class=\"accept\">To accept this render: <code>\(escape(accept))</code></p>" }
            // A spoken golden has no pictures: its line diff is all of it.
            let pictures = (result.kind == "a11y" ? [] : [("expected", result.status == .missing ? nil : result.golden), ("actual", result.artifacts.actual)])
                .map { (role: $0.0, path: $0.1, shown: svg($0.1)) }
            card += unreadable(pictures)
            card += "<div class=\"view side\">" + pictures.compactMap { picture in picture.shown.map { figure(picture.role, $0) } }.joined() + "</div>"
            if var diff = result.textDiff {
                if !spend(diff.utf8.count) {
                    // Past the page's budget: the start of the diff, and the file that holds it all.
                    let room = max(budget, 0)
                    diff = String(decoding: Array(diff.utf8.prefix(min(room, 4_096))), as: UTF8.self)
                    _ = spend(diff.utf8.count)
                    card += "<p class=\"meta\">the diff is cut here to keep the page small"
                        + (result.artifacts.diff.flatMap { path in access.lineDiff(path).map { "; all of it is in <a href=\"\(escape(link($0)))\">\(escape(path))</a>" } } ?? "") + "</p>"
                }
                // Split at each LF scalar: a line ending CRLF is one Character with its LF
                // (hostile round 30: an added line was shown inside the removed ones' span).
                let lines = diff.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars -> String in
                    let line = String(scalars)
                    let kind = line.hasPrefix("+") ? "add" : line.hasPrefix("-") ? "del" : line.hasPrefix("@@") ? "hunk" : ""
                    return "<span class=\"\(kind)\">\(escape(line, preformatted: true))</span>"
                }
                card += "<pre class=\"linediff\">\(lines.joined(separator: "\n"))</pre>"
            }
            return card + "</div>"
        }

        /// A note naming the pictures a result names that could not be shown (a merge whose
        /// shards' downloads lack them); empty when all were.
        private func unreadable(_ pictures: [(role: String, path: String?, shown: String?)]) -> String {
            let lost = pictures.filter { $0.path != nil && $0.shown == nil }.map { "\($0.role) \($0.path ?? "")" }
            return lost.isEmpty ? "" : "<p class=\"note\">not found here: \(escape(lost.joined(separator: ", ")))</p>"
        }

        /// The file at `path` when the report may show it (`ReportPictureAccess`).
        private func readable(_ path: String) -> URL? {
            access.file(path)
        }

        /// An SVG file under the base folder as a data: URL (an <img> never runs an SVG's scripts).
        private func svg(_ path: String?) -> String? {
            guard let path, let url = readable(path),
                  let bytes = try? BoundedRead.bytes(of: url, limit: HTMLReport.inlineLimit),
                  ReportPictureAccess.isSVG(url, head: bytes) else { return nil }
            guard spend((bytes.count + 2) / 3 * 4) else { return link(url) }
            return "data:image/svg+xml;base64," + Data(bytes).base64EncodedString()
        }

        func single(_ result: CaseResult) -> String {
            "<div class=\"card \(result.status.rawValue)\" data-scale=\"\(result.scale ?? 1)\"><h3>\(escape(result.name))"
                + (result.status == .passed ? "" : " <span class=\"badge\">\(result.status.rawValue)</span>") + "</h3>"
                + "<p class=\"meta\">\(escape(meta(result)))</p>"
                + (result.kind == "a11y" ? spoken(result.golden)
                    : (result.kind == "svg" ? svg(result.golden) : image(result.golden)).map { figure(nil, $0) } ?? "<p>(golden not readable from here)</p>") + "</div>"
        }

        /// A spoken golden's lines, without its mark, as preformatted text. Only a file named
        /// `.a11y.txt` that carries Tabsnap's golden mark is shown: a report is input, and a
        /// crafted one naming `.env` must not publish it in the page.
        private func spoken(_ path: String?) -> String {
            guard let path, path.hasSuffix(".a11y.txt"), let url = readable(path),
                  let bytes = try? BoundedRead.bytes(of: url, limit: HTMLReport.inlineLimit) else { return "<p>(golden not readable from here)</p>" }
            let (text, mark) = GoldenMark.unmarked(svg: bytes)
            guard mark != nil, spend(text.count) else { return "<p>(golden not readable from here)</p>" }
            return "<pre class=\"spoken\" dir=\"auto\">\(escape(String(decoding: text, as: UTF8.self), preformatted: true))</pre>"
        }

        func orphan(_ name: String, snapshots: String) -> String {
            let path = URL(fileURLWithPath: snapshots, relativeTo: access.base).appendingPathComponent(name).path
            return "<div class=\"card orphan\"><h3>\(escape(name))</h3><p class=\"meta\">no spec renders this golden: an orphan, which pruning removes</p>"
                + (image(path).map { figure(nil, $0) } ?? "") + "</div>"
        }

        /// The locale report: per golden (so per locale, text scale, theme and position), the
        /// titles that wrap, ellipsize or are left out, as a table.
        func titleReport<E: Error>(_ results: [CaseResult], to sink: (String) throws(E) -> Void) throws(E) {
            let rows = results.flatMap { result in (result.titles ?? []).map { (result, $0) } }
            guard !rows.isEmpty else { return }
            try sink("<details id=\"titles\"><summary><h2>Titles that do not fit <span class=\"count\">\(rows.count)</span></h2></summary>\n"
                + "<table class=\"titles\"><tr><th>golden</th><th>locale</th><th>text scale</th><th>item</th><th>title</th><th>drawn</th></tr>\n")
            for (result, fit) in rows {
                let drawn: String
                switch fit.fit {
                case .wraps: drawn = "wraps onto \(fit.lines) lines"
                case .ellipsized: drawn = fit.lines > 1 ? "ellipsized on line \(fit.lines)" : "ellipsized"
                case .leftOut: drawn = "left out (no room even for …)"
                case .fits: drawn = "fits"
                }
                try sink("<tr><td>\(escape(result.name))</td><td>\(escape(result.locale ?? "—"))</td><td>\(escape(result.textScale ?? "—"))</td>"
                    + "<td>\(fit.item)</td><td dir=\"auto\">\(escape(fit.title))</td><td>\(drawn)</td></tr>\n")
            }
            try sink("</table></details>\n")
        }

        private func meta(_ result: CaseResult) -> String {
            var parts = [result.spec, result.kind]
            if let locale = result.locale { parts.append(locale) }
            if let position = result.position { parts.append("position \(SnapshotCase.compact(position))") }
            if let scale = result.scale { parts.append("scale \(SnapshotCase.compact(scale))") }
            if let theme = result.theme { parts.append(theme) }
            if let direction = result.direction { parts.append(direction) }
            if let textScale = result.textScale { parts.append("text \(textScale)") }
            if let options = result.options { parts.append("tolerance ΔE \(Limits.format(options.maxDeltaE)), \(options.allowed) allowed") }
            return parts.joined(separator: " · ")
        }

        private func figure(_ caption: String?, _ source: String, boxed: Bool = false) -> String {
            let linked = !source.hasPrefix("data:")
            return "<figure><div class=\"checker\(boxed ? " boxed" : "")\"><img src=\"\(escape(source))\"\(linked ? " loading=\"lazy\"" : "") alt=\"\(escape(caption ?? "golden"))\">"
                + (boxed ? "<div class=\"box\"></div>" : "") + "</div>"
                + (caption == nil && !linked ? "" : "<figcaption>\(escape(caption ?? ""))"
                    + (linked ? " (linked: <a href=\"\(escape(source))\">\(escape(source))</a>)" : "") + "</figcaption>")
                + "</figure>"
        }

        /// The file as a data: URL, or as a link relative to the report when it is over
        /// `inlineLimit`; nil when it cannot be read. Only PNG files under the report's base
        /// folder, read as goldens are (regular files within the size limit): a path in a crafted
        /// report, or a golden that links elsewhere, must not put other files into a page that CI
        /// publishes.
        private func image(_ path: String?) -> String? {
            guard let path, let url = readable(path),
                  let head = try? BoundedRead.prefix(of: url, count: 8), head.starts(with: PNGDecoder.signature) else { return nil }
            // Linked when large or past the page's budget: then only its first bytes are read.
            var info = stat()
            let size = stat(url.path, &info) == 0 ? Int(info.st_size) : Int.max
            if size > HTMLReport.inlineLimit || !spend((size + 2) / 3 * 4) { return link(url) }
            guard let bytes = try? BoundedRead.bytes(of: url, limit: HTMLReport.inlineLimit), bytes.starts(with: PNGDecoder.signature) else { return nil }
            return "data:image/png;base64," + Data(bytes).base64EncodedString()
        }
    }

    /// `file` as a path from `folder` (`../failures/a.png`); `URLPath.encoded` makes it an `src`.
    static func relativePath(of file: URL, from folder: URL) -> String {
        let target = file.standardizedFileURL.pathComponents, start = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, start.count) && target[common] == start[common] { common += 1 }
        let parts = Array(repeating: "..", count: start.count - common) + target[common...]
        return parts.joined(separator: "/")
    }

    /// `text` for the page: markup characters as entities, and control characters — which a
    /// crafted golden's geometry or spoken text can hold — as visible escapes (`\u{1B}`). Line
    /// breaks and tabs stay only in `preformatted` text (line diffs, spoken goldens): in a name
    /// or a title the page would show them as spaces (hostile round 39: `nl\nx.yaml` read as
    /// `nl x.yaml`), so there they are `\n` and `\t`, as the terminal shows them.
    static func escape(_ text: String, preformatted: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\n" where preformatted, "\t" where preformatted: out.append(scalar)
            default:
                // Written as the terminal shows it (`VisibleText`): bidirectional controls too, an
                // override would reverse what follows it on the page.
                if let escape = VisibleText.escape(scalar) { out.append(contentsOf: escape.unicodeScalars) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    static let style = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
    h1 { margin: 0 0 4px; font-size: 22px; } h2 { display: inline; font-size: 18px; } h3 { margin: 0 0 4px; font-size: 15px; }
    summary { cursor: pointer; margin: 18px 0 8px; } .count { color: #8e8e93; font-weight: normal; }
    .card { border: 1px solid #d1d1d6; border-radius: 8px; padding: 12px; margin: 10px 0; }
    .card.failed, .card.missing, .card.error { border-left: 4px solid #ff3b30; }
    .card.new, .card.recorded { border-left: 4px solid #34c759; } .card.orphan { border-left: 4px solid #ff9500; }
    .badge { font-size: 12px; padding: 1px 6px; border-radius: 8px; background: #f2f2f7; color: #3a3a3c; }
    .meta { color: #6c6c70; margin: 0 0 4px; } .message { font-family: ui-monospace, monospace; margin: 4px 0 8px; }
    .error { color: #c0392b; } .note { color: #6c6c70; }
    table.lint tr.error td:first-child { color: #c0392b; font-weight: 600; }
    table.titles { border-collapse: collapse; } table.titles td, table.titles th { border-bottom: 1px solid #e5e5ea; padding: 3px 10px; text-align: start; }
    .views button { font: inherit; padding: 4px 10px; border: 1px solid #c7c7cc; background: #f2f2f7; border-radius: 6px; cursor: pointer; }
    .views button.on { background: #007aff; color: #fff; border-color: #007aff; } .views button:disabled { opacity: .4; cursor: default; }
    .view { margin-top: 10px; } .view.side { display: flex; gap: 16px; flex-wrap: wrap; } .view[hidden] { display: none; }
    figure { margin: 0; } figcaption { color: #6c6c70; font-size: 12px; margin-top: 2px; }
    img { display: block; max-width: 100%; }
    .checker { display: inline-block; background-color: #fff;
      background-image: linear-gradient(45deg, #e5e5ea 25%, transparent 25%, transparent 75%, #e5e5ea 75%),
                        linear-gradient(45deg, #e5e5ea 25%, transparent 25%, transparent 75%, #e5e5ea 75%);
      background-size: 16px 16px; background-position: 0 0, 8px 8px; }
    .stack { position: relative; } .stack img.top { position: absolute; left: 0; top: 0; }
    .boxed { position: relative; } .box { position: absolute; outline: 2px solid #ff3b30; outline-offset: 1px; pointer-events: none; }
    .view.zoom:not([hidden]) { display: flex; gap: 16px; flex-wrap: wrap; } .view.zoom p { flex-basis: 100%; }
    canvas { image-rendering: pixelated; border: 1px solid #d1d1d6; max-width: 100%; } .accept code { user-select: all; }
    header .pixels { display: inline-block; margin: 0; }
    pre.linediff { background: #f7f7f9; padding: 8px; overflow: auto; max-height: 420px; font-size: 12px; }
    pre.linediff .add { color: #1a7f37; background: #e6ffec; } pre.linediff .del { color: #c0392b; background: #ffebe9; }
    pre.linediff .hunk { color: #6c6c70; }
    .motion .charts { display: flex; gap: 12px; flex-wrap: wrap; margin-bottom: 8px; } .motion svg { border-radius: 4px; }
    .motion .expected { color: #8e8e93; } .motion .actual { color: #007aff; }
    label { display: block; margin-top: 6px; color: #6c6c70; } input[type=range] { width: 240px; vertical-align: middle; }
    """

    static let script = """
    // Each image is inlined once (in the side-by-side view); the other views borrow it.
    document.querySelectorAll('img[data-copy]').forEach(function (img) {
      img.src = img.closest('.card').querySelector('.side img[alt="' + img.dataset.copy + '"]').src;
    });
    // Show renders at their size in points (a 2× golden at half its pixel width), or 1:1.
    var oneToOne = document.getElementById('one-to-one');
    function scaleOf(img) { return oneToOne.checked ? 1 : (parseFloat(img.closest('.card').dataset.scale) || 1); }
    function fit(img) {
      img.style.width = (img.naturalWidth / scaleOf(img)) + 'px';
      // The changed region's box, in the picture's pixels.
      var views = img.closest('.card').querySelector('.views[data-region]'), box = img.parentElement.querySelector('.box');
      if (!views || !box) return;
      var r = views.dataset.region.split(',').map(Number), k = 1 / scaleOf(img);
      box.style.left = (r[0] * k) + 'px'; box.style.top = (r[1] * k) + 'px';
      box.style.width = (r[2] * k) + 'px'; box.style.height = (r[3] * k) + 'px';
    }
    function fitAll() { document.querySelectorAll('.card[data-scale] img').forEach(function (img) {
      if (img.complete) fit(img); else img.addEventListener('load', function () { fit(img); });
    }); }
    fitAll();
    oneToOne.addEventListener('change', fitAll);
    // Zoom: the region with a margin, drawn without smoothing, at least 4× and up to 480 px wide.
    function zoom(card) {
      var r = card.querySelector('.views').dataset.region.split(',').map(Number);
      card.querySelectorAll('canvas[data-zoom]').forEach(function (canvas) {
        var img = card.querySelector('.side img[alt="' + canvas.dataset.zoom + '"]');
        var m = 8, x = Math.max(r[0] - m, 0), y = Math.max(r[1] - m, 0);
        var w = Math.min(r[2] + 2 * m, img.naturalWidth - x), h = Math.min(r[3] + 2 * m, img.naturalHeight - y);
        var z = Math.min(16, Math.max(2, Math.floor(480 / w)));
        canvas.width = w * z; canvas.height = h * z;
        var g = canvas.getContext('2d'); g.imageSmoothingEnabled = false;
        g.drawImage(img, x, y, w, h, 0, 0, w * z, h * z);
      });
    }
    document.querySelectorAll('.views').forEach(function (bar) {
      var card = bar.parentElement;
      bar.querySelectorAll('button').forEach(function (button) {
        button.addEventListener('click', function () {
          bar.querySelectorAll('button').forEach(function (b) { b.classList.toggle('on', b === button); });
          card.querySelectorAll('.view').forEach(function (v) { v.hidden = !v.classList.contains(button.dataset.view); });
          if (button.dataset.view === 'zoom') zoom(card);
        });
      });
    });
    document.querySelectorAll('input[data-role]').forEach(function (input) {
      var top = input.closest('.view').querySelector('img.top');
      input.addEventListener('input', function () {
        if (input.dataset.role === 'slider') top.style.clipPath = 'inset(0 0 0 ' + input.value + '%)';
        else top.style.opacity = input.value / 100;
      });
    });
    """
}
