// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftHub", targets: ["SiftHub"]),
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
            dependencies: ["Sift"]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["Sift", "CYajl"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "SiftTests",
            dependencies: ["Sift"]
        ),
        .testTarget(
            name: "SiftHubTests",
            dependencies: ["SiftHub", "Sift"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
