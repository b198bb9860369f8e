import Foundation
import Tabsnap

/// `contrast`: each title and template icon against what is drawn behind it (`LintFrame.backdrop`:
/// the bar without titles, icons, badges and a line indicator).
///
/// Formula: `WCAGContrast`. The foreground is the colour drawn (the tint times the button's
/// alpha) laid over each backdrop pixel in the title's ink box (or the icon's box); a backdrop
/// pixel that is itself translucent is first laid over the page, white in the light theme and
/// black in the dark. The ratio reported is the one 90 % of the box meets (its 10th percentile),
/// so a hairline crossing the box does not decide it while a selected background under half the
/// title does.
///
/// Thresholds (WCAG 1.4.3 and 1.4.11): 4.5:1 for text, 3:1 for large text (18 pt and up, or
/// 14 pt and up when semibold or bold) and for template icons. An original-colour icon keeps its
/// own colours and is not measured.
struct ContrastRule: LintRule {
    let id = LintRuleID.contrast
    let checksInMotion = true

    func check(_ frame: LintFrame) -> [LintObservation] {
        guard frame.backdrop != nil else { return [] }
        let page: Double = frame.bar.theme == .dark ? 0 : 1
        var found: [LintObservation] = []
        for (index, button) in frame.geometry.buttons.enumerated() {
            let color = button.color.multiplyingAlpha(by: button.alpha)
            let name = frame.name(ofItem: index)
            if let ink = frame.titleInk[index] {
                // A markup title is as large as its smallest span.
                let size = button.markup.map { MarkupSizes.smallest(in: $0, base: button.font.size) } ?? button.font.size
                let large = size >= 18 || (size >= 14 && [.semibold, .bold].contains(button.font.weight))
                let needed = large ? 3.0 : 4.5
                // Markup may colour its spans, fade them, or lay a background of their own:
                // each run is measured, the worst kept.
                let runs = button.markup.map { MarkupColors.runs(of: $0, base: color) } ?? [MarkupColors.Run(foreground: color, background: nil)]
                let ratios = runs.compactMap { run -> Double? in
                    if let background = run.background, background.alpha >= 1 {
                        return WCAGContrast.ratio(of: run.foreground, over: background.red, background.green, background.blue)
                    }
                    return frame.contrast(of: run.foreground, in: frame.onCanvas(ink), page: page)
                }
                if let ratio = ratios.min(), ratio < needed {
                    found.append(LintObservation(element: "title \(name)",
                                                 measured: "contrast \(WCAGContrast.words(ratio)) < \(Limits.format(needed)):1 (\(frame.state(of: button)))",
                                                 badness: needed - ratio, item: index, cause: "title"))
                }
            }
            if let icon = button.icon, icon.renderingMode == .template, button.iconFrame.width > 0, button.iconFrame.height > 0,
               let ratio = frame.contrast(of: color, in: frame.onCanvas(button.iconFrame), page: page), ratio < 3 {
                found.append(LintObservation(element: "icon of \(name)",
                                             measured: "contrast \(WCAGContrast.words(ratio)) < 3:1 (\(frame.state(of: button)))", badness: 3 - ratio,
                                             item: index, cause: "icon"))
            }
        }
        return found
    }

    /// The ratio 90 % of the box's backdrop pixels meet; nil when the box is off the canvas.
    static func ratio(of color: RGBAColor, in box: Rect, on backdrop: RGBAImage, scale: Double, page: Double) -> Double? {
        let x0 = max(Int((box.minX * scale).rounded(.down)), 0), x1 = min(Int((box.maxX * scale).rounded(.up)), backdrop.width)
        let y0 = max(Int((box.minY * scale).rounded(.down)), 0), y1 = min(Int((box.maxY * scale).rounded(.up)), backdrop.height)
        guard x0 < x1, y0 < y1 else { return nil }
        // Each distinct backdrop colour once (a bar's backdrop has few), counted: the ratio 90 %
        // of the box meets is read off the counts, not a sort of every pixel.
        // Neighbours are mostly one colour and rows mostly repeat the row above, so a run of one
        // colour is counted before the dictionary is asked, and a repeated row is its runs again
        // (a lookup per pixel was a fifth of lint's time).
        var counts: [UInt32: Int] = [:]
        backdrop.pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let rowBytes = (x1 - x0) * 4
            var runs: [(key: UInt32, length: Int)] = []
            for y in y0..<y1 {
                let start = (y * backdrop.width + x0) * 4
                if y > y0, memcmp(base + start, base + start - backdrop.width * 4, rowBytes) == 0 {
                    for run in runs { counts[run.key, default: 0] += run.length }
                    continue
                }
                runs.removeAll(keepingCapacity: true)
                for x in 0..<(x1 - x0) {
                    // Red in the top byte, alpha in the bottom, whatever the machine's byte order.
                    let key = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: start + x * 4, as: UInt32.self))
                    if let last = runs.last, last.key == key { runs[runs.count - 1].length += 1 } else { runs.append((key, 1)) }
                }
                for run in runs { counts[run.key, default: 0] += run.length }
            }
        }
        let measured = counts.map { key, count -> (ratio: Double, count: Int) in
            let a = Double(key & 0xFF) / 255
            func channel(_ shift: UInt32) -> Double { Double((key >> shift) & 0xFF) / 255 * a + page * (1 - a) }
            return (WCAGContrast.ratio(of: color, over: channel(24), channel(16), channel(8)), count)
        }.sorted { $0.ratio < $1.ratio }
        let tenth = (x1 - x0) * (y1 - y0) / 10
        var seen = 0
        for entry in measured {
            seen += entry.count
            if seen > tenth { return entry.ratio }
        }
        return measured.last?.ratio
    }
}
