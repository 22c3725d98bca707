#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#import "LDListDiffable.h"
#import "LDListIndexPathResult.h"
#import "LDListIndexSetResult.h"

NS_ASSUME_NONNULL_BEGIN

/** How a diff decides that an element that kept its identity changed content. */
typedef NS_ENUM(NSInteger, LDListDiffOption) {
    /** Changed when the old and new objects are different objects (pointers). */
    LDListDiffPointerPersonality,
    /** Changed when @c -[new isEqualToDiffableObject:old] is NO (the same object never is). */
    LDListDiffEquality,
} NS_SWIFT_NAME(ListDiffOption);

/**
 The difference between @c oldArray and @c newArray as indexes.

 Elements are matched by @c -diffIdentifier, compared with @c -hash and @c -isEqual:: two
 different identifiers are never matched, however their hashes collide. An identifier that
 occurs more than once is matched k-th occurrence with k-th. The moves are the fewest for that
 matching. Runs in O(n + m) expected time for lists of n and m elements.

 @param oldArray the list before; nil is an empty list.
 @param newArray the list after; nil is an empty list.
 @param option how matched elements are compared for updates.
 @exception NSInvalidArgumentException an element's @c -diffIdentifier is nil, or a list holds
            more elements than the core can index (2^30 - 1, LD_MAX_COUNT).
 @exception NSMallocException the memory for the diff could not be allocated.
 */
FOUNDATION_EXTERN LDListIndexSetResult *LDListDiff(NSArray<id<LDListDiffable>> *_Nullable oldArray,
                                                   NSArray<id<LDListDiffable>> *_Nullable newArray,
                                                   LDListDiffOption option) NS_SWIFT_NAME(ListDiff(oldArray:newArray:option:));

/**
 As @c LDListDiff(), with index paths: old paths in @c fromSection, new paths in @c toSection.
 */
FOUNDATION_EXTERN LDListIndexPathResult *LDListDiffPaths(NSInteger fromSection, NSInteger toSection,
                                                         NSArray<id<LDListDiffable>> *_Nullable oldArray,
                                                         NSArray<id<LDListDiffable>> *_Nullable newArray,
                                                         LDListDiffOption option)
    NS_SWIFT_NAME(ListDiffPaths(fromSection:toSection:oldArray:newArray:option:));

NS_ASSUME_NONNULL_END

#endif
