#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `path` is a FIFO.
func isFIFO(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
}

/// A descriptor this object closes.
final class OwnedDescriptorSink: ByteSink {
    private let sink: FileDescriptorSink
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
        sink = FileDescriptorSink(descriptor: descriptor)
    }

    deinit { close(descriptor) }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) { try sink.write(bytes) }
}
