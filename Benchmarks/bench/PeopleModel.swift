import Foundation
import Sift
import SiftMapping

/// The model of the mapping scenarios (the records of ``PeopleGenerator``), mapped two ways into
/// the same structs: with a SiftMapping schema (`Mappable`), and from `JSONSerialization` output by
/// walking dictionaries with strict casts (``init(foundation:)``), as hand-written mapping code
/// does.
///
/// Both reject the same things: a wrong JSON type, a fraction or a boolean where an integer is
/// expected, a boolean where a number is expected, an invalid URL or date.
struct BenchPerson: Mappable {
    let id: Int
    let name: String
    let email: String
    let nickname: String?
    let age: Int
    let score: Double
    let balance: Double
    let isActive: Bool
    let isVerified: Bool
    let homepage: URL
    let joined: Date
    let address: BenchAddress
    let orders: [BenchOrder]

    static let schema = MappingSchema {
        Property("id", .int)
        Property("name", .string)
        Property("email", .string)
        Property("nickname", .string, optional: true)
        Property("age", .int)
        Property("score", .double)
        Property("balance", .double)
        Property("active", .bool)
        Property("verified", .bool)
        Property("homepage", .url)
        Property("joined", .string, decoder: DayDecoder())
        Property("address", .dictionary, mappedType: BenchAddress.self)
        Property("orders", .array, mappedType: BenchOrder.self)
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        name = try entity.value(for: "name")
        email = try entity.value(for: "email")
        nickname = try entity.optionalValue(for: "nickname")
        age = try entity.value(for: "age")
        score = try entity.value(for: "score")
        balance = try entity.value(for: "balance")
        isActive = try entity.value(for: "active")
        isVerified = try entity.value(for: "verified")
        homepage = try entity.value(for: "homepage")
        joined = try entity.value(for: "joined")
        address = try entity.value(for: "address")
        orders = try entity.models(for: "orders")
    }

    /// Maps one element of `JSONSerialization` output.
    init(foundation value: Any) throws {
        let object = try Strict.object(value)
        id = try Strict.int(object["id"])
        name = try Strict.string(object["name"])
        email = try Strict.string(object["email"])
        nickname = try Strict.optional(object["nickname"], Strict.string)
        age = try Strict.int(object["age"])
        score = try Strict.double(object["score"])
        balance = try Strict.double(object["balance"])
        isActive = try Strict.bool(object["active"])
        isVerified = try Strict.bool(object["verified"])
        homepage = try Strict.url(object["homepage"])
        joined = try DayDecoder.date(try Strict.string(object["joined"]))
        address = try BenchAddress(foundation: object["address"] as Any)
        orders = try Strict.array(object["orders"]).map(BenchOrder.init(foundation:))
    }

    /// Adds every field, nested ones included, in order.
    func add(to fingerprint: inout Fingerprint) {
        fingerprint.add(id)
        fingerprint.add(name)
        fingerprint.add(email)
        fingerprint.add(nickname ?? "-")
        fingerprint.add(age)
        fingerprint.add(score)
        fingerprint.add(balance)
        fingerprint.add(isActive)
        fingerprint.add(isVerified)
        fingerprint.add(homepage.absoluteString)
        fingerprint.add(joined.timeIntervalSince1970)
        fingerprint.add(address.street)
        fingerprint.add(address.city)
        fingerprint.add(address.zip)
        fingerprint.add(address.latitude)
        fingerprint.add(address.longitude)
        for order in orders {
            fingerprint.add(order.id)
            fingerprint.add(order.sku)
            fingerprint.add(order.amount)
            fingerprint.add(order.isPaid)
        }
    }
}

/// The nested object of ``BenchPerson``.
struct BenchAddress: Mappable {
    let street: String
    let city: String
    let zip: String
    let latitude: Double
    let longitude: Double

    static let schema = MappingSchema {
        Property("street", .string)
        Property("city", .string)
        Property("zip", .string)
        Property("latitude", .double)
        Property("longitude", .double)
    }

    init(entity: MappedEntity) throws {
        street = try entity.value(for: "street")
        city = try entity.value(for: "city")
        zip = try entity.value(for: "zip")
        latitude = try entity.value(for: "latitude")
        longitude = try entity.value(for: "longitude")
    }

    init(foundation value: Any) throws {
        let object = try Strict.object(value)
        street = try Strict.string(object["street"])
        city = try Strict.string(object["city"])
        zip = try Strict.string(object["zip"])
        latitude = try Strict.double(object["latitude"])
        longitude = try Strict.double(object["longitude"])
    }
}

/// The elements of ``BenchPerson/orders``.
struct BenchOrder: Mappable {
    let id: Int
    let sku: String
    let amount: Double
    let isPaid: Bool

    static let schema = MappingSchema {
        Property("id", .int)
        Property("sku", .string)
        Property("amount", .double)
        Property("paid", .bool)
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        sku = try entity.value(for: "sku")
        amount = try entity.value(for: "amount")
        isPaid = try entity.value(for: "paid")
    }

    init(foundation value: Any) throws {
        let object = try Strict.object(value)
        id = try Strict.int(object["id"])
        sku = try Strict.string(object["sku"])
        amount = try Strict.double(object["amount"])
        isPaid = try Strict.bool(object["paid"])
    }
}

/// A `yyyy-MM-dd` day as midnight UTC, read by hand (both mapping contenders use it, so neither
/// pays for a `DateFormatter`).
struct DayDecoder: ValueDecoder {
    func decode(_ value: JSONValue) throws -> Date {
        guard case .string(let text) = value else { throw ValueDecodingError("expected a day string") }
        return try Self.date(text)
    }

    static func date(_ text: String) throws -> Date {
        var utf8 = text.utf8.makeIterator()
        func number(_ digits: Int) throws -> Int {
            var value = 0
            for _ in 0..<digits {
                guard let byte = utf8.next(), (0x30...0x39).contains(byte) else { throw invalid(text) }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func dash() throws {
            guard utf8.next() == UInt8(ascii: "-") else { throw invalid(text) }
        }
        let year = try number(4)
        try dash()
        let month = try number(2)
        try dash()
        let day = try number(2)
        guard utf8.next() == nil, (1...12).contains(month), (1...31).contains(day) else { throw invalid(text) }
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days) * 86_400)
    }

    private static func invalid(_ text: String) -> ValueDecodingError {
        ValueDecodingError("\"\(text)\" is not a day (yyyy-MM-dd)")
    }
}

/// Strict reads of `JSONSerialization` output, as SiftMapping's property types check them.
enum Strict {
    struct Mismatch: Error {}

    static func object(_ value: Any?) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw Mismatch() }
        return object
    }

    static func array(_ value: Any?) throws -> [Any] {
        guard let array = value as? [Any] else { throw Mismatch() }
        return array
    }

    static func string(_ value: Any?) throws -> String {
        guard let string = value as? String else { throw Mismatch() }
        return string
    }

    /// An integral number that fits `Int`; not a boolean.
    static func int(_ value: Any?) throws -> Int {
        guard let number = value as? NSNumber, !isBoolean(number), let int = value as? Int else { throw Mismatch() }
        return int
    }

    /// Any number; not a boolean.
    static func double(_ value: Any?) throws -> Double {
        guard let number = value as? NSNumber, !isBoolean(number) else { throw Mismatch() }
        return number.doubleValue
    }

    static func bool(_ value: Any?) throws -> Bool {
        guard let number = value as? NSNumber, isBoolean(number) else { throw Mismatch() }
        return number.boolValue
    }

    static func url(_ value: Any?) throws -> URL {
        guard let url = URL(string: try string(value), encodingInvalidCharacters: false) else { throw Mismatch() }
        return url
    }

    /// nil for a missing member or `null`, else `read(value)`.
    static func optional<T>(_ value: Any?, _ read: (Any?) throws -> T) throws -> T? {
        guard let value, !(value is NSNull) else { return nil }
        return try read(value)
    }

    /// Whether `JSONSerialization` made this number from `true` or `false` (it uses the two
    /// shared boolean instances).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        number === trueNumber || number === falseNumber
    }

    private static let trueNumber = NSNumber(value: true)
    private static let falseNumber = NSNumber(value: false)
}
