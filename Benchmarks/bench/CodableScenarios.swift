import Foundation
import Sift

/// Codable streaming: every status of a tweet search decoded into ``TweetSearch/Status`` (a
/// nested user, entities with arrays, numbers, optionals) by Sift as each one completes
/// (`JSONPath("$.statuses[*]").decoded(Status.self)` with a callback, nothing kept), vs
/// `JSONDecoder` decoding the whole document `{statuses: [Status]}` from the same bytes.
///
/// Both fingerprint the same fields of every status.
enum CodableScenarios: ScenarioFamily {
    /// The checksum kind of the status decoders.
    static let kind = "statuses"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        let tweets = datasets.filter { ["tweets", "twitter.json"].contains($0.name) }
        let cores = ParallelScenarios.cores
        return tweets.map { dataset in
            Scenario(
                name: "codable/\(dataset.name)",
                summary: "decode every $.statuses[*] of \(dataset.origin) into a Codable Status, in memory",
                dataset: dataset, access: .inMemory,
                contenders: [TokenizerContenders.floor, sift, siftValueDecoder, jsonDecoder])
        }
            + tweets.filter { $0.name == "tweets" }.map { dataset in
                Scenario(
                    name: "codable-parallel/\(dataset.name)",
                    summary:
                        "decode every $.statuses[*] of \(dataset.origin) with values(at:as:parallelism:), on 1 and on \(cores) threads, in memory, elapsed time",
                    dataset: dataset, access: .inMemory,
                    contenders: [TokenizerContenders.floor, parallel(1), parallel(cores), jsonDecoder], clock: .wall)
            }
    }

    /// `values(at:as:parallelism:)`: the statuses, the array's elements decoded on `threads`.
    static func parallel(_ threads: Int) -> Contender {
        Contender(name: "sift decoded, \(threads) thread\(threads == 1 ? "" : "s")", role: .sift, checksumKind: kind) {
            input in
            let bytes = [UInt8](input.data)
            let body = {
                final class Checksum: @unchecked Sendable { var value: UInt64 = 0 }
                let checksum = Checksum()
                try ScalingCases.blocking {
                    let tally = StatusTally()
                    let statuses = try JSONInput.bytes(bytes).values(
                        at: "$.statuses[*]", as: TweetSearch.Status.self, parallelism: threads)
                    for try await status in statuses { tally.add(status) }
                    checksum.value = tally.fingerprint.checksum
                }
                return RunResult(bytes: bytes.count, checksum: checksum.value)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// Sift's streaming decoder: each status is decoded when it closes and handed to a callback.
    static let sift = Contender(name: "sift decoded", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let tally = StatusTally()
        var query = JSONQuery()
        query.add(try JSONPath("$.statuses[*]").decoded(TweetSearch.Status.self)) { match in
            tally.add(match.value)
        }
        let body = {
            tally.reset()
            try query.run(.bytes(bytes))
            return RunResult(bytes: bytes.count, checksum: tally.fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// The same stream, each status captured as a `JSONValue` (`.value`, collected) and decoded
    /// afterwards with `JSONValueDecoder`: capture and decoding as two separate steps.
    static let siftValueDecoder = Contender(name: "sift value+decoder", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let tally = StatusTally()
        let decoder = JSONValueDecoder()
        var query = JSONQuery()
        let statuses = query.add(try JSONPath("$.statuses[*]").value)
        let body = {
            tally.reset()
            for status in try query.run(.bytes(bytes))[statuses] {
                tally.add(try decoder.decode(TweetSearch.Status.self, from: status))
            }
            return RunResult(bytes: bytes.count, checksum: tally.fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONDecoder` on the whole document.
    static let jsonDecoder = Contender(name: "JSONDecoder", role: .foundation, checksumKind: kind) { input in
        let data = input.data
        let body = {
            let tally = StatusTally()
            for status in try JSONDecoder().decode(TweetSearch.self, from: data).statuses { tally.add(status) }
            return RunResult(bytes: data.count, checksum: tally.fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}

/// Fingerprints decoded statuses: ids, text, user, counts, hashtags and mentions.
final class StatusTally {
    private(set) var fingerprint = Fingerprint()

    func reset() {
        fingerprint = Fingerprint()
    }

    func add(_ status: TweetSearch.Status) {
        fingerprint.add(status.id)
        fingerprint.add(status.id_str)
        fingerprint.add(status.created_at)
        fingerprint.add(status.text)
        fingerprint.add(status.user.id)
        fingerprint.add(status.user.screen_name)
        fingerprint.add(status.user.name)
        fingerprint.add(status.user.description ?? "-")
        fingerprint.add(status.user.followers_count)
        fingerprint.add(status.retweet_count)
        fingerprint.add(status.favorite_count)
        fingerprint.add(status.lang ?? "-")
        for hashtag in status.entities.hashtags {
            fingerprint.add(hashtag.text)
            for index in hashtag.indices { fingerprint.add(index) }
        }
        for mention in status.entities.user_mentions {
            fingerprint.add(mention.screen_name)
            fingerprint.add(mention.id)
        }
    }
}
