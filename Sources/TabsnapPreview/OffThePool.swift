import Dispatch

/// Runs `body` on `queue` and waits for it without holding one of the threads Swift's tasks
/// share (two on a 2-core machine): a long render there would hold up every other request. Any
/// failure becomes a 422 carrying its message.
///
/// A request whose page went away (the server cancels its task) is not drawn: the work waiting in
/// the queue is skipped when its turn comes.
func offThePool<T: Sendable>(_ queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T) async throws(PreviewProblem) -> T {
    let gone = Locked(false)
    let result: Result<T, PreviewProblem> = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
        queue.async {
            if gone.value {
                continuation.resume(returning: .failure(PreviewProblem(status: 499, description: "the page went away")))
                return
            }
            do {
                continuation.resume(returning: .success(try body()))
            } catch let problem as PreviewProblem {
                continuation.resume(returning: .failure(problem))
            } catch let error as CustomStringConvertible {
                continuation.resume(returning: .failure(PreviewProblem(status: 422, description: error.description)))
            } catch {
                continuation.resume(returning: .failure(PreviewProblem(status: 422, description: "\(error)")))
            }
        }
        }
    } onCancel: {
        gone.set(true)
    }
    return try result.get()
}
