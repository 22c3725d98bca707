#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedDiffer.h"

#import "LDStagedDiff.h"

#if __has_feature(objc_arc) && OS_OBJECT_USE_OBJC
#define LD_DISPATCH_RETAIN(object) ((void)0)
#define LD_DISPATCH_RELEASE(object) ((void)0)
#else
#define LD_DISPATCH_RETAIN(object) dispatch_retain(object)
#define LD_DISPATCH_RELEASE(object) dispatch_release(object)
#endif

@implementation LDDiffTask

- (instancetype)initWithToken:(ld_cancel_token_t *)token {
    if ((self = [super init])) { _token = token; }
    return self;
}

- (void)dealloc {
    ld_cancel_token_free((ld_cancel_token_t *)_token);
    LD_SUPER_DEALLOC();
}

/* The task's one cancellation state: the core's token, which the Objective-C steps poll too. */
- (BOOL)isCancelled {
    return ld_cancel_token_is_cancelled((const ld_cancel_token_t *)_token);
}

- (void)cancel {
    ld_cancel_token_cancel((ld_cancel_token_t *)_token);
}

- (const ld_cancel_token_t *)token {
    return (const ld_cancel_token_t *)_token;
}

@end

@implementation LDStagedDiffer

- (instancetype)initWithQueue:(dispatch_queue_t)queue deliveryQueue:(dispatch_queue_t)deliveryQueue {
    if ((self = [super init])) {
        _queue = queue;
        LD_DISPATCH_RETAIN(_queue);
        _deliveryQueue = deliveryQueue;
        LD_DISPATCH_RETAIN(_deliveryQueue);
        _lock = [[NSLock alloc] init];
        _pending = [[NSMutableArray alloc] init];
    }
    return self;
}

- (instancetype)init {
    dispatch_queue_t queue = dispatch_queue_create("ListDelta.LDStagedDiffer", DISPATCH_QUEUE_SERIAL);
    self = [self initWithQueue:queue deliveryQueue:dispatch_get_main_queue()];
    LD_DISPATCH_RELEASE(queue);
    return self;
}

- (void)dealloc {
    LD_DISPATCH_RELEASE(_queue);
    LD_DISPATCH_RELEASE(_deliveryQueue);
    LD_RELEASE(_lock);
    LD_RELEASE(_pending);
    LD_SUPER_DEALLOC();
}

- (void)cancelAll {
    [_lock lock];
    for (LDDiffTask *task in _pending) { [task cancel]; }
    [_pending removeAllObjects];
    [_lock unlock];
}

- (void)forget:(LDDiffTask *)task {
    [_lock lock];
    [_pending removeObjectIdenticalTo:task];
    [_lock unlock];
}

- (LDDiffTask *)diffList:(NSArray *)source
                  target:(NSArray *)target
             flatSection:(NSInteger)flatSection
              completion:(void (^)(LDStagedChangeset *_Nullable, NSError *_Nullable))completion {
    ld_cancel_token_t *token = NULL;
    if (ld_cancel_token_create(NULL, &token) != LD_OK) {
        LDRaise(LDMakeError(LDErrorOutOfMemory, nil));
    }
    LDDiffTask *task = LD_AUTORELEASE([[LDDiffTask alloc] initWithToken:token]);
    [self cancelAll];
    [_lock lock];
    [_pending addObject:task];
    [_lock unlock];
    // Blocks here capture objects without retaining them on every runtime (see LDMemory.h):
    // what they use is retained by hand and released when they are done.
    NSArray *sourceCopy = [source copy];
    NSArray *targetCopy = [target copy];
    void (^deliver)(LDStagedChangeset *, NSError *) = LD_BLOCK_COPY(completion);
    dispatch_queue_t deliveryQueue = _deliveryQueue;
    (void)LD_RETAIN(self);
    (void)LD_RETAIN(task);
    void (^finish)(void) = LD_BLOCK_COPY(^{
        [self forget:task];
        LD_RELEASE(task);
        LD_RELEASE(self);
        LD_BLOCK_RELEASE(deliver);
    });
    dispatch_async(_queue, ^{
        @autoreleasepool {
            NSError *error = nil;
            NSArray<LDChangeset *> *changesets = task.cancelled ? nil
                : LDStagedDiff(sourceCopy, targetCopy, flatSection, [task token], &error);
            LD_RELEASE(sourceCopy);
            LD_RELEASE(targetCopy);
            if (task.cancelled || (changesets == nil && (error == nil || error.code == LDErrorCancelled))) {
                finish();
                LD_BLOCK_RELEASE(finish);
                return;
            }
            LDStagedChangeset *staged =
                changesets == nil ? nil : [[LDStagedChangeset alloc] initWithChangesets:changesets];
            (void)LD_RETAIN(error);
            dispatch_async(deliveryQueue, ^{
                @autoreleasepool {
                    if (!task.cancelled) { deliver(staged, error); }
                    LD_RELEASE(staged);
                    LD_RELEASE(error);
                    finish();
                    LD_BLOCK_RELEASE(finish);
                }
            });
        }
    });
    return task;
}

- (LDDiffTask *)diffFromSourceSections:(NSArray<LDArraySection *> *)sourceSections
                        targetSections:(NSArray<LDArraySection *> *)targetSections
                            completion:(void (^)(LDStagedChangeset *_Nullable, NSError *_Nullable))completion {
    return [self diffList:sourceSections target:targetSections flatSection:NSNotFound completion:completion];
}

- (LDDiffTask *)diffFromSource:(NSArray<id<LDListDiffable>> *)source
                        target:(NSArray<id<LDListDiffable>> *)target
                       section:(NSInteger)section
                    completion:(void (^)(LDStagedChangeset *_Nullable, NSError *_Nullable))completion {
    NSError *invalid = LDFlatSectionError(section);
    if (invalid != nil) LDRaise(invalid);
    return [self diffList:source target:target flatSection:section completion:completion];
}

@end

#endif
