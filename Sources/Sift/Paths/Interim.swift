// Interim shims until the input branch lands (the JSONNumber accessors now live in Values/).
import Foundation

public struct JSONInput {
    let bytes: [UInt8]
    public static func string(_ text: String) -> JSONInput { JSONInput(bytes: Array(text.utf8)) }
    public static func bytes(_ bytes: [UInt8]) -> JSONInput { JSONInput(bytes: bytes) }
    public static func file(_ path: String) -> JSONInput { JSONInput(bytes: Array(FileManager.default.contents(atPath: path) ?? Data())) }
}

extension JSONTokenizer {
    public func parse(_ input: JSONInput) throws(JSONParseError) {
        try feed(input.bytes)
        try finish()
    }
    public func parse<Chunks: AsyncSequence>(_ chunks: Chunks) async throws where Chunks.Element: Sequence<UInt8> {
        for try await chunk in chunks {
            try feed(chunk)
            if isStopped { return }
        }
        try finish()
    }
}
