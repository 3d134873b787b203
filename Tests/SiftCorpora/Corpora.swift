public import Foundation

/// The larger, optional corpora (twitter, citm_catalog, canada, the Amazon cell-phone NDJSON),
/// found in one place for every test and for the bench.
///
/// They are looked for in the directory named by the environment variable `SIFT_CORPORA`, else in
/// `../shared/corpora` beside the package root. When they are absent, the first look prints one
/// line on stderr saying what does not run, and whatever needs them is left out; the conformance
/// suites never depend on them (their vectors are in `Tests/SiftTests/Fixtures`).
///
/// ```swift
/// @Test(.enabled(if: Corpora.isAvailable)) func twitter() throws {
///     let bytes = try Corpora.bytes("twitter.json")
/// }
/// ```
public enum Corpora {
    /// The corpus files the tests and the bench know.
    public static let names = ["twitter.json", "citm_catalog.json", "canada.json", "amazon_cellphones.ndjson"]

    /// The single JSON documents among them (the NDJSON file left out).
    public static let documents = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// Where the corpora are looked for: `$SIFT_CORPORA`, else `../shared/corpora` beside the package.
    ///
    /// ```swift
    /// print(Corpora.searchedDirectory.path)
    /// ```
    public static let searchedDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["SIFT_CORPORA"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SiftCorpora
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora").standardizedFileURL
    }()

    /// The corpora directory, or nil when it is absent (reported once, on the first look).
    ///
    /// ```swift
    /// if let directory = Corpora.directory { print(directory.path) }
    /// ```
    public static let directory: URL? = {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: searchedDirectory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return searchedDirectory
        }
        let line =
            "note: no corpora at \(searchedDirectory.path) (set SIFT_CORPORA to a directory with "
            + names.joined(separator: ", ")
            + "): the corpus tests and the bench's corpus scenarios are not run; every conformance suite is.\n"
        FileHandle.standardError.write(Data(line.utf8))
        return nil
    }()

    /// Whether the corpora are there.
    ///
    /// ```swift
    /// @Suite(.enabled(if: Corpora.isAvailable)) struct CorpusTests {}
    /// ```
    public static var isAvailable: Bool { directory != nil }

    /// The URL of a corpus file, or nil when the corpora are absent.
    ///
    /// ```swift
    /// let twitter = Corpora.url("twitter.json")
    /// ```
    public static func url(_ name: String) -> URL? {
        directory?.appendingPathComponent(name)
    }

    /// The path of a corpus file (in the searched directory, even when it is absent).
    ///
    /// ```swift
    /// let path = Corpora.path("twitter.json")
    /// ```
    public static func path(_ name: String) -> String {
        (directory ?? searchedDirectory).appendingPathComponent(name).path
    }

    /// The contents of a corpus file.
    ///
    /// ```swift
    /// let bytes = try Corpora.bytes("canada.json")
    /// ```
    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}
