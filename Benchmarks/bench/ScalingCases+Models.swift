import Foundation
import Sift
import SiftHub

extension ScalingCases {
    /// The model builders and the writer: Codable, Hub view models (parse, serialise, streamed
    /// components), schema mapping, and a tokenizer re-encoding its input through the writer.
    static var models: [ScalingCase] {
        [
            ScalingCase(name: "codable/tweets", input: "$.statuses[*] decoded, a callback each") { size in
                let prepared = try CodableScenarios.sift.prepare(inMemory(ScalingInputs.tweets(size)))
                return ScalingWork { try prepared.runOnce() }
            },
            ScalingCase(name: "hub parse/hub-feed", input: "ViewModel(parsing:), in memory") { size in
                let prepared = try HubScenarios.sift.prepare(inMemory(ScalingInputs.hubFeed(size)))
                return ScalingWork { try prepared.runOnce() }
            },
            ScalingCase(name: "hub write/hub-feed", input: "a parsed ViewModel written by a JSONWriter") { size in
                let viewModel = try ViewModel(parsing: .bytes(ScalingInputs.hubFeed(size)))
                return ScalingWork {
                    let writer = JSONWriter(sink: CountingSink())
                    try viewModel.write(to: writer)
                    try writer.flush()
                }
            },
            ScalingCase(name: "hub jsonValue/hub-feed", input: "a parsed ViewModel's jsonValue") { size in
                let viewModel = try ViewModel(parsing: .bytes(ScalingInputs.hubFeed(size)))
                return ScalingWork { _ = viewModel.jsonValue }
            },
            ScalingCase(name: "hub components/hub-feed", input: "ComponentModelParser fed 64 KiB chunks") { size in
                let bytes = ScalingInputs.hubFeed(size)
                return ScalingWork {
                    var count = 0
                    let parser = ComponentModelParser { _ in count += 1 }
                    var start = 0
                    while start < bytes.count {
                        let end = min(start + 65_536, bytes.count)
                        try parser.feed(bytes[start..<end])
                        start = end
                    }
                    try parser.finish()
                }
            },
            ScalingCase(name: "mapping forEachElement/people", input: "Mapper.forEachElement into structs") { size in
                let prepared = try MappingScenarios.siftStream.prepare(inMemory(ScalingInputs.people(size)))
                return ScalingWork { try prepared.runOnce() }
            },
            ScalingCase(name: "mapping decodeArray/people", input: "Mapper.decodeArray into structs") { size in
                let prepared = try MappingScenarios.siftArray.prepare(inMemory(ScalingInputs.people(size)))
                return ScalingWork { try prepared.runOnce() }
            },
            ScalingCase(name: "writer/hub-feed", input: "every event re-encoded by a JSONWriter") { size in
                let bytes = ScalingInputs.hubFeed(size)
                return ScalingWork {
                    let writer = JSONWriter(sink: CountingSink())
                    try JSONTokenizer(handler: writer).parse(.bytes(bytes))
                    try writer.flush()
                }
            },
        ]
    }
}

/// A writer's sink that only counts the bytes, so that the output costs no memory.
struct CountingSink: JSONOutputSink {
    var count = 0

    mutating func write(_ bytes: JSONBytes) {
        count += bytes.count
    }
}
