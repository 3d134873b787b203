import Dispatch
import Sift

/// Outcomes as comparable text, and a way to wait for asynchronous entry points.
enum FuzzOutcome {
    /// Every field of an error that a split or a skip must not change.
    static func text(_ error: any Error) -> String {
        guard let error = error as? JSONParseError else { return "error: \(String(reflecting: error))" }
        return
            "error: \(error.kind) @\(error.location.offset) \(error.location) \(error.path) \(error.message) | \(error.sourceLine ?? "-") | \(error.description)"
    }

    /// Runs asynchronous work to completion from synchronous code (the fuzzer's thread, or a
    /// test's own thread: never a thread of Swift's cooperative pool).
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        guard let value = box.value else { fatalError("the work did not finish") }
        return value
    }

    /// The lines a query's callbacks append, then its verdict (`accepted`, or the error's
    /// ``text(_:)``): over the input's bytes whole, or over its chunks as an `AsyncSequence`.
    static func lines(
        of input: FuzzInput, inPieces: Bool, _ makeQuery: @escaping @Sendable (Lines) -> JSONQuery
    ) -> [String] {
        guard inPieces else {
            let lines = Lines()
            do {
                try makeQuery(lines).run(.bytes(input.document))
                lines.append("accepted")
            } catch {
                lines.append(text(error))
            }
            return lines.lines
        }
        let chunks = input.chunks
        return wait { () async -> [String] in
            let lines = Lines()
            do {
                try await makeQuery(lines).run(chunks: chunks)
                lines.append("accepted")
            } catch {
                lines.append(text(error))
            }
            return lines.lines
        }
    }

    /// A path of the harness (a constant: failing to parse is a bug of the harness).
    static func path(_ text: String) -> TypedJSONPath<JSONValue> {
        do {
            return try JSONPath(text).value
        } catch {
            fatalError("\(text): \(error)")
        }
    }

    /// A document of the harness, parsed.
    static func parsed(_ document: [UInt8]) -> JSONValue {
        do {
            return try JSONValue(parsing: document)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Collects lines from callbacks that may run on another thread (one at a time).
    final class Lines: @unchecked Sendable {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }

    final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
