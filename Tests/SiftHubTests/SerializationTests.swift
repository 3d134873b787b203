import Foundation
import Sift
import SiftHub
import Testing

@Suite("Serialization in the default schema")
struct SerializationTests {
    @Test(arguments: ["guide", "everyKey"])
    func jsonToModelToJSONIsTheIdentity(fixture: String) throws {
        let json = fixture == "guide" ? Fixtures.guideExample : Fixtures.everyKey
        let input = try jsonValue(json)
        let viewModel = try ViewModel(parsing: .string(json))
        #expect(viewModel.jsonValue == input)
        #expect(try ViewModel(jsonValue: viewModel.jsonValue) == viewModel)
    }

    @Test func theEveryKeyFixtureReallyUsesEveryKey() throws {
        let viewModel = try ViewModel(parsing: .string(Fixtures.everyKey))
        let header = try #require(viewModel.headerComponent)
        #expect(viewModel.identifier != nil && viewModel.navigationBarTitle != nil && viewModel.customData != nil)
        #expect(!viewModel.bodyComponents.isEmpty && !viewModel.overlayComponents.isEmpty)
        #expect(header.groupIdentifier != nil && header.componentNamespace != nil && header.componentCategory != nil)
        #expect(
            header.title != nil && header.subtitle != nil && header.accessoryTitle != nil
                && header.descriptionText != nil)
        #expect(header.icon != nil && header.mainImageData != nil && header.backgroundImageData != nil)
        #expect(header.customImageData.count == 2)
        let main = try #require(header.mainImageData)
        #expect(main.url != nil && main.placeholderIcon != nil && main.localImageName != nil && main.customData != nil)
        let target = try #require(header.target)
        #expect(target.uri != nil && target.actionIdentifiers.count == 2 && target.customData != nil)
        let view = try #require(target.initialViewModel)
        #expect(view.identifier == "album" && view.headerComponent != nil && view.bodyComponents.count == 2)
        #expect(view.overlayComponents.count == 1 && view.customData == members(["preloaded": .bool(true)]))
        #expect(header.metadata != nil && header.loggingData != nil && header.customData != nil)
        #expect(header.children.count == 2 && header.children[0].children.count == 1)
    }

    @Test func numbersKeepTheirText() throws {
        let viewModel = try ViewModel(parsing: .string(Fixtures.everyKey))
        let custom = try #require(viewModel.headerComponent?.customData)
        guard case .number(let big) = custom["big"] else {
            Issue.record("no number")
            return
        }
        #expect(big.text == "12345678901234567890123")
    }

    @Test func absentKeysStayAbsentAndGeneratedIdentifiersAreNotWritten() throws {
        let viewModel = try ViewModel(parsing: .string(#"[{"text":{"title":"A"}},{"images":{"custom":{}}}]"#))
        #expect(viewModel.bodyComponents.map(\.identifier) == ["body-0", "body-1"])
        #expect(viewModel.jsonValue == (try jsonValue(#"{"body":[{"text":{"title":"A"}},{}]}"#)))
    }

    @Test func emptyObjectsOfModelsAreKept() throws {
        let json = #"{"header":{},"body":[{"images":{"main":{},"background":{}},"target":{"view":{}}}],"custom":{}}"#
        let viewModel = try ViewModel(parsing: .string(json))
        #expect(viewModel.jsonValue == (try jsonValue(json)))
    }

    @Test func modelsBuiltInSwiftSerialize() throws {
        let row = ComponentModel(
            identifier: "row-0", componentNamespace: "default", componentName: "row", componentCategory: .row,
            title: "Hi",
            customImageData: [
                "b": ComponentImageData(localImageName: "b"), "a": ComponentImageData(placeholderIcon: "a"),
            ],
            target: ComponentTarget(
                uri: URL(string: "https://example.com/x"),
                actionIdentifiers: [HubIdentifier(namespace: "p", name: "q")],
                initialViewModel: ViewModel(navigationBarTitle: "Next")),
            metadata: members(["z": .null, "a": .bool(false)]))
        let expected = try jsonValue(
            #"""
            {"id":"row-0","component":{"id":"default:row","category":"row"},"text":{"title":"Hi"},
             "images":{"custom":{"a":{"placeholder":"a"},"b":{"local":"b"}}},
             "target":{"uri":"https://example.com/x","actions":["p:q"],"view":{"title":"Next"}},
             "metadata":{"a":false,"z":null}}
            """#)
        #expect(row.jsonValue == expected)
        #expect(
            ComponentModel(identifier: "x", componentName: "row").jsonValue
                == (try jsonValue(#"{"id":"x","component":{"id":"row"}}"#)))
        #expect(ComponentImageData().jsonValue == (try jsonValue("{}")))
        #expect(ComponentTarget().jsonValue == (try jsonValue("{}")))
        #expect(ViewModel().jsonValue == (try jsonValue("{}")))
    }

    @Test func freeFormObjectsKeepTheirMemberOrder() throws {
        let viewModel = try ViewModel(parsing: .string(#"{"custom":{"b":null,"c":{"z":1,"y":2},"a":null}}"#))
        guard case .object(let root) = viewModel.jsonValue, case .object(let custom) = root["custom"],
            case .object(let nested) = custom["c"]
        else {
            Issue.record("not an object")
            return
        }
        #expect(custom.members.map(\.key) == ["b", "c", "a"])
        #expect(nested.members.map(\.key) == ["z", "y"])
    }

    @Test(arguments: ["guide", "everyKey"])
    func theWriterGivesBackTheInputText(fixture: String) throws {
        let json = fixture == "guide" ? Fixtures.guideExample : Fixtures.everyKey
        let compactInput = try jsonValue(json).jsonString()
        let viewModel = try ViewModel(parsing: .string(json))
        #expect(try viewModel.jsonString() == compactInput)
        #expect(try viewModel.jsonString(pretty: true) == (try jsonValue(json).jsonString(pretty: true)))
    }

    @Test func componentsWriteOnePerLine() throws {
        let writer = JSONWriter()
        try HubSchema.default.forEachComponent(
            in: .string(#"[{"id":"a","text":{"title":"A"}},{"custom":{"x":[1.50]}}]"#)
        ) {
            try $0.write(to: writer)
            try writer.reset()
        }
        #expect(writer.sink.string == #"{"id":"a","text":{"title":"A"}}"# + "\n" + #"{"custom":{"x":[1.50]}}"# + "\n")
    }

    @Test func imagesAndTargetsWriteOnTheirOwn() throws {
        let writer = JSONWriter()
        try ComponentImageData(url: URL(string: "https://e.com/a.png"), placeholderIcon: "p").write(to: writer)
        try writer.reset()
        try ComponentTarget(actionIdentifiers: [HubIdentifier(namespace: "a", name: "b")]).write(to: writer)
        #expect(
            writer.sink.string == #"{"uri":"https://e.com/a.png","placeholder":"p"}"# + "\n" + #"{"actions":["a:b"]}"#)
        #expect(try ComponentModel(identifier: "a", title: "A").jsonString() == #"{"id":"a","text":{"title":"A"}}"#)
    }

    @Test func largeModelsBuildTheValueOfTheirText() throws {
        // Long arrays written by models (20 000 body components, 5 000 children, 5 000 actions): the
        // engine's builder takes each element once (SiftHub's former builder copied its open array
        // on every element: quadratic); the value is the value of the writer's text.
        var text = #"{"title":"Feed","body":["#
        for index in 0..<20_000 {
            text +=
                #"{"id":"row-\#(index)","text":{"title":"Row \#(index)"},"metadata":{"n":\#(index),"tags":["a",null]}},"#
        }
        text += #"{"id":"many","target":{"actions":["#
        text += (0..<5_000).map { #""a:\#($0)""# }.joined(separator: ",")
        text += #"]},"children":["#
        text += (0..<5_000).map { #"{"id":"child-\#($0)"}"# }.joined(separator: ",")
        text += "]}]}"
        let viewModel = try ViewModel(parsing: .string(text))
        #expect(viewModel.bodyComponents.count == 20_001)
        let expected = try jsonValue(text)
        #expect(viewModel.jsonValue == expected)
        #expect(try viewModel.jsonString() == expected.jsonString())
        let many = try #require(viewModel.bodyComponents.last)
        #expect(many.jsonValue == (try jsonValue(try many.jsonString())))
    }
}
