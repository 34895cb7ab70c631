import Foundation

extension FaceCatalog {
    /// Loads a catalog file: an XML or binary property list, or JSON of the same shape.
    ///
    /// Every problem in the file is collected; if there are any, throws
    /// ``CatalogErrors`` listing them all (file, entry, package, key, problem).
    /// Packages that name a folder (`id` or `directory`) are read from
    /// `<folder>/info.plist` beside the file, with image names prefixed by the folder.
    public init(contentsOf url: URL, displayName: String? = nil) throws(CatalogErrors) {
        let reader = try Self.read(url, displayName: displayName)
        guard reader.errors.isEmpty else { throw CatalogErrors(reader.errors) }
        self.init(faces: reader.faces)
    }

    /// Checks a catalog file: every error (as loading would report them) and
    /// every warning about suspicious but legal entries (a tag without
    /// brackets, an image name with a path separator, an emoji that is not one
    /// emoji, a `type` that does not match the entry).
    public static func check(contentsOf url: URL, displayName: String? = nil) -> (errors: [CatalogError], warnings: [CatalogError]) {
        do throws(CatalogErrors) {
            let reader = try read(url, displayName: displayName)
            return (reader.errors, reader.warnings)
        } catch {
            return (error.errors, [])
        }
    }

    private static func read(_ url: URL, displayName: String?) throws(CatalogErrors) -> CatalogReader {
        let name = displayName ?? url.path
        let document = try Self.decodeFile(url, name: name)
        let directory = url.deletingLastPathComponent()
        var reader = CatalogReader(file: name) { (folder: String) throws(CatalogError) -> (value: CatalogValue, file: String)? in
            let info = directory.appendingPathComponent(folder).appendingPathComponent("info.plist")
            guard FileManager.default.fileExists(atPath: info.path) else { return nil }
            let subname = (name as NSString).deletingLastPathComponent.isEmpty
                ? "\(folder)/info.plist" : "\((name as NSString).deletingLastPathComponent)/\(folder)/info.plist"
            do throws(CatalogErrors) {
                return (try Self.decodeFile(info, name: subname), subname)
            } catch {
                throw error.errors[0]
            }
        }
        reader.read(document)
        return reader
    }

    /// Decodes catalog bytes (property list or JSON) and reads the faces in them.
    public init(data: Data, name: String) throws(CatalogErrors) {
        var reader = CatalogReader(file: name)
        reader.read(try Self.decode(data, name: name))
        guard reader.errors.isEmpty else { throw CatalogErrors(reader.errors) }
        self.init(faces: reader.faces)
    }

    /// Reads and decodes one file into a neutral document.
    static func decodeFile(_ url: URL, name: String) throws(CatalogErrors) -> CatalogValue {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogErrors([CatalogError(file: name, problem: "cannot be read: \(Self.reason(error, path: url.path))")])
        }
        return try decode(data, name: name)
    }

    static func decode(_ data: Data, name: String) throws(CatalogErrors) -> CatalogValue {
        let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do {
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                return convert(object)
            } catch {
                throw CatalogErrors([CatalogError(file: name, problem: "is not valid JSON (\(Self.message(error)))")])
            }
        }
        guard !data.isEmpty else {
            throw CatalogErrors([CatalogError(file: name, problem: "is empty, not a property list")])
        }
        if data.starts(with: Array("bplist".utf8)) {
            // Measured before it is decoded: shared objects may expand to billions of values.
            switch BinaryPlistBound.measure(Array(data)) {
            case .tooLarge:
                throw CatalogErrors([CatalogError(file: name, problem: "is a binary property list whose objects, "
                    + "referred to again and again, expand to more than \(BinaryPlistBound.limit(objects: data.count)) values: refused")])
            case .cycle:
                throw CatalogErrors([CatalogError(file: name, problem: "is a binary property list with an array or dictionary that contains itself")])
            case .values, .unreadable:
                break
            }
        }
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return convert(object)
        } catch {
            throw CatalogErrors([CatalogError(file: name, problem: "is not a property list (\(Self.message(error)))")])
        }
    }

    private static func message(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSDebugDescription"] as? String { return detail }
        return nsError.localizedDescription
    }

    private static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? "it is a directory" : "permission denied"
        }
        return "no such file"
    }

    /// Converts Foundation's decoded objects into a ``CatalogValue``.
    static func convert(_ object: Any) -> CatalogValue {
        switch object {
        case let text as String:
            return .string(text)
        case let list as [Any]:
            return .array(list.map(convert))
        case let dictionary as [String: Any]:
            return .dictionary(dictionary.mapValues(convert))
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 1e15 { return .integer(number.intValue) }
            return .real(double)
        case is Data:
            return .other("data")
        case is Date:
            return .other("a date")
        case is NSNull:
            return .other("null")
        default:
            return .other(String(describing: type(of: object)))
        }
    }
}
