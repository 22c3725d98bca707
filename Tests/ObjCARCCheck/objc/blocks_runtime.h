/*
 * GNUstep's headers include <objc/blocks_runtime.h> (libobjc2's) when the runtime is newer than
 * GCC's; for scripts/check-objc-arc, the blocks runtime's own header serves.
 */
#include <Block.h>
