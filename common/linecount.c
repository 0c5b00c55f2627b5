#define _POSIX_C_SOURCE 200809L	/* O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "field.h"
#include "keyset.h"
#include "linecount.h"
#include "radix.h"
#include "reader.h"
#include "xalloc.h"

static void
alloc_slots(struct linecount *lc, size_t n)
{
	lc->keys = calloc(n, sizeof *lc->keys);
	lc->counts = calloc(n, sizeof *lc->counts);
	if (lc->keys == NULL || lc->counts == NULL)
		diag_fatal("out of memory");
	lc->nslots = n;
}

void
linecount_init(struct linecount *lc)
{
	memset(lc, 0, sizeof *lc);
	lc->seed = keyset_random_seed() | 1;
	alloc_slots(lc, 1024);
}

void
linecount_free(struct linecount *lc)
{
	free(lc->keys);
	free(lc->counts);
	free(lc->doc);
	memset(lc, 0, sizeof *lc);
}

static size_t
slot_of(const struct linecount *lc, uint64_t key)
{
	/* the high bits of a multiply by an odd number are mixed from
	 * all of the key's bits */
	size_t mask = lc->nslots - 1, i = (size_t)(((key ^ lc->seed) *
	    0x9e3779b97f4a7c15ULL) >> 32) & mask;

	while (lc->keys[i] != 0 && lc->keys[i] != key)
		i = (i + 1) & mask;
	return i;
}

static void
grow(struct linecount *lc)
{
	uint64_t *keys = lc->keys;
	uint32_t *counts = lc->counts;
	size_t n = lc->nslots;

	if (n > SIZE_MAX / 2 / sizeof *keys)
		diag_fatal("out of memory");
	alloc_slots(lc, 2 * n);
	for (size_t i = 0; i < n; i++)
		if (keys[i] != 0) {
			size_t j = slot_of(lc, keys[i]);

			lc->keys[j] = keys[i];
			lc->counts[j] = counts[i];
		}
	free(keys);
	free(counts);
}

static void
add(struct linecount *lc, uint64_t key)
{
	size_t i = slot_of(lc, key);

	if (lc->keys[i] == 0) {
		if ((lc->count + 1) * 4 > lc->nslots * 3) {
			grow(lc);
			i = slot_of(lc, key);
		}
		lc->keys[i] = key;
		lc->count++;
	}
	lc->counts[i] += lc->counts[i] < UINT32_MAX;
}

void
linecount_doc(struct linecount *lc, const struct linekeys *lk)
{
	size_t n = 0;

	if (lk->n > lc->capdoc / sizeof *lc->doc)
		lc->doc = xgrow(lc->doc, &lc->capdoc, lk->n * sizeof *lc->doc);
	for (size_t i = 0; i < lk->n; i++)
		if (lk->v[i].key != 0)
			lc->doc[n++] = lk->v[i].key;
	/* a line twice in one document counts once */
	radix_sort_u64(lc->doc, n);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || lc->doc[i] != lc->doc[i - 1])
			add(lc, lc->doc[i]);
}

uint32_t
linecount_get(const struct linecount *lc, uint64_t key)
{
	size_t i = slot_of(lc, key);

	return lc->keys[i] == key ? lc->counts[i] : 0;
}

size_t
linecount_memory(const struct linecount *lc)
{
	return lc->nslots * (sizeof *lc->keys + sizeof *lc->counts) +
	    lc->capdoc;
}

static bool
count_fd(struct linecount *lc, struct linekeys *lk, struct reader *rd,
    int field, bool *header)
{
	enum read_status st;
	const char *rec;
	size_t len;
	struct span f;

	while ((st = reader_next(rd, &rec, &len)) != READ_EOF) {
		if (st == READ_ERROR) {
			errno = rd->err;
			return false;
		}
		if (st == READ_TOOLONG)
			continue;
		if (*header) {
			*header = false;
			continue;
		}
		if (!field_get(rec, len, field, &f))
			continue;
		linekey_split(lk, f.p, f.n);
		linecount_doc(lc, lk);
	}
	return true;
}

bool
linecount_files(struct linecount *lc, struct linekeys *lk, int npaths,
    char **paths, int field, bool header, size_t max, const char **bad)
{
	struct reader rd = { 0 };
	bool ok = true;

	for (int i = 0; i < npaths && ok; i++) {
		struct stat sb;
		int fd = open(paths[i], O_RDONLY | O_CLOEXEC);

		*bad = paths[i];
		if (fd < 0 || fstat(fd, &sb) < 0) {
			ok = false;
		} else if (!S_ISREG(sb.st_mode)) {
			errno = ESPIPE;
			ok = false;
		} else {
			/* -H: the first line of every input is a header (the
			 * record loop drops it from the later ones) */
			bool skip = header;

			reader_reset(&rd, fd);
			rd.max = max;
			ok = count_fd(lc, lk, &rd, field, &skip);
		}
		if (fd >= 0) {
			int e = errno;

			close(fd);
			errno = e;
		}
	}
	reader_free(&rd);
	return ok;
}
