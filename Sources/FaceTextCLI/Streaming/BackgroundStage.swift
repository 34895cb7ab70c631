import Dispatch

/// The back half of a command's work, done a batch at a time on a thread of
/// its own while the calling thread makes the next batch: `stats --by` reads
/// messages' headers on one thread and counts their faces on the other;
/// `page` splits messages into markup on one and renders their text on the
/// other.
///
/// One batch is worked on while one is made: memory holds two batches, and
/// batches are done in the order they are handed over. Batches are swapped,
/// not copied: ``hand(_:)`` gives back the batch done before, as the work
/// left it, for the caller to empty and fill again (keeping its capacity).
///
/// With `threaded: false` the work is done on the calling thread, at each
/// hand-over: the same results, which the tests compare with the threaded
/// ones.
final class BackgroundStage<Batch>: @unchecked Sendable {
    /// What both threads hold. The thread holds only this, so the stage's deinit can end it.
    private final class Shared: @unchecked Sendable {
        let work: (inout Batch) -> Void
        /// The batch being worked on (or the last one done).
        var batch: Batch
        var closing = false
        /// Signalled when a batch is handed over, and when the stage is closing.
        let handed = DispatchSemaphore(value: 0)
        /// Held from a hand-over until its batch is done.
        let idle = DispatchSemaphore(value: 1)
        let stopped = DispatchSemaphore(value: 0)

        init(batch: Batch, work: @escaping (inout Batch) -> Void) { (self.batch, self.work) = (batch, work) }

        func run() {
            while true {
                handed.wait()
                if closing { break }
                work(&batch)
                idle.signal()
            }
            stopped.signal()
        }
    }

    private let shared: Shared
    private let threaded: Bool
    private var closed = false

    /// A stage that does `work` to each batch handed to it, starting with `empty` as the batch it gives back first.
    init(empty: Batch, threaded: Bool = true, work: @escaping (inout Batch) -> Void) {
        shared = Shared(batch: empty, work: work)
        self.threaded = threaded
        guard threaded else { return }
        startWorkerThread { [shared] in shared.run() }
    }

    /// Hands `next` over once the batch before it is done, and puts that one in its place.
    func hand(_ next: inout Batch) {
        guard threaded else {
            shared.work(&next)
            return
        }
        shared.idle.wait()
        swap(&shared.batch, &next)
        shared.handed.signal()
    }

    /// Waits until every batch handed over is done, so that what the work has made can be read.
    func finish() {
        guard threaded else { return }
        shared.idle.wait()
        shared.idle.signal()
    }

    /// Finishes and ends the thread (done on deinit too).
    func close() {
        guard threaded, !closed else { return }
        closed = true
        shared.idle.wait()
        shared.closing = true
        shared.handed.signal()
        shared.stopped.wait()
        shared.idle.signal()
    }

    deinit { close() }
}
