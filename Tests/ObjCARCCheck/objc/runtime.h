/*
 * What ListDeltaObjC and GNUstep's Foundation headers use of <objc/runtime.h>, declared so that
 * ARC accepts them: for scripts/check-objc-arc only, which type-checks the sources under ARC
 * (-fobjc-arc -fsyntax-only), as Apple builds them. GCC's own header defines object_getClass
 * inline through the object's struct layout and returns `Protocol **`, which ARC rejects.
 */
#include <objc/objc.h>

typedef struct objc_method *Method;
typedef struct objc_ivar *Ivar;

Class object_getClass(id object);
IMP class_getMethodImplementation(Class class_, SEL selector);
