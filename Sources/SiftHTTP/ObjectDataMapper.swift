import Foundation
import NIOCore
import Sift

/// Maps the value at a root key path of a JSON body to one object: a `Decodable` type, or
/// anything a function can build from a `JSONValue`.
///
/// The body is tokenized as it arrives; only the value at the root key path is kept, and the rest
/// of the document is still checked, so a body that ends early or holds invalid JSON after the
/// value is an error, never a success. The root key path is dotted (`"data.post"`, a literal key
/// with dots winning over the nested reading, as in SiftMapping) or RFC 9535 (`"$.data.post"`,
/// `"$['data.post']"`); nil, empty or `"$"` means the whole document. When an object has several
/// members with the same name, the first one is used.
///
/// ```swift
/// struct Post: Decodable, Sendable { let id: Int; let slug: String }
/// // { "status": "ok", "post": { "id": 14332, "slug": "xbtoolkit-is-nice" } }
/// let mapper = ObjectDataMapper(Post.self, rootKeyPath: "post")
/// ```
public struct ObjectDataMapper<Object>: DataMapper {
    /// The root key path of the value to map (dotted or RFC 9535), nil for the whole document.
    ///
    /// ```swift
    /// mapper.rootKeyPath // "post"
    /// ```
    public let rootKeyPath: String?

    /// The tokenizer settings used to read the body.
    ///
    /// ```swift
    /// mapper.options.maximumDepth // 512
    /// ```
    public let options: JSONParserOptions

    let convert: @Sendable (CapturedJSON) throws -> Object

    /// Creates a mapper that decodes the value at `rootKeyPath` as `type` with `decoder`.
    ///
    /// The captured value is decoded by Sift's `JSONValueDecoder`, the decoder configuration every
    /// Sift API takes, straight from the capture: no text is written out and parsed again. From a
    /// configured Foundation `JSONDecoder`, pass `JSONValueDecoder(matching:)`.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// let mapper = ObjectDataMapper(Post.self, rootKeyPath: "post", decoder: decoder)
    /// ```
    public init(
        _ type: Object.Type,
        rootKeyPath: String? = nil,
        decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) where Object: Decodable & SendableMetatype {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = CapturedJSON.decoding(Object.self, with: decoder)
    }

    /// Creates a mapper that builds the object from the `JSONValue` at `rootKeyPath`.
    ///
    /// What `transform` throws is reported as a mapping error.
    ///
    /// ```swift
    /// let titles = ObjectDataMapper(rootKeyPath: "post") { value -> String in
    ///     guard case .object(let post) = value, case .string(let title)? = post["title"] else {
    ///         throw DataMapperError(message: "no title", path: [.key("post")])
    ///     }
    ///     return title
    /// }
    /// ```
    public init(
        rootKeyPath: String? = nil,
        options: JSONParserOptions = JSONParserOptions(),
        transform: @escaping @Sendable (JSONValue) throws -> Object
    ) {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = { captured in try captured.transformed(by: transform) }
    }

    /// Reads a body, chunk by chunk as it downloads, into the object.
    ///
    /// ```swift
    /// let post = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> Object {
        var session = makeSession()
        for try await chunk in body { try session.consume(ByteBuffer(chunk)) }
        return try session.finish()
    }

    /// Starts mapping a body pushed chunk by chunk (a body read by other means than a loader).
    ///
    /// ```swift
    /// var session = mapper.makeSession()
    /// ```
    public func makeSession() -> Session {
        Session(
            capture: KeyPathCaptureSession(keyPath: rootKeyPath, target: .value, options: options), convert: convert)
    }

    /// One mapping in progress, fed the body's chunks in order, then finished.
    ///
    /// ```swift
    /// var session = ObjectDataMapper(Post.self, rootKeyPath: "post").makeSession()
    /// try session.consume(ByteBuffer(string: #"{"post":{"id":1,"slug":"a"}}"#))
    /// let post = try session.finish()
    /// ```
    public struct Session {
        private var capture: KeyPathCaptureSession
        private let convert: @Sendable (CapturedJSON) throws -> Object
        private var object: Object?

        init(capture: KeyPathCaptureSession, convert: @escaping @Sendable (CapturedJSON) throws -> Object) {
            self.capture = capture
            self.convert = convert
        }

        /// Parses the next chunk of the body; the object is built as soon as its value is complete.
        ///
        /// ```swift
        /// try session.consume(chunk)
        /// ```
        public mutating func consume(_ chunk: ByteBuffer) throws {
            for captured in try capture.consume(chunk) {
                object = try convert(captured)
            }
        }

        /// Ends the body and returns the object.
        ///
        /// ```swift
        /// let post = try session.finish()
        /// ```
        public mutating func finish() throws -> Object {
            for captured in try capture.finish() {
                object = try convert(captured)
            }
            guard let object else {
                throw DataMapperError(message: "no value at the root key path", path: .root)
            }
            return object
        }
    }
}
