import Testing

@testable import Sift

/// ``JSONArrayOutputs`` over generated documents, whole and with one byte changed, removed or
/// added anywhere: the matches and the first error are one tokenizer's on every block size.
@Suite("JSONArrayOutputs on generated documents")
struct JSONArrayOutputsRandomTests {
    typealias Random = TokenizerTestSupport.SplitMix64

    /// A random element: objects, arrays, strings with the bytes the cut must not take for
    /// structure, numbers and literals.
    static func element(_ random: inout Random, depth: Int = 0) -> String {
        let pick = Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random)
        switch pick {
        case 0:
            let parts = ["a", "]", "[", "{", "}", ",", "\\\"", "\\\\", "\\u005d", "é", " "]
            return "\""
                + (0..<Int.random(in: 0..<5, using: &random)).map { _ in parts.randomElement(using: &random)! }
                .joined() + "\""
        case 1: return String(Int.random(in: -999...999, using: &random))
        case 2: return ["true", "false", "null", "1.5e3"].randomElement(using: &random)!
        case 3: return "{}"
        case 4, 5:
            let members = (0..<Int.random(in: 0..<4, using: &random)).map { index in
                "\"\(["text", "title", "id", "x"][index % 4])\":" + element(&random, depth: depth + 1)
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            return "["
                + (0..<Int.random(in: 0..<4, using: &random)).map { _ in element(&random, depth: depth + 1) }
                .joined(separator: " , ") + "]"
        }
    }

    @Test("whole and changed documents, every block size", arguments: 0..<40)
    func generated(seed: Int) async throws {
        var random = Random(seed: UInt64(seed))
        let elements = (0..<12).map { _ in Self.element(&random) }
        let text = JSONArrayOutputsTests.document(elements)
        var variants = [text]
        for _ in 0..<8 {
            var bytes = Array(text.utf8)
            let index = Int.random(in: 0..<bytes.count, using: &random)
            let byte = Array("[]{},\" :x1\\".utf8).randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[index] = byte
            case 1: bytes.remove(at: index)
            default: bytes.insert(byte, at: index)
            }
            variants.append(String(decoding: bytes, as: UTF8.self))
        }
        for variant in variants {
            for path in ["$.body[*].text.title", "$.body[*]..id"] {
                let (expected, error) = try JSONArrayOutputsTests.sequential(path, variant)
                for blockSize in [1, 9, 50] {
                    let (found, failure) = try await JSONArrayOutputsTests.parallel(
                        path, variant, parallelism: blockSize % 3 + 2, blockSize: blockSize)
                    #expect(found == expected, "\(path) over \(variant), blocks of \(blockSize)")
                    #expect(
                        failure?.description == error?.description, "\(path) over \(variant), blocks of \(blockSize)")
                }
            }
        }
    }
}
