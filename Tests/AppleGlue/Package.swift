// swift-tools-version: 6.2
import PackageDescription

// Proves ListDelta's Apple-only glue on Linux: the unchanged library sources (linked in from
// the repository's Sources and CSources) compiled against stand-in modules named UIKit and
// AppKit, which declare the SDKs' Swift signatures and behave like the real views where it
// matters, and an app target built with Xcode 26's defaults (Xcode26App), which uses them as
// README and the Guide do. scripts/test runs it; nothing here ships.

/// What a new Xcode 26 app target sets: every declaration isolated to the main actor unless it
/// says otherwise, and "approachable concurrency".
let xcode26AppSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
/// Swift Testing's overlays for the real UIKit and AppKit exist only in Apple's SDKs.
let withoutAppleOverlays: SwiftSetting = .unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])
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
            swiftSettings: [withoutAppleOverlays, .enableUpcomingFeature("MemberImportVisibility")]
        ),
        .target(name: "Xcode26App", dependencies: ["ListDelta", "UIKit", "AppKit"], swiftSettings: xcode26AppSettings),
        .testTarget(
            name: "Xcode26AppTests",
            dependencies: ["Xcode26App", "ListDelta", "UIKit", "AppKit"],
            swiftSettings: xcode26AppSettings + [withoutAppleOverlays]
        ),
    ],
    swiftLanguageModes: [.v6]
)
