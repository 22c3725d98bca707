#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDReloadOutcome.h"

#import "LDMemory.h"

@implementation LDReloadOutcome

@synthesize kind = _kind;
@synthesize finished = _finished;
@synthesize reason = _reason;
@synthesize mismatchSection = _mismatchSection;
@synthesize expectedCount = _expectedCount;
@synthesize actualCount = _actualCount;

/* The one initialiser; the class methods keep its arguments consistent. */
- (instancetype)initWithKind:(LDReloadOutcomeKind)kind
                    finished:(BOOL)finished
                      reason:(LDReloadReason)reason
             mismatchSection:(NSInteger)mismatchSection
               expectedCount:(NSInteger)expectedCount
                 actualCount:(NSInteger)actualCount {
    if ((self = [super init])) {
        _kind = kind;
        _finished = finished;
        _reason = reason;
        _mismatchSection = mismatchSection;
        _expectedCount = expectedCount;
        _actualCount = actualCount;
    }
    return self;
}

+ (instancetype)animatedOutcomeWithFinished:(BOOL)finished {
    return LD_AUTORELEASE([[self alloc] initWithKind:LDReloadOutcomeKindAnimated
                                            finished:finished
                                              reason:LDReloadReasonNone
                                     mismatchSection:NSNotFound
                                       expectedCount:0
                                         actualCount:0]);
}

+ (instancetype)reloadedOutcomeWithReason:(LDReloadReason)reason {
    if (reason != LDReloadReasonNotInWindow && reason != LDReloadReasonInterrupted) {
        [NSException raise:NSInvalidArgumentException
                    format:@"A reload without a count mismatch is for LDReloadReasonNotInWindow or "
                           @"LDReloadReasonInterrupted, not %ld.", (long)reason];
    }
    return LD_AUTORELEASE([[self alloc] initWithKind:LDReloadOutcomeKindReloaded
                                            finished:YES
                                              reason:reason
                                     mismatchSection:NSNotFound
                                       expectedCount:0
                                         actualCount:0]);
}

+ (instancetype)outOfSyncOutcomeWithSection:(NSInteger)section
                              expectedCount:(NSInteger)expectedCount
                                actualCount:(NSInteger)actualCount {
    return LD_AUTORELEASE([[self alloc] initWithKind:LDReloadOutcomeKindReloaded
                                            finished:YES
                                              reason:LDReloadReasonViewOutOfSync
                                     mismatchSection:section
                                       expectedCount:expectedCount
                                         actualCount:actualCount]);
}

- (id)copyWithZone:(NSZone *)zone {
    return LD_RETAIN(self);
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDReloadOutcome class]]) { return NO; }
    LDReloadOutcome *other = object;
    return _kind == other.kind && _finished == other.finished && _reason == other.reason &&
        _mismatchSection == other.mismatchSection && _expectedCount == other.expectedCount &&
        _actualCount == other.actualCount;
}

- (NSUInteger)hash {
    return (NSUInteger)_kind ^ ((NSUInteger)_finished << 1) ^ ((NSUInteger)_reason << 2) ^
        ((NSUInteger)_mismatchSection * 31u) ^ ((NSUInteger)_expectedCount * 1009u) ^ ((NSUInteger)_actualCount * 65537u);
}

- (NSString *)description {
    NSString *what;
    if (_kind == LDReloadOutcomeKindAnimated) {
        what = _finished ? @"animated, finished" : @"animated, cut short";
    } else if (_reason == LDReloadReasonNotInWindow) {
        what = @"reloaded: the view is not in a window";
    } else if (_reason == LDReloadReasonInterrupted) {
        what = @"reloaded: interrupt asked for a reload";
    } else if (_mismatchSection == NSNotFound) {
        what = [NSString stringWithFormat:@"reloaded: the view is out of step with the diff: the view shows %ld "
                                          @"sections, the diff starts from %ld",
                                          (long)_actualCount, (long)_expectedCount];
    } else {
        what = [NSString stringWithFormat:@"reloaded: the view is out of step with the diff: section %ld shows %ld "
                                          @"elements, the diff starts from %ld",
                                          (long)_mismatchSection, (long)_actualCount, (long)_expectedCount];
    }
    return [NSString stringWithFormat:@"<%@ %p; %@>", NSStringFromClass([self class]), (void *)self, what];
}

@end

#endif
