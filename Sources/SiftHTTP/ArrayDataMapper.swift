import Foundation
import NIOCore
import Sift

/// Maps the array at a root key path of a JSON body to its elements, each handed out as soon as
/// its closing token has arrived: a `Decodable` type, or anything a function can build from a
/// `JSONValue`.
///
/// Used through `HTTPDataLoader.elements()` the elements stream while the body downloads; used
/// through `HTTPDataLoader.load()` they are collected into an array. Only one element is held
/// at a time while it is read. The root key path is dotted (`"data.authors"`, a literal key with
/// dots winning over the nested reading, as in SiftMapping) or RFC 9535 (`"$.data.authors"`,
/// `"$['data.authors']"`); nil, empty or `"$"` means the document itself is the array. Anything
/// but an array there is a mapping error.
///
/// ```swift
/// struct Author: Decodable, Sendable { let id: Int; let name: String }
/// // { "status": "ok", "authors": [ { "id": 1, "name": "Ada" }, ... ] }
/// let mapper = ArrayDataMapper(of: Author.self, rootKeyPath: "authors")
/// ```
public struct ArrayDataMapper<Element>: ElementMapper {
    /// The root key path of the array (dotted or RFC 9535), nil when the document is the array.
    ///
    /// ```swift
    /// mapper.rootKeyPath // "authors"
    /// ```
    public let rootKeyPath: String?

    /// The tokenizer settings used to read the body.
    ///
    /// ```swift
    /// mapper.options.maximumDepth // 512
    /// ```
    public let options: JSONParserOptions

    private let convert: @Sendable (CapturedJSON) throws -> Element

    /// Creates a mapper that decodes each element of the array at `rootKeyPath` as `type` with `decoder`.
    ///
    /// The captured value is decoded by Sift's `JSONValueDecoder`, the decoder configuration every
    /// Sift API takes, straight from the capture: no text is written out and parsed again. From a
    /// configured Foundation `JSONDecoder`, pass `JSONValueDecoder(matching:)`.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// let mapper = ArrayDataMapper(of: Author.self, rootKeyPath: "authors", decoder: decoder)
    /// ```
    public init(
        of type: Element.Type,
        rootKeyPath: String? = nil,
        decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) where Element: Decodable & SendableMetatype {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = CapturedJSON.decoding(Element.self, with: decoder)
    }

    /// Creates a mapper that builds each element from its `JSONValue`.
    ///
    /// What `transform` throws is reported as a mapping error for that element.
    ///
    /// ```swift
    /// let names = ArrayDataMapper(rootKeyPath: "authors") { value -> String in
    ///     guard case .object(let author) = value, case .string(let name)? = author["name"] else {
    ///         throw DataMapperError(message: "author without a name", path: [.key("authors")])
    ///     }
    ///     return name
    /// }
    /// ```
    public init(
        rootKeyPath: String? = nil,
        options: JSONParserOptions = JSONParserOptions(),
        transform: @escaping @Sendable (JSONValue) throws -> Element
    ) {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = { captured in try captured.transformed(by: transform) }
    }

    /// The elements of a body, each as soon as its closing token has arrived.
    ///
    /// ```swift
    /// for try await author in mapper.elements(in: body) { print(author.name) }
    /// ```
    public func elements(in body: HTTPBodyChunks) -> Elements {
        Elements(body: body, mapper: self)
    }

    /// Starts mapping a body pushed chunk by chunk into elements handed out as they complete.
    ///
    /// ```swift
    /// var session = mapper.makeElementSession()
    /// ```
    public func makeElementSession() -> ElementSession {
        ElementSession(
            capture: KeyPathCaptureSession(keyPath: rootKeyPath, target: .elements, options: options), convert: convert)
    }

    /// Starts mapping a body pushed chunk by chunk into the whole array.
    ///
    /// ```swift
    /// var session = mapper.makeSession()
    /// ```
    public func makeSession() -> Session {
        Session(elements: makeElementSession())
    }

    /// One mapping in progress, element by element.
    ///
    /// ```swift
    /// var session = ArrayDataMapper(of: Int.self).makeElementSession()
    /// try session.consume(ByteBuffer(string: "[1,2,")) // [1]: the 2 may still go on
    /// try session.consume(ByteBuffer(string: "3]"))    // [2, 3]
    /// try session.finish()                             // []
    /// ```
    public struct ElementSession {
        private var capture: KeyPathCaptureSession
        private let convert: @Sendable (CapturedJSON) throws -> Element

        init(capture: KeyPathCaptureSession, convert: @escaping @Sendable (CapturedJSON) throws -> Element) {
            self.capture = capture
            self.convert = convert
        }

        /// Parses the next chunk; returns the elements it completed.
        ///
        /// ```swift
        /// for author in try session.consume(chunk) { print(author.name) }
        /// ```
        public mutating func consume(_ chunk: ByteBuffer) throws -> [Element] {
            try capture.consume(chunk).map(convert)
        }

        /// Ends the body; returns any element completed only there.
        ///
        /// ```swift
        /// let last = try session.finish()
        /// ```
        public mutating func finish() throws -> [Element] {
            try capture.finish().map(convert)
        }
    }

    /// One mapping in progress, collecting the whole array.
    ///
    /// ```swift
    /// var session = ArrayDataMapper(of: Int.self).makeSession()
    /// try session.consume(ByteBuffer(string: "[1,2,3]"))
    /// try session.finish() // [1, 2, 3]
    /// ```
    public struct Session {
        private var elements: ElementSession
        private var array: [Element] = []

        init(elements: ElementSession) {
            self.elements = elements
        }

        /// Parses the next chunk, keeping the elements it completed.
        ///
        /// ```swift
        /// try session.consume(chunk)
        /// ```
        public mutating func consume(_ chunk: ByteBuffer) throws {
            array += try elements.consume(chunk)
        }

        /// Ends the body and returns every element.
        ///
        /// ```swift
        /// let authors = try session.finish()
        /// ```
        public mutating func finish() throws -> [Element] {
            array += try elements.finish()
            return array
        }
    }

    /// The elements of one body, read as they are asked for.
    ///
    /// ```swift
    /// var iterator = mapper.elements(in: body).makeAsyncIterator()
    /// ```
    public struct Elements: AsyncSequence {
        let body: HTTPBodyChunks
        let mapper: ArrayDataMapper

        /// Starts reading the body.
        ///
        /// ```swift
        /// var iterator = elements.makeAsyncIterator()
        /// ```
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(chunks: body.makeAsyncIterator(), session: mapper.makeElementSession())
        }

        /// Reads chunks until an element is complete.
        ///
        /// ```swift
        /// let author = try await iterator.next()
        /// ```
        public struct AsyncIterator: AsyncIteratorProtocol {
            var chunks: HTTPBodyChunks.AsyncIterator
            var session: ElementSession
            var pending: [Element] = []
            var pendingIndex = 0
            var finished = false

            /// The next element, nil after the last one; after a failure, nil.
            ///
            /// ```swift
            /// let author = try await iterator.next()
            /// ```
            public mutating func next() async throws -> Element? {
                while pendingIndex == pending.count {
                    if finished { return nil }
                    pending.removeAll(keepingCapacity: true)
                    pendingIndex = 0
                    finished = true
                    if let chunk = try await chunks.next() {
                        pending = try session.consume(ByteBuffer(chunk))
                        finished = false
                    } else {
                        pending = try session.finish()
                    }
                }
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
        }
    }
}
