/* Fuzz target: seen's state file reader.  Any input is read either as an
 * error or as a state that, written again, gives back the input byte for
 * byte (nothing is read in some other way than it was written).  Since
 * random bytes rarely carry a valid checksum, each input is also read
 * with its checksum made right, to reach the checks of the payload. */
#define _GNU_SOURCE		/* memfd_create */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xxhash.h>

#include "seenstate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
memfd_with(const uint8_t *data, size_t size)
{
	int fd = memfd_create("state", 0);

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	lseek(fd, 0, SEEK_SET);
	return fd;
}

static void
check(const uint8_t *data, size_t size)
{
	struct seenstate st;
	char err[256];
	int fd = memfd_with(data, size), out;
	uint8_t *back;

	if (!seenstate_read(fd, size, &st, err, sizeof err)) {
		if (err[0] == '\0')
			abort();	/* an error says what it is */
		close(fd);
		return;
	}
	close(fd);
	if ((out = memfd_create("out", 0)) < 0 || !seenstate_write(out, &st))
		abort();
	if ((size_t)lseek(out, 0, SEEK_END) != size)
		abort();
	back = malloc(size);
	if (back == NULL || pread(out, back, size, 0) != (ssize_t)size ||
	    memcmp(back, data, size) != 0)
		abort();
	free(back);
	close(out);
	/* The state works: a key added is then found. */
	if (st.kind == SEENSTATE_BLOOM) {
		bloom_add(&st.bloom, data, size < 16 ? size : 16);
		if (!bloom_test(&st.bloom, data, size < 16 ? size : 16))
			abort();
	} else {
		keyset_add(&st.exact, data, size < 16 ? size : 16);
		if (!keyset_contains(&st.exact, data, size < 16 ? size : 16))
			abort();
	}
	seenstate_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fixed;
	uint64_t sum;
	XXH3_state_t *s;

	if (size > 1 << 20)
		return 0;
	check(data, size);
	if (size < SEENSTATE_HEADER)
		return 0;
	/* The checksum as seenstate.h documents it, in place. */
	if ((fixed = malloc(size)) == NULL || (s = XXH3_createState()) == NULL)
		abort();
	memcpy(fixed, data, size);
	XXH3_64bits_reset(s);
	XXH3_64bits_update(s, fixed, SEENSTATE_HEADER - 8);
	XXH3_64bits_update(s, fixed + SEENSTATE_HEADER,
	    size - SEENSTATE_HEADER);
	sum = XXH3_64bits_digest(s);
	XXH3_freeState(s);
	for (int i = 0; i < 8; i++)
		fixed[56 + i] = (uint8_t)(sum >> 8 * i);
	check(fixed, size);
	free(fixed);
	return 0;
}
