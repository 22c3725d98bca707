/* Runs every -test… method of every XCTestCase subclass linked in; the XCTest.h shim's runner. */
#import <Foundation/Foundation.h>
#include <objc/runtime.h>
#include <stdlib.h>
#include <string.h>

#import "XCTest/XCTest.h"

@implementation XCTestExpectation

- (instancetype)initWithDescription:(NSString *)expectationDescription {
    if ((self = [super init])) {
        _expectationDescription = [expectationDescription copy];
        _condition = [[NSCondition alloc] init];
    }
    return self;
}

- (void)dealloc {
    [_expectationDescription release];
    [_condition release];
    [super dealloc];
}

- (void)fulfill {
    [_condition lock];
    _fulfilled = YES;
    [_condition broadcast];
    [_condition unlock];
}

- (BOOL)waitUntil:(NSDate *)deadline {
    [_condition lock];
    while (!_fulfilled && [_condition waitUntilDate:deadline]) {}
    BOOL fulfilled = _fulfilled;
    [_condition unlock];
    return fulfilled;
}

- (NSString *)description {
    return _expectationDescription;
}

@end

@implementation XCTestCase

- (instancetype)init {
    if ((self = [super init])) { _expectations = [[NSMutableArray alloc] init]; }
    return self;
}

- (void)dealloc {
    [_expectations release];
    [super dealloc];
}

- (void)setUp {}
- (void)tearDown {}

- (XCTestExpectation *)expectationWithDescription:(NSString *)description {
    XCTestExpectation *expectation = [[[XCTestExpectation alloc] initWithDescription:description] autorelease];
    [_expectations addObject:expectation];
    return expectation;
}

- (void)waitForExpectationsWithTimeout:(NSTimeInterval)timeout handler:(void (^)(NSError *error))handler {
    NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:timeout];
    NSError *error = nil;
    for (XCTestExpectation *expectation in _expectations) {
        if (![expectation waitUntil:deadline]) {
            [self ld_recordFailureInFile:"(expectations)" line:0
                                 message:[NSString stringWithFormat:@"expectation not fulfilled in %.1f s: %@", timeout, expectation]];
            error = [NSError errorWithDomain:@"XCTestErrorDomain" code:0 userInfo:nil];
        }
    }
    [_expectations removeAllObjects];
    if (handler != nil) { handler(error); }
}

- (void)ld_recordFailureInFile:(const char *)file line:(int)line message:(NSString *)message {
    _failureCount++;
    fprintf(stderr, "%s:%d: error: %s\n", file, line, [message UTF8String]);
}

- (NSUInteger)ld_failureCount {
    return _failureCount;
}

@end

static BOOL LDIsTestCaseClass(Class candidate) {
    for (Class ancestor = class_getSuperclass(candidate); ancestor != Nil; ancestor = class_getSuperclass(ancestor)) {
        if (ancestor == [XCTestCase class]) { return YES; }
    }
    return NO;
}

static NSInteger LDCompareNames(id first, id second, void *context) {
    return [first compare:second];
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0); // every line out before a sanitizer's report at exit
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    const char *filter = argc > 1 ? argv[1] : NULL;
    int classCount = objc_getClassList(NULL, 0);
    Class *classes = malloc(sizeof(Class) * (size_t)classCount);
    classCount = objc_getClassList(classes, classCount);
    NSMutableArray *names = [NSMutableArray array];
    for (int i = 0; i < classCount; i++) {
        if (LDIsTestCaseClass(classes[i])) { [names addObject:NSStringFromClass(classes[i])]; }
    }
    free(classes);
    unsigned passed = 0, failed = 0;
    for (NSString *className in [names sortedArrayUsingFunction:LDCompareNames context:NULL]) {
        Class testClass = NSClassFromString(className);
        unsigned methodCount = 0;
        Method *methods = class_copyMethodList(testClass, &methodCount);
        NSMutableArray *tests = [NSMutableArray array];
        for (unsigned m = 0; m < methodCount; m++) {
            const char *name = sel_getName(method_getName(methods[m]));
            if (strncmp(name, "test", 4) == 0 && strchr(name, ':') == NULL) {
                [tests addObject:[NSString stringWithUTF8String:name]];
            }
        }
        free(methods);
        for (NSString *test in [tests sortedArrayUsingFunction:LDCompareNames context:NULL]) {
            NSString *fullName = [NSString stringWithFormat:@"-[%@ %@]", className, test];
            if (filter != NULL && strstr([fullName UTF8String], filter) == NULL) { continue; }
            NSAutoreleasePool *testPool = [[NSAutoreleasePool alloc] init];
            XCTestCase *testCase = [[testClass alloc] init];
            NSDate *start = [NSDate date];
            @try {
                [testCase setUp];
                [testCase performSelector:NSSelectorFromString(test)];
                [testCase tearDown];
            } @catch (NSException *exception) {
                [testCase ld_recordFailureInFile:"(exception)" line:0
                                         message:[NSString stringWithFormat:@"%@ raised %@: %@", fullName, [exception name],
                                                                            [exception reason]]];
            }
            BOOL ok = [testCase ld_failureCount] == 0;
            printf("Test Case '%s' %s (%.3f seconds).\n", [fullName UTF8String], ok ? "passed" : "failed",
                   -[start timeIntervalSinceNow]);
            if (ok) { passed++; } else { failed++; }
            [testCase release];
            [testPool release];
        }
    }
    printf("%u passed, %u failed\n", passed, failed);
    [pool release];
    return failed == 0 && passed > 0 ? 0 : 1;
}
