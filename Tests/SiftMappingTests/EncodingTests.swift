import Foundation
import Sift
import SiftMapping
import Testing

extension Address: JSONRepresentable {
    var jsonValue: JSONValue {
        .object(["street": street.jsonValue, "city": city.jsonValue, "zip": zip.jsonValue])
    }
}

extension Person: JSONRepresentable {
    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    var jsonValue: JSONValue {
        var object: JSONObject = [
            "id": id.jsonValue, "name": name.jsonValue, "birthDate": .string(Self.dayFormatter.string(from: birthDate)),
            "addresses": addresses.jsonValue,
        ]
        if let nickname { object["nickname"] = nickname.jsonValue }
        if let isMember { object["isMember"] = isMember.jsonValue }
        if let homepage { object["homepage"] = homepage.jsonValue }
        return .object(object)
    }
}

struct Reading: Codable, Equatable {
    var sensor: String
    var value: Double
    var tags: [String]
}

@Suite("Encoding")
struct EncodingTests {
    @Test("standard types, collections and optionals turn into JSON")
    func conformances() throws {
        #expect(1.jsonValue == .number(JSONNumber(1)))
        #expect(UInt64.max.jsonValue == .number(JSONNumber(UInt64.max)))
        #expect(Int64.min.jsonValue.description == "-9223372036854775808")
        #expect(0.1.jsonValue.description == "0.1")
        #expect(Float(0.1).jsonValue.description == "0.1")
        #expect(Double.infinity.jsonValue == .null)
        #expect("a\"b".jsonValue.description == #""a\"b""#)
        #expect(Optional<Int>.none.jsonValue == .null)
        #expect(
            URL(string: "https://example.com/a b".replacingOccurrences(of: " ", with: "%20"))?.jsonValue
                == .string("https://example.com/a%20b"))
        #expect(["b": [1, 2], "a": []].jsonValue.description == #"{"a":[],"b":[1,2]}"#)
        #expect(Set([true]).jsonValue == .array([.bool(true)]))
    }

    @Test("model → JSON → model is the identity")
    func roundTrip() throws {
        let people = [
            try Mapper.decodeObject(of: Person.self, from: .string(NestedModelTests.personJSON)),
            try Mapper.decodeObject(
                of: Person.self,
                from: .string(
                    #"{"id": -1, "name": "Bob \u00e9\n", "nickname": "b", "birthDate": "2000-02-29", "isMember": false, "addresses": []}"#
                )),
        ]
        for person in people {
            #expect(try Mapper.decodeObject(of: Person.self, fromValue: person.jsonValue) == person)
            let text = try person.jsonValue.jsonString(pretty: true)
            #expect(try Mapper.decodeObject(of: Person.self, from: .string(text)) == person)
        }
        let writer = JSONWriter()
        try writer.writeArray(people)
        #expect(try Mapper.decodeArray(of: Person.self, from: .bytes(writer.sink.bytes)) == people)
    }

    @Test("large sequences are written element by element")
    func streamingWriter() throws {
        var produced = 0
        let models = (0..<10_000).lazy.map { index -> Address in
            produced += 1
            return Address(street: "\(index)", city: "c", zip: "z")
        }
        let writer = JSONWriter()
        try writer.writeArray(models)
        #expect(produced == 10_000)
        var count = 0
        try Mapper.forEachElement(of: Address.self, from: .bytes(writer.sink.bytes)) { address in
            #expect(address.street == "\(count)")
            count += 1
        }
        #expect(count == 10_000)
    }

    @Test("Encodable values go through the engine's writer")
    func encodables() throws {
        let readings = (0..<100).map {
            Reading(sensor: "s\($0)", value: Double($0) / 4, tags: $0 % 2 == 0 ? ["even"] : [])
        }
        let writer = JSONWriter()
        try writer.writeArray(encoding: readings.lazy)
        let decoded = try JSONQuery.collect(
            JSONPath.root.forEach().decoded(Reading.self), from: .bytes(writer.sink.bytes))
        #expect(decoded == readings)
        let single = JSONWriter()
        try single.write(encoding: readings[3])
        #expect(single.sink.string == #"{"sensor":"s3","value":0.75,"tags":[]}"#)
        let model = JSONWriter()
        try model.write(model: Address(street: "s", city: "c", zip: "z"))
        #expect(model.sink.string == #"{"street":"s","city":"c","zip":"z"}"#)
    }
}
