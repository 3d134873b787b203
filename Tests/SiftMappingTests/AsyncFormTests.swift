import Foundation
import Sift
import SiftMapping
import Testing

/// Every `Mapper` entry point has an `async` form over a stream of byte chunks, with the same
/// arguments in the same order (`of:`, `from:`, `atKeyPath:`), and gives what the input form gives
/// however the stream is split.
@Suite("Async forms")
struct AsyncFormTests {
    static let people = #"""
        {"data": {"people": [
            {"street": "a", "city": "b", "zip": "1"},
            {"street": "c", "city": "d", "zip": "2"}
        ], "first": {"street": "e", "city": "f", "zip": "3"}, "days": ["1", "22"]}}
        """#

    static let broken = #"""
        {"people": [{"street": "a", "city": "b"}, {"street": "c", "city": "d", "zip": "2"}, 42]}
        """#

    @Test(arguments: [1, 7, 100_000])
    func asyncFormsGiveWhatInputFormsGive(size: Int) async throws {
        let input = JSONInput.string(Self.people)
        func pieces() -> AsyncStream<[UInt8]> { chunks(of: Self.people, size: size) }

        let object = try Mapper.decodeObject(of: Address.self, from: input, atKeyPath: "data.first")
        #expect(try await Mapper.decodeObject(of: Address.self, from: pieces(), atKeyPath: "data.first") == object)

        let array = try Mapper.decodeArray(of: Address.self, from: input, atKeyPath: "data.people")
        #expect(array.map(\.zip) == ["1", "2"])
        #expect(try await Mapper.decodeArray(of: Address.self, from: pieces(), atKeyPath: "data.people") == array)

        let days = try Mapper.decodeArray(from: input, atKeyPath: "data.days", with: StringToIntDecoder())
        #expect(days == [1, 22])
        #expect(
            try await Mapper.decodeArray(from: pieces(), atKeyPath: "data.days", with: StringToIntDecoder()) == days)
        let city = try await Mapper.decodeObject(from: pieces(), atKeyPath: "data.first", with: CityDecoder())
        #expect(city == "f")

        let schema = MappingSchema { Property("zip", .string) }
        let entity = try await Mapper.entity(from: pieces(), atKeyPath: "data.first", schema: schema)
        #expect(try entity.value(for: "zip") as String == "3")

        var streamed: [Address] = []
        try await Mapper.forEachElement(of: Address.self, from: pieces(), atKeyPath: "data.people") {
            streamed.append($0)
        }
        #expect(streamed == array)
        var streamedDays: [Int] = []
        try await Mapper.forEachElement(from: pieces(), atKeyPath: "data.days", with: StringToIntDecoder()) {
            streamedDays.append($0)
        }
        #expect(streamedDays == days)

        var pulled: [Address] = []
        for try await address in Mapper.elements(of: Address.self, from: pieces(), atKeyPath: "data.people") {
            pulled.append(address)
        }
        #expect(pulled == array)
    }

    @Test(arguments: [1, 5, 100_000])
    func failuresMatchTheInputForm(size: Int) async throws {
        let expected = try #require(throws: MappingError.self) {
            try Mapper.decodeArray(of: Address.self, from: .string(Self.broken), atKeyPath: "people")
        }
        let error = await #expect(throws: MappingError.self) {
            try await Mapper.decodeArray(
                of: Address.self, from: chunks(of: Self.broken, size: size), atKeyPath: "people")
        }
        #expect(error?.description == expected.description)
        #expect(expected.failures.count == 2)
    }

    @Test(arguments: [1, 6, 100_000])
    func keyMappedModelsHaveAsyncForms(size: Int) async throws {
        let json = #"{"data": {"user": {"user_name": "ada", "age": 36}, "users": [{"user_name": "bob"}, {"age": 3}]}}"#
        let user = try await User.decode(from: chunks(of: json, size: size), atKeyPath: "data.user")
        #expect(user == User(name: "ada", age: 36))
        let users = try await User.decodeArray(from: chunks(of: json, size: size), atKeyPath: "data.users")
        #expect(users == [User(name: "bob", age: nil), User(name: "", age: 3)])
        #expect(try User.decodeArray(from: .string(json), atKeyPath: "data.users") == users)
    }

    @Test func elementsOfAnInput() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-people-\(UUID().uuidString).json")
        try Data(Self.people.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var zips: [String] = []
        for try await address in Mapper.elements(of: Address.self, from: .file(url.path), atKeyPath: "data.people") {
            zips.append(address.zip)
        }
        #expect(zips == ["1", "2"])
        let sequence = Mapper.elements(of: Address.self, from: .string(Self.people), atKeyPath: "data.people")
        let count = try await Task.detached {
            var count = 0
            for try await _ in sequence { count += 1 }
            return count
        }.value
        #expect(count == 2)
    }
}

/// Reads the city of an address object.
struct CityDecoder: ValueDecoder {
    func decode(_ value: JSONValue) throws -> String {
        guard case .object(let object) = value, case .string(let city)? = object["city"] else {
            throw ValueDecodingError("no city")
        }
        return city
    }
}
