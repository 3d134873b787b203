import Foundation
import Testing

@testable import Sift

/// Numbers, dates, data, non-conforming floats and key strategies, against JSONDecoder.
@Suite("JSONValueDecoder numbers and strategies")
struct CodableDecoderStrategyTests {
    typealias Support = CodableTestSupport

    static let numbers = #"""
        {"int8": -128, "uint8": 255, "int16": -32768, "uint16": 65535, "int32": -2147483648,
         "uint32": 4294967295, "int64": -9223372036854775808, "uint64": 18446744073709551615,
         "int": 9223372036854775807, "uint": 18446744073709551615, "float": 0.1,
         "double": 2.2250738585072014e-308, "decimal": 12345678901234567890.123456789}
        """#

    static func numbers(_ field: String, _ text: String) -> String {
        let pattern = try! Regex(#""\#(field)": [^,}]+"#)
        return numbers.replacing(pattern, with: #""\#(field)": \#(text)"#, maxReplacements: 1)
    }

    @Test("Extreme values convert exactly") func extremes() throws {
        let (sift, foundation) = try Support.outcomes(Numbers.self, Self.numbers)
        #expect(sift == foundation)
        guard case .value(let numbers) = sift else {
            Issue.record("\(sift)")
            return
        }
        #expect(numbers.uint64 == .max)
        #expect(numbers.int64 == .min)
        #expect(numbers.float == 0.1)
        #expect(numbers.decimal == Decimal(string: "12345678901234567890.123456789"))
    }

    static let acceptedNumbers: [(String, String)] = [
        ("int8", "127"), ("int", "1.0"), ("int", "1e2"), ("int", "-0"), ("int", "2.5e1"), ("uint8", "0"),
        ("double", "1e308"), ("double", "-0.0"), ("double", "0e-400"),
        ("double", "123456789012345678901234567890"), ("float", "3.4028235e38"), ("float", "1e-45"),
        ("float", "16777217"), ("decimal", "-1.5e-3"), ("decimal", "0"),
    ]

    @Test("Numbers both decoders accept", arguments: acceptedNumbers)
    func accepted(field: String, text: String) throws {
        let (sift, foundation) = try Support.outcomes(Numbers.self, Self.numbers(field, text))
        #expect(sift == foundation)
        if case .error = sift { Issue.record("\(field) = \(text) was rejected: \(sift)") }
    }

    static let rejectedNumbers: [(String, String, String)] = [
        ("int8", "128", "Int8"), ("int8", "-129", "Int8"), ("uint8", "256", "UInt8"), ("uint8", "-1", "UInt8"),
        ("int16", "32768", "Int16"), ("uint16", "65536", "UInt16"), ("int32", "-2147483649", "Int32"),
        ("uint32", "4294967296", "UInt32"), ("int64", "-9223372036854775809", "Int64"),
        ("int64", "9223372036854775808", "Int64"), ("uint64", "18446744073709551616", "UInt64"),
        ("int", "1.5", "Int"), ("int", "1e100", "Int"), ("uint", "-1", "UInt"),
        ("double", "1e400", "Double"), ("double", "-1e400", "Double"), ("double", "1e-400", "Double"),
        ("float", "3.5e38", "Float"), ("float", "1e-50", "Float"),
    ]

    /// JSONDecoder reports these as `dataCorrupted` with an empty coding path ("The given data
    /// was not valid JSON."); Sift gives the same case with the path of the number.
    @Test("Numbers that do not fit are dataCorrupted, never wrapped", arguments: rejectedNumbers)
    func rejected(field: String, text: String, typeName: String) throws {
        let (sift, foundation) = try Support.outcomes(Numbers.self, Self.numbers(field, text))
        guard case .error("dataCorrupted", _) = foundation else {
            Issue.record("Foundation: \(foundation)")
            return
        }
        #expect(sift == .error(kind: "dataCorrupted", path: [Support.PathKey(JSONCodingKey(stringValue: field))]))

        let value = try Support.parse(Self.numbers(field, text))
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Numbers.self, from: value)
        }
        let context = Support.describe(error).1
        #expect(context.debugDescription == "Number \(text) is not representable in \(typeName).")
        #expect(context.underlyingError is JSONNumberConversionError)
    }

    /// JSONDecoder converts some numbers through `Double` and so accepts `1.0000000000000001` as
    /// the integer 1 and rejects `1.8446744073709551615e19` as a `UInt64`; Sift converts the
    /// text exactly.
    @Test("Integers are exact where JSONDecoder goes through Double") func exactIntegers() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(UInt64.self, from: Support.parse("1.8446744073709551615e19")) == .max)
        #expect(try decoder.decode(Int64.self, from: Support.parse("-9.223372036854775808e18")) == .min)
        #expect(try decoder.decode(Int.self, from: Support.parse("12345678901234560e-1")) == 1_234_567_890_123_456)
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: Support.parse("1.0000000000000001")) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Int64.self, from: Support.parse("9007199254740993.5"))
        }
    }

    @Test("Numbers in other places", arguments: ["[1, 2.5, -3e2]", "[\"1\"]", "[null]", "[true]", "[1e999]"])
    func numberArrays(json: String) throws {
        let doubles = try Support.outcomes([Double].self, json)
        #expect(doubles.sift.matches(foundation: doubles.foundation), "\(doubles)")
        let floats = try Support.outcomes([Float].self, json)
        #expect(floats.sift.matches(foundation: floats.foundation), "\(floats)")
        let decimals = try Support.outcomes([Decimal].self, json)
        #expect(decimals.sift.matches(foundation: decimals.foundation), "\(decimals)")
        let integers = try Support.outcomes([Int16].self, json)
        #expect(integers.sift.matches(foundation: integers.foundation), "\(integers)")
    }

    @Test(
        "Decimal is exact from the number text",
        arguments: [
            "0.1", "3.14159265358979323846264338327950288", "-12345678901234567890123456789012345678",
            "1e-20", "99999999999999999999.99999999999999999",
        ])
    func decimals(text: String) throws {
        let (sift, foundation) = try Support.outcomes(Decimal.self, text)
        #expect(sift == foundation)
        #expect(sift == .value(Decimal(string: text)!))
    }

    // MARK: Dates

    enum DateCase: String, CaseIterable, Sendable {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601, formatted, custom

        var sample: String {
            switch self {
            case .deferredToDate: "431051355.5"
            case .secondsSince1970: "1409444955"
            case .millisecondsSince1970: "1409444955123"
            case .iso8601: "\"2014-08-31T00:29:15Z\""
            case .formatted: "\"Sun Aug 31 00:29:15 +0000 2014\""
            case .custom: "\"@1409444955\""
            }
        }

        var wrongValues: [String] {
            switch self {
            case .deferredToDate, .secondsSince1970, .millisecondsSince1970: ["\"soon\"", "null", "[1]"]
            case .iso8601, .formatted, .custom: ["\"soon\"", "null", "12"]
            }
        }

        static func customDate(_ decoder: any Decoder) throws -> Date {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard text.hasPrefix("@"), let seconds = Double(text.dropFirst()) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not @seconds")
            }
            return Date(timeIntervalSince1970: seconds)
        }

        static var twitterFormatter: DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
            return formatter
        }

        var decoders: (JSONValueDecoder, JSONDecoder) {
            var sift = JSONValueDecoder()
            let foundation = JSONDecoder()
            switch self {
            case .deferredToDate:
                (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) = (.deferredToDate, .deferredToDate)
            case .secondsSince1970:
                (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) = (.secondsSince1970, .secondsSince1970)
            case .millisecondsSince1970:
                (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) = (
                    .millisecondsSince1970, .millisecondsSince1970
                )
            case .iso8601: (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) = (.iso8601, .iso8601)
            case .formatted:
                (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) =
                    (.formatted(Self.twitterFormatter), .formatted(Self.twitterFormatter))
            case .custom:
                (sift.dateDecodingStrategy, foundation.dateDecodingStrategy) = (
                    .custom(Self.customDate), .custom(Self.customDate)
                )
            }
            return (sift, foundation)
        }
    }

    @Test("Date strategies", arguments: DateCase.allCases)
    func dates(strategy: DateCase) throws {
        let (siftDecoder, foundationDecoder) = strategy.decoders
        let json = #"{"name": "launch", "at": \#(strategy.sample)}"#
        let (sift, foundation) = try Support.outcomes(
            Event.self, json, sift: siftDecoder, foundation: foundationDecoder)
        #expect(sift == foundation)
        if case .error = sift { Issue.record("rejected: \(sift)") }
        let (siftTop, foundationTop) = try Support.outcomes(
            [Date].self, "[\(strategy.sample)]", sift: siftDecoder, foundation: foundationDecoder)
        #expect(siftTop == foundationTop)
    }

    /// Same error kinds and paths; except that for an unparseable ISO 8601 string JSONDecoder
    /// reports the path of the enclosing container, where Sift reports the date's own.
    @Test("Date strategies reject what JSONDecoder rejects", arguments: DateCase.allCases)
    func dateErrors(strategy: DateCase) throws {
        let (siftDecoder, foundationDecoder) = strategy.decoders
        for wrong in strategy.wrongValues {
            let json = #"{"name": "launch", "at": \#(wrong)}"#
            let (sift, foundation) = try Support.outcomes(
                Event.self, json, sift: siftDecoder, foundation: foundationDecoder)
            if strategy == .iso8601, wrong == "\"soon\"" {
                #expect(foundation == .error(kind: "dataCorrupted", path: []))
                #expect(
                    sift == .error(kind: "dataCorrupted", path: [Support.PathKey(JSONCodingKey(stringValue: "at"))]))
            } else {
                #expect(sift == foundation, "\(wrong)")
            }
            if case .value = sift { Issue.record("\(wrong) was accepted") }
        }
    }

    // MARK: Data

    @Test(
        "Data strategies",
        arguments: [
            #"{"bytes": "AQID/w=="}"#, #"{"bytes": ""}"#, #"{"bytes": "AQID/w"}"#, #"{"bytes": "***"}"#,
            #"{"bytes": [1, 2, 255]}"#, #"{"bytes": [256]}"#, #"{"bytes": null}"#, #"{"bytes": 5}"#,
        ])
    func data(json: String) throws {
        let (sift, foundation) = try Support.outcomes(Blob.self, json)
        #expect(sift == foundation)

        var siftDeferred = JSONValueDecoder()
        siftDeferred.dataDecodingStrategy = .deferredToData
        let foundationDeferred = JSONDecoder()
        foundationDeferred.dataDecodingStrategy = .deferredToData
        let deferred = try Support.outcomes(Blob.self, json, sift: siftDeferred, foundation: foundationDeferred)
        #expect(deferred.sift.matches(foundation: deferred.foundation))

        let hex: @Sendable (any Decoder) throws -> Data = { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return Data(text.utf8.reversed())
        }
        var siftCustom = JSONValueDecoder()
        siftCustom.dataDecodingStrategy = .custom(hex)
        let foundationCustom = JSONDecoder()
        foundationCustom.dataDecodingStrategy = .custom(hex)
        let custom = try Support.outcomes(Blob.self, json, sift: siftCustom, foundation: foundationCustom)
        #expect(custom.sift == custom.foundation)
    }

    @Test(
        "URL from a string",
        arguments: [
            "\"https://example.com/a b\"", "\"mailto:a@b.c\"", "\"\"", "\"/relative\"", "3", "null",
        ])
    func urls(json: String) throws {
        let (sift, foundation) = try Support.outcomes(URL.self, json)
        #expect(sift == foundation)
    }

    // MARK: Non-conforming floats

    @Test("Non-conforming floats from strings") func nonConformingFloats() throws {
        var sift = JSONValueDecoder()
        sift.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        let foundation = JSONDecoder()
        foundation.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")

        let json = #"["+Inf", "-Inf", 1.5]"#
        let (siftDoubles, foundationDoubles) = try Support.outcomes(
            [Double].self, json, sift: sift, foundation: foundation)
        #expect(siftDoubles == foundationDoubles)
        #expect(siftDoubles == .value([.infinity, -.infinity, 1.5]))
        let (siftFloats, foundationFloats) = try Support.outcomes(
            [Float].self, json, sift: sift, foundation: foundation)
        #expect(siftFloats == foundationFloats)

        let nan = try sift.decode(Double.self, from: .string("NaN"))
        #expect(nan.isNaN)
        let floatNaN = try sift.decode(Float.self, from: .string("NaN"))
        #expect(floatNaN.isNaN)

        for other in [#"["inf"]"#, #"["+Inf", "NaN "]"#] {
            let (siftOther, foundationOther) = try Support.outcomes(
                [Double].self, other, sift: sift, foundation: foundation)
            #expect(siftOther == foundationOther)
        }
        let (siftDefault, foundationDefault) = try Support.outcomes([Double].self, json)
        #expect(siftDefault == foundationDefault)
    }

    // MARK: Keys

    static let snakeDocuments: [String] = [
        #"{"user_name": "ada", "home_page": "https://a.example", "is_active": true, "lookup": {"a_b": 1, "cD": 2}, "by_id": {"1": "x"}, "_private_": 3}"#,
        #"{"userName": "ada", "homePage": "https://a.example", "isActive": true, "lookup": {}, "byId": {}}"#,
        #"{"user_name": "ada", "user__name": "bob", "home_page": "h", "is_active": false, "lookup": {}, "by_id": {}}"#,
        #"{"user_name": "ada", "home_page": "h", "is_active": false, "lookup": {"x": "y"}, "by_id": {}}"#,
        #"{"user_name": "ada", "home_page": "h", "is_active": false, "lookup": null, "by_id": {}}"#,
        #"{"user_name": "ada", "home_page": "h", "is_active": false, "lookup": [], "by_id": {}}"#,
        #"{"user_name": "ada", "home_page": "h", "is_active": false, "lookup": {}}"#,
    ]

    struct SnakeModel: Codable, Equatable {
        var userName: String
        var homePage: URL
        var isActive: Bool
        var lookup: [String: Int]
        var byId: [Int: String]
        var _private_: Int?
    }

    @Test("convertFromSnakeCase, leaving [String: V] keys alone", arguments: snakeDocuments)
    func snakeCase(json: String) throws {
        var sift = JSONValueDecoder()
        sift.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let (siftResult, foundationResult) = try Support.outcomes(
            SnakeModel.self, json, sift: sift, foundation: foundation)
        #expect(siftResult == foundationResult)
    }

    @Test(
        "Snake case conversion of single keys",
        arguments: [
            "a_b", "_a_b_", "__a__b__", "a", "", "___", "aB_c", "ONE_TWO", "one_two_three", "one__two", "éa_ü_x",
            "a_1b", "snake_case_KEY", "_", "a_",
        ])
    func snakeKeys(key: String) throws {
        struct Probe: Decodable, Equatable {
            var keys: [String]
            struct AnyKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            }
        }
        var sift = JSONValueDecoder()
        sift.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let json = "{\"\(key)\": 1}"
        let (siftResult, foundationResult) = try Support.outcomes(Probe.self, json, sift: sift, foundation: foundation)
        #expect(siftResult == foundationResult)
    }

    @Test("The ASCII fast path of convertFromSnakeCase agrees with Foundation's capitalization")
    func asciiSnakeKeys() {
        let alphabet = ["a", "B", "1", "_", "x", "Z", "9"]
        var keys = alphabet
        var level = alphabet
        for _ in 2...4 {
            level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
            keys += level
        }
        keys += ["created_at", "profile_image_url_https", "ID_str", "a_1b_c2D", "x_9lives_B2B3", "__a_b__"]
        for key in keys {
            #expect(
                KeyCaseConversion.asciiCamelCase(fromSnakeCase: key)
                    == KeyCaseConversion.generalCamelCase(fromSnakeCase: key), "\(key)")
            #expect(
                KeyCaseConversion.camelCase(fromSnakeCase: key)
                    == KeyCaseConversion.generalCamelCase(fromSnakeCase: key), "\(key)")
        }
    }

    @Test("Custom key strategy") func customKeys() throws {
        let strip: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            JSONCodingKey(stringValue: String(path.last!.stringValue.drop { $0 == "$" }))
        }
        var sift = JSONValueDecoder()
        sift.keyDecodingStrategy = .custom(strip)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .custom(strip)
        let json = #"{"$street": "x", "zip": null, "$geo": {"$lat": 1, "lng": 2}}"#
        let (siftResult, foundationResult) = try Support.outcomes(
            Address.self, json, sift: sift, foundation: foundation)
        #expect(siftResult == foundationResult)
        #expect(siftResult == .value(Address(street: "x", zip: nil, geo: Geo(lat: 1, lng: 2))))
    }

    // MARK: Settings of a JSONDecoder

    /// Decodes `json` with `foundation` and with `JSONValueDecoder(matching: foundation)`.
    static func matchingOutcomes<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, _ foundation: JSONDecoder
    ) throws -> (sift: Support.Outcome<T>, foundation: Support.Outcome<T>) {
        let sift = try #require(JSONValueDecoder(matching: foundation))
        return try Support.outcomes(type, json, sift: sift, foundation: foundation)
    }

    @Test("JSONValueDecoder(matching:) mirrors a JSONDecoder's date strategy", arguments: DateCase.allCases)
    func matchingDates(strategy: DateCase) throws {
        let foundation = strategy.decoders.1
        let (sift, expected) = try Self.matchingOutcomes(
            Event.self, #"{"name": "launch", "at": \#(strategy.sample)}"#, foundation)
        #expect(sift == expected)
        if case .error = sift { Issue.record("rejected: \(sift)") }
        for wrong in strategy.wrongValues where !(strategy == .iso8601 && wrong == "\"soon\"") {
            let (siftWrong, expectedWrong) = try Self.matchingOutcomes(
                Event.self, #"{"name": "launch", "at": \#(wrong)}"#, foundation)
            #expect(siftWrong == expectedWrong, "\(wrong)")
            if case .value = siftWrong { Issue.record("\(wrong) was accepted") }
        }
    }

    @Test("JSONValueDecoder(matching:) mirrors keys, data, floats and userInfo") func matchingOthers() throws {
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        for json in Self.snakeDocuments {
            let (sift, foundation) = try Self.matchingOutcomes(SnakeModel.self, json, snake)
            #expect(sift == foundation, "\(json)")
        }
        let strip = JSONDecoder()
        strip.keyDecodingStrategy = .custom { path in
            JSONCodingKey(stringValue: String(path.last!.stringValue.drop { $0 == "$" }))
        }
        let stripped = try Self.matchingOutcomes(
            Address.self, #"{"$street": "x", "zip": null, "$geo": {"$lat": 1, "lng": 2}}"#, strip)
        #expect(stripped.sift == .value(Address(street: "x", zip: nil, geo: Geo(lat: 1, lng: 2))))

        let deferredData = JSONDecoder()
        deferredData.dataDecodingStrategy = .deferredToData
        let bytes = try Self.matchingOutcomes(Blob.self, #"{"bytes": [1, 2, 255]}"#, deferredData)
        #expect(bytes.sift == bytes.foundation)
        if case .error = bytes.sift { Issue.record("rejected: \(bytes.sift)") }
        let base64 = try Self.matchingOutcomes(Blob.self, #"{"bytes": [1, 2, 255]}"#, JSONDecoder())
        #expect(base64.sift == base64.foundation)
        if case .value = base64.sift { Issue.record("an array read as Base64 data") }
        let reversed = JSONDecoder()
        reversed.dataDecodingStrategy = .custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8.reversed())
        }
        let custom = try Self.matchingOutcomes(Blob.self, #"{"bytes": "abc"}"#, reversed)
        #expect(custom.sift == custom.foundation)
        #expect(custom.sift == .value(Blob(bytes: Data("cba".utf8))))

        let floats = JSONDecoder()
        floats.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        let infinities = try Self.matchingOutcomes([Double].self, #"["+Inf", "-Inf", 1.5]"#, floats)
        #expect(infinities.sift == .value([.infinity, -.infinity, 1.5]))

        struct Versioned: Decodable, Equatable {
            static let version = CodingUserInfoKey(rawValue: "version")!
            var version: Int
            init(version: Int) { self.version = version }
            init(from decoder: any Decoder) throws {
                version = decoder.userInfo[Self.version] as? Int ?? -1
            }
        }
        let versioned = JSONDecoder()
        versioned.userInfo[Versioned.version] = 2
        let info = try Self.matchingOutcomes(Versioned.self, "{}", versioned)
        #expect(info.sift == .value(Versioned(version: 2)))
    }

    @Test("JSONValueDecoder(matching:) is nil for what it does not mirror") func matchingRefuses() {
        let json5 = JSONDecoder()
        json5.allowsJSON5 = true
        #expect(JSONValueDecoder(matching: json5) == nil)
        let topLevel = JSONDecoder()
        topLevel.assumesTopLevelDictionary = true
        #expect(JSONValueDecoder(matching: topLevel) == nil)
        #expect(JSONValueDecoder(matching: JSONDecoder()) != nil)
    }
}
