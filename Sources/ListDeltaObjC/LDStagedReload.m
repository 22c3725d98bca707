#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedReload.h"

static int64_t LDShownCount(void *context, int64_t section) {
    const LDBatchUpdateTarget *target = context;
    return section < 0 ? target->numberOfSections() : target->numberOfElementsInSection((NSInteger)section);
}

LDReloadOutcome *LDCountMismatch(LDChangeset *changeset, LDBatchUpdateTarget target) {
    int64_t flatSection = changeset.flatSection;
    BOOL flat = changeset.flatSection != NSNotFound;
    size_t count = flat ? 1 : (size_t)changeset.numberOfSectionsBefore;
    int64_t *counts = (int64_t *)[[NSMutableData dataWithLength:count * sizeof(int64_t)] mutableBytes];
    for (size_t i = 0; i < count; i++) { counts[i] = [changeset numberOfElementsBeforeInSection:(NSInteger)i]; }
    ld_count_mismatch_t mismatch;
    if (!ld_count_mismatch(flat ? flatSection + 1 : (int64_t)count, flat, flat ? &flatSection : NULL, counts, count,
                           LDShownCount, &target, &mismatch)) {
        return nil;
    }
    return [LDReloadOutcome outOfSyncOutcomeWithSection:mismatch.section < 0 ? NSNotFound : (NSInteger)mismatch.section
                                          expectedCount:(NSInteger)mismatch.expected
                                            actualCount:(NSInteger)mismatch.actual];
}

void LDPerformInOrder(LDChangeset *changeset, void (NS_NOESCAPE ^perform)(ld_operation_kind kind, id operations)) {
    id operations[LD_OPERATION_KIND_COUNT] = {
        changeset.sectionDeleted,  changeset.sectionInserted, changeset.sectionUpdated,  changeset.sectionMoved,
        changeset.elementDeleted, changeset.elementInserted, changeset.elementUpdated, changeset.elementMoved};
    for (int kind = 0; kind < LD_OPERATION_KIND_COUNT; kind++) {
        if ([operations[kind] count] > 0) { perform((ld_operation_kind)kind, operations[kind]); }
    }
}

/* Sets the final data, reloads and reports outcome. */
static void LDReloadInstead(NSArray *final, LDBatchUpdateTarget target, LDReloadOutcome *outcome,
                            void (^completion)(LDReloadOutcome *), void (^setData)(NSArray *)) {
    setData(final);
    target.reloadData();
#if DEBUG
    if (outcome.reason == LDReloadReasonViewOutOfSync) {
        NSLog(@"ListDelta: %@; the view was reloaded instead of animated", outcome);
    }
#endif
    if (completion != nil) { completion(outcome); }
}

void LDStagedReload(LDStagedChangeset *stagedChangeset, LDBatchUpdateTarget target, LDScrollAnchor anchor,
                    const LDScrollAnchoringView *anchoring, BOOL (^interrupt)(LDChangeset *), void (^completion)(LDReloadOutcome *),
                    void (^setData)(NSArray *)) {
    NSArray<LDChangeset *> *changesets = stagedChangeset.changesets;
    NSUInteger count = changesets.count;
    if (count == 0) {
        if (completion != nil) { completion([LDReloadOutcome animatedOutcomeWithFinished:YES]); }
        return;
    }
    NSArray *final = ((LDChangeset *)[changesets objectAtIndex:count - 1]).data;
    if (!target.canPerformBatchUpdates) {
        LDReloadInstead(final, target, [LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonNotInWindow], completion,
                        setData);
        return;
    }
    for (NSUInteger index = 0; index < count; index++) {
        LDChangeset *changeset = [changesets objectAtIndex:index];
        if (interrupt != nil && interrupt(changeset)) {
            LDReloadInstead(final, target, [LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonInterrupted],
                            completion, setData);
            return;
        }
        LDReloadOutcome *mismatch = LDCountMismatch(changeset, target);
        if (mismatch != nil) {
            LDReloadInstead(final, target, mismatch, completion, setData);
            return;
        }
        void (^performOperations)(LDChangeset *) = target.performOperations;
        /* Block literals at this scope: a stack block lives until the end of its compound statement. */
        void (^finish)(BOOL) = ^(BOOL finished) {
            completion([LDReloadOutcome animatedOutcomeWithFinished:finished]);
        };
        void (^batchCompletion)(BOOL) = nil;
        if (index == count - 1 && completion != nil) { batchCompletion = finish; }
        LDAnchorPlan plan = LDPlanAnchor(anchor, changeset, anchoring);
        target.performBatch(
            ^{
                setData(changeset.data);
                performOperations(changeset);
            },
            batchCompletion);
        LDCarryOutAnchor(plan, anchoring);
    }
}

void LDStagedReloadCollectionView(id<LDCollectionView> view, BOOL inWindow, LDStagedChangeset *stagedChangeset,
                                  LDScrollAnchor anchor, const LDScrollAnchoringView *anchoring,
                                  void (^performBatch)(void (^)(void), void (^)(BOOL)),
                                  void (^performItemChanges)(ld_operation_kind, NSArray<NSIndexPath *> *),
                                  BOOL (^interrupt)(LDChangeset *),
                                  void (^completion)(LDReloadOutcome *), void (^setData)(NSArray *)) {
    LDBatchUpdateTarget target;
    target.canPerformBatchUpdates = inWindow;
    target.numberOfSections = ^NSInteger {
        return view.numberOfSections;
    };
    target.numberOfElementsInSection = ^NSInteger(NSInteger section) {
        return [view numberOfItemsInSection:section];
    };
    target.reloadData = ^{
        [view reloadData];
    };
    target.performBatch = performBatch;
    target.performOperations = ^(LDChangeset *changeset) {
        LDPerformInOrder(changeset, ^(ld_operation_kind kind, id operations) {
            switch (kind) {
            case LD_SECTIONS_DELETED: [view deleteSections:operations]; break;
            case LD_SECTIONS_INSERTED: [view insertSections:operations]; break;
            case LD_SECTIONS_RELOADED: [view reloadSections:operations]; break;
            case LD_SECTIONS_MOVED:
                for (LDListMoveIndex *move in operations) { [view moveSection:move.from toSection:move.to]; }
                break;
            case LD_ELEMENTS_MOVED:
                for (LDListMoveIndexPath *move in operations) { [view moveItemAtIndexPath:move.from toIndexPath:move.to]; }
                break;
            default: performItemChanges(kind, operations);
            }
        });
    };
    LDStagedReload(stagedChangeset, target, anchor, anchoring, interrupt, completion, setData);
}

#endif
