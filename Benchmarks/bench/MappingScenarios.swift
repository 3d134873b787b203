import Foundation
import Sift
import SiftMapping

/// Schema mapping: a generated array of people (``PeopleGenerator``: strings, numbers, booleans,
/// a URL, a date string, an optional member, a nested object and an array of nested objects)
/// mapped into ``BenchPerson`` structs by SiftMapping while the tokens arrive, vs the same
/// mapping done by hand over `JSONSerialization` output (dictionary walking with strict `as?`
/// casts).
///
/// Every contender fingerprints every field of every person.
enum MappingScenarios: ScenarioFamily {
    /// The checksum kind of the people mappers.
    static let kind = "people"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        let count = options.isQuick ? 10_000 : 100_000
        let dataset = Dataset(
            generated: "people", origin: "generated array of \(count) people",
            generator: PeopleGenerator(count: count))
        return [
            Scenario(
                name: "mapping/\(dataset.name)",
                summary: "map every element of \(dataset.origin) with a schema into structs, in memory",
                dataset: dataset, access: .inMemory,
                contenders: [TokenizerContenders.floor, siftStream, siftArray, jsonSerialization])
        ]
    }

    /// `Mapper.forEachElement`: each person handed over as soon as it is complete.
    static let siftStream = Contender(name: "sift forEachElement", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let body = {
            var fingerprint = Fingerprint()
            try Mapper.forEachElement(of: BenchPerson.self, from: .bytes(bytes)) { person in
                person.add(to: &fingerprint)
            }
            return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `Mapper.decodeArray`: the whole array of people, then fingerprinted.
    static let siftArray = Contender(name: "sift decodeArray", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let body = {
            var fingerprint = Fingerprint()
            for person in try Mapper.decodeArray(of: BenchPerson.self, from: .bytes(bytes)) {
                person.add(to: &fingerprint)
            }
            return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONSerialization.jsonObject`, then every element mapped by hand into the same structs.
    static let jsonSerialization = Contender(
        name: "JSONSerialization+map", role: .foundation, checksumKind: kind
    ) { input in
        let data = input.data
        let body = {
            var fingerprint = Fingerprint()
            let people = try Strict.array(try JSONSerialization.jsonObject(with: data)).map(
                BenchPerson.init(foundation:))
            for person in people { person.add(to: &fingerprint) }
            return RunResult(bytes: data.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}
