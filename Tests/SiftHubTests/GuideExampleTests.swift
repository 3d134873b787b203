import Foundation
import Sift
import SiftHub
import Testing

@Suite("The Hub JSON programming guide's example")
struct GuideExampleTests {
    /// Every field of the model the guide's example describes.
    static let expected: ViewModel = {
        func card(_ index: Int, _ title: String, _ description: String, _ image: String, _ page: String)
            -> ComponentModel
        {
            ComponentModel(
                identifier: "featured-\(index)", componentNamespace: "default", componentName: "card",
                componentCategory: .card, title: title, descriptionText: description,
                mainImageData: ComponentImageData(
                    url: URL(string: "https://spotify.com/image/of/\(image).jpg"), placeholderIcon: "quickfood"),
                target: ComponentTarget(uri: URL(string: "https://en.wikipedia.org/wiki/\(page)")))
        }
        func row(_ index: Int, _ title: String, _ subtitle: String, _ image: String, _ page: String) -> ComponentModel {
            ComponentModel(
                identifier: "row-\(index)", componentNamespace: "default", componentName: "row",
                componentCategory: .row, title: title, subtitle: subtitle,
                mainImageData: ComponentImageData(
                    url: URL(string: "https://spotify.com/image/of/\(image).jpg"), placeholderIcon: "sweden"),
                target: ComponentTarget(uri: URL(string: "https://en.wikipedia.org/wiki/\(page)")))
        }
        return ViewModel(
            headerComponent: ComponentModel(
                identifier: "header", componentNamespace: "default", componentName: "header",
                componentCategory: .header, title: "Delicious Food", subtitle: "Discover the tastes of the world",
                backgroundImageData: ComponentImageData(
                    url: URL(string: "https://spotify.com/image/of/food.jpg"), placeholderIcon: "food")),
            bodyComponents: [
                ComponentModel(
                    identifier: "featured", componentNamespace: "default", componentName: "carousel",
                    componentCategory: .carousel, title: "Great quick meals",
                    children: [
                        card(
                            0, "Hamburger", "Very popular around the world - and quick both to make and eat!",
                            "hamburger", "Hamburger"),
                        card(
                            1, "Noodles", "Quick to boil - and can be served with many different accessories.",
                            "noodles", "Noodle"),
                        card(
                            2, "Hot Dogs", "Whether you're having a barbeque or just a quick bite - it's awesome.",
                            "hotdog", "Hot_dog"),
                    ]),
                ComponentModel(
                    identifier: "sectionHeader", componentNamespace: "default", componentName: "sectionHeader",
                    componentCategory: .header, title: "Delicious Swedish Food"),
                row(0, "Meatballs & mashed potatoes", "A swedish classic", "meatballs", "Meatball"),
                row(1, "Fried herring", "Just be careful of the fermented version!", "herring", "Herring"),
                row(
                    2, "Cinnamon bun", "If you're having a stressful day, just take a break for a \"fika!\"",
                    "cinnamon-bun", "Cinnamon_roll"),
            ])
    }()

    @Test func parsesIntoTheDocumentedModel() throws {
        let viewModel = try ViewModel(parsing: .string(Fixtures.guideExample))
        #expect(viewModel == Self.expected)
    }

    @Test func everyFieldOneByOne() throws {
        let viewModel = try ViewModel(parsing: .string(Fixtures.guideExample))
        #expect(viewModel.identifier == nil)
        #expect(viewModel.navigationBarTitle == nil)
        #expect(viewModel.customData == nil)
        #expect(viewModel.overlayComponents.isEmpty)

        let header = try #require(viewModel.headerComponent)
        #expect(header.identifier == "header")
        #expect(!header.hasGeneratedIdentifier)
        #expect(header.componentNamespace == "default")
        #expect(header.componentName == "header")
        #expect(header.componentCategory == .header)
        #expect(header.title == "Delicious Food")
        #expect(header.subtitle == "Discover the tastes of the world")
        #expect(header.backgroundImageData?.url?.absoluteString == "https://spotify.com/image/of/food.jpg")
        #expect(header.backgroundImageData?.placeholderIcon == "food")
        #expect(header.backgroundImageData?.localImageName == nil)
        #expect(header.mainImageData == nil)
        #expect(header.target == nil)
        #expect(header.children.isEmpty)

        #expect(viewModel.bodyComponents.map(\.identifier) == ["featured", "sectionHeader", "row-0", "row-1", "row-2"])
        let carousel = viewModel.bodyComponents[0]
        #expect(carousel.componentCategory == .carousel)
        #expect(carousel.componentName == "carousel")
        #expect(carousel.title == "Great quick meals")
        #expect(carousel.children.map(\.identifier) == ["featured-0", "featured-1", "featured-2"])
        #expect(carousel.children.map(\.title) == ["Hamburger", "Noodles", "Hot Dogs"])
        #expect(
            carousel.children.allSatisfy { $0.componentCategory == .card && $0.componentIdentifier == "default:card" })
        #expect(carousel.children[1].mainImageData?.url == URL(string: "https://spotify.com/image/of/noodles.jpg"))
        #expect(carousel.children[2].target?.uri == URL(string: "https://en.wikipedia.org/wiki/Hot_dog"))
        #expect(
            carousel.children[0].descriptionText == "Very popular around the world - and quick both to make and eat!")

        let section = viewModel.bodyComponents[1]
        #expect(section.componentIdentifier == "default:sectionHeader")
        #expect(section.componentCategory == .header)
        #expect(section.title == "Delicious Swedish Food")
        #expect(section.subtitle == nil)

        let rows = viewModel.bodyComponents[2...]
        #expect(
            rows.map(\.subtitle) == [
                "A swedish classic", "Just be careful of the fermented version!",
                "If you're having a stressful day, just take a break for a \"fika!\"",
            ])
        #expect(rows.map { $0.mainImageData?.placeholderIcon } == ["sweden", "sweden", "sweden"])
        #expect(
            rows.map { $0.target?.uri?.absoluteString } == [
                "https://en.wikipedia.org/wiki/Meatball", "https://en.wikipedia.org/wiki/Herring",
                "https://en.wikipedia.org/wiki/Cinnamon_roll",
            ])
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1000])
    func everySplitGivesTheSameModel(chunkSize: Int) async throws {
        let viewModel = try await ViewModel(parsing: chunks(Fixtures.guideExample, size: chunkSize))
        #expect(viewModel == Self.expected)
    }

    @Test func inMemoryParsingAgrees() throws {
        let viewModel = try ViewModel(jsonValue: jsonValue(Fixtures.guideExample))
        #expect(viewModel == Self.expected)
    }

    @Test func serializesBackToTheSameJSON() throws {
        let viewModel = try ViewModel(parsing: .string(Fixtures.guideExample))
        #expect(viewModel.jsonValue == (try jsonValue(Fixtures.guideExample)))
        #expect(try ViewModel(jsonValue: viewModel.jsonValue) == viewModel)
    }
}
