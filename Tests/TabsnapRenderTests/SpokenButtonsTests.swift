import Tabsnap
import XCTest

/// What a screen reader says for each button: label (the accessibility label before the
/// title), role, place, selection, badge and hint.
final class SpokenButtonsTests: XCTestCase {
    private func spoken(_ yaml: String, position: Double? = nil) throws -> [String] {
        let bar = try SpecLoader.parse(yaml)
        return SpokenButtons.lines(of: Renderer().geometry(of: bar, position: position), items: bar.items)
    }

    func testLabelsRolesPlacesSelectionBadgesAndHints() throws {
        let yaml = """
            preset: tabBar
            width: 390
            position: 2
            items:
              - {title: Home, icon: home}
              - {title: Search, icon: search, badge: ''}
              - {title: Inbox, icon: bell, badge: '3', accessibilityHint: Opens your messages}
              - {icon: person, accessibilityLabel: Profile, badge: '1'}
              - {title: More, icon: gear, badge: New}
            """
        XCTAssertEqual(try spoken(yaml), [
            "Home, tab, 1 of 5",
            "Search, tab, 2 of 5, new",
            "Inbox, tab, 3 of 5, selected, 3 new items. Opens your messages",
            "Profile, tab, 4 of 5, 1 new item",
            "More, tab, 5 of 5, New",
        ])
        // Mid-swipe the nearer button is the selected one; an icon without a label says so.
        let halfway = try spoken("preset: tabBar\nwidth: 320\nitems: [{title: A, icon: home}, {icon: search}]\n", position: 0.6)
        XCTAssertEqual(halfway, ["A, tab, 1 of 2", "unlabelled, tab, 2 of 2, selected"])
        XCTAssertEqual(try spoken("preset: tabBar\nwidth: 320\nitems: [{title: A, icon: home}, {icon: search}]\n", position: 0.4).first,
                       "A, tab, 1 of 2, selected")
    }

    /// Markup is spoken as its text; the label wins over the title.
    func testMarkupAndLabels() throws {
        XCTAssertEqual(try spoken("preset: buttonBar\nwidth: 320\nitems: [{markup: '<b>Sale</b> 50%'}, {title: Inbox, accessibilityLabel: Messages}]\n"),
                       ["Sale 50%, tab, 1 of 2, selected", "Messages, tab, 2 of 2"])
    }
}
