import Foundation
import Testing

/// What `make install` builds and installs: a `sift` that runs without the Swift toolchain's
/// libraries and without libyajl, its completions and its man page.
///
/// The binary is the one `make install` leaves in `.build/install` (or `$SIFT_INSTALLED_BINARY`);
/// the installed files are checked under `$SIFT_INSTALL_PREFIX` when it is set. Without a
/// `make install` run, the tests are skipped: building the static release binary takes minutes.
@Suite("make install")
struct InstallTests {
    /// The installed or install-built binary, if there is one.
    static let binary: URL? = {
        if let path = ProcessInfo.processInfo.environment["SIFT_INSTALLED_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let built = SiftBinary.packageRoot.appendingPathComponent(".build/install/release/sift")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }()

    /// Runs `executable` with `arguments` in `directory` with `environment` only; returns the
    /// status and stdout.
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String],
        stdin: String = ""
    ) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "the binary links no Swift library and no libyajl, and runs from outside the checkout with an empty LD_LIBRARY_PATH",
        .enabled(if: binary != nil))
    func selfContained() throws {
        let binary = try #require(Self.binary)
        let directory = try TemporaryDirectory()
        let ldd = try Self.run("/usr/bin/ldd", [binary.path], in: directory.url, environment: [:])
        #expect(!ldd.stdout.contains("libswift"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("libFoundation"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("libyajl"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("not found"), "\(ldd.stdout)")
        let query = try Self.run(
            binary.path, ["query", "$.a[*]"], in: directory.url, environment: ["LD_LIBRARY_PATH": ""],
            stdin: #"{"a":[1,"x"]}"#)
        #expect(query.status == 0)
        #expect(query.stdout == "1\n\"x\"\n")
        let url = try Self.run(
            binary.path, ["query", "$", "http://127.0.0.1:9/x.json"], in: directory.url,
            environment: ["LD_LIBRARY_PATH": ""])
        #expect(url.status == 1)
        #expect(url.stdout.contains("Connection refused"), "\(url.stdout)")
    }

    @Test(
        "completions for bash, zsh and fish and a man page are installed under the prefix",
        .enabled(if: ProcessInfo.processInfo.environment["SIFT_INSTALL_PREFIX"] != nil))
    func installedFiles() throws {
        let prefix = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["SIFT_INSTALL_PREFIX"]))
        for file in [
            "bin/sift", "share/man/man1/sift.1", "share/bash-completion/completions/sift",
            "share/zsh/site-functions/_sift", "share/fish/vendor_completions.d/sift.fish",
        ] {
            let path = prefix.appendingPathComponent(file).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 0, "\(path)")
        }
        let man = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/sift.1"), encoding: .utf8)
        #expect(man.contains("query"))
    }
}
