import Foundation

/// The fuzz targets: each a differential check of one part of Sift, run by a libFuzzer
/// executable (`make fuzz`) and, over the seed corpus and the saved reproducers, by
/// FuzzReplayTests (`make test`).
///
/// ```swift
/// try FuzzTarget.tokenizer.check(Array("[1, 2]".utf8))
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The same bytes whole and in pieces: the same events (with locations and paths) and errors.
    case tokenizer
    /// A query that skips everything agrees with `$` and, but for the documented deviations,
    /// with plain yajl.
    case skipping
    /// Queries over bytes and over an `AsyncSequence` of chunks find the same matches.
    case paths
    /// JSONPath strings parse or throw; a normalized form parses back to the same path.
    case jsonpath
    /// Hub view models, schema mapping and Codable `values(at:)`: whole and in pieces alike.
    case models
    /// One document's array split into blocks matched on several threads (`JSONArrayOutputs`)
    /// finds what one query finds, with the same error.
    case splitting

    /// Runs the target's check on one input; throws the divergence it finds.
    ///
    /// ```swift
    /// try FuzzTarget.paths.check(bytes)
    /// ```
    public func check(_ bytes: [UInt8]) throws(FuzzDivergence) {
        switch self {
        case .tokenizer: try TokenizerCheck.run(FuzzInput(bytes))
        case .skipping: try SkippingCheck.run(FuzzInput(bytes))
        case .paths: try PathsCheck.run(FuzzInput(bytes))
        case .jsonpath: try PathStringCheck.run(bytes)
        case .models: try ModelsCheck.run(FuzzInput(bytes))
        case .splitting: try SplittingCheck.run(FuzzInput(bytes))
        }
    }

    /// libFuzzer's entry point: runs the check and aborts on a divergence, so that libFuzzer
    /// saves the input as a reproducer.
    ///
    /// ```swift
    /// sift_fuzz_main(argc, argv) { data, size in FuzzTarget.tokenizer.fuzz(data, size) }
    /// ```
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try check(bytes)
        } catch {
            FileHandle.standardError.write(Data("\n==== Sift fuzz \(rawValue): \(error)\n".utf8))
            abort()
        }
        return 0
    }

    /// The folder of the target's seed corpus, relative to the package root.
    ///
    /// ```swift
    /// FuzzTarget.paths.corpusFolder // "Fuzz/Corpus/paths"
    /// ```
    public var corpusFolder: String { "Fuzz/Corpus/\(rawValue)" }

    /// The folder of the target's saved reproducers, relative to the package root.
    ///
    /// ```swift
    /// FuzzTarget.paths.reproducerFolder // "Fuzz/Reproducers/paths"
    /// ```
    public var reproducerFolder: String { "Fuzz/Reproducers/\(rawValue)" }

    /// Whether the target reads documents (JSONTestSuite's files are seeds of it too).
    ///
    /// ```swift
    /// FuzzTarget.jsonpath.readsDocuments // false
    /// ```
    public var readsDocuments: Bool { self != .jsonpath }
}
