#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <dispatch/dispatch.h>

#import "LDStagedChangeset.h"

NS_ASSUME_NONNULL_BEGIN

/** A diff in flight: cancel it, and its completion is never called. */
NS_SWIFT_NAME(ListDiffTask)
@interface LDDiffTask : NSObject {
  @private
    void *_token;
}

/** Whether the task was cancelled (by @c -cancel or by a newer diff of its differ). */
@property (nonatomic, assign, readonly, getter=isCancelled) BOOL cancelled;

/** Stops the diff as soon as it polls (within 4,096 elements of work) and drops its result.
 Called on the delivery queue, it guarantees the completion is not called afterwards. */
- (void)cancel;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

/**
 Computes staged changesets off the calling thread, for a stream of updates where only the
 newest matters (WBListKit's begin/commit, say): each new diff cancels the ones before it that
 have not been delivered, and a cancelled diff's completion is never called.
 */
NS_SWIFT_NAME(ListStagedDiffer)
@interface LDStagedDiffer : NSObject {
  @private
    dispatch_queue_t _queue;
    dispatch_queue_t _deliveryQueue;
    NSLock *_lock;
    NSMutableArray<LDDiffTask *> *_pending;
}

/** Diffs on @c queue and calls completions on @c deliveryQueue (typically the main queue). */
- (instancetype)initWithQueue:(dispatch_queue_t)queue deliveryQueue:(dispatch_queue_t)deliveryQueue NS_DESIGNATED_INITIALIZER;

/** Diffs on a serial queue of its own and calls completions on the main queue. */
- (instancetype)init;

/** Diffs @c sourceSections against @c targetSections; @c completion gets the stages, or nil and
 the error (never @c LDErrorCancelled: a cancelled diff calls nothing). Cancels the diffs of
 this differ not yet delivered. */
- (LDDiffTask *)diffFromSourceSections:(NSArray<LDArraySection *> *)sourceSections
                        targetSections:(NSArray<LDArraySection *> *)targetSections
                            completion:(void (^)(LDStagedChangeset *_Nullable stagedChangeset, NSError *_Nullable error))completion;

/** As @c -diffFromSourceSections:targetSections:completion:, for a flat list shown in @c section. */
- (LDDiffTask *)diffFromSource:(NSArray<id<LDListDiffable>> *)source
                        target:(NSArray<id<LDListDiffable>> *)target
                       section:(NSInteger)section
                    completion:(void (^)(LDStagedChangeset *_Nullable stagedChangeset, NSError *_Nullable error))completion;

/** Cancels every diff of this differ not yet delivered. */
- (void)cancelAll;

@end

NS_ASSUME_NONNULL_END

#endif
