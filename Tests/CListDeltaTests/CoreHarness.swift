import CListDelta
import CListDeltaChecks

/// Runs the C core from Swift the way the tests need: owns a workspace, passes optional
/// content hashes, a cancel token and an edit budget, and hands back the status and result.
final class CoreHarness {
    let workspace: OpaquePointer

    init(allocator: UnsafePointer<ld_allocator_t>? = nil) {
        var created: OpaquePointer?
        precondition(ld_workspace_create(allocator, &created) == LD_OK, "workspace creation failed")
        workspace = created!
    }

    deinit {
        ld_workspace_free(workspace)
    }

    var bytesHeld: Int { ld_workspace_bytes_held(workspace) }

    func diff(
        _ algorithm: ldc_algorithm,
        source: [UInt64],
        target: [UInt64],
        sourceContent: [UInt64]? = nil,
        targetContent: [UInt64]? = nil,
        cancel: OpaquePointer? = nil,
        maxEdits: Int? = nil,
        groups: (source: [UInt32]?, target: [UInt32]?)? = nil,
        body: (ld_status, ld_result_t) -> Void = { _, _ in }
    ) -> ld_status {
        source.withUnsafeBufferPointer { source in
            target.withUnsafeBufferPointer { target in
                withOptionalBuffer(sourceContent) { sourceContent in
                    withOptionalBuffer(targetContent) { targetContent in
                        withOptionalBuffer(groups?.source ?? nil) { sourceGroups in
                            withOptionalBuffer(groups?.target ?? nil) { targetGroups in
                                var options = ld_options_t()
                                options.source_content = sourceContent
                                options.target_content = targetContent
                                options.cancel = cancel
                                options.source_groups = sourceGroups
                                options.target_groups = targetGroups
                                if let maxEdits {
                                    options.max_edits = maxEdits
                                    options.limit_edits = true
                                }
                                var result = ld_result_t()
                                let run = algorithm == LDC_HECKEL ? ld_heckel_diff : ld_myers_diff
                                let status = run(
                                    workspace, source.baseAddress, source.count,
                                    target.baseAddress, target.count, &options, &result)
                                body(status, result)
                                return status
                            }
                        }
                    }
                }
            }
        }
    }

    /// Diffs and checks the result against the brute-force references; nil means correct.
    func verify(
        _ algorithm: ldc_algorithm,
        source: [UInt64],
        target: [UInt64],
        sourceContent: [UInt64]? = nil,
        targetContent: [UInt64]? = nil,
        groups: (source: [UInt32]?, target: [UInt32]?)? = nil
    ) -> String {
        var verdict = ""
        let status = diff(
            algorithm, source: source, target: target,
            sourceContent: sourceContent, targetContent: targetContent, groups: groups
        ) { status, result in
            guard status == LD_OK else { return }
            withUnsafePointer(to: result) { result in
                withOptionalBuffer(sourceContent) { sourceContent in
                    withOptionalBuffer(targetContent) { targetContent in
                        withOptionalBuffer(groups?.source ?? nil) { sourceGroups in
                            withOptionalBuffer(groups?.target ?? nil) { targetGroups in
                                if let failure = ldc_check_result(
                                    algorithm, source, source.count, target, target.count,
                                    sourceContent, targetContent, sourceGroups, targetGroups, result)
                                {
                                    verdict = String(cString: failure)
                                }
                            }
                        }
                    }
                }
            }
        }
        if status != LD_OK { return "status \(String(cString: ld_status_description(status)))" }
        return verdict
    }
}

private func withOptionalBuffer<Value: FixedWidthInteger, R>(_ array: [Value]?, _ body: (UnsafePointer<Value>?) -> R) -> R {
    guard let array else { return body(nil) }
    return array.withUnsafeBufferPointer { buffer in
        // A non-nil pointer even for an empty array: "content given" must stay true.
        buffer.baseAddress.map(body) ?? withUnsafePointer(to: Value.zero) { body($0) }
    }
}

extension ld_result_t {
    var moves: [(source: Int, target: Int)] {
        (0..<moved_count).map { (Int(moved[$0].source), Int(moved[$0].target)) }
    }

    var deletes: [Int] { (0..<deleted_count).map { Int(deleted[$0]) } }
    var inserts: [Int] { (0..<inserted_count).map { Int(inserted[$0]) } }
    var updates: [(source: Int, target: Int)] {
        (0..<updated_count).map { (Int(updated[$0].source), Int(updated[$0].target)) }
    }
}
