build/common/reader.o: common/reader.c common/reader.h common/out.h \
 common/xalloc.h
common/reader.h:
common/out.h:
common/xalloc.h:
