build/common/diag.o: common/diag.c common/diag.h
common/diag.h:
