build/common/escape.o: common/escape.c common/escape.h common/buf.h \
 common/xalloc.h common/out.h
common/escape.h:
common/buf.h:
common/xalloc.h:
common/out.h:
