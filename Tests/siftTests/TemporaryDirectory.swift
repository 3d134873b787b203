import Foundation

/// A directory of test files, removed when the value is deinitialised.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let path = try directory.write("a.json", "[1]")
/// ```
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
