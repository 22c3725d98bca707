// swift-tools-version: 6.1
import PackageDescription

/// XXH3 from the system libxxhash where a package manager provides it (Linux); every other
/// build (iOS, macOS, or `--disable-default-traits`) compiles ListDelta's portable hash.
let systemXXHash = "SystemXXHash"

/// A target's privacy manifest, which App Store review reads in the target's resource bundle
/// (PrivacyManifestTests holds each to Apple's keys). ListDeltaObjC ships the C core's, which
/// declares the clock both read: SwiftPM gives an Objective-C target with resources an accessor
/// that imports Foundation, which its Linux build has not.
let privacyManifest: Resource = .copy("PrivacyInfo.xcprivacy")

let package = Package(
    name: "ListDelta",
    // The floor of Swift concurrency (async, actors, Task), which ListDelta's background
    // diffing uses; anything newer is marked @available where it is used.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "ListDelta", targets: ["ListDelta"]),
        /// Objective-C: IGListKit's diff vocabulary (LDListDiff), staged sectioned diffs and their
        /// glue for table and collection views (Apple platforms; built on Linux by scripts/build-objc).
        .library(name: "ListDeltaObjC", targets: ["ListDeltaObjC"]),
        /// The C core alone, for C callers (and the benchmarks).
        .library(name: "CListDelta", targets: ["CListDelta"]),
    ],
    traits: [
        .trait(
            name: systemXXHash,
            description: "Hash bytes with the system libxxhash (XXH3) on Linux instead of the portable hash."
        ),
        .default(enabledTraits: [systemXXHash]),
    ],
    targets: [
        .systemLibrary(
            name: "CXXHash",
            path: "CSources/CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        .target(
            name: "CListDelta",
            dependencies: [
                .target(name: "CXXHash", condition: .when(platforms: [.linux], traits: [systemXXHash]))
            ],
            path: "CSources/CListDelta",
            resources: [privacyManifest],
            cSettings: [
                .define("LD_USE_XXHASH", .when(platforms: [.linux], traits: [systemXXHash])),
                // Debug builds check the engine's own match before staging it (staging.c).
                .define("LD_CHECK_OWN_MATCH", .when(configuration: .debug)),
            ]
        ),
        .target(
            name: "ListDelta",
            dependencies: ["CListDelta"],
            resources: [privacyManifest]
        ),
        .target(
            name: "ListDeltaObjC",
            dependencies: ["CListDelta"],
            path: "Sources/ListDeltaObjC"
        ),
        .target(
            name: "CListDeltaChecks",
            dependencies: ["CListDelta"],
            path: "Tests/CListDeltaChecks"
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "CListDeltaTests",
            dependencies: ["CListDelta", "CListDeltaChecks", "TestSupport"]
        ),
        .testTarget(
            name: "ListDeltaTests",
            dependencies: ["ListDelta", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c11
)
