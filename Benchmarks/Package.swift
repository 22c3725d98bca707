// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that users of ListDelta never resolve benchmark-only dependencies.
let package = Package(
    name: "ListDeltaBenchmarks",
    // package-benchmark's floor; the benchmarks time with ContinuousClock (macOS 13).
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ListDelta", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .target(name: "Workloads", dependencies: [.product(name: "ListDelta", package: "ListDelta")]),
        .target(name: "Baselines", dependencies: [.product(name: "ListDelta", package: "ListDelta")]),
        .target(name: "CHashFloor"),
        .target(name: "ColdCaches"),
        .executableTarget(
            name: "listdelta-bench",
            dependencies: [
                "Workloads",
                "Baselines",
                "CHashFloor",
                "ColdCaches",
                .product(name: "ListDelta", package: "ListDelta"),
                .product(name: "CListDelta", package: "ListDelta"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        .executableTarget(
            name: "ListDeltaAllocations",
            dependencies: [
                "Workloads",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "ListDelta", package: "ListDelta"),
                .product(name: "CListDelta", package: "ListDelta"),
            ],
            path: "Benchmarks/ListDeltaAllocations",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads"]),
        .testTarget(name: "BaselinesTests", dependencies: ["Baselines"]),
        .testTarget(name: "ColdCachesTests", dependencies: ["ColdCaches"]),
        .testTarget(name: "BenchCommandTests", dependencies: ["listdelta-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
