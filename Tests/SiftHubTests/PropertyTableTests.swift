import Foundation
import Sift
import Testing

@testable import SiftHub

/// The property tables drive assignment, merging, writing and schema descriptions.
@Suite("Hub property tables")
struct PropertyTableTests {
    /// A component with every property set, nested models included.
    static let everything = ComponentModel(
        identifier: "row-1", groupIdentifier: "group", componentNamespace: "shop", componentName: "row",
        componentCategory: "card", title: "Title", subtitle: "Subtitle", accessoryTitle: "Accessory",
        descriptionText: "Description", icon: "album",
        mainImageData: ComponentImageData(
            url: URL(string: "https://example.com/main.jpg"), placeholderIcon: "track", localImageName: "local",
            customData: ["size": 2]),
        backgroundImageData: ComponentImageData(url: URL(string: "/background.jpg")),
        customImageData: ["b": ComponentImageData(placeholderIcon: "b"), "a": ComponentImageData(localImageName: "a")],
        target: ComponentTarget(
            uri: URL(string: "shop:item:1"), actionIdentifiers: [HubIdentifier(namespace: "cart", name: "add")],
            initialViewModel: ViewModel(
                identifier: "view", navigationBarTitle: "Item",
                headerComponent: ComponentModel(identifier: "header", title: "Head"),
                bodyComponents: [ComponentModel(identifier: "b0", title: "Zero")],
                overlayComponents: [ComponentModel(identifier: "o0")], customData: ["k": true]),
            customData: ["t": 1]),
        metadata: ["m": "x"], loggingData: ["l": 1], customData: ["c": [1, 2]],
        children: [ComponentModel(identifier: "child", subtitle: "Child")])

    @Test("every property survives writing and parsing again")
    func roundTrip() throws {
        let text = try Self.everything.jsonString()
        let view = try ViewModel(parsing: .string(#"{"body": [\#(text)]}"#))
        #expect(view.bodyComponents == [Self.everything])
        #expect(text.contains(#""text":{"title":"Title","subtitle":"Subtitle","accessory":"Accessory""#))
        #expect(text.contains(#""custom":{"a":{"local":"a"},"b":{"placeholder":"b"}}"#))
    }

    @Test("tags are table positions; names and default keys are unique per model")
    func tables() {
        for kind in HubModelKind.allCases {
            let properties = kind.properties
            #expect(properties.map(\.tag) == Array(properties.indices))
            #expect(Set(properties.map(\.name)).count == properties.count)
            #expect(Set(properties.map(\.defaultKey)).count == properties.count)
        }
        #expect(ViewModel.bodyComponentsTag == 3)
    }

    @Test("a schema description names every property, by name or default key")
    func descriptionReadsTheTable() throws {
        for kind in HubModelKind.allCases {
            for property in kind.properties {
                for key in [property.name, property.defaultKey] {
                    let description: JSONValue = [kind.sectionName: [key: "$.renamed"]]
                    let schema = try HubSchema(jsonDescriptionValue: description)
                    #expect(property.path(schema)?.description == "$['renamed']", "\(kind).\(key)")
                }
            }
        }
    }

    @Test("merging follows the table: scalars of the newer win, lists merge by identifier")
    func merging() {
        var base = Self.everything
        var update = ComponentModel(identifier: "row-1", title: "New", metadata: ["n": 1])
        update.children = [ComponentModel(identifier: "child", title: "Merged"), ComponentModel(identifier: "new")]
        base.merge(update)
        #expect(base.title == "New")
        #expect(base.subtitle == "Subtitle")
        #expect(base.metadata == ["m": "x", "n": 1])
        #expect(base.children.map(\.identifier) == ["child", "new"])
        #expect(base.children[0].title == "Merged" && base.children[0].subtitle == "Child")
        #expect(base.componentIdentifier == "shop:row")
    }

    @Test("alternatives rank properties past the first 32 too")
    func ranksHaveNoCap() {
        var ranks = Ranks()
        for tag in [0, 31, 32, 40, 200] {
            let claims = [ranks.claim(tag, 3), ranks.claim(tag, 5), ranks.claim(tag, 1), ranks.claim(tag, 1)]
            #expect(claims == [true, false, true, false], "tag \(tag)")
        }
    }
}

/// A schema path with a filter applies in memory and streamed alike: its models are built from
/// the candidates the filter selects.
@Suite("Hub schemas with filters")
struct HubFilterSchemaTests {
    static let json = #"{"body": [{"text": {"title": "a"}, "n": 1}, {"text": {"title": "b"}, "n": 5}]}"#

    @Test("in memory and streamed, the filter applies")
    func filters() throws {
        var schema = HubSchema()
        schema.viewModel.bodyComponents = try JSONPath("$.body[?@.n > 2]")
        let value = try JSONValue(parsing: Self.json)
        let inMemory = try ViewModel(jsonValue: value, schema: schema)
        #expect(inMemory.bodyComponents.map(\.title) == ["b"])
        let streamed = try ViewModel(parsing: .string(Self.json), schema: schema)
        #expect(streamed.bodyComponents.map(\.title) == ["b"])
        #expect(streamed == inMemory)
    }
}
