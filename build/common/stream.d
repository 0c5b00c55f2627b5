build/common/stream.o: common/stream.c common/cli.h common/stream.h \
 common/diag.h common/field.h common/out.h common/reader.h
common/cli.h:
common/stream.h:
common/diag.h:
common/field.h:
common/out.h:
common/reader.h:
