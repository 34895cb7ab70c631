/// Writes `facetext scan` lines straight into a byte buffer. A line is cut
/// into what depends only on the face and its text (the head, `{"kind":…,
/// "text":…,"tag":…,"emoji":…,"image":…`, and the tail, `,"length":N}`, kept
/// per distinct text by ``ScanLineHeads``), what changes only from line to
/// line or every 10,000 bytes (the place, `,"file":…,"line":N,"offset":`
/// and the offset's digits but the last four), and the last four digits of
/// the offset: three copies and four digits per face.
struct ScanLineWriter {
    /// `"tag":…,"emoji":…,"image":…` for each face of the catalog.
    private let faceFields: [[UInt8]]
    /// The catalog, for the face of a toned emoji's base (``SkinTones``).
    private let catalog: FaceCatalog
    private var heads = ScanLineHeads()
    private var place = Place()

    private static let kindOpenings = [Token.Kind.tag, .emoji, .image, .unknown].map {
        Array("{\"kind\":\"\($0.rawValue)\",\"text\":\"".utf8)
    }

    init(catalog: FaceCatalog) {
        self.catalog = catalog
        faceFields = catalog.faces.map { face in
            Array(("\"tag\":" + JSONText.quoted(face.tag) + ",\"emoji\":" + Self.quotedOrNull(face.emoji)
                   + ",\"image\":" + Self.quotedOrNull(face.image ?? face.animatedImage)).utf8)
        }
        startFile("-")
    }

    /// Starts a file, whose stream numbers its emoji afresh.
    mutating func startFile(_ name: String) {
        makeUnique()
        heads.forgetNumbers()
        place.startFile(Array((",\"file\":" + JSONText.quoted(name) + ",\"line\":").utf8))
    }

    /// Gives this writer a place and a store of line parts of its own if a
    /// copy shares them, so that copies write on independently (and may be
    /// used from different threads).
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&place) { place = place.copy() }
        if !isKnownUniquelyReferenced(&heads) { heads = ScanLineHeads() }
    }

    /// Writes the line of a face (`kind` as ``kindIndex(_:)`` gives it,
    /// `face` a face, none, or the number of an emoji without a face)
    /// found at `offset` of the current file, on line `line`. `text` is its
    /// bytes, and `readable` how many bytes may be read from the start of
    /// `text` (at least its length).
    @inline(__always)
    func write(kind: UInt8, face: FaceCode, offset: Int, text bytes: UnsafeBufferPointer<UInt8>, readable: Int,
               line: Int, to out: inout LineSpace) {
        let (high, low) = offset.quotientAndRemainder(dividingBy: 10_000)
        if line != place.line || high != place.high { place.set(line: line, high: high) }
        let number = face.facelessNumber
        if let parts = (number.flatMap { heads.parts(number: $0) }) ?? foundParts(kind: kind, face: face, bytes, readable: readable, number: number) {
            var writer = ByteWriter(at: out.room(parts.head.count + place.bytes.count + 256))
            // Heads of faces are 80 or 96 bytes long, nearly all: six blocks (eight cost `scan` 3–4% on face-dense input).
            writer.put(parts.head, copyingUpTo: 96)
            writer.put(place.bytes, copyingUpTo: 64)
            Self.writeOffset(low: low, high: high, to: &writer)
            writer.put(parts.tail, copyingUpTo: 16)
            out.advance(by: writer.count)
        } else {
            writeUnkept(kind: kind, face: face, low: low, high: high, bytes, to: &out)
        }
    }

    /// Writes a line piece by piece: for a text too long to keep, or escaped.
    private func writeUnkept(kind: UInt8, face: FaceCode, low: Int, high: Int, _ bytes: UnsafeBufferPointer<UInt8>,
                             to out: inout LineSpace) {
        let face = face.faceIndex
        var writer = ByteWriter(at: out.room(partsSize(kind, face, bytes, textCount: JSONText.escapedSize(bytes.count)) + place.bytes.count + 64))
        _ = writeHead(kind, face, text: bytes, escaping: true, to: &writer)
        writer.put(place.bytes)
        Self.writeOffset(low: low, high: high, to: &writer)
        Self.writeTail(length: bytes.count, to: &writer)
        out.advance(by: writer.count)
    }

    /// The parts of this token's line kept or built and kept, when its text
    /// can be kept (plain and short); found by `number` from now on, if any.
    @inline(__always)
    private func foundParts(kind: UInt8, face: FaceCode, _ text: UnsafeBufferPointer<UInt8>, readable: Int,
                            number: Int?) -> ScanLineHeads.Parts? {
        guard let parts = heads.parts(kind: kind, face: face, text: text, readable: readable)
            ?? keptParts(kind: kind, face: face, text, readable: readable) else { return nil }
        if let number { heads.remember(parts, number: number) }
        return parts
    }

    /// The parts of this token's line built and kept, when its text can be kept (plain and short).
    private func keptParts(kind: UInt8, face: FaceCode, _ text: UnsafeBufferPointer<UInt8>, readable: Int) -> ScanLineHeads.Parts? {
        guard text.count > 0, text.count <= ScanLineHeads.longestText, JSONText.isVerbatim(text) else { return nil }
        let faceIndex = face.faceIndex
        return heads.keep(kind: kind, face: face, text: text, readable: readable,
                          maximumCount: partsSize(kind, faceIndex, text, textCount: text.count)) {
            let textOffset = writeHead(kind, faceIndex, text: text, escaping: false, to: &$0)
            let headCount = $0.count
            Self.writeTail(length: text.count, to: &$0)
            return (textOffset, headCount)
        }
    }

    /// At least the size of a head and tail with a text of `textCount` bytes
    /// (for an emoji without a face, room for its base's face and tones too).
    private func partsSize(_ kind: UInt8, _ face: Int?, _ text: UnsafeBufferPointer<UInt8>, textCount: Int) -> Int {
        if let face { return 128 + 2 * textCount + faceFields[face].count }
        let base = kind == Self.kindIndex(.emoji) ? SkinTones.face(of: UnsafeRawBufferPointer(text), in: catalog) : nil
        return 160 + 3 * textCount + (base.map { faceFields[$0.face].count } ?? 0)
    }

    /// Writes `{"kind":…,"text":…,"tag":…,"emoji":…,"image":…` for a text
    /// escaped as JSON needs; returns where the text starts.
    private func writeHead(_ kind: UInt8, _ face: Int?, text: UnsafeBufferPointer<UInt8>, escaping: Bool,
                           to writer: inout ByteWriter) -> Int {
        func putText() {
            if escaping { JSONText.write(escaping: text, to: &writer) } else { writer.put(text) }
        }
        Self.kindOpenings[Int(kind)].withUnsafeBufferPointer { writer.put($0) }
        let textOffset = writer.count
        putText()
        if let face {
            writer.put(Array(#"","#.utf8))
            faceFields[face].withUnsafeBufferPointer { writer.put($0) }
        } else if kind == Self.kindIndex(.emoji), let (base, tones) = SkinTones.face(of: UnsafeRawBufferPointer(text), in: catalog) {
            // A toned emoji whose base is a face: that face, and the tones in a field of their own.
            writer.put(Array(#"","#.utf8))
            faceFields[base].withUnsafeBufferPointer { writer.put($0) }
            writer.put(Array(#","tone":""#.utf8))
            writer.put(tones)
            writer.put(Array(#"""#.utf8))
        } else if kind == Self.kindIndex(.emoji) {
            // An emoji without a face is its own emoji.
            writer.put(Array(#"","tag":null,"emoji":""#.utf8))
            putText()
            writer.put(Array(#"","image":null"#.utf8))
        } else {
            writer.put(Array(#"","tag":null,"emoji":null,"image":null"#.utf8))
        }
        return textOffset
    }

    /// Writes the offset's last four digits (with its leading zeros when the
    /// place holds the digits above them, `high` > 0), or the whole offset.
    @inline(__always)
    private static func writeOffset(low: Int, high: Int, to writer: inout ByteWriter) {
        if high > 0 { writer.put(fourDigitsOf: low) } else { writer.put(decimal: low) }
    }

    /// Writes `,"length":`, the length, `}` and a line feed.
    private static func writeTail(length: Int, to writer: inout ByteWriter) {
        writer.put(word: 0x6874_676E_656C_222C, count: 8)  // ,"length
        writer.put(word: 0x3A22, count: 2)                 // ":
        writer.put(decimal: length)
        writer.put(word: 0x0A7D, count: 2)                 // }, line feed
    }

    /// `,"file":…,"line":N,"offset":` and the offset's digits but the last
    /// four (none under 10,000) for the current line and 10,000 bytes.
    private final class Place {
        private var fileField: [UInt8] = []
        private(set) var line = 0
        private(set) var high = 0
        private var storage: UnsafeMutablePointer<UInt8>
        private var capacity = 1 << 10
        /// The place, with room after it for a 64-byte copy to read.
        private(set) var bytes: UnsafeBufferPointer<UInt8>

        init() {
            storage = .allocate(capacity: capacity)
            storage.initialize(repeating: 0, count: capacity)
            bytes = UnsafeBufferPointer(start: storage, count: 0)
        }

        deinit { storage.deallocate() }

        /// A place for the same file, rebuilt at its first use.
        func copy() -> Place {
            let copy = Place()
            copy.startFile(fileField)
            return copy
        }

        func startFile(_ field: [UInt8]) {
            fileField = field
            line = 0
        }

        func set(line: Int, high: Int) {
            (self.line, self.high) = (line, high)
            if fileField.count + 128 > capacity {
                // A long file name.
                storage.deallocate()
                capacity = fileField.count + 128
                storage = .allocate(capacity: capacity)
                storage.initialize(repeating: 0, count: capacity)
            }
            var writer = ByteWriter(at: storage)
            fileField.withUnsafeBufferPointer { writer.put($0) }
            writer.put(decimal: line)
            writer.put(word: 0x7465_7366_666F_222C, count: 8)  // ,"offset
            writer.put(word: 0x3A22, count: 2)                 // ":
            if high > 0 { writer.put(decimal: high) }
            bytes = UnsafeBufferPointer(start: storage, count: writer.count)
        }
    }

    /// A JSON string, or `null`.
    private static func quotedOrNull(_ text: String?) -> String {
        text.map { JSONText.quoted($0) } ?? "null"
    }

    /// The index of a face's kind in the lines' openings.
    @inline(__always)
    static func kindIndex(_ kind: Token.Kind) -> UInt8 {
        switch kind {
        case .tag: 0
        case .emoji: 1
        case .image: 2
        case .unknown, .text: 3
        }
    }
}
