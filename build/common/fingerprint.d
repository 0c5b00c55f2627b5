build/common/fingerprint.o: common/fingerprint.c common/fingerprint.h
common/fingerprint.h:
