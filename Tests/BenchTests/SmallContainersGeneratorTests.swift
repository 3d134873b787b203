import Foundation
import Testing

@testable import bench

/// The feed of many small containers has the shape the issue describes: a dozen small containers
/// per component, escapes and non-ASCII in titles, 19-digit integers, 0–2 children, and `count`
/// as the root's last member.
@Suite struct SmallContainersGeneratorTests {
    static let data = SmallContainersGenerator(size: 200_000).makeData()

    static func root() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func countIsTheLastMemberOfTheRootAndCountsTheBody() throws {
        let root = try Self.root()
        let body = try #require(root["body"] as? [[String: Any]])
        #expect(body.count > 100)
        #expect(root["count"] as? Int == body.count)
        #expect(String(decoding: Self.data.suffix(20), as: UTF8.self).hasSuffix(#"],"count":\#(body.count)}"#))
    }

    @Test func everyComponentIsADozenSmallContainers() throws {
        let body = try #require(try Self.root()["body"] as? [[String: Any]])
        let components = body + body.flatMap { $0["children"] as? [[String: Any]] ?? [] }
        for component in components {
            // images.main is the twelfth (the eleventh in a child, which has no children).
            let containers = component.values.filter { $0 is [String: Any] || $0 is [Any] }
            #expect(containers.count + 1 == (component["children"] == nil ? 11 : 12))
            let category = (component["component"] as? [String: Any])?["category"] as? String
            #expect(category != nil)
            #expect(((component["images"] as? [String: Any])?["main"] as? [String: Any])?["uri"] is String)
            #expect((component["target"] as? [String: Any])?["uri"] is String)
            let metadata = try #require(component["metadata"] as? [String: Any])
            #expect(metadata.count == 5)
            #expect(metadata["ok"] is Bool)
            #expect((1...5).contains((component["style"] as? [String: Any])?.count ?? 0))
        }
        #expect(body.allSatisfy { (0...2).contains(($0["children"] as? [Any])?.count ?? -1) })
        #expect(body.contains { ($0["children"] as? [Any])?.count == 2 })
        #expect(body.contains { ($0["children"] as? [Any])?.isEmpty == true })
        #expect(components.contains { ($0["logging"] as? [String: Any])?.isEmpty == true })
        #expect(components.contains { ($0["actions"] as? [Any])?.isEmpty == true })
        #expect(components.contains { ($0["tags"] as? [Any])?.isEmpty == true })
    }

    @Test func titlesHaveEscapesAndNonASCIIAndRanksNineteenDigits() throws {
        let text = String(decoding: Self.data, as: UTF8.self)
        #expect(text.contains(#"\""#) && text.contains(#"\u"#) && text.contains(#"\n"#))
        #expect(text.unicodeScalars.contains { $0.value > 0x7F })
        let body = try #require(try Self.root()["body"] as? [[String: Any]])
        let ranks = body.compactMap { ($0["metadata"] as? [String: Any])?["rank"] as? Int }
        #expect(ranks.count == body.count)
        #expect(ranks.allSatisfy { String($0).count == 19 })
    }

    @Test func theNDJSONFormIsOneComponentPerLine() throws {
        let lines = SmallContainersGenerator(size: 30_000, layout: .ndjson).makeData()
            .split(separator: UInt8(ascii: "\n"))
        #expect(lines.count > 20)
        for line in lines {
            let component = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            #expect(component["text"] is [String: Any])
        }
    }
}
