// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftHTTP", targets: ["SiftHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
        .executableTarget(
            name: "bench",
            dependencies: ["Sift", "CYajl"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "SiftTests",
            dependencies: ["Sift"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["bench", "Sift"]
        ),
        .target(
            name: "SiftHTTP",
            dependencies: [
                "Sift",
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
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
