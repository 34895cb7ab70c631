import FaceText

extension WrapCommand {
    /// Where the wrapped lines go (the sinks are objects, so the enum never copies what they hold).
    enum Output {
        /// The input with line feeds inserted.
        case plain
        case json(JSONMessages)
        case bubbles(BubbleMessages)

        func feed(_ bytes: UnsafeBufferPointer<UInt8>, to stream: inout TextWrapper.Stream, out: StreamOutput) {
            switch self {
            case .plain: stream.feed(bytes, into: out)
            case .json(var sink): stream.feed(bytes, to: &sink)
            case .bubbles(var sink): sink.safe.clean(bytes) { stream.feed($0, to: &sink) }
            }
        }

        func finish(_ stream: inout TextWrapper.Stream, out: StreamOutput) {
            switch self {
            case .plain: stream.finish(into: out)
            case .json(var sink): stream.finish(to: &sink)
            case .bubbles(var sink):
                sink.safe.clean(UnsafeBufferPointer(start: nil, count: 0), final: true) { stream.feed($0, to: &sink) }
                stream.finish(to: &sink)
            }
        }

        /// Line numbers and alternating sides start again with each input.
        func startFile() {
            switch self {
            case .plain: break
            case .json(let sink): sink.lineNumber = 0
            case .bubbles(let sink): sink.messageNumber = 0
            }
        }
    }
}
