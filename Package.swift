// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FaceText",
    products: [
        .library(name: "FaceText", targets: ["FaceText"]),
        .executable(name: "facetext", targets: ["facetext"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "FaceText"),
        .target(name: "FaceTextCLI", dependencies: ["FaceText"]),
        .executableTarget(name: "facetext", dependencies: ["FaceTextCLI"]),
        .target(name: "TestSupport", dependencies: ["FaceText"], path: "Tests/TestSupport"),
        .testTarget(name: "FaceTextTests", dependencies: ["FaceText", "TestSupport"]),
        .testTarget(name: "FaceTextCLITests", dependencies: ["FaceTextCLI", "FaceText", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["facetext", "TestSupport"]),
    ]
)
