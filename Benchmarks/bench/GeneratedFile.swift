import Foundation
import Synchronization

/// A generated document written to a temporary file the first time a contender asks for it, shared by the
/// contenders of one scenario, and removed by ``remove()`` when the scenario is measured.
///
/// The file is written chunk by chunk as the document is generated, so a 200 MB file is never held
/// in memory.
///
/// ```swift
/// let file = GeneratedFile(named: "hub-feed", HubFeedGenerator(size: 200_000_000))
/// let url = try file.url()      // written now
/// _ = try file.url()            // the same file
/// file.remove()
/// ```
final class GeneratedFile<Generator: JSONDocumentGenerator & Sendable>: Sendable {
    /// The end of the file's name.
    let name: String
    let generator: Generator
    private let written = Mutex<URL?>(nil)

    init(named name: String, _ generator: Generator) {
        self.name = name
        self.generator = generator
    }

    /// The file, written on the first call.
    func url() throws -> URL {
        try written.withLock { written in
            if let url = written { return url }
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("sift-bench-\(getpid())-\(name)")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw BenchError("cannot create \(url.path)")
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            for chunk in generator.chunks(of: 1 << 20) { try handle.write(contentsOf: chunk) }
            written = url
            return url
        }
    }

    /// Removes the file, if it was written.
    func remove() {
        written.withLock { written in
            if let url = written { try? FileManager.default.removeItem(at: url) }
            written = nil
        }
    }
}
