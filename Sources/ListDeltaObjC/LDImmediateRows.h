/* NSTableView's immediate row operations for a stage, from the C core; private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDChangeset.h"
#import "LDCore.h"

NS_ASSUME_NONNULL_BEGIN

/*
 * Calls perform with each operation that turns rowCount rows into the list after changeset, a
 * flat list's stage, on a view whose every call acts at once (ld_immediate_rows). NO, with
 * nothing performed, when changeset is no flat batch of rowCount rows (a section operation, paths
 * in two sections, a rule of UIKit's broken) or its operations cannot be allocated: the glue
 * then reloads the view.
 */
BOOL LDPerformImmediateRows(LDChangeset *changeset, NSInteger rowCount,
                            void (NS_NOESCAPE ^perform)(const ld_row_operation_t *operation));

NS_ASSUME_NONNULL_END

#endif
