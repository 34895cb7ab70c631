/// Binary property lists built object by object, for tests of what a hostile
/// catalog can make a decoder do: objects are written in order, the last is
/// the top, and references and offsets take four bytes each.
public enum BinaryPlistWriter {
    /// The string "x", an object to refer to.
    public static let x: [UInt8] = [0x51, 0x78]

    /// An array object referring to `objects` (indexes of objects written before it).
    public static func array(_ objects: [Int]) -> [UInt8] {
        precondition(objects.count < 15, "longer arrays need a count object")
        return [0xA0 | UInt8(objects.count)] + objects.flatMap(bigEndian)
    }

    /// The whole file: the objects, their offset table and the trailer.
    public static func file(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        for offset in offsets { bytes += bigEndian(offset) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        for value in [objects.count, objects.count - 1, tableStart] { bytes += [0, 0, 0, 0] + bigEndian(value) }
        return bytes
    }

    /// `depth` arrays, each holding the one before, around the string "x".
    public static func nested(depth: Int) -> [UInt8] {
        file([x] + (1...depth).map { array([$0 - 1]) })
    }

    /// `depth` arrays, each referring twice to the one before: a few hundred bytes that decode to 2^depth values.
    public static func billionLaughs(depth: Int) -> [UInt8] {
        file([x] + (1...depth).map { array([$0 - 1, $0 - 1]) })
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
