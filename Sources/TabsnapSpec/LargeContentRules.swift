import Foundation
import TabsnapModel

/// Where `largeContent` can show, as iOS shows its Large Content Viewer: for an item the bar has,
/// on a preset that keeps its text size (tabBar, tabs: `DynamicTypeSupport`), and at an
/// accessibility text size — the spec's `textScale`, or one its `snapshots.textScales` lists.
enum LargeContentRules {
    static func check(_ spec: Bar, root: SpecNode) throws(SpecError) {
        guard let viewer = spec.largeContent, let node = root.descendant(["largeContent"]) else { return }
        if let item = viewer.item, item >= spec.items.count {
            throw (root.descendant(["largeContent", "item"]) ?? node).error("largeContent.item: \(item) is past the last item (\(spec.items.count - 1))")
        }
        let bar = spec.resolved()
        if bar.preset.scalesText || !bar.button.style.isDrawn {
            throw node.error("largeContent: \(bar.preset.rawValue) \(bar.preset.scalesText ? "grows its titles with the text size" : "draws no buttons"); "
                             + "iOS shows the Large Content Viewer for controls that keep their size (tabBar, tabs)")
        }
        let listed = (root.descendant(["snapshots", "textScales"]).flatMap { try? $0.list() } ?? []).compactMap { try? SnapshotTextScale.read($0).factor }
        let smallest = LargeContentViewer.smallestTextScale - 1e-9
        guard spec.textScale >= smallest || listed.contains(where: { $0 >= smallest }) else {
            throw node.error("largeContent: the Large Content Viewer shows only at accessibility text sizes; set textScale to "
                             + "\(String(format: "%.2f", LargeContentViewer.smallestTextScale)) (accessibility1) or more, or list accessibility1…5 in snapshots.textScales")
        }
    }
}
