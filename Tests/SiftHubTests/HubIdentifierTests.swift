import Testing

@testable import SiftHub

/// `HubIdentifier(_:)` splits `namespace:name` exactly as the `Substring` form it replaced did,
/// on fixed edge cases and on random strings over an alphabet heavy in colons.
@Suite("Hub identifiers")
struct HubIdentifierTests {
    /// The former implementation, as the reference.
    static func reference(_ description: String) -> (namespace: String, name: String)? {
        let utf8 = description.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else { return nil }
        let nameStart = utf8.index(after: colon)
        guard nameStart != utf8.endIndex, !utf8[nameStart...].contains(UInt8(ascii: ":")) else { return nil }
        return (String(description[..<colon]), String(description[nameStart...]))
    }

    @Test(arguments: [
        ("share:link", "share", "link"), ("a:b", "a", "b"), ("é:ü", "é", "ü"), ("名前:空間", "名前", "空間"),
        ("a b:c d", "a b", "c d"),
    ])
    func parsesTwoNonEmptyParts(text: String, namespace: String, name: String) throws {
        let identifier = try #require(HubIdentifier(text))
        #expect(identifier.namespace == namespace)
        #expect(identifier.name == name)
        #expect(identifier.description == text)
    }

    @Test(arguments: ["", ":", "link", ":link", "share:", "a:b:c", "a::b", "::", "a:b:"])
    func refusesAnythingElse(text: String) {
        #expect(HubIdentifier(text) == nil)
    }

    @Test func agreesWithTheReferenceOnRandomStrings() {
        let alphabet: [Character] = [":", ":", "a", "b", "é", "🙂", " ", "\u{0}", "z"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...7, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let parsed = HubIdentifier(text)
            let expected = Self.reference(text)
            #expect(
                parsed?.namespace == expected?.namespace && parsed?.name == expected?.name, "\(text.debugDescription)")
        }
    }
}
