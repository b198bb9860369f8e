import Foundation
import Tabsnap

/// Runs the design rules (`LintRules.all`) over every variant a spec declares (locales ×
/// themes × directions × text scales of its `snapshots:`; scales are left out, the geometry being
/// in points) at every position worth a look: each button at rest, halfway between each pair,
/// and a quarter of a button past either end (overscroll). A rule that checks at rest only sees
/// the rest positions. The same element found at several positions is one finding, at its worst.
public enum Linter {
    /// What a run found.
    public struct Report: Sendable, Codable, Equatable {
        /// The `format` this Tabsnap writes (JSON key `format`): how a report file is recognised.
        public static let currentFormat = "tabsnap-lint/1"
        /// Which report format this is.
        public var format = Report.currentFormat
        /// Findings of rules that are on, sorted by spec, variant, rule and element.
        public var findings: [LintFinding]
        /// Specs that could not be read or drawn, one line each.
        public var errors: [String]
        /// Rules a spec switched off, with its reason: `ios.yaml: textSize off (UIKit's tab bar titles are 10 pt)`.
        public var switchedOff: [String]

        /// How many findings have `severity`.
        public func count(_ severity: LintSeverity) -> Int { findings.filter { $0.severity == severity }.count }

        /// "2 errors", "1 warning", and "1 unreadable" when a spec could not be read or drawn:
        /// what `lint` and `check --lint` both say (check said "0 errors" and exited 2 over a
        /// spec lint could not draw: hostile round 47).
        public var countSummary: [String] {
            ["\(count(.error)) error\(count(.error) == 1 ? "" : "s")", "\(count(.warn)) warning\(count(.warn) == 1 ? "" : "s")"]
                + (errors.isEmpty ? [] : ["\(errors.count) unreadable"])
        }

        /// Reports of parts of one run as one: each finding, error and switched-off rule once.
        public static func union(_ reports: [Report]) -> Report {
            func unique<T>(_ items: [T], by key: (T) -> String) -> [T] {
                var seen = Set<String>()
                return items.filter { seen.insert(key($0)).inserted }
            }
            var merged = Report(findings: unique(reports.flatMap(\.findings), by: \.line), errors: unique(reports.flatMap(\.errors), by: { $0 }),
                                switchedOff: unique(reports.flatMap(\.switchedOff), by: { $0 }))
            merged.findings.sort(by: Linter.order)
            return merged
        }

        /// 0: no errors; 1: a finding is an error; 2: a spec could not be read.
        public var exitStatus: Int32 { !errors.isEmpty ? 2 : count(.error) > 0 ? 1 : 0 }
    }

    /// The positions a bar of `count` items is checked at, at rest first: every button, halfway
    /// between each pair (at most `midSwipes` pairs, spread evenly over a longer bar), and a
    /// quarter of a button past either end.
    public static func positions(count: Int, inMotion: Bool) -> [Double] {
        let rest = (0..<max(count, 1)).map(Double.init)
        guard inMotion, count > 1 else { return rest }
        let pairs = count - 1
        let chosen = pairs <= midSwipes ? Array(0..<pairs) : (0..<midSwipes).map { $0 * (pairs - 1) / (midSwipes - 1) }
        return rest + chosen.map { Double($0) + 0.5 } + [-0.25, Double(count - 1) + 0.25]
    }

    /// The most mid-swipe positions a variant is checked at: each is a frame drawn and measured,
    /// and a bar of 100 items in many variants took minutes (hostile round 22).
    public static let midSwipes = 24

    /// Lints the planned cases (`SnapshotPlanner.plan`): each distinct variant once, variants on
    /// `threads` threads (each with a renderer of its own, as `layoutManager` lays bars out).
    /// `textBudget`: what one spec's variants may spend on text in its own fonts, in ms
    /// (`Limits.specTextSeconds`), and `textPerVariant` besides for each variant
    /// (`Limits.pictureTextMilliseconds`); `iconBudget`, on SVG icons (`Limits.specIconSeconds`);
    /// tests lower them. `refusalTime`: the run's ledger of time spent on variants refused while
    /// drawing SVG icons or a spec's own fonts (`RefusalTime`; a `check` shares its own).
    public static func lint(_ plan: SnapshotPlanner.Plan, layoutManager: LayoutManager = DefaultLayoutManager(),
                            threads: Int = ProcessInfo.processInfo.activeProcessorCount, textBudget: Int = Limits.specTextSeconds * 1_000,
                            textPerVariant: Int = Limits.pictureTextMilliseconds, iconBudget: Int = Limits.specIconSeconds * 1_000,
                            refusalTime: RefusalTime = RefusalTime()) -> Report {
        var report = Report(findings: [], errors: plan.specErrors.map(\.message), switchedOff: [])
        var seen = Set<String>()
        var offSpecs = Set<String>()
        var variants: [(snapshot: SnapshotCase, variant: [String])] = []
        for snapshot in plan.cases {
            let variant = [snapshot.locale?.identifier, snapshot.theme?.rawValue, snapshot.direction?.rawValue, snapshot.textScale].compactMap { $0 }
            guard seen.insert(([snapshot.spec] + variant).joined(separator: "\u{0}")).inserted else { continue }
            if offSpecs.insert(snapshot.spec).inserted {
                for rule in LintRuleID.allCases where snapshot.lint.severity(of: rule) == .off {
                    report.switchedOff.append("\(snapshot.spec): \(rule.rawValue) off" + (snapshot.lint.reasons[rule].map { " (\($0))" } ?? ""))
                }
            }
            variants.append((snapshot, variant))
        }
        let chosen = variants
        // Text in a spec's own fonts is probed and drawn again for each variant that sets it at
        // another size: a spec's variants share check's bound on it (hostile round 106: 200
        // text scales of a heavy font, 107 s). So do SVG icons, checked and drawn for each
        // variant's bar (hostile round 140: counted as nothing).
        let textTime = SpecDrawTime(budget: iconBudget, textBudget: textBudget, textPerPicture: textPerVariant, pictures: "variants",
                                    again: "each draws its bar again at its own size, text probed again")
        let outcomes = WorkerPool.map(count: chosen.count, threads: threads, layoutManager: layoutManager) { renderer, index in
            let (snapshot, variant) = chosen[index]
            if let refusal = textTime.refusal(for: snapshot.spec) { return (findings: [LintFinding](), error: String?.some(refusal)) }
            let costly = RefusalTime.isCostly(snapshot.bar)
            if costly, let refusal = refusalTime.refusal() { return (findings: [LintFinding](), error: String?.some("\(snapshot.spec): \(refusal)")) }
            let start = DispatchTime.now().uptimeNanoseconds
            let before = renderer.textMilliseconds
            _ = renderer.takeIconMilliseconds()
            defer { textTime.add(renderer.takeIconMilliseconds(), text: renderer.textMilliseconds - before, to: snapshot.spec) }
            do {
                return (findings: try lint(snapshot.bar, settings: snapshot.lint, spec: snapshot.spec, variant: variant, renderer: renderer), error: String?.none)
            } catch {
                if costly { refusalTime.add(Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000), spec: snapshot.spec) }
                return (findings: [LintFinding](), error: "\(snapshot.spec): \(error)")
            }
        }
        // A spec that cannot be drawn says so once, not once per variant (round 44: six lines alike);
        // a spec past its bound on text once too, whatever time each thread saw spent.
        var said = Set(report.errors)
        for (index, outcome) in outcomes.enumerated() {
            report.findings += outcome.findings
            guard let error = outcome.error else { continue }
            let past = error.contains(": its variants have spent ") ? "\(chosen[index].snapshot.spec)\u{0}past" : error
            if said.insert(past).inserted { report.errors.append(error) }
        }
        report.findings.sort(by: order)
        return report
    }

    /// Findings in reading order: by spec, variant, rule, element.
    static func order(_ a: LintFinding, _ b: LintFinding) -> Bool {
        // Numbers in order of their value: items[7] before items[96] (round 28 read 96, 97, 98, 7).
        func numeric(_ x: String, _ y: String) -> ComparisonResult { x.compare(y, options: .numeric) }
        for result in [numeric(a.spec, b.spec), numeric(a.variant.joined(separator: " "), b.variant.joined(separator: " ")),
                       a.rule == b.rule ? .orderedSame : (a.rule < b.rule ? .orderedAscending : .orderedDescending),
                       numeric(a.element, b.element),
                       (a.item ?? 0) == (b.item ?? 0) ? .orderedSame : ((a.item ?? 0) < (b.item ?? 0) ? .orderedAscending : .orderedDescending)]
        where result != .orderedSame {
            return result == .orderedAscending
        }
        return false
    }

    /// One variant's findings, merged across positions.
    public static func lint(_ bar: Bar, settings: LintSettings, spec: String, variant: [String],
                            renderer: Renderer = Renderer()) throws(RenderError) -> [LintFinding] {
        let resolved = bar.resolved()
        let platform = settings.platform(for: resolved.preset)
        // A bar that draws no buttons (lineBar, button.style none) lays out slots nobody sees or
        // taps: only its indicator is drawn, and no rule here is about an indicator alone.
        guard bar.customButton?.drawsContent ?? resolved.button.style.isDrawn else { return [] }
        let rules = LintRules.all.filter { settings.severity(of: $0.id) != .off }
        // Keyed by bytes (`ExactText`): an element's name holds a title, and `String`'s hash
        // normalises it at every look-up.
        var merged: [ExactText: LintFinding] = [:]
        var badness: [ExactText: Double] = [:]
        var seenAt: [ExactText: Set<Double>] = [:]
        var order: [ExactText] = []
        let memo = LintMemo()
        for (index, position) in positions(count: resolved.items.count, inMotion: true).enumerated() {
            // The bar must draw at all: a missing glyph or an unloadable icon is the spec's error
            // (drawn once, at the backdrop's scale, which fits the picture limits at any size).
            let geometry = try renderer.checkedGeometry(of: bar, position: position)
            let frame = LintFrame(bar: resolved, geometry: geometry, position: position, platform: platform, renderer: renderer, memo: memo)
            if index == 0 { _ = try renderer.image(of: geometry, scale: frame.backdropScale) }
            let atRest = position == position.rounded() && position >= 0 && position < Double(resolved.items.count)
            for rule in rules where rule.checksInMotion || atRest {
                for observation in rule.check(frame) {
                    // One finding per rule, item, element and cause; its positions counted once each.
                    let key = ExactText("\(rule.id.rawValue)\u{0}\(observation.item ?? -1)\u{0}\(observation.element)\u{0}\(observation.cause)")
                    seenAt[key, default: []].insert(position)
                    if var finding = merged[key] {
                        finding.positions = seenAt[key]?.count ?? 1
                        if observation.badness > badness[key] ?? 0 {
                            finding.position = position
                            finding.measured = observation.measured
                            badness[key] = observation.badness
                        }
                        merged[key] = finding
                    } else {
                        order.append(key)
                        badness[key] = observation.badness
                        var finding = LintFinding(rule: rule.id, severity: settings.severity(of: rule.id), spec: spec, variant: variant,
                                                  position: position, positions: 1, element: observation.element, measured: observation.measured)
                        finding.reason = settings.reasons[rule.id]
                        finding.item = observation.item.map { $0 + 1 }
                        merged[key] = finding
                    }
                }
            }
        }
        return order.compactMap { merged[$0] }
    }
}
