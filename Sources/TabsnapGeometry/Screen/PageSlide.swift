import TabsnapModel

/// SwipeTabController's page rule: the pages lie side by side, one page width apart, and the
/// position scrolls them — page i sits (i − position) page widths from the page area, so at a
/// whole position its page fills the area and mid-swipe two pages share it. Past either end the
/// first or last page is pulled away from its edge and the screen's background shows (the
/// position's overscroll is the page container's rubber band). A jump (a tap on a far tab)
/// slides the target in beside the page it leaves, as `UIPageViewController` sets a page
/// animated, without passing the pages between. Right to left mirrors it: the next page comes
/// in from the left.
public enum PageSlide {
    /// The pages that show in `area` at `selection`, each with its frame (the area's size, moved
    /// sideways), in index order.
    public static func pages(at selection: SelectionState, count: Int, area: Rect, direction: BarDirection) -> [(index: Int, frame: Rect)] {
        let width = area.width
        guard count > 0, width > 0 else { return [] }
        // Each page's offset from the area in page widths (left to right).
        var offsets: [(Int, Double)] = []
        if let jump = selection.jump {
            let from = clamp(Int(jump.from.rounded()), count), to = clamp(Int(jump.to.rounded()), count)
            if from == to {
                offsets = [(to, 0)]
            } else {
                let side: Double = to > from ? 1 : -1
                offsets = [(from, -side * jump.progress), (to, side * (1 - jump.progress))]
            }
        } else {
            let p = selection.position
            let first = max(Int((p).rounded(.down)), 0), last = min(Int((p).rounded(.up)), count - 1)
            if first <= last { offsets = (first...last).map { ($0, Double($0) - p) } }
            if offsets.isEmpty { offsets = [(p < 0 ? 0 : count - 1, p < 0 ? -p : Double(count - 1) - p)] }
        }
        return offsets.filter { abs($0.1) < 1 }.sorted { $0.0 < $1.0 }.map { index, offset in
            let shift = (direction == .rightToLeft ? -offset : offset) * width
            return (index, Rect(x: area.x + shift, y: area.y, width: width, height: area.height))
        }
    }

    private static func clamp(_ index: Int, _ count: Int) -> Int { min(max(index, 0), count - 1) }
}
