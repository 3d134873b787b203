import Foundation
import NIOCore
import Sift
import SiftMapping
import Testing

@testable import SiftHTTP

/// One meaning of a root key path in every mapper: dotted, with a literal key containing dots
/// winning over the nested reading (as in SiftMapping), or an RFC 9535 path of member names.
@Suite("Root key paths")
struct RootKeyPathTests {
    /// The object at `keyPath` of `json`, fed in pieces of `size` bytes.
    static func object(_ json: String, at keyPath: String, size: Int = 3) throws -> Int {
        var session = ObjectDataMapper(Int.self, rootKeyPath: keyPath).makeSession()
        for piece in Fixtures.pieces(json, size: size) { try session.consume(piece) }
        return try session.finish()
    }

    /// The elements at `keyPath` of `json`, fed in pieces of `size` bytes.
    static func elements(_ json: String, at keyPath: String, size: Int = 3) throws -> [Int] {
        var session = ArrayDataMapper(of: Int.self, rootKeyPath: keyPath).makeElementSession()
        var elements: [Int] = []
        for piece in Fixtures.pieces(json, size: size) { elements += try session.consume(piece) }
        return elements + (try session.finish())
    }

    @Test("a literal key with dots wins over the nested reading, wherever it is", arguments: [1, 3, 4096])
    func literalKeyWins(size: Int) throws {
        #expect(try Self.object(#"{"a": {"b": 1}, "a.b": 2}"#, at: "a.b", size: size) == 2)
        #expect(try Self.object(#"{"a.b": 2, "a": {"b": 1}}"#, at: "a.b", size: size) == 2)
        #expect(try Self.object(#"{"a": {"b": 1}}"#, at: "a.b", size: size) == 1)
        #expect(try Self.object(#"{"a.b": 2}"#, at: "a.b", size: size) == 2)
        #expect(try Self.elements(#"{"a.b": [1, 2], "a": {"b": [3]}}"#, at: "a.b", size: size) == [1, 2])
        #expect(try Self.elements(#"{"a": {"b": [3]}}"#, at: "a.b", size: size) == [3])
        #expect(try Self.elements(#"{"a": {"b": 5}, "a.b": [1]}"#, at: "a.b", size: size) == [1])
    }

    @Test("the dotted grammar is JSONKeyPath's: empty names, digits and backslashes are member names")
    func dottedGrammar() throws {
        #expect(try Self.object(#"{"a": {"": {"b": 1}}}"#, at: "a..b") == 1)
        #expect(try Self.object(#"{"a": {"": 2}}"#, at: "a.") == 2)
        #expect(try Self.object(#"{"items": {"0": 3}}"#, at: "items.0") == 3)
        #expect(throws: DataMapperError.self) { _ = try Self.object(#"{"items": [3]}"#, at: "items.0") }
        #expect(try Self.object(#"{"a\\": {"b": 4}}"#, at: #"a\.b"#) == 4)
        // `$.a` is RFC 9535 (the member `a` of the root), not the dotted `$` then `a`.
        #expect(throws: DataMapperError.self) { _ = try Self.elements(#"{"$": {"a": [5]}}"#, at: "$.a") }
        #expect(RootKeyPath("a..b").readings == JSONKeyPath("a..b").readings)
        #expect(RootKeyPath("$['a.b'].c").readings == [["a.b", "c"]])
    }

    @Test("an RFC 9535 path of member names", arguments: [1, 3, 4096])
    func rfc9535Paths(size: Int) throws {
        let json = #"{"a": {"b": 1, "c": [4, 5]}, "a.b": 2, "$ref": 7}"#
        #expect(try Self.object(json, at: "$.a.b", size: size) == 1)
        #expect(try Self.object(json, at: "$['a.b']", size: size) == 2)
        #expect(try Self.object(json, at: "$['a']['b']", size: size) == 1)
        #expect(try Self.elements(json, at: "$.a.c", size: size) == [4, 5])
        #expect(try Self.elements("[6, 7]", at: "$", size: size) == [6, 7])
        // Not RFC 9535: a dotted path naming the key `$ref`.
        #expect(try Self.object(json, at: "$ref", size: size) == 7)
    }

    @Test("what cannot be decided, or named, is an error that says why")
    func errors() throws {
        // Found while parsing: a consumer error of the parse, as every wrong-kind value is.
        let parse = #expect(throws: JSONParseError.self) {
            _ = try Self.elements(#"{"a": {"b": [3]}, "a.b": [1]}"#, at: "a.b")
        }
        let late = parse?.underlyingError as? DataMapperError
        #expect(late?.message.hasPrefix("root key path `a.b` names both a member with that name") == true)
        #expect(late?.path.description == "$['a.b']")

        let wrongKind = #expect(throws: DataMapperError.self) { _ = try Self.elements(#"{"a": {"b": 5}}"#, at: "a.b") }
        #expect(wrongKind?.message == "expected an array at root key path `a.b`, found a number")
        #expect(wrongKind?.location?.column == 13)

        let notMembers = #expect(throws: DataMapperError.self) { _ = try Self.elements("[[1]]", at: "$[*]") }
        #expect(
            notMembers?.message
                == "root key path `$[*]` must name object members, such as `$.data.authors` or `$['a.b']`")

        // A root key path names one value: a filter (which selects any number) is refused the same way.
        let filtered = #expect(throws: DataMapperError.self) {
            _ = try Self.elements(#"{"a": [[1], [2]]}"#, at: "$.a[?@[0] > 1]")
        }
        #expect(
            filtered?.message
                == "root key path `$.a[?@[0] > 1]` must name object members, such as `$.data.authors` or `$['a.b']`")

        let missing = #expect(throws: DataMapperError.self) { _ = try Self.object(#"{"a": {}}"#, at: "$.a.b") }
        #expect(missing?.message == "no value at root key path `$.a.b`: `a` has no member `b`")
    }

    @Test("SiftMapping's mappers read the same paths")
    func mappingMappers() throws {
        let json = #"{"data": {"author": {"id": 1, "name": "Ada"}}, "data.author": {"id": 2, "name": "Grace"}}"#
        for (keyPath, id) in [("data.author", 2), ("$.data.author", 1), ("$['data.author']", 2)] {
            var session = ObjectDataMapper(mapping: MappedAuthor.self, rootKeyPath: keyPath).makeSession()
            for piece in Fixtures.pieces(json, size: 5) { try session.consume(piece) }
            #expect(try session.finish().id == id, "\(keyPath)")
        }
        #expect(RootKeyPath("$.data.people").keyPath.readings == [["data", "people"]])
        #expect(RootKeyPath("$['data.people']").keyPath.readings == [["data.people"]])
        #expect(RootKeyPath("data.people").keyPath == "data.people")
        #expect(RootKeyPath(nil).keyPath == "")
    }

    /// A member path's names are read once: never split at their dots.
    ///
    /// The SiftMapping mappers hand SiftMapping the `JSONKeyPath` of the RFC 9535 path, with
    /// its one reading, not its names joined with dots (which SiftMapping would read again).
    @Test("SiftMapping's object mappers read `$['data.author'].x` as written", arguments: [1, 7, 4096])
    func mappingObjectMappersKeepDottedNames(size: Int) throws {
        let json =
            #"{"data": {"author": {"x": {"id": 4, "name": "Ada"}}}, "data.author": {"x": {"id": 3, "name": "Lin"}}}"#
        var object = ObjectDataMapper(mapping: MappedAuthor.self, rootKeyPath: "$['data.author'].x").makeSession()
        for piece in Fixtures.pieces(json, size: size) { try object.consume(piece) }
        #expect(try object.finish().id == 3)

        var keyMapped = ObjectDataMapper(keyMapped: KeyedAuthor.self, rootKeyPath: "$['data.author'].x")
            .makeSession()
        for piece in Fixtures.pieces(json, size: size) { try keyMapped.consume(piece) }
        #expect(try keyMapped.finish().id == 3)
    }

    /// A member path's names are read once: never joined and read as one literal key.
    @Test("SiftMapping's array mappers read `$.data.authors` as written", arguments: [1, 7, 4096])
    func mappingArrayMappersReadOnlyNestedMembers(size: Int) async throws {
        let both =
            #"{"data.authors": [{"id": 2, "name": "Grace"}], "data": {"authors": [{"id": 1, "name": "Ada"}]}}"#
        let nested = try await MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "$.data.authors")
            .map(MapperProtocolTests.body(both, size: size))
        #expect(nested.map(\.id) == [1])
        let keyMappedNested = try await KeyMappedArrayDataMapper(of: KeyedAuthor.self, rootKeyPath: "$.data.authors")
            .map(MapperProtocolTests.body(both, size: size))
        #expect(keyMappedNested.map(\.id) == [1])
        let literalKey = try await MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "$['data.authors']")
            .map(MapperProtocolTests.body(both, size: size))
        #expect(literalKey.map(\.id) == [2])

        // Only the literal member: `$.data.authors` does not name it.
        let onlyLiteral = #"{"data.authors": [{"id": 2, "name": "Grace"}]}"#
        await #expect(throws: (any Error).self) {
            _ = try await MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "$.data.authors")
                .map(MapperProtocolTests.body(onlyLiteral, size: size))
        }
    }
}
