import Foundation

/// Where the tests find the `sift` executable and the shared corpora.
///
/// ```swift
/// let result = try SiftProcess.run(["validate", Corpus.path("twitter.json")])
/// ```
enum SiftBinary {
    /// The `sift` built beside the test bundle (the test target depends on it, so `swift test`
    /// builds it), or `$SIFT_BINARY`.
    static let debug: URL = {
        if let path = ProcessInfo.processInfo.environment["SIFT_BINARY"] { return URL(fileURLWithPath: path) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates =
            [executable.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let binary = directory.appendingPathComponent("sift")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return packageRoot.appendingPathComponent(".build/debug/sift")
    }()

    /// An optimised `sift` for the 1 GB memory test: `$SIFT_RELEASE_BINARY` (set by
    /// `make test`), else `.build/release/sift` when it exists.
    static let release: URL? = {
        if let path = ProcessInfo.processInfo.environment["SIFT_RELEASE_BINARY"] { return URL(fileURLWithPath: path) }
        let binary = packageRoot.appendingPathComponent(".build/release/sift")
        return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
    }()

    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// The shared corpora at `../shared/corpora` beside the package root.
enum Corpus {
    static let directory = SiftBinary.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")

    /// Whether the corpora are there (tests that need them are skipped otherwise).
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// The path of a corpus file.
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The contents of a corpus file.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}
