/*
 * ListDeltaObjC: ListDelta's diffs for Objective-C. IGListKit's flat vocabulary under the LD
 * prefix (LDListDiff, LDListDiffPaths), staged sectioned diffs whose batches UIKit and AppKit
 * accept (LDStagedChangeset), their glue for table and collection views, and diffing off the
 * main thread (LDStagedDiffer). Every rule about matches and stages is the C core's.
 */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDArraySection.h"
#import "LDChangeset.h"
#import "LDDefines.h"
#import "LDError.h"
#import "LDListDiff.h"
#import "LDListDiffable.h"
#import "LDListIndexPathResult.h"
#import "LDListIndexSetResult.h"
#import "LDListMoveIndex.h"
#import "LDListMoveIndexPath.h"
#import "LDReloadOutcome.h"
#import "LDScrollAnchor.h"
#import "LDStagedChangeset.h"
#import "LDStagedDiffer.h"
#import "NSNumber+LDListDiffable.h"
#import "NSString+LDListDiffable.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)
#import "UICollectionView+LDStagedChangeset.h"
#import "UITableView+LDStagedChangeset.h"
#endif
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)
#import "NSCollectionView+LDStagedChangeset.h"
#import "NSTableView+LDStagedChangeset.h"
#endif
#endif
