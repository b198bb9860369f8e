import Tabsnap

/// A failing transition's motion as the HTML report draws it: one small inline SVG chart per
/// curve — position p(t), indicator x(t) and width(t), scroll(t) (the last three where either
/// record has them and they move) — the golden's curve dashed grey, the render's solid blue, on
/// one time axis. Drawn from a report's numbers, which may come from a crafted shard: curves are
/// cut to the shorter of their times and values, and to 2 000 points.
enum MotionChart {
    static let width = 320.0, height = 120.0
    static let left = 46.0, right = 8.0, top = 18.0, bottom = 20.0

    /// The charts, side by side, with a legend; empty when no curve has two points, or when the
    /// curves are not drawable (a crafted report's infinities would print as `nan`).
    static func html(_ motion: MotionComparison) -> String {
        guard motion.isDrawable else { return "" }
        let expected = motion.expected, actual = motion.actual
        var charts: [(title: String, unit: String, expected: [Double]?, actual: [Double]?)] = [
            ("position p(t)", "", expected.position, actual.position)
        ]
        if expected.indicatorX != nil || actual.indicatorX != nil {
            charts.append(("indicator x(t)", " pt", expected.indicatorX, actual.indicatorX))
            charts.append(("indicator width(t)", " pt", expected.indicatorWidth, actual.indicatorWidth))
        }
        charts.append(("scroll(t)", " pt", expected.scroll, actual.scroll))
        let drawn = charts.compactMap { chart -> String? in
            let curves = [(expected.time, chart.expected), (actual.time, chart.actual)].map { times, values in
                values.map { Array(zip(times, $0).prefix(MotionCurves.largestFrameCount)) } ?? []
            }
            // A curve that never moves in either record says nothing (scroll on a bar that fits).
            let all = curves.flatMap { $0 }
            guard all.count >= 2, chart.title.hasPrefix("position") || Set(all.map(\.1)).count > 1 else { return nil }
            return svg(chart.title, unit: chart.unit, expected: curves[0], actual: curves[1])
        }
        guard !drawn.isEmpty else { return "" }
        return "<div class=\"motion\"><p class=\"meta\">motion: <span class=\"expected\">- - expected (golden)</span> · "
            + "<span class=\"actual\">— actual</span></p><div class=\"charts\">" + drawn.joined() + "</div></div>"
    }

    /// One chart: both curves over the same time and value ranges.
    private static func svg(_ title: String, unit: String, expected: [(Double, Double)], actual: [(Double, Double)]) -> String {
        let all = expected + actual
        let times = all.map(\.0), values = all.map(\.1)
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, t0 + 1e-6)
        var v0 = values.min() ?? 0, v1 = values.max() ?? 1
        if v1 - v0 < 1e-6 { (v0, v1) = (v0 - 1, v1 + 1) }
        func x(_ t: Double) -> String { format(left + (t - t0) / (t1 - t0) * (width - left - right)) }
        func y(_ v: Double) -> String { format(height - bottom - (v - v0) / (v1 - v0) * (height - top - bottom)) }
        func line(_ points: [(Double, Double)], _ style: String) -> String {
            guard points.count >= 2 else { return "" }
            return "<polyline fill=\"none\" \(style) points=\"" + points.map { x($0.0) + "," + y($0.1) }.joined(separator: " ") + "\"/>"
        }
        let label = HTMLReport.escape(title)
        return "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(label)\">"
            + "<text x=\"\(Int(left))\" y=\"12\" font-size=\"11\" fill=\"#3a3a3c\">\(label)</text>"
            + "<rect x=\"\(Int(left))\" y=\"\(Int(top))\" width=\"\(Int(width - left - right))\" height=\"\(Int(height - top - bottom))\" fill=\"#fafafa\" stroke=\"#d1d1d6\"/>"
            + axisText(format(left - 4), y(v1), number(v1) + unit, anchor: "end", dy: 4)
            + axisText(format(left - 4), y(v0), number(v0) + unit, anchor: "end", dy: 0)
            + axisText(x(t0), format(height - 6), "0 ms", anchor: "start", dy: 0)
            + axisText(x(t1), format(height - 6), number((t1 - t0) * 1000) + " ms", anchor: "end", dy: 0)
            + line(expected, "stroke=\"#8e8e93\" stroke-width=\"2\" stroke-dasharray=\"5 3\"")
            + line(actual, "stroke=\"#007aff\" stroke-width=\"1.5\"")
            + "</svg>"
    }

    private static func axisText(_ x: String, _ y: String, _ text: String, anchor: String, dy: Int) -> String {
        "<text x=\"\(x)\" y=\"\(y)\" dy=\"\(dy)\" font-size=\"10\" fill=\"#6c6c70\" text-anchor=\"\(anchor)\">\(HTMLReport.escape(text))</text>"
    }

    private static func format(_ value: Double) -> String { Limits.format((value * 10).rounded() / 10) }

    /// A value for an axis: whole above 100, else to a hundredth.
    private static func number(_ value: Double) -> String {
        abs(value) >= 100 ? Limits.format(value.rounded()) : Limits.format((value * 100).rounded() / 100)
    }
}
