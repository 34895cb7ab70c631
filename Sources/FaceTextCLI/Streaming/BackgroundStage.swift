import Dispatch

/// The back half of a command's work, done a batch at a time on a thread of
/// its own while the calling thread makes the next batch: `page` splits
/// messages into markup on one thread and renders their text on the other.
///
/// Up to `depth` batches (3) wait or are worked on while one is made, so that
/// a batch slower than the others on either side does not hold the other
/// thread up; batches are done in the order they are handed over. Batches
/// are swapped, not copied: ``hand(_:)`` gives back a batch done before, as
/// the work left it, for the caller to empty and fill again (keeping its
/// capacity).
///
/// With `threaded: false` the work is done on the calling thread, at each
/// hand-over: the same results, which the tests compare with the threaded
/// ones.
final class BackgroundStage<Batch>: @unchecked Sendable {
    /// What both threads hold. The thread holds only this, so the stage's deinit can end it.
    private final class Shared: @unchecked Sendable {
        let work: (inout Batch) -> Void
        /// The batches handed over and not yet given back, in a ring: each place is
        /// touched by one thread at a time, as the semaphores hand it on.
        let ring: UnsafeMutableBufferPointer<Batch>
        var closing = false
        /// Counts the batches handed over and not yet taken by the thread (and the closing).
        let handed = DispatchSemaphore(value: 0)
        /// Counts the places of the ring whose batch is done.
        let done: DispatchSemaphore
        let stopped = DispatchSemaphore(value: 0)

        init(empty: Batch, depth: Int, work: @escaping (inout Batch) -> Void) {
            ring = .allocate(capacity: depth)
            ring.initialize(repeating: empty)
            self.work = work
            done = DispatchSemaphore(value: depth)
        }

        deinit {
            _ = ring.deinitialize()
            ring.deallocate()
        }

        func run() {
            var place = 0
            while true {
                handed.wait()
                if closing { break }
                // (Only this thread touches this place until it signals it done.)
                work(&ring[place])
                place = (place + 1) % ring.count
                done.signal()
            }
            stopped.signal()
        }
    }

    private let shared: Shared
    private let threaded: Bool
    private var place = 0
    private var closed = false

    /// A stage that does `work` to each batch handed to it, with up to `depth` batches handed over
    /// and not yet done; `empty` is what the first hand-overs give back.
    init(empty: Batch, depth: Int = 3, threaded: Bool = true, work: @escaping (inout Batch) -> Void) {
        shared = Shared(empty: empty, depth: threaded ? max(1, depth) : 1, work: work)
        self.threaded = threaded
        guard threaded else { return }
        startWorkerThread { [shared] in shared.run() }
    }

    /// Hands `next` over once there is room, and puts in its place a batch done before.
    func hand(_ next: inout Batch) {
        guard threaded else {
            shared.work(&next)
            return
        }
        shared.done.wait()
        swap(&shared.ring[place], &next)
        place = (place + 1) % shared.ring.count
        shared.handed.signal()
    }

    /// Waits until every batch handed over is done, so that what the work has made can be read.
    func finish() {
        guard threaded else { return }
        for _ in shared.ring.indices { shared.done.wait() }
        for _ in shared.ring.indices { shared.done.signal() }
    }

    /// Finishes and ends the thread (done on deinit too).
    func close() {
        guard threaded, !closed else { return }
        closed = true
        finish()
        shared.closing = true
        shared.handed.signal()
        shared.stopped.wait()
    }

    deinit { close() }
}
