/*
 * The pairing behind a flat diff's result: the two lists, which new index each old index
 * became, and (built on first use) where each identifier stands. Private.
 */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#import "LDListDiffable.h"

NS_ASSUME_NONNULL_BEGIN

@interface LDListMatch : NSObject {
  @private
    NSArray *_oldObjects;
    NSArray *_newObjects;
    NSData *_oldToNew;
    NSLock *_lock;
    NSMapTable *_oldIndexes;
    NSMapTable *_newIndexes;
}

/* @p oldToNew holds one int32_t per old object: its new index, or -1 when deleted. */
- (instancetype)initWithOldObjects:(NSArray *)oldObjects newObjects:(NSArray *)newObjects oldToNew:(NSData *)oldToNew;

/* The new index that old index @p index became, or NSNotFound. */
- (NSInteger)newIndexOfOldIndex:(NSInteger)index;

/* The last index of @p identifier in the old (new) list, or NSNotFound. */
- (NSInteger)oldIndexForIdentifier:(id<NSObject>)identifier;
- (NSInteger)newIndexForIdentifier:(id<NSObject>)identifier;

@end

NS_ASSUME_NONNULL_END

#endif
