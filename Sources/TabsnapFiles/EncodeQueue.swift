import Dispatch
import Foundation

/// Encodes run on other threads while a writer goes on, their results taken in the order
/// they were asked for: the frames of an animation encoded on all cores, as a folder's frames
/// are rendered (issue 31). At most `depth` encodes are in flight; asking for one more waits
/// for the oldest, so memory holds `depth` frames' work however many frames there are.
package final class EncodeQueue<Item>: @unchecked Sendable {
    /// One encode: its result when it has one.
    package final class Ticket: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Swift.Result<[UInt8], FileError>?
        /// What the caller keeps with the encode (changed on the caller's thread only).
        package var item: Item

        init(item: Item) { self.item = item }

        func finish(_ outcome: Swift.Result<[UInt8], FileError>) {
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the bytes (or the encoder's error).
        package func bytes() throws(FileError) -> [UInt8] {
            condition.lock()
            while result == nil { condition.wait() }
            let outcome = result
            condition.unlock()
            switch outcome {
            case .success(let bytes)?: return bytes
            case .failure(let error)?: throw error
            case nil: return []
            }
        }
    }

    package let depth: Int
    /// Encodes asked for and not yet taken, oldest first.
    package private(set) var pending: [Ticket] = []

    /// `depth`: encodes in flight at once (1: each waits for the one before, as one thread would).
    package init(depth: Int) {
        self.depth = max(depth, 1)
    }

    /// Starts `work` on another thread for `item`; returns the oldest encode when more than
    /// `depth` are in flight, for the caller to take (in order).
    package func submit(_ item: Item, _ work: @escaping @Sendable () throws(FileError) -> [UInt8]) -> Ticket? {
        let ticket = Ticket(item: item)
        pending.append(ticket)
        if depth == 1 {
            ticket.finish(Swift.Result { () throws(FileError) in try work() })
        } else {
            DispatchQueue.global(qos: .userInitiated).async { ticket.finish(Swift.Result { () throws(FileError) in try work() }) }
        }
        return pending.count > depth ? pending.removeFirst() : nil
    }

    /// The newest encode asked for, if any (its item may still change: a hold lengthens it).
    package var newest: Ticket? { pending.last }

    /// Every encode still in flight, oldest first, and forgets them.
    package func drain() -> [Ticket] {
        defer { pending = [] }
        return pending
    }
}
