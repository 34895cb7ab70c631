import FaceText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes bytes: standard output, standard error, or a buffer in tests.
public protocol ByteSink: AnyObject {
    /// Writes all the bytes, or throws ``IOError``.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError)
    /// Ends what is written: a named file is put in place (nothing, for a stream).
    func commit() throws(IOError)
}

extension ByteSink {
    /// Nothing to put in place: what was written is there.
    public func commit() throws(IOError) {}

    /// Writes all the bytes, or throws ``IOError``.
    public func write(_ bytes: [UInt8]) throws(IOError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(IOError) in try write(buffer) }
    }

    /// Writes text as UTF-8.
    public func write(_ text: String) throws(IOError) {
        try write(Array(text.utf8))
    }

    /// Writes what `buffer` holds, if anything, and empties it.
    public func drain(_ buffer: StreamOutput) throws(IOError) {
        guard buffer.count > 0 else { return }
        try buffer.withBytes { (bytes) throws(IOError) in try write(bytes) }
        buffer.removeAll()
    }
}

/// Where a command reads bytes from: a file, standard input, or a buffer in tests.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 at the end of the input.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(IOError) -> Int
    /// Releases the source (closes a file); reading afterwards is an error.
    func close()
}

extension ByteSource {
    /// Reads until `buffer` is full or the input ends; returns how many bytes were read, and the
    /// read error that stopped it short.
    func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, failure: IOError?) {
        var count = 0
        while count < buffer.count {
            do throws(IOError) {
                let read = try self.read(into: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                if read == 0 { break }
                count += read
            } catch {
                return (count, error)
            }
        }
        return (count, nil)
    }
}

/// A failed read or write.
public enum IOError: Error, Equatable, CustomStringConvertible {
    /// The reader of our output went away (EPIPE): stop quietly.
    case brokenPipe
    /// A write failed with the given `errno`.
    case writeFailed(errno: Int32)
    /// A read failed with the given `errno`.
    case readFailed(errno: Int32)
    /// A file could not be opened.
    case openFailed(errno: Int32)

    public var description: String {
        switch self {
        case .brokenPipe: "broken pipe"
        case .writeFailed(let code), .readFailed(let code), .openFailed(let code): Self.message(code)
        }
    }

    /// The C library's message for an `errno` value.
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A file descriptor used as a sink: every write goes straight to `write(2)`.
public final class FileDescriptorSink: ByteSink {
    let descriptor: Int32

    private let owned: Bool

    /// Wraps an open descriptor (not closed by this object).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        owned = false
    }

    deinit {
        if owned { close(descriptor) }
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .brokenPipe }
                throw .writeFailed(errno: errno)
            }
            offset += written
        }
    }
}

/// A file descriptor used as a source.
public final class FileDescriptorSource: ByteSource {
    private var descriptor: Int32
    private let owned: Bool

    /// Wraps a descriptor; `owned` descriptors are closed by ``close()``.
    public init(descriptor: Int32, owned: Bool = false) {
        self.descriptor = descriptor
        self.owned = owned
    }

    /// Opens a file for reading.
    public init(path: String) throws(IOError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .openFailed(errno: errno) }
        self.descriptor = descriptor
        owned = true
    }

    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(IOError) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw .readFailed(errno: errno)
        }
    }

    public func close() {
        if owned && descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }
}

/// An in-memory sink, for tests and for capturing output.
public final class BufferSink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) {
        self.bytes.append(contentsOf: bytes)
    }

    /// The bytes written so far, decoded as UTF-8 (invalid bytes replaced).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// An in-memory source, for tests. Hands out at most `chunkSize` bytes per read.
public final class BufferSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private let chunkSize: Int

    public init(_ bytes: [UInt8], chunkSize: Int = .max) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public convenience init(_ text: String, chunkSize: Int = .max) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(IOError) -> Int {
        let count = min(buffer.count, chunkSize, bytes.count - position)
        for index in 0..<count { buffer[index] = bytes[position + index] }
        position += count
        return count
    }

    public func close() {}
}

// The C library's read(2), write(2) and close(2), by names no method shadows.
#if canImport(Glibc)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif
