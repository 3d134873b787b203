// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftMapping", targets: ["SiftMapping"]),
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
            dependencies: ["Sift"]
        ),
        .target(
            name: "SiftMapping",
            dependencies: ["Sift"]
        ),
        .testTarget(
            name: "SiftMappingTests",
            dependencies: ["SiftMapping"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
