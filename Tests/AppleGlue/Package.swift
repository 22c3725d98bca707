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
        .target(name: "UIKit"),
        .target(
            name: "ListDelta",
            dependencies: ["CListDelta", "UIKit"],
            // As in Apple's toolchains, an extension's members are visible only where their
            // module is imported.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "AppleGlueTests",
            dependencies: ["ListDelta", "UIKit"],
            // Swift Testing's overlay for the real UIKit exists only in Apple's SDKs.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
