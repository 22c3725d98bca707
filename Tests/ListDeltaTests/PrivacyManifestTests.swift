import Foundation
import Testing

/// Every library product ships a privacy manifest that App Store review accepts (it rejects one
/// with a missing or unexpected key, or a reason its category does not list: ITMS-91056) and that
/// says what ListDelta does: no tracking, no data collected, each required-reason API with its
/// reason. SwiftPM copies a manifest only when Package.swift declares it a resource of its
/// target, which the package's own description (`swift package dump-package`) says.
@Suite struct PrivacyManifestTests {
    static let manifestName = "PrivacyInfo.xcprivacy"

    /// The reasons Apple lists for each category of required-reason API ("Describing use of
    /// required reason API").
    static let reasons: [String: Set<String>] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"],
        "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1", "8FFB.1", "3D61.1"],
        "NSPrivacyAccessedAPICategoryDiskSpace": ["85F4.1", "E174.1", "7D9E.1", "B728.1"],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": ["3EC4.1", "54BD.1"],
        "NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"],
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let package = Result { try describePackage() }

    @Test func everyLibraryProductShipsAManifest() throws {
        let package = try Self.package.get()
        let libraries = package.products.filter { $0.type.keys.contains("library") }
        #expect(!libraries.isEmpty)
        for product in libraries {
            let carriers = package.targets(of: product).filter { !$0.manifests.isEmpty }.map(\.name)
            #expect(!carriers.isEmpty, "no target of library \(product.name) declares \(Self.manifestName) a resource")
        }
    }

    @Test func everyManifestInATargetIsOneOfItsResources() throws {
        for target in try Self.package.get().targets where target.type == "regular" {
            let directory = Self.root.appendingPathComponent(target.directory).path
            let files =
                FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String }
                .filter { ($0 as NSString).lastPathComponent == Self.manifestName } ?? []
            #expect(
                Set(files) == Set(target.manifests),
                "\(target.name) holds \(files) and declares \(target.manifests): SwiftPM copies only what it declares")
        }
    }

    @Test func everyManifestHasApplesKeysAndSaysListDeltaCollectsNothing() throws {
        let manifests = try Self.package.get().targets.flatMap { target in
            target.manifests.map { target.directory + "/" + $0 }
        }
        #expect(!manifests.isEmpty)
        for path in manifests {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
            let manifest = try PropertyListSerialization.propertyList(from: data, format: nil)
            let problems = Self.problems(in: manifest)
            #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
        }
    }

    /// What App Store review or a reader would find wrong with `manifest`; empty when nothing.
    static func problems(in manifest: Any) -> [String] {
        let typeKey = "NSPrivacyAccessedAPIType", reasonsKey = "NSPrivacyAccessedAPITypeReasons"
        guard let keys = manifest as? [String: Any] else { return ["not a dictionary"] }
        let expected: Set = [
            "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
        ]
        var problems = Set(keys.keys).subtracting(expected).sorted().map { "unexpected key \($0)" }
        if !isBoolean(keys["NSPrivacyTracking"]) || keys["NSPrivacyTracking"] as? Bool != false {
            problems.append("NSPrivacyTracking is not <false/>")
        }
        for key in ["NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes"] {
            guard let list = keys[key] as? [Any] else {
                problems.append("\(key) is not an array")
                continue
            }
            if !list.isEmpty { problems.append("\(key) is not empty, but ListDelta tracks no one and collects nothing") }
        }
        guard let accessed = keys["NSPrivacyAccessedAPITypes"] as? [Any] else {
            return problems + ["NSPrivacyAccessedAPITypes is not an array"]
        }
        var categories: [String] = []
        for entry in accessed {
            guard let entry = entry as? [String: Any], Set(entry.keys) == [typeKey, reasonsKey] else {
                problems.append("an entry of NSPrivacyAccessedAPITypes holds other keys than \(typeKey) and \(reasonsKey)")
                continue
            }
            guard let category = entry[typeKey] as? String, let valid = reasons[category] else {
                problems.append("\(entry[typeKey] ?? "nil") is not a category of required-reason API")
                continue
            }
            categories.append(category)
            guard let given = entry[reasonsKey] as? [String], !given.isEmpty else {
                problems.append("\(category) has no array of reasons")
                continue
            }
            for reason in given where !valid.contains(reason) {
                problems.append("\(reason) is not a reason for \(category) (\(valid.sorted().joined(separator: ", ")))")
            }
        }
        if Set(categories).count != categories.count { problems.append("a category is listed twice") }
        return problems
    }

    /// A property list's `<true/>` or `<false/>`; Foundation bridges `<integer>0</integer>` to
    /// `Bool` too.
    static func isBoolean(_ value: Any?) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    /// Package.swift as SwiftPM reads it, in its own scratch directory: `swift test` holds the
    /// lock on `.build`.
    static func describePackage() throws -> Package {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("PrivacyManifestTests-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        swift.standardOutput = output
        swift.standardError = FileHandle.nullDevice
        try swift.run()
        let description = output.fileHandleForReading.readDataToEndOfFile()
        swift.waitUntilExit()
        guard swift.terminationStatus == 0 else { throw DumpPackageFailed(status: swift.terminationStatus) }
        return try JSONDecoder().decode(Package.self, from: description)
    }

    struct DumpPackageFailed: Error {
        let status: Int32
    }

    /// The parts of `swift package dump-package` these tests read.
    struct Package: Decodable {
        struct Product: Decodable {
            let name: String
            let type: [String: [String]?]
            let targets: [String]
        }

        struct Target: Decodable {
            struct Resource: Decodable {
                let path: String
            }

            let name: String
            let type: String
            let path: String?
            let resources: [Resource]
            let dependencies: [Dependency]

            var directory: String { path ?? (type == "test" ? "Tests/" : "Sources/") + name }
            var manifests: [String] {
                resources.map(\.path).filter { ($0 as NSString).lastPathComponent == PrivacyManifestTests.manifestName }
            }
        }

        /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or `{"product": …}`.
        struct Dependency: Decodable {
            struct Kind: CodingKey {
                let stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }

            /// The name of a target of this package, or nil for another package's product.
            let target: String?

            init(from decoder: any Decoder) throws {
                let kinds = try decoder.container(keyedBy: Kind.self)
                guard let kind = kinds.allKeys.first, kind.stringValue != "product" else {
                    target = nil
                    return
                }
                var fields = try kinds.nestedUnkeyedContainer(forKey: kind)
                target = try fields.decode(String.self)
            }
        }

        let products: [Product]
        let targets: [Target]

        /// The targets `product` builds: its own and those they depend on.
        func targets(of product: Product) -> [Target] {
            var seen: Set<String> = [], pending = product.targets, found: [Target] = []
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
                found.append(target)
                pending += target.dependencies.compactMap(\.target)
            }
            return found
        }
    }
}
