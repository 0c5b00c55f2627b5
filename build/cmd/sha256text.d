build/cmd/sha256text.o: cmd/sha256text.c common/buf.h common/xalloc.h \
 common/cli.h common/digest.h common/escape.h common/buf.h common/out.h \
 common/stream.h common/diag.h common/field.h common/reader.h \
 common/textnorm.h
common/buf.h:
common/xalloc.h:
common/cli.h:
common/digest.h:
common/escape.h:
common/buf.h:
common/out.h:
common/stream.h:
common/diag.h:
common/field.h:
common/reader.h:
common/textnorm.h:
