#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalog's faces by tag and by image file name, compared as Strings are
/// (canonical equivalence): built on first use, from any thread. Only
/// lookups by String read them, and hashing every spelling as a String cost
/// the command-line tool about 2 M instructions at every start.
final class StringIndexes: @unchecked Sendable {
    private let pairs: [(tag: String, face: Int32)]
    private let faces: [Face]
    // The mutex guards `built`. Not generic, and not Foundation's NSLock:
    // either costs more at its first use than building lazily saves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var built: (tags: [String: Int], images: [String: Int])?

    /// Indexes of `pairs` (tag, face; the first pair for a tag wins) and of the images of `faces`.
    init(pairs: [(tag: String, face: Int32)], faces: [Face]) {
        self.pairs = pairs
        self.faces = faces
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The face of each tag.
    var tags: [String: Int] { value.tags }

    /// The first face of each image file name, still or animated.
    var images: [String: Int] { value.images }

    private var value: (tags: [String: Int], images: [String: Int]) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let built { return built }
        var tags: [String: Int] = [:], images: [String: Int] = [:]
        for (tag, face) in pairs where tags[tag] == nil { tags[tag] = Int(face) }
        for (index, face) in faces.enumerated() {
            for name in [face.image, face.animatedImage].compactMap({ $0 }) where images[name] == nil {
                images[name] = index
            }
        }
        built = (tags, images)
        return (tags, images)
    }
}
