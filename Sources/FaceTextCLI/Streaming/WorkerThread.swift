#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `body` on a new POSIX thread, detached: the caller waits for it
/// by its own means (``ParallelTransform`` uses a dispatch group).
///
/// A thread of its own, not a dispatch queue: the workers block on one
/// another's turns, which a pool of limited width could deadlock.
func startWorkerThread(_ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t? = nil
    #endif
    let status = pthread_create(&thread, nil, { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
    }, context)
    precondition(status == 0, "cannot start a thread (error \(status))")
        #if canImport(Glibc)
    pthread_detach(thread)
    #else
    pthread_detach(thread!)
    #endif
}
