// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../sift"),  // a checkout of Sift beside your package
        // .package(url: "https://github.com/OWNER/sift.git", from: "1.0.0"),  // URL to fill in
    ],
    targets: [
        .executableTarget(
            name: "MyApp",
            dependencies: [
                .product(name: "Sift", package: "sift"),
                .product(name: "SiftMapping", package: "sift"),
            ]
        )
    ]
)
