build/common/xalloc.o: common/xalloc.c common/diag.h common/xalloc.h
common/diag.h:
common/xalloc.h:
