import Foundation
import Sift
import SiftHub
import Testing

@Suite("Custom schemas")
struct HubSchemaTests {
    static let itemsFeed = #"""
        {"name":"Shop","items":[
          {"name":"Tea","img":"https://example.com/tea.jpg","sub":"Green","kind":"card"},
          {"name":"Coffee","subtitle":"Black","sub":"ignored","img":"https://example.com/coffee.jpg"},
          {"name":"Water","subtitle":3,"sub":"Still"}
        ]}
        """#

    static let itemsExpected = ViewModel(
        navigationBarTitle: "Shop",
        bodyComponents: [
            ComponentModel(
                identifier: "Tea", componentCategory: .card, title: "Tea", subtitle: "Green",
                mainImageData: ComponentImageData(url: URL(string: "https://example.com/tea.jpg"))),
            ComponentModel(
                identifier: "Coffee", title: "Coffee", subtitle: "Black",
                mainImageData: ComponentImageData(url: URL(string: "https://example.com/coffee.jpg"))),
            ComponentModel(identifier: "Water", title: "Water", subtitle: "Still", mainImageData: ComponentImageData()),
        ])

    /// A schema for `{"name":…, "items":[{"name":…, "img":…, "subtitle"|"sub":…, "kind":…}]}`.
    static func itemsSchema() throws -> HubSchema {
        var schema = HubSchema()
        schema.viewModel.navigationBarTitle = JSONPath.root.goTo("name")
        schema.viewModel.bodyComponents = try JSONPath("$.items[*]")
        schema.component.identifier = JSONPath.root.goTo("name")
        schema.component.title = try JSONPath("$.name")
        schema.component.subtitle = JSONPath.root.goTo("subtitle").combine(with: .root.goTo("sub"))
        schema.component.componentCategory = JSONPath.root.goTo("kind")
        // The image is parsed from the item itself: its URL is the item's "img".
        schema.component.mainImageData = .root
        schema.image.url = JSONPath.root.goTo("img")
        return schema
    }

    @Test func aFeedOfAnotherShapeParsesThroughACustomSchema() throws {
        let schema = try Self.itemsSchema()
        #expect(try ViewModel(parsing: .string(Self.itemsFeed), schema: schema) == Self.itemsExpected)
        #expect(try ViewModel(jsonValue: jsonValue(Self.itemsFeed), schema: schema) == Self.itemsExpected)
    }

    @Test(arguments: [1, 4, 9])
    func aCustomSchemaParsesTheSameInChunks(chunkSize: Int) async throws {
        let viewModel = try await ViewModel(
            parsing: chunks(Self.itemsFeed, size: chunkSize), schema: try Self.itemsSchema())
        #expect(viewModel == Self.itemsExpected)
    }

    @Test func theSameSchemaLoadedFromItsJSONDescription() throws {
        let schema = try HubSchema(
            jsonDescription: .string(
                #"""
                {
                  "viewModel": {"navigationBarTitle": "$.name", "body": "$.items[*]"},
                  "component": {"identifier": "$.name", "title": "$.name", "subtitle": ["$.subtitle", "$.sub"],
                                "component.category": "$.kind", "mainImageData": "$"},
                  "image": {"url": "$.img"}
                }
                """#))
        #expect(try ViewModel(parsing: .string(Self.itemsFeed), schema: schema) == Self.itemsExpected)
    }

    @Test func theFirstValidAlternativeWinsWhateverTheDocumentOrder() throws {
        var schema = HubSchema()
        schema.component.title = JSONPath.root.goTo("a").combine(with: .root.goTo("b")).combine(with: .root.goTo("c"))
        let titles = try ViewModel(
            parsing: .string(
                #"""
                [{"c":"C","b":"B","a":"A"},{"c":"C","b":"B"},{"c":"C","a":1},{"a":null,"b":["x"]},{"b":"B","b":"B2"}]
                """#), schema: schema
        ).bodyComponents.map(\.title)
        #expect(titles == ["A", "B", "C", nil, "B"])
    }

    @Test func runBlockStepsWork() throws {
        var schema = HubSchema()
        schema.component.title = JSONPath.root.goTo("name").runBlock { value in
            guard case .string(let text) = value else { return nil }
            return .string(text.uppercased())
        }
        schema.component.mainImageData = JSONPath.root.goTo("img").runBlock { value in
            .object(JSONObject([JSONObject.Member(key: "uri", value: value)]))
        }
        schema.component.children = JSONPath.root.goTo("tags").runBlock { value in
            guard case .string(let text) = value else { return nil }
            return .array(
                text.split(separator: ",").map { .object(JSONObject([.init(key: "id", value: .string(String($0)))])) })
        }.forEach()
        let json = #"[{"name":"tea","img":"https://e.com/t.jpg","tags":"a,b"},{"name":5}]"#
        let viewModel = try ViewModel(parsing: .string(json), schema: schema)
        #expect(viewModel.bodyComponents[0].title == "TEA")
        #expect(viewModel.bodyComponents[0].mainImageData?.url == URL(string: "https://e.com/t.jpg"))
        #expect(viewModel.bodyComponents[0].children.map(\.identifier) == ["a", "b"])
        #expect(viewModel.bodyComponents[1].title == nil)
        #expect(try ViewModel(jsonValue: jsonValue(json), schema: schema) == viewModel)
    }

    @Test func aPropertyWithoutAPathIsNotRead() throws {
        var schema = HubSchema()
        schema.component.title = nil
        schema.viewModel.headerComponent = nil
        let viewModel = try ViewModel(
            parsing: .string(#"{"header":{"id":"h"},"body":[{"id":"a","text":{"title":"T","subtitle":"S"}}]}"#),
            schema: schema)
        #expect(viewModel == ViewModel(bodyComponents: [ComponentModel(identifier: "a", subtitle: "S")]))
    }

    @Test func changingACopyLeavesTheOriginal() throws {
        let original = HubSchema()
        var copy = original
        copy.component.title = JSONPath.root.goTo("name")
        let json = #"[{"name":"N","text":{"title":"T"}}]"#
        #expect(try ViewModel(parsing: .string(json), schema: original).bodyComponents[0].title == "T")
        #expect(try ViewModel(parsing: .string(json), schema: copy).bodyComponents[0].title == "N")
        #expect(try ViewModel(parsing: .string(json), schema: .default).bodyComponents[0].title == "T")
    }

    @Test func theRegistryNamesSchemas() throws {
        var registry = HubSchemaRegistry()
        var schema = registry.makeSchema()
        schema.component.title = JSONPath.root.goTo("name")
        try registry.register(schema, identifier: "search")
        let error = try #require(throws: HubSchemaError.self) {
            try registry.register(HubSchema(), identifier: "search")
        }
        #expect(error.kind == .duplicateIdentifier)
        #expect(error.description == "search: a schema is already registered under this identifier")
        #expect(registry.copySchema(identifier: "unknown") == nil)
        var extended = try #require(registry.copySchema(identifier: "search"))
        extended.component.subtitle = JSONPath.root.goTo("artist")
        try registry.register(extended, identifier: "search-v2")
        #expect(registry.identifiers == ["search", "search-v2"])
        let json = #"[{"name":"N","artist":"A"}]"#
        let first = try ViewModel(
            parsing: .string(json), schema: try #require(registry.copySchema(identifier: "search")))
        let second = try ViewModel(
            parsing: .string(json), schema: try #require(registry.copySchema(identifier: "search-v2")))
        #expect(first.bodyComponents[0].title == "N" && first.bodyComponents[0].subtitle == nil)
        #expect(second.bodyComponents[0].title == "N" && second.bodyComponents[0].subtitle == "A")
    }

    @Test func descriptionNullAndEmptyListsTurnAPropertyOff() throws {
        let schema = try HubSchema(jsonDescription: .string(#"{"component":{"title":null,"text.subtitle":[]}}"#))
        let viewModel = try ViewModel(
            parsing: .string(#"[{"id":"a","text":{"title":"T","subtitle":"S","accessory":"A"}}]"#), schema: schema)
        #expect(viewModel.bodyComponents == [ComponentModel(identifier: "a", accessoryTitle: "A")])
    }

    @Test(arguments: [
        (#"[]"#, "expected an object with the sections viewModel, component, image, target"),
        (#"{"components":{}}"#, "components: unknown section; expected one of viewModel, component, image, target"),
        (#"{"image":"$.x"}"#, "image: expected an object of property paths"),
        (
            #"{"target":{"url":"$.x"}}"#,
            "target.url: unknown property; expected one of uri, actionIdentifiers, initialViewModel, customData"
        ),
        (#"{"component":{"title":5}}"#, "component.title: expected a path string, a list of path strings or null"),
        (#"{"component":{"title":["$.a",5]}}"#, "component.title: expected a list of path strings"),
    ])
    func invalidDescriptionsAreNamed(description: String, message: String) throws {
        let error = try #require(throws: HubSchemaError.self) { try HubSchema(jsonDescription: .string(description)) }
        #expect(error.kind == .invalidDescription)
        #expect(error.description == message)
    }

    @Test func aDescriptionWithABadPathOrBadJSONIsAnError() throws {
        let error = try #require(throws: HubSchemaError.self) {
            try HubSchema(jsonDescription: .string(#"{"component":{"title":"$.a["}}"#))
        }
        #expect(error.subject == "component.title")
        #expect(error.message.hasPrefix("invalid path: "))
        #expect(throws: JSONParseError.self) { try HubSchema(jsonDescription: .string(#"{"component":"#)) }
    }

    @Test func schemasAreSharedAcrossConcurrentParses() async throws {
        let schema = try Self.itemsSchema()
        let results = try await withThrowingTaskGroup(of: ViewModel.self) { group in
            for _ in 0..<8 {
                group.addTask { try ViewModel(parsing: .string(Self.itemsFeed), schema: schema) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == Self.itemsExpected })
    }
}
