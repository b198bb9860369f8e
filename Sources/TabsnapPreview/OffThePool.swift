import Dispatch

/// Runs `body` on `queue` and waits for it without holding one of the threads Swift's tasks
/// share (two on a 2-core machine): a long render there would hold up every other request. Any
/// failure becomes a 422 carrying its message.
func offThePool<T: Sendable>(_ queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T) async throws(PreviewProblem) -> T {
    let result: Result<T, PreviewProblem> = await withCheckedContinuation { continuation in
        queue.async {
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
    return try result.get()
}
