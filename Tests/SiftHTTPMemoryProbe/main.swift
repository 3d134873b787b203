// Streams a large JSON array through a ReloadableArrayDataSource, element by element, and
// reports this process's peak resident memory while doing so. Run by SiftHTTPTests'
// memory test (in a child process, so that nothing else in the test runner is counted):
//
//     SiftHTTPMemoryProbe BASE_URL
//
// prints one line: `elements=N stored=N rssBeforeKB=N peakBeforeKB=N peakAfterResetKB=N peakKB=N rssAfterKB=N`.
import Foundation
import SiftHTTP

struct Row: Decodable, Sendable {
    let id: Int
    let name: String
}

/// VmRSS and VmHWM of this process, in kB.
func memory() -> (rss: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return -1 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs).
func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: SiftHTTPMemoryProbe BASE_URL\n".utf8))
    exit(2)
}
let client = JSONHTTPClient(
    baseURL: baseURL, timeouts: HTTPTimeouts(response: .seconds(120), idle: .seconds(120), total: .seconds(280)))
func source(_ path: String) -> ReloadableArrayDataSource<Row> {
    ReloadableArrayDataSource(
        loader: HTTPDataLoader(
            client: client, resourcePath: path, mapper: ArrayDataMapper(of: Row.self, rootKeyPath: "items")))
}

do {
    // Warm up the same code path (event loops, connection pool, decoder) on a small response.
    let warmUp = source("/small")
    try await warmUp.reload()
    guard warmUp.count > 0 else { throw CancellationError() }

    let before = memory()
    guard resetPeak() else {
        FileHandle.standardError.write(Data("cannot reset the peak RSS\n".utf8))
        exit(3)
    }
    let afterReset = memory()
    let rows = source("/huge")
    var count = 0
    for try await row in rows.reloadElements() {
        guard row.id == count else {
            FileHandle.standardError.write(Data("element \(count) has id \(row.id)\n".utf8))
            exit(4)
        }
        count += 1
    }
    let after = memory()
    print(
        "elements=\(count) stored=\(rows.count) rssBeforeKB=\(before.rss) peakBeforeKB=\(before.peak)",
        "peakAfterResetKB=\(afterReset.peak) peakKB=\(after.peak) rssAfterKB=\(after.rss)")
} catch {
    FileHandle.standardError.write(Data("probe failed: \(error)\n".utf8))
    exit(1)
}
