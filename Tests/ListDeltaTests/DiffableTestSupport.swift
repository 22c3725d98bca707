import Foundation
import Testing

@testable import ListDelta

// What the whole-list and section snapshot tests share.

#if DEBUG
    let debugBuild = true
#else
    let debugBuild = false
#endif

/// Runs `body` and returns the debug-build warnings it printed.
func warnings(_ body: () -> Void) -> [String] {
    let collected = LockedValue<[String]>([])
    DiffableDiagnostics.$warningHandler.withValue({ message in collected.withLock { $0.append(message) } }) { body() }
    return collected.withLock { $0 }
}

/// Checks that an exit test stopped the program with a message containing `fragment`.
func expectStopped(_ result: ExitTest.Result?, naming fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains(fragment), "stderr: \(output)", sourceLocation: sourceLocation)
}
