#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListDiffable.h"

NS_ASSUME_NONNULL_BEGIN

/**
 A section: a model, whose identity names the section and whose content is the section's own
 (a header, say), and its elements. The Swift layer's @c ArraySection.
 */
NS_SWIFT_NAME(ListArraySection)
@interface LDArraySection<__covariant ElementType> : NSObject {
  @private
    id<LDListDiffable> _model;
    NSArray *_elements;
}

/** The section's model. */
@property (nonatomic, strong, readonly) id<LDListDiffable> model;

/** The section's elements. */
@property (nonatomic, copy, readonly) NSArray<ElementType> *elements;

/** A section of @c model holding @c elements. */
+ (instancetype)sectionWithModel:(id<LDListDiffable>)model elements:(NSArray<ElementType> *)elements;

/** A section of @c model holding @c elements (copied). */
- (instancetype)initWithModel:(id<LDListDiffable>)model elements:(NSArray<ElementType> *)elements NS_DESIGNATED_INITIALIZER;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
