import Foundation
@testable import TabsnapCairo
import XCTest

/// The text clock leaves out what a vector surface timed whole spends on icons (review of
/// stop 63: an icon-heavy spec with its own fonts was charged the icons as text), and counts
/// the pictures painted.
final class TextClockTests: XCTestCase {
    /// Spends about `milliseconds` of this thread's CPU time.
    private func spin(milliseconds: Double) {
        var time = timespec()
        func now() -> Double {
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
        }
        let start = now()
        var x = 0.0
        while now() - start < milliseconds { x += 1 }
        XCTAssertGreaterThan(x, 0)
    }

    func testUntimedPartsOfATimedRegionAreLeftOut() {
        let clock = TextClock()
        clock.timed { clock.untimed { spin(milliseconds: 300) } }
        XCTAssertLessThan(clock.milliseconds, 100, "the icon's 300 ms are not text")
        clock.timed {
            spin(milliseconds: 200)
            clock.untimed { spin(milliseconds: 200) }
        }
        XCTAssertGreaterThanOrEqual(clock.milliseconds, 200)
        XCTAssertLessThan(clock.milliseconds, 300)
        // Outside a timed region an untimed part takes nothing from the next region.
        clock.untimed { spin(milliseconds: 100) }
        let before = clock.milliseconds
        clock.timed { spin(milliseconds: 100) }
        XCTAssertGreaterThanOrEqual(clock.milliseconds - before, 100)
        // A surface replaying the icon when finished: its replay is left out too.
        let replaying = TextClock()
        replaying.timed {
            replaying.untimed(replayed: true) { spin(milliseconds: 150) }
            spin(milliseconds: 150)  // the replay, as long again
            spin(milliseconds: 100)  // text
        }
        XCTAssertGreaterThanOrEqual(replaying.milliseconds, 100)
        XCTAssertLessThan(replaying.milliseconds, 200)
    }

    func testPicturesAreTakenWithTheTime() {
        let clock = TextClock()
        clock.countPicture()
        clock.countPicture()
        clock.add(milliseconds: 7)
        XCTAssertEqual(clock.take().pictures, 2)
        let again = clock.take()
        XCTAssertEqual(again.pictures, 0)
        XCTAssertEqual(again.milliseconds, 0)
    }
}
