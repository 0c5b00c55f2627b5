build/cmd/hamming.o: cmd/hamming.c common/cli.h common/fingerprint.h \
 common/out.h common/stream.h common/diag.h common/field.h common/out.h \
 common/reader.h
common/cli.h:
common/fingerprint.h:
common/out.h:
common/stream.h:
common/diag.h:
common/field.h:
common/out.h:
common/reader.h:
