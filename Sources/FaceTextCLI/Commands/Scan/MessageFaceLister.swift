import FaceText

/// `scan` of a chat log in a message format: the lines of ``FaceLister``, each
/// with the `sender` and `time` of the message the face is in (null when the
/// export gives none). A message's header (its time and sender) is no text:
/// the lister reads spaces in its place, so a face in a name is not listed,
/// and lines and offsets stay those of the file. (Telegram's JSON export has
/// no lines of text: there they count in the messages' texts, each ended by a line feed.)
struct MessageFaceLister {
    private var lister: FaceLister
    private let scratch = StreamOutput(capacity: 1 << 16)
    private var blanked: [UInt8] = []
    /// The messages whose faces may still come: the offset their text starts at, and their header's JSON fields.
    private var starts: [(offset: Int, fields: [UInt8])] = []
    private var first = 0
    /// The bytes fed to the lister so far: the file's own, or for Telegram's JSON the messages' texts.
    private var fed = 0
    private static let none = Array(#","sender":null,"time":null"#.utf8)

    init(catalog: FaceCatalog, recognizing recognized: FaceScanner.Recognized) {
        lister = FaceLister(catalog: catalog, recognizing: recognized)
    }

    mutating func startFile(_ name: String) {
        lister.startFile(name)
        starts = []
        first = 0
        fed = 0
    }

    mutating func feed(_ line: ChatLog.Splitter.Line, into out: StreamOutput) {
        if let header = line.header {
            // A face still to come is at most a few hundred bytes back (what the scanner holds):
            // messages that ended long before this line are done with.
            while first + 1 < starts.count, starts[first + 1].offset + (1 << 16) < fed { first += 1 }
            if first > 64 && first * 2 > starts.count {
                starts.removeFirst(first)
                first = 0
            }
            starts.append((fed + line.textStart, Self.fields(header)))
        }
        if line.header != nil && line.textStart > 0 {
            // The header's bytes as spaces (its line ending kept, so lines still count).
            blanked.removeAll(keepingCapacity: true)
            blanked.append(contentsOf: line.bytes)
            var end = min(line.textStart, line.bytes.count)
            while end > 0, blanked[end - 1] == 0x0A || blanked[end - 1] == 0x0D { end -= 1 }
            for index in 0..<end { blanked[index] = 0x20 }
            blanked.withUnsafeBufferPointer { lister.feed($0, into: scratch) }
        } else {
            lister.feed(line.bytes, into: scratch)
        }
        fed += line.bytes.count
        move(into: out)
    }

    mutating func finish(into out: StreamOutput) {
        lister.finish(into: scratch)
        move(into: out)
    }

    /// Moves the lines in ``scratch`` to `out`, each with its message's fields before its closing brace.
    private mutating func move(into out: StreamOutput) {
        scratch.withBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: start)! + 1
                let offset = Self.offset(in: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                while first + 1 < starts.count, starts[first + 1].offset <= offset { first += 1 }
                let fields = first < starts.count && starts[first].offset <= offset ? starts[first].fields : Self.none
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<(end - 2)]))
                out.append(fields)
                out.append(Array("}\n".utf8))
                start = end
            }
        }
        scratch.removeAll()
    }

    /// The value of `"offset":` in a line of the lister (after its text, so read from the end).
    private static func offset(in line: UnsafeBufferPointer<UInt8>) -> Int {
        let key = Array(#""offset":"#.utf8)
        var index = line.count - key.count
        while index >= 0 {
            if line[index] == key[0], UnsafeBufferPointer(rebasing: line[index..<(index + key.count)]).elementsEqual(key) { break }
            index -= 1
        }
        var value = 0
        index += key.count
        while index < line.count, line[index] &- 0x30 < 10 {
            value = value * 10 + Int(line[index] - 0x30)
            index += 1
        }
        return value
    }

    private static func fields(_ header: ChatLog.Header) -> [UInt8] {
        let sender = header.sender.map(JSONText.quoted) ?? "null"
        let time = header.time.map { "\"" + $0.iso8601 + "\"" } ?? "null"
        return Array(",\"sender\":\(sender),\"time\":\(time)".utf8)
    }
}
