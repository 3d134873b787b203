import Foundation
import Sift
import SiftHub
import Testing

@Suite("Incremental view model builder")
struct ViewModelBuilderTests {
    func build(_ payloads: String...) throws -> ViewModel {
        var builder = ViewModelBuilder()
        for payload in payloads { try builder.add(.string(payload)) }
        return builder.build()
    }

    @Test func pagesAppendInOrderAndSameIdentifiersMerge() throws {
        let viewModel = try build(
            #"{"title":"Feed","body":[{"id":"a","text":{"title":"A"}},{"id":"b","text":{"title":"B"}}]}"#,
            #"{"body":[{"id":"b","text":{"subtitle":"B2"}},{"id":"c"}]}"#,
            #"[{"id":"d"},{"id":"a","group":"g"}]"#)
        #expect(viewModel.navigationBarTitle == "Feed")
        #expect(
            viewModel.bodyComponents == [
                ComponentModel(identifier: "a", groupIdentifier: "g", title: "A"),
                ComponentModel(identifier: "b", title: "B", subtitle: "B2"),
                ComponentModel(identifier: "c"),
                ComponentModel(identifier: "d"),
            ])
    }

    @Test func whatAPayloadDoesNotMentionIsKept() throws {
        let viewModel = try build(
            #"{"id":"v1","title":"One","header":{"id":"h","text":{"title":"T","subtitle":"S"}},"overlays":[{"id":"o"}]}"#,
            #"{"title":"Two","header":{"text":{"title":"T2"}}}"#)
        #expect(viewModel.identifier == "v1")
        #expect(viewModel.navigationBarTitle == "Two")
        #expect(viewModel.headerComponent == ComponentModel(identifier: "h", title: "T2", subtitle: "S"))
        #expect(viewModel.overlayComponents.map(\.identifier) == ["o"])
    }

    @Test func dictionariesMergeShallowlyWithNewKeysWinning() throws {
        let viewModel = try build(
            #"{"custom":{"a":1,"b":{"x":1}},"body":[{"id":"c","metadata":{"m":1,"n":1},"logging":{"l":1},"custom":{"k":1}}]}"#,
            #"{"custom":{"b":{"y":2},"c":3},"body":[{"id":"c","metadata":{"n":2},"logging":{"l2":2}}]}"#)
        #expect(viewModel.customData == members(["a": number("1"), "b": object(("y", number("2"))), "c": number("3")]))
        let component = viewModel.bodyComponents[0]
        #expect(component.metadata == members(["m": number("1"), "n": number("2")]))
        #expect(component.loggingData == members(["l": number("1"), "l2": number("2")]))
        #expect(component.customData == members(["k": number("1")]))
    }

    @Test func childrenAndOverlaysMergeByIdentifier() throws {
        let viewModel = try build(
            #"{"overlays":[{"id":"o1","text":{"title":"O"}}],"body":[{"id":"p","children":[{"id":"x","text":{"title":"X"}},{"id":"y"}]}]}"#,
            #"{"overlays":[{"id":"o2"},{"id":"o1","group":"g"}],"body":[{"id":"p","children":[{"id":"z"},{"id":"x","group":"gx","children":[{"id":"deep"}]}]}]}"#
        )
        #expect(
            viewModel.overlayComponents == [
                ComponentModel(identifier: "o1", groupIdentifier: "g", title: "O"), ComponentModel(identifier: "o2"),
            ])
        #expect(
            viewModel.bodyComponents[0].children == [
                ComponentModel(
                    identifier: "x", groupIdentifier: "gx", title: "X", children: [ComponentModel(identifier: "deep")]),
                ComponentModel(identifier: "y"),
                ComponentModel(identifier: "z"),
            ])
    }

    @Test func nestedModelsMergeRecursively() throws {
        let viewModel = try build(
            #"""
            {"body":[{"id":"c","component":{"id":"custom:hero","category":"banner"},
              "images":{"main":{"uri":"https://e.com/1","placeholder":"p","custom":{"a":1}},"custom":{"x":{"local":"x"}}},
              "target":{"uri":"https://e.com/t","actions":["a:b"],"view":{"title":"V","body":[{"id":"v1"}],"custom":{"k":1}}}}]}
            """#,
            #"""
            {"body":[{"id":"c","component":{"id":"row"},
              "images":{"main":{"uri":"https://e.com/2","custom":{"b":2}},"custom":{"x":{"placeholder":"px"},"y":{"local":"y"}}},
              "target":{"actions":["c:d","bad"],"view":{"body":[{"id":"v2"}],"custom":{"l":2}}}}]}
            """#)
        let component = viewModel.bodyComponents[0]
        #expect(component.componentNamespace == "custom")
        #expect(component.componentName == "row")
        #expect(component.componentCategory == .banner)
        #expect(
            component.mainImageData
                == ComponentImageData(
                    url: URL(string: "https://e.com/2"), placeholderIcon: "p",
                    customData: members(["a": number("1"), "b": number("2")])))
        #expect(
            component.customImageData == [
                "x": ComponentImageData(placeholderIcon: "px", localImageName: "x"),
                "y": ComponentImageData(localImageName: "y"),
            ])
        #expect(component.target?.uri == URL(string: "https://e.com/t"))
        #expect(component.target?.actionIdentifiers == [HubIdentifier(namespace: "c", name: "d")])
        #expect(
            component.target?.initialViewModel
                == ViewModel(
                    navigationBarTitle: "V",
                    bodyComponents: [ComponentModel(identifier: "v1"), ComponentModel(identifier: "v2")],
                    customData: members(["k": number("1"), "l": number("2")])))
    }

    @Test func componentsWithoutIdentifiersAppendAndAreNamedByPosition() throws {
        let viewModel = try build(#"[{"text":{"title":"1"}},{"id":"a"}]"#, #"[{"text":{"title":"2"}}]"#)
        #expect(viewModel.bodyComponents.map(\.identifier) == ["body-0", "a", "body-2"])
        #expect(viewModel.bodyComponents.map(\.title) == ["1", nil, "2"])
    }

    @Test func aFailedPayloadChangesNothing() throws {
        var builder = ViewModelBuilder()
        try builder.add(.string(#"{"title":"Kept","body":[{"id":"a"}]}"#))
        let before = builder.build()
        #expect(throws: JSONParseError.self) { try builder.add(.string(#"{"title":"Lost","body":[{"id":"b"},"#)) }
        #expect(throws: JSONParseError.self) { try builder.add(.string("17")) }
        #expect(builder.build() == before)
    }

    @Test func chunksValuesAndModelsAddLikePayloads() async throws {
        var builder = ViewModelBuilder()
        try await builder.add(chunks: chunks(#"{"body":[{"id":"a","text":{"title":"A"}}]}"#, size: 3))
        try builder.add(jsonValue: jsonValue(#"{"body":[{"id":"b"}]}"#))
        builder.add(
            ViewModel(navigationBarTitle: "Mixed", bodyComponents: [ComponentModel(identifier: "a", subtitle: "S")]))
        #expect(
            builder.build()
                == ViewModel(
                    navigationBarTitle: "Mixed",
                    bodyComponents: [
                        ComponentModel(identifier: "a", title: "A", subtitle: "S"), ComponentModel(identifier: "b"),
                    ]))
    }

    @Test func manyPagesOfAFeed() throws {
        var builder = ViewModelBuilder()
        for page in 0..<20 {
            let items = (0..<50).map { #"{"id":"item-\#(page * 50 + $0)","text":{"title":"\#(page)"}}"# }
            try builder.add(.string("[" + items.joined(separator: ",") + "]"))
        }
        try builder.add(.string(#"[{"id":"item-0","text":{"subtitle":"updated"}}]"#))
        let viewModel = builder.build()
        #expect(viewModel.bodyComponents.count == 1000)
        #expect(viewModel.bodyComponents.map(\.identifier) == (0..<1000).map { "item-\($0)" })
        #expect(viewModel.bodyComponents[0].subtitle == "updated")
        #expect(viewModel.bodyComponents[999].title == "19")
    }

    @Test func theBuilderUsesItsSchema() throws {
        var schema = HubSchema()
        schema.viewModel.bodyComponents = try JSONPath("$.items[*]")
        var builder = ViewModelBuilder(schema: schema)
        try builder.add(.string(#"{"items":[{"id":"a"}],"body":[{"id":"ignored"}]}"#))
        #expect(builder.build().bodyComponents.map(\.identifier) == ["a"])
    }
}
