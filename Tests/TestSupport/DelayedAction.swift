import Foundation

/// Runs an action once, after a delay, on a thread of its own, and records when it ran.
///
/// Tests cancel long diffs this way rather than through GCD or a task: on Linux both run on
/// a pool as wide as the machine, which the long synchronous tests running in parallel can
/// hold for many seconds, so a cancel scheduled there can arrive arbitrarily late.
public final class DelayedAction: @unchecked Sendable {
    private let lock = NSLock()
    private var ranAt: Date?
    private var disarmed = false

    /// Starts a thread that sleeps `delay` seconds, then runs `action` unless disarmed.
    public init(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: delay)
            lock.withLock {
                guard !disarmed else { return }
                ranAt = Date()
                action()
            }
        }
        thread.start()
    }

    /// When the action started; nil until then.
    public var time: Date? { lock.withLock { ranAt } }

    /// Makes sure the action does not run from now on: once this returns, the action has
    /// either finished or will never start, so what it touches may be freed.
    public func disarm() {
        lock.withLock { disarmed = true }
    }
}
