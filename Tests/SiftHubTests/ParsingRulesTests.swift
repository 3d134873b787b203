import Foundation
import Sift
import SiftHub
import Testing

@Suite("Parsing with the default schema")
struct ParsingRulesTests {
    /// The first body component of `[component]`.
    func component(_ json: String) throws -> ComponentModel {
        try #require(try ViewModel(parsing: .string("[\(json)]")).bodyComponents.first)
    }

    @Test(
        arguments: [
            ("default:row", "default", "row"),
            ("custom:hero", "custom", "hero"),
            ("row", nil, "row"),
            ("a:b:c", "a", "b"),
            ("a:b:c:d", "a", "b"),
            (":b", "", "b"),
            ("a:", "a", ""),
            ("", nil, ""),
            ("é:ü", "é", "ü"),
            ("ns:名前:x", "ns", "名前"),
            ("😀", nil, "😀"),
        ] as [(String, String?, String)])
    func componentIdentifierSplitsIntoNamespaceAndName(text: String, namespace: String?, name: String) throws {
        let model = try component(#"{"component":{"id":"\#(text)"}}"#)
        #expect(model.componentNamespace == namespace)
        #expect(model.componentName == name)
    }

    @Test func oneComponentIdentifierPartKeepsTheNamespace() {
        var model = ComponentModel(identifier: "x", componentNamespace: "custom", componentName: "hero")
        model.setComponentIdentifier("banner")
        #expect(model.componentNamespace == "custom")
        #expect(model.componentName == "banner")
        #expect(model.componentIdentifier == "custom:banner")
    }

    @Test func actionsThatAreNotExactlyNamespaceAndNameAreSkipped() throws {
        let model = try component(
            #"{"target":{"actions":["player:play","play","a:b:c",":x","x:",5,null,{"a":"b:c"},["q:r"],"share:link"]}}"#)
        #expect(
            model.target?.actionIdentifiers == [
                HubIdentifier(namespace: "player", name: "play"), HubIdentifier(namespace: "share", name: "link"),
            ])
    }

    @Test func everyStringPropertyMapsAsDocumented() throws {
        let model = try component(
            #"""
            {"id":"i","group":"g","component":{"id":"n:c","category":"banner"},
             "text":{"title":"t","subtitle":"s","accessory":"a","description":"d"},
             "images":{"icon":"star","main":{"uri":"https://e.com/m","placeholder":"p","local":"l","custom":{"k":1}},
                       "background":{"uri":"relative/b.png"},"custom":{"badge":{"local":"b"},"bad":"not an object"}},
             "target":{"uri":"spotify:album:1","view":{"title":"Inner","body":[{"id":"inner"}]},"custom":{"c":true}},
             "metadata":{"m":1},"logging":{"l":2},"custom":{"c":3},"children":[{"id":"child"}]}
            """#)
        #expect(model.identifier == "i")
        #expect(model.groupIdentifier == "g")
        #expect(model.componentNamespace == "n")
        #expect(model.componentName == "c")
        #expect(model.componentCategory == .banner)
        #expect([model.title, model.subtitle, model.accessoryTitle, model.descriptionText] == ["t", "s", "a", "d"])
        #expect(model.icon == "star")
        #expect(
            model.mainImageData
                == ComponentImageData(
                    url: URL(string: "https://e.com/m"), placeholderIcon: "p", localImageName: "l",
                    customData: members(["k": number("1")])))
        #expect(model.backgroundImageData?.url?.absoluteString == "relative/b.png")
        #expect(model.customImageData == ["badge": ComponentImageData(localImageName: "b")])
        #expect(model.target?.uri?.absoluteString == "spotify:album:1")
        #expect(model.target?.customData == members(["c": .bool(true)]))
        #expect(model.target?.initialViewModel?.navigationBarTitle == "Inner")
        #expect(model.target?.initialViewModel?.bodyComponents.map(\.identifier) == ["inner"])
        #expect(model.metadata == members(["m": number("1")]))
        #expect(model.loggingData == members(["l": number("2")]))
        #expect(model.customData == members(["c": number("3")]))
        #expect(model.children.map(\.identifier) == ["child"])
    }

    @Test func viewModelKeysMapAsDocumented() throws {
        let viewModel = try ViewModel(
            parsing: .string(
                #"""
                {"id":"home","title":"Home","header":{"id":"h"},"body":[{"id":"b"}],"overlays":[{"id":"o"}],"custom":{"x":[1]}}
                """#))
        #expect(
            viewModel
                == ViewModel(
                    identifier: "home", navigationBarTitle: "Home", headerComponent: ComponentModel(identifier: "h"),
                    bodyComponents: [ComponentModel(identifier: "b")],
                    overlayComponents: [ComponentModel(identifier: "o")],
                    customData: members(["x": .array([number("1")])])))
    }

    @Test func valuesOfTheWrongTypeAreIgnored() throws {
        let viewModel = try ViewModel(
            parsing: .string(
                #"""
                {"id":7,"title":["x"],"header":[{"id":"not a header"}],"body":[1,"two",null,[{"id":"nested"}],{"id":"ok"}],
                 "overlays":{"id":"not a list"},"custom":"none"}
                """#))
        #expect(viewModel == ViewModel(bodyComponents: [ComponentModel(identifier: "ok")]))
        let model = try component(
            #"""
            {"id":{"x":1},"text":{"title":5,"subtitle":null},"images":{"main":"https://e.com/m","icon":true},
             "target":{"uri":"not a url with spaces"},"metadata":[1],"children":{"id":"c"}}
            """#)
        #expect(model.hasGeneratedIdentifier)
        #expect(model.title == nil && model.subtitle == nil && model.mainImageData == nil && model.icon == nil)
        #expect(model.target == ComponentTarget())
        #expect(model.metadata == nil)
        #expect(model.children.isEmpty)
    }

    @Test func aRootArrayHoldsBodyComponents() throws {
        let viewModel = try ViewModel(parsing: .string(#"[{"id":"a"},{"id":"b","children":[{"id":"c"}]}]"#))
        #expect(
            viewModel
                == ViewModel(bodyComponents: [
                    ComponentModel(identifier: "a"),
                    ComponentModel(identifier: "b", children: [ComponentModel(identifier: "c")]),
                ]))
    }

    @Test(arguments: [
        ("\"text\"", "a string", 1, 1),
        ("  42", "a number", 1, 3),
        ("\ntrue", "a boolean", 2, 1),
        ("null", "null", 1, 1),
    ])
    func anyOtherRootIsAnError(json: String, found: String, line: Int, column: Int) throws {
        let error = try #require(throws: JSONParseError.self) { try ViewModel(parsing: .string(json)) }
        #expect((error.underlyingError as? HubDocumentError)?.found == found)
        #expect(
            error.message
                == "a Hub document must be an object (a view model) or an array (body components), not \(found)")
        #expect(error.location.line == line)
        #expect(error.location.column == column)
        #expect(throws: HubDocumentError.self) { try ViewModel(jsonValue: jsonValue(json)) }
    }

    @Test func invalidJSONIsTheEnginesErrorWithItsLocation() throws {
        let error = try #require(throws: JSONParseError.self) {
            try ViewModel(parsing: .string("{\"body\": [\n  {\"id\": \"a\"},\n  {\"id\" \"b\"}\n]}"))
        }
        #expect(error.kind == .invalidSyntax)
        #expect(error.location.line == 3)
        #expect(error.location.column == 9)
        let truncated = try #require(throws: JSONParseError.self) {
            try ViewModel(parsing: .string(#"{"body":[{"id":"a"}"#))
        }
        #expect(truncated.kind == .incompleteInput)
    }

    @Test func componentsWithoutIdentifiersGetUniqueDeterministicOnes() throws {
        let json = #"""
            {"header":{},"body":[{},{"id":"body-1"},{"children":[{},{"id":"x"},{}]},{"id":"body-0"}],"overlays":[{}],
             "custom":{}}
            """#
        let first = try ViewModel(parsing: .string(json))
        let second = try ViewModel(parsing: .string(json))
        #expect(first == second)
        #expect(first.headerComponent?.identifier == "header")
        #expect(first.bodyComponents.map(\.identifier) == ["body-0#2", "body-1", "body-2", "body-0"])
        #expect(first.bodyComponents.map(\.hasGeneratedIdentifier) == [true, false, true, false])
        #expect(first.bodyComponents[2].children.map(\.identifier) == ["body-2-child-0", "x", "body-2-child-2"])
        #expect(first.overlayComponents.map(\.identifier) == ["overlay-0"])
        var all: [String] = []
        func collect(_ component: ComponentModel) {
            all.append(component.identifier)
            component.children.forEach(collect)
        }
        [first.headerComponent!].forEach(collect)
        first.bodyComponents.forEach(collect)
        first.overlayComponents.forEach(collect)
        #expect(Set(all).count == all.count)
    }

    @Test func componentsWithTheSameIdentifierMergeWithinOnePayload() throws {
        let viewModel = try ViewModel(
            parsing: .string(
                #"""
                {"body":[{"id":"a","text":{"title":"A"},"custom":{"x":1,"y":1}},{"id":"b"},
                         {"id":"a","text":{"subtitle":"A2"},"custom":{"y":2},"children":[{"id":"c","text":{"title":"C"}},{"id":"c","group":"g"}]}]}
                """#))
        #expect(
            viewModel.bodyComponents == [
                ComponentModel(
                    identifier: "a", title: "A", subtitle: "A2",
                    customData: members(["x": number("1"), "y": number("2")]),
                    children: [ComponentModel(identifier: "c", groupIdentifier: "g", title: "C")]),
                ComponentModel(identifier: "b"),
            ])
    }

    @Test(arguments: [1, 2, 5, 13, 256])
    func everySplitGivesTheSameModel(chunkSize: Int) async throws {
        let whole = try ViewModel(parsing: .string(Fixtures.everyKey))
        #expect(try await ViewModel(parsing: chunks(Fixtures.everyKey, size: chunkSize)) == whole)
    }

    /// Dictionaries are captured flat and made `JSONObject`s once they close: members keep
    /// their order, duplicates and number text, whether or not another path reads inside them,
    /// and a value of another kind leaves the property to the next alternative.
    @Test func capturedDictionariesKeepEveryMemberInOrder() throws {
        let json = #"""
            [{"id":"a","metadata":{"z":[1,{"y":"\u00e9"}],"a":1.50,"z":{},"t":"\u00e9",
              "long key past fifteen bytes":null,"b":[]},
              "logging":"not an object","log":{"kept":true}}]
            """#
        var schema = HubSchema.default
        schema.component.loggingData = JSONPath.root.goTo("logging").combine(with: .root.goTo("log"))
        schema.component.title = JSONPath.root.goTo("metadata").goTo("t")
        let streamed = try #require(try ViewModel(parsing: .string(json), schema: schema).bodyComponents.first)
        let inMemory = try #require(try ViewModel(jsonValue: jsonValue(json), schema: schema).bodyComponents.first)
        #expect(streamed == inMemory)
        let metadata = try #require(streamed.metadata)
        #expect(metadata.map(\.key) == ["z", "a", "z", "t", "long key past fifteen bytes", "b"])
        #expect(metadata[1].value.numberValue?.text == "1.50")
        #expect(metadata[0].value == [1, ["y": "\u{e9}"]])
        #expect(streamed.title == "\u{e9}")
        #expect(streamed.loggingData == members(["kept": true]))
        #expect(try component(#"{"metadata":"text"}"#).metadata == nil)
    }

    @Test func streamingAndInMemoryParsingAgree() throws {
        for json in [Fixtures.everyKey, Fixtures.guideExample] {
            #expect(try ViewModel(parsing: .string(json)) == ViewModel(jsonValue: jsonValue(json)))
        }
    }
}
