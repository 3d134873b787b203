// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftMapping", targets: ["SiftMapping"]),
        .library(name: "SiftHub", targets: ["SiftHub"]),
        .library(name: "SiftHTTP", targets: ["SiftHTTP"]),
        .executable(name: "sift", targets: ["sift"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
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
            dependencies: ["CYajl"]
        ),
        .target(
            name: "SiftHub",
            dependencies: ["Sift", .product(name: "DequeModule", package: "swift-collections")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["Sift", "SiftHub", "SiftMapping", "CYajl"],
            path: "Benchmarks/bench"
        ),
        .executableTarget(
            name: "sift",
            dependencies: [
                "Sift",
                "SiftHub",
                "SiftHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SiftTests",
            dependencies: ["Sift"],
            resources: [.copy("Resources")]
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
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["bench", "Sift"]
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
    swiftLanguageModes: [.v6]
)
