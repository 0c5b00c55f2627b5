build/common/field.o: common/field.c common/field.h
common/field.h:
