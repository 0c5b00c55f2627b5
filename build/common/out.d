build/common/out.o: common/out.c common/diag.h common/out.h \
 common/xalloc.h
common/diag.h:
common/out.h:
common/xalloc.h:
