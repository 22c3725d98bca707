import Foundation
import Testing

/// Every library product ships a privacy manifest that App Store review accepts (it rejects one
/// with a missing or unexpected key, or a reason its category does not list: ITMS-91056) and that
/// says what ListDelta does: no tracking, no data collected, each required-reason API with its
/// reason. SwiftPM copies a manifest only when Package.swift declares it a resource of its
/// target, so these tests read the resource bundles the build made beside the test binary (a
/// bundle an earlier build left stays there: CI builds afresh).
@Suite struct PrivacyManifestTests {
    static let manifestName = "PrivacyInfo.xcprivacy"

    /// The target whose manifest each library product ships: ListDeltaObjC ships the C core's,
    /// which it always links (a resource of its own would make SwiftPM generate an accessor that
    /// does not build with GNUstep).
    static let carriers = ["ListDelta": "ListDelta", "ListDeltaObjC": "CListDelta", "CListDelta": "CListDelta"]

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

    /// The build's products folder, where SwiftPM puts each target's resource bundle: beside the
    /// test binary on Linux, beside the `.xctest` bundle holding it on Apple platforms.
    static let products: URL = {
        var folder = Bundle.main.executableURL!.deletingLastPathComponent()
        while folder.pathComponents.count > 1, folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// The manifest SwiftPM copied for `target`'s resources (`.resources` on Linux, `.bundle` on
    /// Apple platforms), or nil when it copied none.
    static func copiedManifest(of target: String) -> URL? {
        let candidates = [
            "ListDelta_\(target).resources/\(manifestName)", "ListDelta_\(target).bundle/\(manifestName)",
            "ListDelta_\(target).bundle/Contents/Resources/\(manifestName)",
        ]
        return candidates.map { products.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The targets' folders that hold a manifest.
    static func manifestFolders() -> [URL] {
        ["Sources", "CSources"].flatMap { top in
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(top).path)) ?? []
            return folders.map { root.appendingPathComponent(top).appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent(manifestName).path) }
        }
    }

    @Test func everyLibraryProductShipsAManifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) }
        #expect(Set(libraries) == Set(Self.carriers.keys), "Package.swift's library products are \(libraries)")
        for (product, target) in Self.carriers {
            #expect(Self.copiedManifest(of: target) != nil, "\(product) ships no manifest: \(target) declares none")
        }
    }

    @Test func everyManifestInATargetIsCopiedAsItIs() throws {
        let folders = Self.manifestFolders()
        #expect(Set(folders.map(\.lastPathComponent)) == Set(Self.carriers.values))
        for folder in folders {
            let copied = try #require(
                Self.copiedManifest(of: folder.lastPathComponent),
                "\(folder.lastPathComponent) holds \(Self.manifestName) but SwiftPM copied none: declare it a resource")
            let original = try Data(contentsOf: folder.appendingPathComponent(Self.manifestName))
            #expect(try Data(contentsOf: copied) == original)
        }
    }

    @Test func everyManifestHasApplesKeysAndSaysListDeltaCollectsNothing() throws {
        let folders = Self.manifestFolders()
        #expect(!folders.isEmpty)
        for folder in folders {
            let data = try Data(contentsOf: folder.appendingPathComponent(Self.manifestName))
            let manifest = try PropertyListSerialization.propertyList(from: data, format: nil)
            let problems = Self.problems(in: manifest)
            #expect(problems.isEmpty, "\(folder.lastPathComponent): \(problems.joined(separator: "; "))")
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
}
