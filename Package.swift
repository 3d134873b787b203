// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftMapping", targets: ["SiftMapping"]),
        .library(name: "SiftHub", targets: ["SiftHub"]),
        .library(name: "SiftHTTP", targets: ["SiftHTTP"]),
        .library(name: "SiftSchema", targets: ["SiftSchema"]),
        .executable(name: "sift", targets: ["sift"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // `make docs` (swift package generate-documentation); no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            path: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        .target(
            name: "Sift",
            dependencies: ["CYajl", .product(name: "DequeModule", package: "swift-collections")]
        ),
        .target(
            name: "SiftHub",
            dependencies: ["Sift", .product(name: "DequeModule", package: "swift-collections")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["Sift", "SiftHub", "SiftMapping", "SiftSchema", "SiftCorpora", "CYajl", "CSimdjsonBench"],
            path: "Benchmarks/bench"
        ),
        // simdjson On-Demand, bench's physical-limit anchor: the hand-written queries behind a C
        // header, over Debian's libsimdjson-dev (`make deps`; its simdjson.h is in /usr/include).
        // Only bench depends on it. Linked by name: SwiftPM refuses the -D flag of simdjson's
        // pkg-config file, and the On-Demand code compiled here needs nothing else.
        .target(
            name: "CSimdjsonBench",
            path: "Benchmarks/CSimdjsonBench",
            cxxSettings: [.unsafeFlags(["-Wall", "-Wextra"])],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .executableTarget(
            name: "sift",
            dependencies: [
                "Sift",
                "SiftHub",
                "SiftHTTP",
                "SiftSchema",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SiftTests",
            dependencies: ["Sift", "SiftCorpora"],
            // Fixtures: the JSONTestSuite and RFC 9535 compliance vectors (see Fixtures/README.md).
            resources: [.copy("Resources"), .copy("Fixtures")]
        ),
        // The optional large corpora ($SIFT_CORPORA, else ../shared/corpora), for tests and bench.
        .target(
            name: "SiftCorpora",
            path: "Tests/SiftCorpora"
        ),
        .target(
            name: "SiftMapping",
            dependencies: ["Sift", .product(name: "DequeModule", package: "swift-collections")]
        ),
        .testTarget(
            name: "SiftMappingTests",
            dependencies: ["SiftMapping"]
        ),
        .testTarget(
            name: "SiftHubTests",
            dependencies: ["SiftHub", "Sift"]
        ),
        .testTarget(
            name: "siftTests",
            dependencies: [
                "sift",
                "SiftCorpora",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["bench", "Sift", "SiftCorpora"]
        ),
        .target(
            name: "SiftHTTP",
            dependencies: [
                "Sift",
                "SiftMapping",
                "SiftHub",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // JSON Schema draft 2020-12, validated while the instance streams (issue 36).
        .target(
            name: "SiftSchema",
            dependencies: ["Sift"],
            // MetaSchemas: the official draft 2020-12 meta-schemas, compiled in from MetaSchemas+Texts.swift
            // (see MetaSchemas/README.md); their JSON files, license and generator are not sources.
            exclude: [
                "MetaSchemas/draft2020-12", "MetaSchemas/LICENSE", "MetaSchemas/README.md", "MetaSchemas/generate.sh",
            ]
        ),
        .testTarget(
            name: "SiftSchemaTests",
            dependencies: ["SiftSchema", "Sift"],
            // Fixtures: the JSON Schema Test Suite's draft 2020-12 tests and remotes (see Fixtures/README.md).
            resources: [.copy("Fixtures")]
        ),
        .executableTarget(
            name: "SiftHTTPMemoryProbe",
            dependencies: ["SiftHTTP"],
            path: "Tests/SiftHTTPMemoryProbe"
        ),
        .testTarget(
            name: "SiftHTTPTests",
            dependencies: [
                "SiftHTTP",
                "Sift",
                "SiftMapping",
                "SiftHub",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    // simdjson's headers need C++17; CSimdjsonBench is the package's only C++.
    cxxLanguageStandard: .cxx17
)

/// The README's Swift examples, one executable each.
///
/// `Examples/<name>/main.swift` is a README block byte for byte (other files of the folder declare
/// what a block takes from the text before it). ReadmeTests checks that the README and the examples match and runs them, so every README
/// example is compiled and its shown output checked on every `make test`.
let readmeExamples: [(name: String, dependencies: [Target.Dependency])] = [
    ("ReadmeIntro", ["Sift"]),
    ("ReadmeTokenizer", ["Sift"]),
    ("ReadmePaths", ["Sift"]),
    ("ReadmeFilters", ["Sift"]),
    ("ReadmeCodable", ["Sift"]),
    ("ReadmeHub", ["SiftHub"]),
    ("ReadmeHubParser", ["SiftHub"]),
    ("ReadmeMapping", ["SiftMapping"]),
    ("ReadmeHTTP", ["SiftHTTP"]),
    ("ReadmeHTTPMappers", ["SiftHTTP", "SiftMapping", "SiftHub"]),
    ("ReadmeSchema", ["Sift", "SiftSchema"]),
    // A model builder written on the engine's public seam (MatchProgram, MatchConsumer) alone.
    ("ReadmeModelBuilder", ["Sift"]),
]
package.targets += readmeExamples.map { example in
    .executableTarget(name: example.name, dependencies: example.dependencies, path: "Examples/\(example.name)")
}
// The examples are executables of the package, so `swift build --build-tests` and `swift test` build
// them; ReadmeTests runs them from the build directory.
package.targets.append(.testTarget(name: "ReadmeTests"))

// Fuzzing (Fuzz/README.md): the differential checks, which FuzzReplayTests replays over the seed
// corpus and the saved reproducers on every `make test`. The libFuzzer executables exist only
// when SIFT_FUZZ=1 (`make fuzz` builds them with -sanitize=fuzzer,address in .build/fuzz).
package.targets += [
    .target(name: "SiftFuzzChecks", dependencies: ["Sift", "SiftHub", "SiftMapping", "CYajl"], path: "Fuzz/Checks"),
    .testTarget(name: "FuzzReplayTests", dependencies: ["SiftFuzzChecks"]),
]
if Context.environment["SIFT_FUZZ"] == "1" {
    let fuzzTargets = ["FuzzTokenizer", "FuzzSkipping", "FuzzPaths", "FuzzJSONPath", "FuzzModels", "FuzzSplitting"]
    package.targets += fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["SiftFuzzChecks"], path: "Fuzz/Targets/\(name)")
    }
}
