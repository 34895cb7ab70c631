import FaceText
import Testing
import TestSupport
@testable import FaceTextCLI

/// `--jobs`: threads reading, transforming and writing in turns must write
/// exactly what one sequential stream writes, whatever the line lengths,
/// segment sizes and reads.
@Suite struct ParallelTransformTests {
    static let corpus = ChatCorpus(seed: 7, lines: 400).bytes

    /// Inputs that stress the cuts: long lines, no line feed at all, CR only,
    /// line feeds at every segment end, and hostile bytes.
    static let inputs: [[UInt8]] = {
        var hostile = HostileText(seed: 0xFACE_0007)
        var lines: [UInt8] = []
        for _ in 0..<300 { lines += hostile.next(maximumPieces: 12) + [0x0A] }
        var noBreaks = HostileText(seed: 0xFACE_0008, pieces: [.tag, .emoji, .cjk, .ascii, .invalid, .partialTag])
        var unbroken: [UInt8] = []
        for _ in 0..<200 { unbroken += noBreaks.next() }
        return [
            [], Array("\n".utf8), Array("[哈哈]".utf8), Array("[哈哈]\n\n[心]\r\n😀".utf8), lines, unbroken,
            Array(repeating: "[哈哈]\n", count: 500).flatMap { Array($0.utf8) },
            Array(String(repeating: "x", count: 3000).utf8) + Array("[哈哈]\n[心]".utf8),
            Array("[哈哈]\r[心]\r😀\r".utf8), corpus,
        ]
    }()

    /// What one stream, on one thread, makes of `input`.
    static func sequentialOutput(of prototype: TransformStream, for input: [UInt8]) -> [UInt8] {
        var stream = prototype
        var output: [UInt8] = []
        stream.process(input, into: &output)
        stream.finish(into: &output)
        return output
    }

    @Test(arguments: [(2, 1), (2, 7), (3, 64), (5, 100), (2, 4096), (1, 50), (4, 1 << 20)])
    func renderAndTagWriteWhatOneStreamWrites(jobs: Int, segmentSize: Int) throws {
        let transforms = [FaceRenderer(catalog: .default).makeStream(), FaceTagger(catalog: .default).makeStream(),
                          FaceRenderer(catalog: .default, style: .html()).makeStream(), FaceRenderer(catalog: .wechat).makeStream()]
        for (number, input) in Self.inputs.enumerated() {
            for prototype in transforms {
                let expected = Self.sequentialOutput(of: prototype, for: input)
                for readSize in [Int.max, 3] {
                    let sink = BufferSink()
                    let failure = try ParallelTransform.transform(BufferSource(input, chunkSize: readSize), to: sink, jobs: jobs,
                                                                  segmentSize: segmentSize, stream: prototype)
                    #expect(failure == nil)
                    #expect(sink.bytes == expected, "input \(number), reads of \(readSize)")
                }
            }
        }
    }

    /// Output held past the limit is written early, in its turn: the same bytes, in the same order.
    @Test(arguments: [(2, 64, 1), (3, 300, 50), (2, 4096, 100), (1, 700, 10)])
    func outputWrittenEarlyIsTheSameOutput(jobs: Int, segmentSize: Int, outputLimit: Int) throws {
        // HTML with images for emoji: many times the input.
        let transforms = [FaceRenderer(catalog: .default, style: .html(), emojiImages: true).makeStream(),
                          FaceTagger(catalog: .default).makeStream()]
        for (number, input) in Self.inputs.enumerated() {
            for prototype in transforms {
                let expected = Self.sequentialOutput(of: prototype, for: input)
                let sink = BufferSink()
                let failure = try ParallelTransform.transform(BufferSource(input, chunkSize: 5), to: sink, jobs: jobs,
                                                              segmentSize: segmentSize, outputLimit: outputLimit, stream: prototype)
                #expect(failure == nil)
                #expect(sink.bytes == expected, "input \(number)")
            }
        }
    }

    /// A piece whose output passes the buffer's room (a 150 KB template for every tag) is written
    /// from inside the piece, in its turn: the same bytes, in the same order.
    @Test(arguments: [(2, 64), (3, 1000), (2, 1 << 20)])
    func aPieceThatMakesMegabytesIsWrittenAsItIsMade(jobs: Int, segmentSize: Int) throws {
        let template = String(repeating: "x", count: 150_000) + "{tag}\n"
        let prototype = FaceRenderer(catalog: .default, style: .template(template)).makeStream()
        let input = Array((0..<30).map { $0 % 3 == 0 ? "今天[哈哈]\n" : "[心][赞] ok\n" }.joined().utf8)
        let expected = Self.sequentialOutput(of: prototype, for: input)
        let sink = BufferSink()
        let failure = try ParallelTransform.transform(BufferSource(input, chunkSize: 7), to: sink, jobs: jobs,
                                                      segmentSize: segmentSize, outputLimit: 1000, stream: prototype)
        #expect(failure == nil)
        #expect(sink.bytes == expected)
    }

    @Test func aReadErrorEndsTheInputAfterWritingWhatWasRead() throws {
        let input = Self.corpus
        let source = FailingSource(input, failAfter: 10_000)
        let sink = BufferSink()
        let failure = try ParallelTransform.transform(source, to: sink, jobs: 3, segmentSize: 700,
                                                      stream: FaceRenderer(catalog: .default).makeStream())
        #expect(failure == .readFailed(errno: 5))
        #expect(sink.bytes == FaceRenderer(catalog: .default).render(Array(input[0..<10_000])))
    }

    @Test func aWriteErrorStopsEveryThreadAndIsThrown() {
        let sink = FailingSink(acceptedWrites: 3)
        #expect(throws: IOError.brokenPipe) {
            _ = try ParallelTransform.transform(BufferSource(Self.corpus), to: sink, jobs: 3, segmentSize: 256,
                                                stream: FaceRenderer(catalog: .default).makeStream())
        }
    }

    @Test func theOptionTakesANumberOfThreadsOrZeroForEachProcessor() {
        let files = ["a.txt": Self.corpus, "b.txt": Array("[哈哈]😀".utf8)]
        for command in ["render", "tag"] {
            let expected = runCLI([command, "a.txt", "b.txt"], files: files)
            for jobs in ["1", "2", "0"] {
                let result = runCLI([command, "--jobs", jobs, "a.txt", "b.txt"], files: files)
                #expect(result.status == .success)
                #expect(result.stdout == expected.stdout, "\(command) --jobs \(jobs)")
            }
            let missing = runCLI([command, "-j", "2", "a.txt", "/nonexistent/c.txt"], files: files)
            #expect(missing.status == .failure)
            #expect(missing.stderr == "facetext: error: '/nonexistent/c.txt': No such file or directory\n")
        }
        let negative = runCLI(["render", "--jobs", "-1"])
        #expect(negative.status == .usage)
        #expect(negative.stderr.contains("--jobs"))
        #expect(runCLI(["tag", "-j", "many"]).status == .usage)
        #expect(runCLI(["render", "--help"]).text.contains("-j, --jobs <n>"))
    }
}

/// A source that fails with EIO after handing out `failAfter` bytes.
private final class FailingSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private let failAfter: Int

    init(_ bytes: [UInt8], failAfter: Int) {
        self.bytes = bytes
        self.failAfter = failAfter
    }

    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(IOError) -> Int {
        guard position < failAfter else { throw .readFailed(errno: 5) }
        let count = min(buffer.count, failAfter - position)
        for index in 0..<count { buffer[index] = bytes[position + index] }
        position += count
        return count
    }

    func close() {}
}

/// A sink whose reader goes away after a few writes.
private final class FailingSink: ByteSink {
    private var accepted: Int

    init(acceptedWrites: Int) {
        accepted = acceptedWrites
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOError) {
        guard accepted > 0 else { throw .brokenPipe }
        accepted -= 1
    }
}
