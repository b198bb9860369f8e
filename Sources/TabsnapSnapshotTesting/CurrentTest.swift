import Foundation
import XCTest
#if canImport(Testing)
import Testing
#endif

/// The test running now, for naming a failure's pictures after it: the test's file (without
/// `.swift`; for XCTest, the test case class, which is how swift-snapshot-testing names its
/// `__Snapshots__` folders too) and the test function without its parameter list.
///
/// Swift Testing says which test is current (`Test.current`, per task). XCTest on Linux does not;
/// it tells observers when each test starts, and Tabsnap's observer is registered before `main`
/// (`CTestObserver`), so it has seen every start. XCTest runs one test at a time.
struct CurrentTest: Hashable, Sendable {
    var file: String
    var test: String

    static var now: CurrentTest? {
        #if canImport(Testing)
        if let test = Test.current {
            let file = test.sourceLocation.fileName.replacingOccurrences(of: ".swift", with: "")
            return CurrentTest(file: file, test: String(test.name.prefix { $0 != "(" }))
        }
        #endif
        return XCTestWatcher.shared.running
    }
}

/// Notes which XCTest test is running.
final class XCTestWatcher: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = XCTestWatcher()
    private let lock = NSLock()
    private var current: CurrentTest?

    var running: CurrentTest? { lock.withLock { current } }

    func testCaseWillStart(_ testCase: XCTestCase) {
        // Linux: "Class.test" (some versions: "Module.Class.test"); macOS: "-[Class test]".
        let words = testCase.name.split { "-[]. ".contains($0) }.map(String.init)
        let test = words.last ?? testCase.name
        let file = words.count > 1 ? words[words.count - 2] : String(describing: type(of: testCase))
        lock.withLock { current = CurrentTest(file: file, test: test) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { current = nil }
    }
}

/// Called once, before `main`, by CTestObserver's constructor.
@_cdecl("tabsnap_watch_xctests")
func watchXCTests() {
    XCTestObservationCenter.shared.addTestObserver(XCTestWatcher.shared)
}
