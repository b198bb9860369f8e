import TabsnapModel

extension BarTransition {
    /// Why a release step (`velocity`) is not one paging could make, with the step's index; nil
    /// when every release is. Paging settles on a page next to where the finger lets go, so a
    /// release ends on a whole page the bar has, at most one page from where the step starts:
    /// from 0.4 on page 0 or 1, from 1 on page 0, 1 or 2 (a release to page 5 was pulled there
    /// at 30 pages a second, and one to 1.5 settled between pages: hostile round 33).
    public func releaseProblem(pageCount: Int) -> (step: Int, message: String)? {
        var start = from
        for (index, step) in steps.enumerated() {
            defer { start = step.to }
            guard step.velocity != nil, step.kind == .swipe else { continue }
            let reachable = Set([start.rounded(.down), start.rounded(.up), start - 1, start + 1].filter { page in
                page == page.rounded() && page >= 0 && page <= Double(pageCount - 1) && abs(page - start) <= 1
            }).sorted()
            guard !reachable.contains(step.to) else { continue }
            let pages = reachable.map(Limits.format)
            let choice = pages.count <= 1 ? pages.joined() : pages.dropLast().joined(separator: ", ") + " or " + (pages.last ?? "")
            return (index, "a release (velocity) ends on a page next to where it starts, as paging does: from \(Limits.format(start)) that is "
                    + (pages.isEmpty ? "no page of the bar's" : "page \(choice)") + ", not \(Limits.format(step.to))")
        }
        return nil
    }
}
