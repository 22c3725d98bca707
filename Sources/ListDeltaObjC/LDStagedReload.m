#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedReload.h"

LDReloadOutcome *LDCountMismatch(LDChangeset *changeset, LDBatchUpdateTarget target) {
    NSInteger sections = target.numberOfSections();
    NSInteger flatSection = changeset.flatSection;
    if (flatSection != NSNotFound) {
        if (sections <= flatSection) {
            return [LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:flatSection + 1 actualCount:sections];
        }
        NSInteger expected = [changeset numberOfElementsBeforeInSection:0];
        NSInteger actual = target.numberOfElementsInSection(flatSection);
        return actual == expected ? nil
                                  : [LDReloadOutcome outOfSyncOutcomeWithSection:flatSection
                                                                   expectedCount:expected
                                                                     actualCount:actual];
    }
    NSInteger expectedSections = changeset.numberOfSectionsBefore;
    if (sections != expectedSections) {
        return [LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:expectedSections actualCount:sections];
    }
    for (NSInteger section = 0; section < sections; section++) {
        NSInteger expected = [changeset numberOfElementsBeforeInSection:section];
        NSInteger actual = target.numberOfElementsInSection(section);
        if (actual != expected) {
            return [LDReloadOutcome outOfSyncOutcomeWithSection:section expectedCount:expected actualCount:actual];
        }
    }
    return nil;
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
                                  void (^performItemChanges)(LDChangeset *), BOOL (^interrupt)(LDChangeset *),
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
    /* UIKit's order, as the Swift layer's BatchUpdateTarget.perform(_:reconfiguringUpdates:). */
    target.performOperations = ^(LDChangeset *changeset) {
        if (changeset.sectionDeleted.count > 0) { [view deleteSections:changeset.sectionDeleted]; }
        if (changeset.sectionInserted.count > 0) { [view insertSections:changeset.sectionInserted]; }
        if (changeset.sectionUpdated.count > 0) { [view reloadSections:changeset.sectionUpdated]; }
        for (LDListMoveIndex *move in changeset.sectionMoved) { [view moveSection:move.from toSection:move.to]; }
        performItemChanges(changeset);
        for (LDListMoveIndexPath *move in changeset.elementMoved) {
            [view moveItemAtIndexPath:move.from toIndexPath:move.to];
        }
    };
    LDStagedReload(stagedChangeset, target, anchor, anchoring, interrupt, completion, setData);
}

#endif
