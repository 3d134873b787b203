import Foundation

/// Where the tests find the `sift` executable (the corpora are `Corpora`, in SiftCorpora).
///
/// ```swift
/// let result = try SiftProcess.run(["validate", Corpora.path("twitter.json")])
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
