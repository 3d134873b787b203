/// Writes a deterministic JSON array of person records, the input of the mapping scenarios:
/// `[{"id":…,"name":…,"email":…,"nickname":…,"age":…,"score":…,"balance":…,"active":…,
/// "verified":…,"homepage":"https://…","joined":"2019-04-12","address":{…},"orders":[{…},…]},…]`
/// — strings (some with escapes and non-ASCII text), integers, doubles, booleans, a URL, a date
/// string, an optional member that is sometimes `null` and sometimes missing, a nested object and
/// a small array of nested objects.
///
/// ```swift
/// let people = PeopleGenerator(count: 100_000).makeData()
/// ```
struct PeopleGenerator: JSONDocumentGenerator {
    private enum Phase { case opening, people, done }

    let count: Int
    private var random: SplitMix64
    private var phase = Phase.opening
    private var index = 0

    /// An array of `count` people.
    init(count: Int, seed: UInt64 = 0x5045_4f50_4c45_2121) {
        self.count = count
        random = SplitMix64(seed: seed)
    }

    var estimatedSize: Int { count * 520 + 16 }

    mutating func writeNextPiece(into output: inout [UInt8]) -> Bool {
        switch phase {
        case .opening:
            output.append("[")
            phase = count == 0 ? .done : .people
            if count == 0 { output.append("]") }
        case .people:
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writePerson(into: &output)
            index += 1
            if index == count {
                output.append("]")
                phase = .done
            }
        case .done:
            return false
        }
        return true
    }

    private static let firstNames: [[UInt8]] = bytes([
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus",
        "Zoë", "Søren", "José", "Łukasz", "Chloé", "Björn", "Mónica", "Jürgen", "Aiko", "Ngozi",
    ])
    private static let lastNames: [[UInt8]] = bytes([
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton",
        "Wirth", "O'Brien", "García", "Müller", "Nakamura", "Okafor", "Kowalski", "Dubois", "Rossi",
    ])
    private static let nicknames: [[UInt8]] = bytes([
        "ace", "the \\\"pro\\\"", "caf\\u00e9 lover", "night owl", "🔥", "東京", "line\\nbreak", "x",
    ])
    private static let streets: [[UInt8]] = bytes([
        "Main Street", "Baker Street", "Rue de Rivoli", "Königsallee", "Calle Mayor", "Via Roma",
        "Nevsky Prospekt", "Orchard Road", "Elm Avenue", "Harbour Lane",
    ])
    private static let cities: [[UInt8]] = bytes([
        "London", "Paris", "Düsseldorf", "Madrid", "Roma", "Saint Petersburg", "Singapore", "Zürich",
        "Kraków", "São Paulo", "Reykjavík", "Lagos",
    ])
    private static let skus: [[UInt8]] = bytes(["SKU-1001", "SKU-2002", "SKU-3003", "BOOK-42", "MUG-7", "TEE-XL"])

    private mutating func writePerson(into out: inout [UInt8]) {
        let id = 1_000_000 + index * 7 + random.below(7)
        let first = random.pick(Self.firstNames)
        let last = random.pick(Self.lastNames)
        out.append("{")
        out.appendKey("id")
        out.appendDecimal(id)
        out.append(",")
        out.appendKey("name")
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: first)
        out.append(" ")
        out.append(contentsOf: last)
        out.append(UInt8(ascii: "\""))
        out.append(",")
        out.appendKey("email")
        out.append(#""user"#)
        out.appendDecimal(id)
        out.append(#"@example.com","#)
        switch random.below(4) {
        case 0:
            out.appendKey("nickname")
            out.append("null,")
        case 1:
            break
        default:
            out.appendKey("nickname")
            out.appendQuoted(random.pick(Self.nicknames))
            out.append(",")
        }
        out.appendKey("age")
        out.appendDecimal(random.within(18...99))
        out.append(",")
        out.appendKey("score")
        appendFixed(random.below(1_000_000), decimals: 3, into: &out)
        out.append(",")
        out.appendKey("balance")
        appendFixed(random.below(20_000_000) - 10_000_000, decimals: 2, into: &out)
        out.append(",")
        out.appendKey("active")
        out.append(random.chance(70) ? "true," : "false,")
        out.appendKey("verified")
        out.append(random.chance(30) ? "true," : "false,")
        out.appendKey("homepage")
        out.append(#""https://example.com/people/"#)
        out.appendDecimal(id)
        out.append(#"?ref=bench","#)
        out.appendKey("joined")
        out.append(UInt8(ascii: "\""))
        out.appendDigits(UInt(random.within(1990...2025)), minimumCount: 4)
        out.append("-")
        out.appendDigits(UInt(random.within(1...12)), minimumCount: 2)
        out.append("-")
        out.appendDigits(UInt(random.within(1...28)), minimumCount: 2)
        out.append(#"","#)
        out.appendKey("address")
        writeAddress(into: &out)
        out.append(",")
        out.appendKey("orders")
        out.append("[")
        for order in 0..<random.below(4) {
            if order > 0 { out.append(",") }
            writeOrder(into: &out)
        }
        out.append("]}")
    }

    private mutating func writeAddress(into out: inout [UInt8]) {
        out.append("{")
        out.appendKey("street")
        out.append(UInt8(ascii: "\""))
        out.appendDecimal(random.within(1...250))
        out.append(" ")
        out.append(contentsOf: random.pick(Self.streets))
        out.append(#"","#)
        out.appendKey("city")
        out.appendQuoted(random.pick(Self.cities))
        out.append(",")
        out.appendKey("zip")
        out.append(UInt8(ascii: "\""))
        out.appendDigits(UInt(random.below(100_000)), minimumCount: 5)
        out.append(#"","#)
        out.appendKey("latitude")
        appendFixed(random.below(180_000_000) - 90_000_000, decimals: 6, into: &out)
        out.append(",")
        out.appendKey("longitude")
        appendFixed(random.below(360_000_000) - 180_000_000, decimals: 6, into: &out)
        out.append("}")
    }

    private mutating func writeOrder(into out: inout [UInt8]) {
        out.append("{")
        out.appendKey("id")
        out.appendDecimal(random.below(1 << 40))
        out.append(",")
        out.appendKey("sku")
        out.appendQuoted(random.pick(Self.skus))
        out.append(",")
        out.appendKey("amount")
        appendFixed(random.below(100_000), decimals: 2, into: &out)
        out.append(",")
        out.appendKey("paid")
        out.append(random.chance(80) ? "true" : "false")
        out.append("}")
    }

    /// `value / 10^decimals` written with exactly `decimals` fraction digits: `-12.50`.
    private func appendFixed(_ value: Int, decimals: Int, into out: inout [UInt8]) {
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        if value < 0 { out.append("-") }
        out.appendDigits(value.magnitude / scale, minimumCount: 1)
        out.append(".")
        out.appendDigits(value.magnitude % scale, minimumCount: decimals)
    }

    private static func bytes(_ texts: [String]) -> [[UInt8]] {
        texts.map { Array($0.utf8) }
    }
}
