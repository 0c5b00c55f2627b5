build/common/textnorm.o: common/textnorm.c common/diag.h \
 common/textnorm.h common/buf.h common/xalloc.h
common/diag.h:
common/textnorm.h:
common/buf.h:
common/xalloc.h:
