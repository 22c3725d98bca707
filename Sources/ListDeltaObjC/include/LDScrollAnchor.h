#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

/**
 What a list view keeps in place when a batch changes rows above the ones on screen, as the
 Swift layer's @c ScrollAnchor: passed as @c anchoring: to the table and collection view glue.
 The offset is never set while the user touches, drags or decelerates the view (AppKit: during
 a live scroll); a reload instead of a batch keeps the offset too.
 */
typedef NS_ENUM(NSInteger, LDScrollAnchor) {
    /** Nothing: the view keeps its content offset, as UIKit and AppKit do. */
    LDScrollAnchorNone = 0,
    /** The first row on screen that survives the batch keeps its distance from the visible top
        (the content offset plus the adjusted inset); when none survives, nothing is adjusted.
        Offsets are clamped to the content. */
    LDScrollAnchorVisibleContent = 1,
    /** A view scrolled to its top edge stays there (a feed watched from its top); elsewhere,
        as @c LDScrollAnchorVisibleContent. */
    LDScrollAnchorTop = 2,
    /** A view scrolled to its bottom edge stays there (a chat's new messages); elsewhere, as
        @c LDScrollAnchorVisibleContent. */
    LDScrollAnchorBottom = 3,
} NS_SWIFT_NAME(ListScrollAnchor);

#endif
