import Sift
import SiftMapping
import Testing

/// `Mapper.elements` over chunks reports a parse error exactly as the whole input does: it reads
/// on after the error as far as the error's source line needs (found by FuzzModels:
/// JSONTestSuite's n_array_missing_value.json, whose error line was cut at the chunk that held
/// the error).
@Suite("Element stream errors")
struct ElementStreamErrorTests {
    /// The document in chunks of `size` bytes.
    struct Chunks: AsyncSequence, Sendable {
        let bytes: [UInt8]
        let size: Int

        func makeAsyncIterator() -> AsyncStream<[UInt8]>.Iterator {
            let chunks = stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<Swift.min($0 + size, bytes.count)])
            }
            return AsyncStream { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }.makeAsyncIterator()
        }
    }

    static func streamedError(_ bytes: [UInt8], size: Int) async -> String {
        do {
            for try await _ in Mapper.elements(of: Address.self, from: Chunks(bytes: bytes, size: size), atKeyPath: "")
            {}
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "the same error text in every split",
        arguments: ["[   , \"\"]", "[Infinity]", "{\"people\": [{\"zip\": 1},\n {key: 'value'} ]}\n"])
    func sameErrorInEverySplit(document: String) async throws {
        let bytes = Array(document.utf8)
        var whole = "no error"
        do {
            try Mapper.forEachElement(of: Address.self, from: .bytes(bytes), atKeyPath: "") { _ in }
        } catch {
            whole = "\(error)"
        }
        #expect(whole.contains("^"), "the whole input's error shows its line: \(whole)")
        for size in 1...bytes.count {
            #expect(await Self.streamedError(bytes, size: size) == whole, "chunks of \(size)")
        }
    }
}
