import Foundation
import Tabsnap
import TabsnapCairo

/// What watching an icon's checks costs (`SVGCheckWorker`: a thread of their own, its CPU clock
/// read every few ms): checking an ordinary SVG icon on a watched thread against checking it in
/// place, measured in the same run. A check is paid once per icon file while it is unchanged.
struct IconCheckBench {
    let runs: Int

    func run(icon: URL) throws -> String {
        let svg = try [UInt8](Data(contentsOf: icon))
        // (Both ways once first: fonts and caches outside the timings.)
        _ = try SVGIconPreflight.check(svg, within: 10_000)
        _ = try SVGCheckWorker.check(svg, within: 10_000).result.get()
        var here = PhaseTimes(key: "here", name: "check the icon in place")
        var watched = PhaseTimes(key: "watched", name: "check it on a watched thread")
        for _ in 0..<runs {
            // (Interleaved, so a machine slowing down mid-run shifts both alike.)
            _ = try here.time { try SVGIconPreflight.check(svg, within: 10_000) }
            _ = try watched.time { try SVGCheckWorker.check(svg, within: 10_000).result.get() }
        }
        return """
            icon checks: \(runs) runs, icon \(icon.lastPathComponent)
              \(here.name): \(String(format: "%.3f", here.median * 1000)) ms (baseline)
              \(watched.name): \(String(format: "%.3f", watched.median * 1000)) ms, \(String(format: "%.2f", watched.median / here.median))× the baseline
            """
    }
}
