build/common/digest.o: common/digest.c common/diag.h common/digest.h
common/diag.h:
common/digest.h:
