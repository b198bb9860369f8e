import Foundation
import Tabsnap

/// What the sandbox costs (`SandboxChild`): one probe of an ordinary SVG icon — a child started,
/// the icon drawn at 3×, the child reaped — against rendering a bar with that icon in-process,
/// measured in the same run. A probe is paid once per icon and size in a process.
struct SandboxBench {
    let runs: Int

    func run(icon: URL, in folder: URL) throws -> String {
        let svg = try [UInt8](Data(contentsOf: icon))
        try FileManager.default.copyItem(at: icon, to: folder.appendingPathComponent("icon.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 3\nitems: [{title: Explore, icon: icon.svg}, {title: Chat, icon: mail}]\n",
                                       baseDirectory: folder)
        _ = try Renderer().render(bar, format: .png)  // the bar's own probe, outside the timings
        var render = PhaseTimes(key: "render", name: "render a bar with the icon (verdict kept)")
        var probe = PhaseTimes(key: "probe", name: "probe the icon in a sandbox child")
        var peaks: [Int] = []
        for _ in 0..<runs {
            try render.time { _ = try Renderer().render(bar, format: .png) }
            let result = probe.time { SandboxChild.run("icon", ["96", "96", "0", "0"], input: svg) }
            switch result {
            case .success(let cost): peaks.append(cost.peakResidentKilobytes)
            case .failure(let failure): throw BenchPhases.Unexpected(description: "the probe failed: \(failure.reason)")
            }
        }
        let ratio = probe.median / render.median
        return """
            sandbox: \(runs) runs, icon \(icon.lastPathComponent)
              \(render.name): \(String(format: "%.1f", render.median * 1000)) ms (baseline)
              \(probe.name): \(String(format: "%.1f", probe.median * 1000)) ms, \(String(format: "%.2f", ratio))× the baseline, child peak \(peaks.sorted()[peaks.count / 2] / 1024) MB
            """
    }
}
