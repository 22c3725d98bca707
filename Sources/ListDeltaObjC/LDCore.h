/*
 * What the Objective-C layer shares privately: identifiers to numbers, the workspace pool, and
 * the one place where the core's status codes become NSErrors. Every rule about matches and
 * stages is the C core's; this layer only maps objects to identities and indices back to objects.
 */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>


#include "CListDelta.h"
#import "LDError.h"
#import "LDListDiffable.h"
#import "LDListMoveIndex.h"
#import "LDMemory.h"

NS_ASSUME_NONNULL_BEGIN

/*
 * Numbers identifiers: two identifiers get the same number iff they are equal by -isEqual:
 * (compared only when their -hash agrees, as NSDictionary does, so lawful objects with colliding
 * hashes are never confused), by the core's numbering (ld_number), the Swift layer's too. The
 * numbers are the identities the core matches. The table keeps each distinct identifier
 * retained, by number, until it is freed.
 */
typedef struct LDIdentifierTable {
    ld_numbering_t *_Nullable numbering;
    const void *_Nonnull *_Nullable identifiers; /* per number, retained */
    size_t count;
} LDIdentifierTable;

/* A table for up to @p capacity distinct identifiers: LD_OK, LD_ERROR_ALLOC, or LD_ERROR_OVERFLOW (more than the
 * core numbers). */
ld_status LDIdentifierTableCreate(LDIdentifierTable *table, size_t capacity);
/* Releases the identifiers and frees the table (a zeroed table is fine). */
void LDIdentifierTableFree(LDIdentifierTable *table);

/*
 * Numbers the identifiers of @p count objects (each object's -diffIdentifier) into @p numbers.
 * Polls @p cancel (NULL never cancels) every LD_POLL_INTERVAL objects and comparisons. Returns 0 or an LDErrorCode; a nil
 * identifier is LDErrorInvalidInput, with its index in @p failedIndex.
 */
LDErrorCode LDIdentifierTableNumber(LDIdentifierTable *table, const void *_Nonnull const *_Nonnull objects, size_t count,
                                    uint64_t *numbers, const ld_cancel_token_t *_Nullable cancel, size_t *failedIndex);

/* A workspace for one diff, from the C core's shared pool (which trims itself: give it back
   with ld_pool_give(ld_pool_shared(), …)); NULL when out of memory. */
ld_workspace_t *_Nullable LDWorkspaceTake(void);

/* The error code of a core status other than LD_OK. */
LDErrorCode LDErrorCodeForStatus(ld_status status);
/* An NSError of @p code with @p description (nil: the code's own). */
NSError *LDMakeError(LDErrorCode code, NSString *_Nullable description);
/* Nil when @p section can be a flat list's section (>= 0, not NSNotFound), else the error that
   says why. */
NSError *_Nullable LDFlatSectionError(NSInteger section);
/* Raises the exception documented for @p error (an LDErrorDomain error). */
void LDRaise(NSError *error) __attribute__((noreturn));

/* An index path of two indexes, with Foundation alone. */
NSIndexPath *LDIndexPath(NSInteger section, NSInteger item);

/* Objects of @p array into a new C buffer (unretained; the array keeps them), or NULL for an
   empty array; raises NSMallocException when out of memory. Free with free(). */
const void *_Nonnull *_Nullable LDCopyObjects(NSArray *_Nullable array, size_t *count);

/* Moves of the core's @p count pairs, in their order. */
NSArray<LDListMoveIndex *> *LDMovesOfPairs(const ld_pair_t *_Nullable pairs, size_t count);

/* An index set of @p count ascending indexes. */
NSIndexSet *LDIndexSetOfAscending(const int32_t *_Nullable indexes, size_t count);

NS_ASSUME_NONNULL_END

#endif
