import Foundation
import Sift
import SiftHub

/// Hub view models: the generated Hub feed (default-schema components with ids, texts, images,
/// targets, metadata and children) turned into the SiftHub model structs.
///
/// `hub/hub-feed`, in memory: Sift's `ViewModel(parsing:)` with the default schema, vs the way
/// the original Hub Framework does it (`JSONSerialization`, then every key of the default schema
/// read from the dictionaries with `as?` casts into the same SiftHub structs), vs `JSONDecoder`
/// into Codable structs shaped like the models. `hub-components/<feed>`, streamed: each body
/// component built as its object closes and dropped (`ComponentModelParser`), so peak RSS stays
/// flat as the feed grows. Every contender but the floor fingerprints the same fields of every
/// component (``HubTally``).
enum HubScenarios: ScenarioFamily {
    /// The checksum kind of contenders that build the view model.
    static let kind = "hub view model"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        var scenarios: [Scenario] = []
        for dataset in datasets where dataset.name == "hub-feed" {
            scenarios.append(
                Scenario(
                    name: "hub/\(dataset.name)",
                    summary: "build the Hub view model (default schema) of \(dataset.origin), in memory",
                    dataset: dataset, access: .inMemory,
                    contenders: [TokenizerContenders.floor, sift, jsonSerialization, jsonDecoder]))
        }
        for dataset in datasets
        where dataset.name == "hub-feed" || (dataset.isStreamOnly && dataset.name.hasPrefix("hub-feed")) {
            let chunkSize = StreamScenarios.chunkSize
            scenarios.append(
                Scenario(
                    name: "hub-components/\(dataset.name)",
                    summary:
                        "build each body component of \(dataset.origin) as it closes, fed in \(chunkSize / 1024) KiB"
                        + " chunks as they are generated (generation untimed)",
                    dataset: dataset, access: .streamed(chunkSize: chunkSize),
                    contenders: [TokenizerContenders.floor, siftComponents]))
        }
        for dataset in datasets where dataset.name == "hub-feed" {
            let cores = ParallelScenarios.cores
            scenarios.append(
                Scenario(
                    name: "hub-components-parallel/\(dataset.name)",
                    summary:
                        "build each body component of \(dataset.origin) with components(in:parallelism:), on 1 and on"
                        + " \(cores) threads, in memory, elapsed time (JSONDecoder: the whole view model)",
                    dataset: dataset, access: .inMemory,
                    contenders: [
                        TokenizerContenders.floor, parallelComponents(1), parallelComponents(cores),
                        componentLines(cores, onBlockThreads: false), componentLines(cores, onBlockThreads: true),
                        jsonDecoder,
                    ],
                    clock: .wall))
        }
        return scenarios
    }

    // MARK: Contenders

    /// `HubSchema.components(in:parallelism:)`: the body array's components built on `threads`,
    /// handed out in document order.
    static func parallelComponents(_ threads: Int) -> Contender {
        Contender(
            name: "sift components, \(threads) thread\(threads == 1 ? "" : "s")", role: .sift,
            checksumKind: "hub components"
        ) { input in
            let bytes = [UInt8](input.data)
            let body = {
                final class Checksum: @unchecked Sendable { var value: UInt64 = 0 }
                let checksum = Checksum()
                try ScalingCases.blocking {
                    var tally = HubTally()
                    for try await component in HubSchema.default.components(in: .bytes(bytes), parallelism: threads) {
                        tally.add(component)
                    }
                    checksum.value = tally.fingerprint.checksum
                }
                return RunResult(bytes: bytes.count, checksum: checksum.value)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// Each body component written as a line of JSON, as `sift hub --components --jobs` writes
    /// them, on `threads`: by the loop that receives the components (`onBlockThreads` false), or
    /// by `components(in:parallelism:transform:)` on the thread that parsed each one.
    static func componentLines(_ threads: Int, onBlockThreads: Bool) -> Contender {
        Contender(
            name: "sift lines by \(onBlockThreads ? "transform" : "the loop"), \(threads) threads",
            role: .sift, checksumKind: "hub component lines"
        ) { input in
            let bytes = [UInt8](input.data)
            @Sendable func line(_ component: ComponentModel) throws -> [UInt8] {
                let writer = JSONWriter(sink: JSONBufferSink())
                try component.write(to: writer)
                try writer.reset()
                return writer.sink.bytes
            }
            let body = {
                final class Checksum: @unchecked Sendable { var value: UInt64 = 0 }
                let checksum = Checksum()
                try ScalingCases.blocking {
                    var fingerprint = Fingerprint()
                    if onBlockThreads {
                        let lines = HubSchema.default.components(
                            in: .bytes(bytes), parallelism: threads, transform: line)
                        for try await line in lines { fingerprint.add(bytes: Data(line)) }
                    } else {
                        let components = HubSchema.default.components(in: .bytes(bytes), parallelism: threads)
                        for try await component in components { fingerprint.add(bytes: Data(try line(component))) }
                    }
                    checksum.value = fingerprint.checksum
                }
                return RunResult(bytes: bytes.count, checksum: checksum.value)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// `ViewModel(parsing:)` with the default schema.
    static let sift = Contender(name: "sift ViewModel", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let body = {
            let viewModel = try ViewModel(parsing: .bytes(bytes))
            return RunResult(bytes: bytes.count, checksum: HubTally.checksum(viewModel))
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONSerialization`, then the Hub Framework's walk of the dictionaries into SiftHub structs.
    static let jsonSerialization = Contender(name: "JSONSerialization builder", role: .foundation, checksumKind: kind) {
        input in
        let data = input.data
        let body = {
            let viewModel = FoundationHubBuilder.viewModel(try JSONSerialization.jsonObject(with: data))
            return RunResult(bytes: data.count, checksum: HubTally.checksum(viewModel))
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONDecoder` into ``CodableHubViewModel``.
    static let jsonDecoder = Contender(name: "JSONDecoder", role: .foundation, checksumKind: kind) { input in
        let data = input.data
        let body = {
            let viewModel = try JSONDecoder().decode(CodableHubViewModel.self, from: data)
            return RunResult(bytes: data.count, checksum: HubTally.checksum(viewModel))
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `ComponentModelParser` fed chunk by chunk: each body component is fingerprinted and dropped.
    static let siftComponents = Contender(name: "sift components", role: .sift) { input in
        guard case .streamed(let chunkSize) = input.access else { throw BenchError("hub-components is streamed") }
        let dataset = input.dataset
        return PreparedRun(run: { stopwatch in
            var tally = HubTally()
            var bytes = 0
            let parser = ComponentModelParser { tally.add($0) }
            var chunks = try stopwatch.excluding { try dataset.chunks(of: chunkSize).makeIterator() }
            while let chunk = stopwatch.excluding({ chunks.next() }) {
                bytes += chunk.count
                try parser.feed(chunk)
            }
            try parser.finish()
            return RunResult(bytes: bytes, checksum: tally.fingerprint.checksum)
        })
    }
}

// MARK: - Fingerprint

/// The fields of every component, depth first: identifier, component namespace, name and
/// category, texts, icon, main image URL and placeholder, target URI and action count, the key
/// counts of metadata, logging and custom data, the child count; and the view model's identifier,
/// title and body count.
struct HubTally {
    var fingerprint = Fingerprint()

    static func checksum(_ viewModel: ViewModel) -> UInt64 {
        var tally = HubTally()
        tally.fingerprint.add(viewModel.identifier ?? "")
        tally.fingerprint.add(viewModel.navigationBarTitle ?? "")
        tally.fingerprint.add(viewModel.bodyComponents.count)
        if let header = viewModel.headerComponent { tally.add(header) }
        for index in viewModel.bodyComponents.indices { tally.add(viewModel.bodyComponents[index]) }
        return tally.fingerprint.checksum
    }

    static func checksum(_ viewModel: CodableHubViewModel) -> UInt64 {
        var tally = HubTally()
        tally.fingerprint.add(viewModel.id ?? "")
        tally.fingerprint.add(viewModel.title ?? "")
        tally.fingerprint.add(viewModel.body?.count ?? 0)
        if let header = viewModel.header { tally.add(header) }
        for component in viewModel.body ?? [] { tally.add(component) }
        return tally.fingerprint.checksum
    }

    mutating func add(_ component: ComponentModel) {
        add(
            identifier: component.identifier, namespace: component.componentNamespace, name: component.componentName,
            category: component.componentCategory?.rawValue,
            texts: [
                component.title, component.subtitle, component.accessoryTitle, component.descriptionText,
                component.icon,
            ],
            image: component.mainImageData?.url?.absoluteString, placeholder: component.mainImageData?.placeholderIcon,
            target: component.target?.uri?.absoluteString, actions: component.target?.actionIdentifiers.count ?? 0,
            counts: [component.metadata?.count, component.loggingData?.count, component.customData?.count],
            children: component.children.count)
        for index in component.children.indices { add(component.children[index]) }
    }

    mutating func add(_ component: CodableHubComponent) {
        var namespace: String?
        var name: String?
        if let identifier = component.component?.id {
            let parts = identifier.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 1 {
                name = identifier
            } else {
                namespace = String(parts[0])
                name = String(parts[1])
            }
        }
        let text = component.text
        add(
            identifier: component.id ?? "", namespace: namespace, name: name, category: component.component?.category,
            texts: [text?.title, text?.subtitle, text?.accessory, text?.description, component.images?.icon],
            image: component.images?.main?.uri?.absoluteString, placeholder: component.images?.main?.placeholder,
            target: component.target?.uri?.absoluteString,
            actions: component.target?.actions?.count { HubIdentifier($0) != nil } ?? 0,
            counts: [component.metadata?.count, component.logging?.count, component.custom?.count],
            children: component.children?.count ?? 0)
        for child in component.children ?? [] { add(child) }
    }

    private mutating func add(
        identifier: String, namespace: String?, name: String?, category: String?, texts: [String?],
        image: String?, placeholder: String?, target: String?, actions: Int, counts: [Int?], children: Int
    ) {
        fingerprint.add(identifier)
        fingerprint.add(namespace ?? "")
        fingerprint.add(name ?? "")
        fingerprint.add(category ?? "")
        for text in texts { fingerprint.add(text ?? "") }
        fingerprint.add(image ?? "")
        fingerprint.add(placeholder ?? "")
        fingerprint.add(target ?? "")
        fingerprint.add(actions)
        for count in counts { fingerprint.add(count ?? -1) }
        fingerprint.add(children)
    }
}

// MARK: - The Hub Framework's way

/// Builds SiftHub models from a `JSONSerialization` tree the way the original Hub Framework's
/// default JSON schema does: each property of the default schema read from its dictionary with an
/// `as?` cast, nested models built from nested dictionaries, dictionaries of custom data kept.
enum FoundationHubBuilder {
    static func viewModel(_ root: Any) -> ViewModel {
        guard let dictionary = root as? [String: Any] else {
            return ViewModel(bodyComponents: (root as? [Any] ?? []).compactMap(component))
        }
        return viewModel(dictionary)
    }

    static func viewModel(_ dictionary: [String: Any]) -> ViewModel {
        ViewModel(
            identifier: dictionary["id"] as? String,
            navigationBarTitle: dictionary["title"] as? String,
            headerComponent: component(dictionary["header"]),
            bodyComponents: (dictionary["body"] as? [Any] ?? []).compactMap(component),
            overlayComponents: (dictionary["overlays"] as? [Any] ?? []).compactMap(component),
            customData: object(dictionary["custom"]))
    }

    static func component(_ value: Any?) -> ComponentModel? {
        guard let dictionary = value as? [String: Any] else { return nil }
        var model = ComponentModel(identifier: dictionary["id"] as? String ?? "")
        model.groupIdentifier = dictionary["group"] as? String
        if let kind = dictionary["component"] as? [String: Any] {
            if let identifier = kind["id"] as? String { model.setComponentIdentifier(identifier) }
            model.componentCategory = (kind["category"] as? String).map(ComponentCategory.init(rawValue:))
        }
        if let text = dictionary["text"] as? [String: Any] {
            model.title = text["title"] as? String
            model.subtitle = text["subtitle"] as? String
            model.accessoryTitle = text["accessory"] as? String
            model.descriptionText = text["description"] as? String
        }
        if let images = dictionary["images"] as? [String: Any] {
            model.icon = images["icon"] as? String
            model.mainImageData = image(images["main"])
            model.backgroundImageData = image(images["background"])
            if let custom = images["custom"] as? [String: Any] {
                for (key, value) in custom { model.customImageData[key] = image(value) }
            }
        }
        model.target = target(dictionary["target"])
        model.metadata = object(dictionary["metadata"])
        model.loggingData = object(dictionary["logging"])
        model.customData = object(dictionary["custom"])
        model.children = (dictionary["children"] as? [Any] ?? []).compactMap(component)
        return model
    }

    static func image(_ value: Any?) -> ComponentImageData? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return ComponentImageData(
            url: (dictionary["uri"] as? String).flatMap { URL(string: $0) },
            placeholderIcon: dictionary["placeholder"] as? String,
            localImageName: dictionary["local"] as? String,
            customData: object(dictionary["custom"]))
    }

    static func target(_ value: Any?) -> ComponentTarget? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return ComponentTarget(
            uri: (dictionary["uri"] as? String).flatMap { URL(string: $0) },
            actionIdentifiers: (dictionary["actions"] as? [Any] ?? []).compactMap {
                ($0 as? String).flatMap(HubIdentifier.init)
            },
            initialViewModel: (dictionary["view"] as? [String: Any]).map(viewModel),
            customData: object(dictionary["custom"]))
    }

    /// A dictionary of custom data as a `JSONObject`, as SiftHub's models hold it.
    static func object(_ value: Any?) -> JSONObject? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return JSONObject(dictionary.map { JSONObject.Member(key: $0.key, value: json($0.value)) })
    }

    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            switch number.objCType.pointee {
            case CChar(UInt8(ascii: "c")), CChar(UInt8(ascii: "B")): return .bool(number.boolValue)
            case CChar(UInt8(ascii: "d")), CChar(UInt8(ascii: "f")):
                return JSONNumber(number.doubleValue).map(JSONValue.number) ?? .null
            default: return .number(JSONNumber(number.int64Value))
            }
        case let array as [Any]:
            return .array(array.map(json))
        case let dictionary as [String: Any]:
            return .object(JSONObject(dictionary.map { JSONObject.Member(key: $0.key, value: json($0.value)) }))
        default:
            return .null
        }
    }
}

// MARK: - Codable

/// A Hub view model in the default schema, as Codable structs shaped like SiftHub's models.
struct CodableHubViewModel: Decodable {
    var id: String?
    var title: String?
    var header: CodableHubComponent?
    var body: [CodableHubComponent]?
    var overlays: [CodableHubComponent]?
    var custom: JSONObject?
}

/// A Hub component in the default schema, shaped like `ComponentModel`.
struct CodableHubComponent: Decodable {
    struct Kind: Decodable {
        var id: String?
        var category: String?
    }

    struct Text: Decodable {
        var title: String?
        var subtitle: String?
        var accessory: String?
        var description: String?
    }

    struct Image: Decodable {
        var uri: URL?
        var placeholder: String?
        var local: String?
        var custom: JSONObject?
    }

    struct Images: Decodable {
        var main: Image?
        var background: Image?
        var icon: String?
        var custom: [String: Image]?
    }

    struct Target: Decodable {
        var uri: URL?
        var actions: [String]?
        var view: View?
        var custom: JSONObject?
    }

    /// A target's initial view model, boxed (a struct cannot contain itself).
    final class View: Decodable {
        let viewModel: CodableHubViewModel

        init(from decoder: any Decoder) throws {
            viewModel = try CodableHubViewModel(from: decoder)
        }
    }

    var id: String?
    var group: String?
    var component: Kind?
    var text: Text?
    var images: Images?
    var target: Target?
    var metadata: JSONObject?
    var logging: JSONObject?
    var custom: JSONObject?
    var children: [CodableHubComponent]?
}
