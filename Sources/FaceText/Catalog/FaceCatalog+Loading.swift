#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FaceCatalog {
    /// Loads a catalog file: an XML or binary property list, or JSON of the same shape.
    ///
    /// Every problem in the file is collected; if there are any, throws
    /// ``CatalogError.List`` listing them all (file, entry, package, key, problem).
    /// Packages that name a folder (`id` or `directory`) are read from
    /// `<folder>/info.plist` beside the file, with image names prefixed by the folder.
    public init(contentsOf url: URL, displayName: String? = nil) throws(CatalogError.List) {
        let reader = try Self.read(url, displayName: displayName)
        guard reader.errors.isEmpty else { throw CatalogError.List(reader.errors) }
        self.init(faces: reader.faces)
    }

    /// Checks a catalog file: every error (as loading would report them) and
    /// every warning about suspicious but legal entries (a tag without
    /// brackets, an image name with a path separator, an emoji that is not one
    /// emoji, a `type` that does not match the entry).
    public static func check(contentsOf url: URL, displayName: String? = nil) -> (errors: [CatalogError], warnings: [CatalogError]) {
        do throws(CatalogError.List) {
            let reader = try read(url, displayName: displayName)
            return (reader.errors, reader.warnings)
        } catch {
            return (error.errors, [])
        }
    }

    private static func read(_ url: URL, displayName: String?) throws(CatalogError.List) -> CatalogReader {
        let name = displayName ?? url.path
        let document = try Self.decodeFile(url, name: name)
        let directory = url.deletingLastPathComponent()
        var reader = CatalogReader(file: name) { (folder: String) throws(CatalogError) -> (value: CatalogValue, file: String)? in
            let info = directory.appendingPathComponent(folder).appendingPathComponent("info.plist")
            guard FileManager.default.fileExists(atPath: info.path) else { return nil }
            let parent = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
            let subname = "\(parent)\(folder)/info.plist"
            do throws(CatalogError.List) {
                return (try Self.decodeFile(info, name: subname), subname)
            } catch {
                throw error.errors[0]
            }
        }
        reader.read(document)
        return reader
    }

    /// Decodes catalog bytes (property list or JSON) and reads the faces in them.
    public init(data: Data, name: String) throws(CatalogError.List) {
        var reader = CatalogReader(file: name)
        reader.read(try Self.decode(data, name: name))
        guard reader.errors.isEmpty else { throw CatalogError.List(reader.errors) }
        self.init(faces: reader.faces)
    }

    /// Reads and decodes one file into a neutral document.
    static func decodeFile(_ url: URL, name: String) throws(CatalogError.List) -> CatalogValue {
        let data: Data
        do throws(FileBytes.Failure) {
            data = Data(try FileBytes.read(url.path, limit: fileSizeLimit))
        } catch {
            switch error {
            case .tooLarge: throw CatalogError.List([CatalogError(file: name, problem: error.description)])
            default: throw CatalogError.List([CatalogError(file: name, problem: "cannot be read: \(Self.reason(error, path: url.path))")])
            }
        }
        return try decode(data, name: name)
    }

    /// The largest catalog file read (the largest real emoticon pack is under a MiB).
    static let fileSizeLimit = 64 << 20

    static func decode(_ data: Data, name: String) throws(CatalogError.List) -> CatalogValue {
        let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do throws(JSONReader.SyntaxError) {
                return try JSONReader.parse(Array(data))
            } catch {
                throw CatalogError.List([CatalogError(file: name, problem: "is not valid JSON (\(error))")])
            }
        }
        guard !data.isEmpty else {
            throw CatalogError.List([CatalogError(file: name, problem: "is empty, not a property list")])
        }
        let tooDeep = "is a property list with arrays or dictionaries nested more than \(CatalogValue.maximumDepth) deep: refused"
        if data.starts(with: Array("bplist".utf8)) {
            // Measured before it is decoded: shared objects may expand to billions of values.
            switch BinaryPlistBound.measure(Array(data)) {
            case .tooLarge:
                throw CatalogError.List([CatalogError(file: name, problem: "is a binary property list whose objects, "
                    + "referred to again and again, expand to more than \(BinaryPlistBound.limit(objects: data.count)) values: refused")])
            case .cycle:
                throw CatalogError.List([CatalogError(file: name, problem: "is a binary property list with an array or dictionary that contains itself")])
            case .tooDeep:
                throw CatalogError.List([CatalogError(file: name, problem: tooDeep)])
            case .values, .unreadable:
                break
            }
        } else if TextPlistNesting.exceeds(CatalogValue.maximumDepth, in: Array(data)) {
            throw CatalogError.List([CatalogError(file: name, problem: tooDeep)])
        }
        do {
            return try PropertyListDecoder().decode(CatalogValue.self, from: data)
        } catch {
            throw CatalogError.List([CatalogError(file: name, problem: "is not a property list (\(Self.message(error)))")])
        }
    }

    /// The decoder's own words for what is wrong, without its preamble.
    private static func message(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError as? CocoaError,
               let detail = underlying.userInfo["NSDebugDescription"] as? String {
                return detail
            }
            return context.debugDescription
        }
        return "\(error)"
    }

    private static func reason(_ error: any Error, path: String) -> String {
        switch FileManager.default.kind(atPath: path) {
        case .directory: "it is a directory"
        case .file: "permission denied"
        case nil: "no such file"
        }
    }
}

extension CatalogValue: Decodable {
    /// Decodes any property list value: strings, numbers, booleans, arrays and
    /// dictionaries as themselves; data, dates and anything else as ``other(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .other("null"); return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Int.self) { self = .integer(value); return }
        if let value = try? container.decode(Double.self) { self = .real(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([CatalogValue].self) { self = .array(value); return }
        if let value = try? container.decode([String: CatalogValue].self) { self = .dictionary(value); return }
        if (try? container.decode(Date.self)) != nil { self = .other("a date"); return }
        if (try? container.decode(Data.self)) != nil { self = .other("data"); return }
        self = .other("a value of unknown type")
    }
}

extension FileManager {
    /// What is at a path.
    package enum Kind { case file, directory }

    /// Whether a path names a directory, something else, or nothing.
    package func kind(atPath path: String) -> Kind? {
        #if canImport(FoundationEssentials)
        var isDirectory = false
        #else
        var isDirectory: ObjCBool = false
        #endif
        guard fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        #if canImport(FoundationEssentials)
        return isDirectory ? .directory : .file
        #else
        return isDirectory.boolValue ? .directory : .file
        #endif
    }
}
