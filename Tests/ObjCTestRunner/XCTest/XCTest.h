/*
 * The part of XCTest that ListDeltaObjC's tests use, for running them on Linux with GNUstep,
 * where XCTest for Objective-C does not exist. The tests compile unchanged against Apple's
 * XCTest. A failure prints its file, line and message; main.m runs every -test method of every
 * XCTestCase subclass and prints "N passed, N failed".
 */
#import <Foundation/Foundation.h>

@interface XCTestExpectation : NSObject {
  @private
    NSString *_expectationDescription;
    NSCondition *_condition;
    BOOL _fulfilled;
}
- (instancetype)initWithDescription:(NSString *)expectationDescription;
- (void)fulfill;
@end

@interface XCTestCase : NSObject {
  @private
    NSUInteger _failureCount;
    NSMutableArray *_expectations;
}
- (void)setUp;
- (void)tearDown;
- (XCTestExpectation *)expectationWithDescription:(NSString *)description;
- (void)waitForExpectationsWithTimeout:(NSTimeInterval)timeout handler:(void (^)(NSError *error))handler;
/* The shim's own: not in Apple's XCTest. */
- (void)ld_recordFailureInFile:(const char *)file line:(int)line message:(NSString *)message;
- (NSUInteger)ld_failureCount;
@end

#define _XCTFailure(format, ...) \
    [self ld_recordFailureInFile:__FILE__ line:__LINE__ message:[NSString stringWithFormat:format, ##__VA_ARGS__]]

#define XCTFail(...) _XCTFailure(@"" __VA_ARGS__)

#define XCTAssertTrue(expression, ...) \
    do { if (!(expression)) { _XCTFailure(@"XCTAssertTrue(%s) failed. %@", #expression, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertFalse(expression, ...) \
    do { if ((expression)) { _XCTFailure(@"XCTAssertFalse(%s) failed. %@", #expression, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssert(expression, ...) XCTAssertTrue(expression, ##__VA_ARGS__)

/* Integers (and pointers) only, printed as long long. */
#define XCTAssertEqual(first, second, ...) \
    do { __typeof__(first) _ld_first = (first); __typeof__(second) _ld_second = (second); \
         if (!(_ld_first == _ld_second)) { _XCTFailure(@"XCTAssertEqual(%s, %s) failed: %lld != %lld. %@", #first, #second, \
             (long long)_ld_first, (long long)_ld_second, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertNotEqual(first, second, ...) \
    do { __typeof__(first) _ld_first = (first); __typeof__(second) _ld_second = (second); \
         if (_ld_first == _ld_second) { _XCTFailure(@"XCTAssertNotEqual(%s, %s) failed: both %lld. %@", #first, #second, \
             (long long)_ld_first, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertEqualObjects(first, second, ...) \
    do { id _ld_first = (first); id _ld_second = (second); \
         if (_ld_first != _ld_second && ![_ld_first isEqual:_ld_second]) { \
             _XCTFailure(@"XCTAssertEqualObjects(%s, %s) failed: (\"%@\") is not equal to (\"%@\"). %@", #first, #second, \
                 _ld_first, _ld_second, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertNil(expression, ...) \
    do { id _ld_value = (expression); if (_ld_value != nil) { \
         _XCTFailure(@"XCTAssertNil(%s) failed: \"%@\". %@", #expression, _ld_value, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertNotNil(expression, ...) \
    do { if ((expression) == nil) { _XCTFailure(@"XCTAssertNotNil(%s) failed. %@", #expression, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertThrowsSpecificNamed(expression, exceptionClass, exceptionName, ...) \
    do { BOOL _ld_caught = NO; \
         @try { (void)(expression); } \
         @catch (exceptionClass *_ld_exception) { \
             _ld_caught = YES; \
             if (![[_ld_exception name] isEqualToString:(exceptionName)]) { \
                 _XCTFailure(@"%s raised %@, not %@. %@", #expression, [_ld_exception name], (exceptionName), [NSString stringWithFormat:@"" __VA_ARGS__]); } } \
         if (!_ld_caught) { _XCTFailure(@"%s raised nothing. %@", #expression, [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)

#define XCTAssertNoThrow(expression, ...) \
    do { @try { (void)(expression); } \
         @catch (NSException *_ld_exception) { _XCTFailure(@"%s raised %@: %@. %@", #expression, [_ld_exception name], [_ld_exception reason], [NSString stringWithFormat:@"" __VA_ARGS__]); } } while (0)
