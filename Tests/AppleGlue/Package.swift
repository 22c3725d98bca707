// swift-tools-version: 6.1
import PackageDescription

// Proves ListDelta's Apple-only glue on Linux: the unchanged library sources (linked in from
// the repository's Sources and CSources) compiled against stand-in modules named UIKit and
// AppKit, which declare the SDKs' Swift signatures and behave like the real views where it
// matters. scripts/test runs it; nothing here ships.
let package = Package(
    name: "AppleGlue",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    targets: [
        .target(name: "CListDelta"),
        .target(name: "ListViewModel", dependencies: ["CListDelta"]),
        .target(name: "UIKit", dependencies: ["ListViewModel"]),
        .target(name: "AppKit", dependencies: ["ListViewModel"]),
        .target(
            name: "ListDelta",
            dependencies: ["CListDelta", "UIKit", "AppKit"],
            // As in Apple's toolchains, an extension's members are visible only where their
            // module is imported.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "AppleGlueTests",
            dependencies: ["ListDelta", "UIKit", "AppKit"],
            // Swift Testing's overlays for the real UIKit and AppKit exist only in Apple's SDKs.
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"]),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
