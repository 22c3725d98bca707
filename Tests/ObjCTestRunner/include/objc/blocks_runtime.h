/* GNUstep's headers include this (libobjc2's blocks header) whenever blocks are on; Debian's
   GNUstep runs on gcc's libobjc, which has none. The Swift toolchain's blocks runtime stands in. */
#include <Block/Block.h>
