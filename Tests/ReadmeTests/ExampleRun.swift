import Foundation

/// One run of an example executable: its exit status and what it wrote.
///
/// ```swift
/// let run = try ExampleRun("ReadmeIntro", in: FileManager.default.temporaryDirectory)
/// ```
struct ExampleRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The build directory holding the examples: the test bundle's (`swift build` builds every
    /// executable of the package beside it).
    static let binaryDirectory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates =
            [executable.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates
        where FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("ReadmeIntro").path) {
            return directory
        }
        return ReadmeExamplesTests.packageRoot.appendingPathComponent(".build/debug")
    }()

    /// Runs the example `name` in `directory`, with `stdin` as its standard input.
    init(_ name: String, in directory: URL, stdin: String? = nil) throws {
        let process = Process()
        process.executableURL = Self.binaryDirectory.appendingPathComponent(name)
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((stdin ?? "").utf8))
        try input.fileHandleForWriting.close()
        let errorData = ErrorReader(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outputData, as: UTF8.self)
        stderr = String(decoding: errorData.wait(), as: UTF8.self)
    }

    /// Reads a pipe to its end on a thread of its own, so that neither of two pipes fills up.
    final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
