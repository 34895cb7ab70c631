import Testing
import TestSupport
@testable import FaceTextCLI
import FaceText

/// A line longer than the splitter's pieces (``ChatLog/Splitter/lineLimit``) is
/// read in pieces; a face across a cut between two pieces is still one face,
/// in `stats` (on one thread and two, in every segment size) and in `wrap`.
@Suite struct LongLineFacesTests {
    /// Faces put across each cut of a long line, each cut at another place inside it:
    /// tags, a family (cut inside a joiner), a flag (between its two letters), a keycap.
    static let acrossCuts = ["[哈哈]", "[哈哈]", "[哈哈]", "👨‍👩‍👧", "🇨🇳", "1️⃣", "[偷笑]"]
    static let bytesBeforeCut = [1, 4, 7, 5, 4, 1, 2]

    /// A log of three messages in `format`, the second's text one line of `filler`-byte stretches between
    /// the faces above; with `long`, each face is across a multiple of the line limit from the line's start.
    static func log(_ format: String, long: Bool) -> [UInt8] {
        let limit = ChatLog.Splitter.lineLimit
        func header(_ name: String, _ minute: Int) -> [UInt8] {
            let time = "2024-03-01 10:0\(minute):00"
            switch format {
            case "prefixed": return Array("\(time) \(name): ".utf8)
            case "qq": return Array("\(time) \(name)(1000\(minute))\n".utf8)
            case "wechat": return Array("\(time) \(name)\n".utf8)
            default: return Array("[1/03/2024, 10:0\(minute):00] \(name): ".utf8)
            }
        }
        let end: [UInt8] = format == "qq" || format == "wechat" ? Array("\n\n".utf8) : [0x0A]
        var out = header("小红", 1) + Array("[心] 早".utf8) + end
        let second = header("小明", 2)
        out += second
        // The long line starts after the header in the line formats that put text beside it.
        var line: [UInt8] = format == "qq" || format == "wechat" ? [] : second
        let start = line.count
        for (index, face) in acrossCuts.enumerated() {
            let cut = (index + 1) * limit
            let fill = long ? cut - bytesBeforeCut[index] - line.count : 3
            line += Array(repeating: UInt8(ascii: "x"), count: fill) + Array(face.utf8)
        }
        out += line[start...] + Array(" 好".utf8) + end
        out += header("小红", 3) + Array("[哈哈]".utf8) + end
        return out
    }

    static let formats = ["prefixed", "qq", "wechat", "whatsapp"]

    @Test(arguments: formats)
    func statsCountsAFaceAcrossACutOnce(format: String) {
        let files = ["long.txt": Self.log(format, long: true), "short.txt": Self.log(format, long: false)]
        for by in [[], ["--by", "sender"], ["--by-file"]] {
            let arguments = ["stats", "--format", format, "--tsv"] + by
            let short = runCLI(arguments + ["short.txt"], files: files)
            #expect(short.status == .success && short.text.contains("[哈哈]\t"), "\(short.stderr)")
            let one = runCLI(arguments + ["long.txt"], files: files, secondThread: false)
            #expect(one.text == short.text.replacingOccurrences(of: "short.txt", with: "long.txt"), "\(format) \(by) on one thread")
            for segmentSize in [1 << 20, 1 << 16, 4093] {
                let two = runCLI(arguments + ["long.txt"], files: files, secondThread: true, segmentSize: segmentSize)
                #expect(two.stdout == one.stdout, "\(format) \(by) in segments of \(segmentSize)")
            }
        }
    }

    /// `wrap` breaks rows between faces, never inside one: rendered, each tag of the long line is its emoji.
    @Test(arguments: formats)
    func wrapKeepsAFaceAcrossACutWhole(format: String) {
        let result = runCLI(["wrap", "--format", format, "--render", "-w", "200"], stdin: Self.log(format, long: true))
        #expect(result.status == .success)
        #expect(!result.text.contains("[哈") && !result.text.contains("[偷"))
        #expect(result.text.components(separatedBy: "😃").count - 1 == 4)
        #expect(result.text.components(separatedBy: "👨‍👩‍👧").count - 1 == 1)
    }
}
