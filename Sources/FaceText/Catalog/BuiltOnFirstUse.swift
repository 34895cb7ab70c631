import Foundation

/// A value built on its first use, from any thread: what a shared index
/// holds that most of its users never read.
final class BuiltOnFirstUse<Value: Sendable>: @unchecked Sendable {
    // The lock guards `built`; `make` is only read.
    private let lock = NSLock()
    private var built: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, built by the first caller.
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let value = make()
        built = value
        return value
    }
}
