build/tests/unit.o: tests/unit.c common/buf.h common/xalloc.h \
 common/escape.h common/buf.h common/out.h common/field.h \
 common/fingerprint.h common/reader.h common/textnorm.h
common/buf.h:
common/xalloc.h:
common/escape.h:
common/buf.h:
common/out.h:
common/field.h:
common/fingerprint.h:
common/reader.h:
common/textnorm.h:
