import Foundation
import Testing
import FaceText
@testable import FaceTextCLI

@Suite struct GridCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = runCLI(arguments)
        #expect(result.status == .success)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    private func cells(_ object: [String: Any]) -> [[String: Any]] {
        (object["pages"] as? [[String: Any]] ?? []).flatMap { ($0["rows"] as? [[[String: Any]]] ?? []).flatMap { $0 } }
    }

    @Test func theDefaultGridIsTenRowsOfEight() {
        let result = runCLI(["grid", "--cols", "8"])
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.split(separator: " ").count == 8 })
        #expect(lines.first == "😀 😁 😂 😃 😄 😅 😆 😇")
        #expect(runCLI(["grid"]).stdout == result.stdout)
    }

    @Test func pagesOf20FacesAndADeleteKeyCoverAll80CodePointsOnce() throws {
        let object = try json(["grid", "--rows", "3", "--cols", "7", "--delete-key", "--format", "json"])
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages.count == 4)
        for page in pages {
            let cells = (page["rows"] as? [[[String: Any]]] ?? []).flatMap { $0 }
            #expect(cells.count == 21)
            #expect(cells.filter { $0["kind"] as? String == "codePoint" }.count == 20)
            #expect(cells.last?["kind"] as? String == "deleteKey")
        }
        let codes = cells(object).compactMap { $0["code"] as? String }
        #expect(codes == (0x1F600...0x1F64F).map { String($0, radix: 16, uppercase: true) })
    }

    @Test func jsonMatchesTheText() throws {
        for arguments in [["grid", "--cols", "9"], ["grid", "--rows", "2", "--cols", "5", "--delete-key", "--range", "1F600-1F60F"]] {
            let object = try json(arguments + ["--format", "json"])
            let textCells = runCLI(arguments).text.split(separator: "\n").filter { !$0.hasPrefix("page") }
                .flatMap { $0.split(separator: " ").map(String.init) }
            let jsonCells = cells(object).map { $0["text"] as? String ?? "" }.filter { !$0.isEmpty }
            #expect(textCells == jsonCells)
        }
    }

    @Test func excludingLeaves76() throws {
        #expect(cells(try json(["grid", "--exclude", "1F641-1F644", "--format", "json"])).count == 76)
    }

    @Test func theFrameReportAddsUpToThePanel() {
        let text = runCLI(["grid", "--frame", "320x216", "--icon", "25"]).text
        #expect(text.contains("grid     10 columns × 6 rows = 60 cells per page\n"))
        #expect(text.contains("width    12.5 + 10×25 + 9×5 + 12.5 = 320\n"))
        #expect(text.contains("height   20.5 + 6×25 + 5×5 + 20.5 = 216\n"))
        #expect(text.contains("page 2/2\n"))
    }

    @Test func theFrameJSONHasEveryCellsFrame() throws {
        let object = try json(["grid", "--frame", "375x216", "--icon", "25", "--format", "json"])
        let layout = try #require(object["layout"] as? [String: Any])
        #expect(layout["columns"] as? Int == 12)
        #expect((layout["frames"] as? [Any])?.count == 12 * 6)
        #expect(cells(object).first?["frame"] as? [String: Double] == ["x": 10, "y": 20.5, "width": 25, "height": 25])
    }

    @Test func facesAreShownWithTheirTagsAligned() {
        let lines = runCLI(["grid", "--faces", "--cols", "3"]).text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("   [最右]") == true)
        #expect(lines.count == (FaceCatalog.default.faces.count + 2) / 3)
        // The display column at which each tag starts is the same on every full row.
        let tagColumns = lines.map { line -> [Int] in
            var column = 0
            var starts: [Int] = []
            var previous: Character = " "
            for character in line {
                if character == "[" && previous == " " { starts.append(column) }
                column += DisplayWidth.columns(of: character)
                previous = character
            }
            return starts
        }
        #expect(Set(tagColumns.dropLast()).count == 1)
        #expect(tagColumns.first?.count == 3)
    }

    @Test(arguments: [
        (["grid", "--range", "1F64F-1F600"], "facetext: error: range '1F64F-1F600' ends before it starts."),
        (["grid", "--frame", "20x20", "--icon", "25"], "facetext: error: a 25-point icon with 10-point margins does not fit a 20×20 panel."),
        (["grid", "--frame", "320x216"], "facetext: error: '--frame' needs '--icon N'."),
        (["grid", "--cols", "0"], "facetext: error: invalid value '0' for '--cols': expected a whole number from 1 to 1000."),
    ])
    func badGridsAreUsageErrors(arguments: [String], message: String) {
        let result = runCLI(arguments)
        #expect(result.status == .usage)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }
}
