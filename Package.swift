// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .executable(name: "sift", targets: ["sift"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .executableTarget(
            name: "sift",
            dependencies: [
                "Sift",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SiftTests",
            dependencies: ["Sift"]
        ),
        .testTarget(
            name: "siftTests",
            dependencies: ["sift"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
