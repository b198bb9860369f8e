import Foundation

/// Answers about a markup text kept for the next asker: the lint asks the same title's colours
/// and sizes at every position of every variant (a 100-item bar parsed its markup 40 000 times
/// a variant). At most `capacity` answers, forgotten all at once past it; shared by threads.
final class MarkupMemo<Key: Hashable, Value>: @unchecked Sendable {
    private var answers: [Key: Value] = [:]
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The answer for `key`, made by `make` the first time.
    func value(_ key: Key, _ make: () -> Value) -> Value {
        if let known = lock.withLock({ answers[key] }) { return known }
        let made = make()
        lock.withLock {
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = made
        }
        return made
    }
}
