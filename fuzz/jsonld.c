/* Fuzz target: the JSON-LD reader (jsonld.h).  Any bytes in, cut into
 * up to four blocks at 0x01 bytes: no crash; every field is one line of
 * valid UTF-8 without control characters, within its length limit; the
 * @type list holds no repeats, within JSONLD_MAX_TYPES; the counts add
 * up; the main type has a rank.  A second reading of the same blocks
 * gives the same fields (nothing is left over from the first). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "jsonld.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_field(const char *s, size_t cap)
{
	int32_t i = 0, len = (int32_t)strlen(s);

	if (len == 0 || (size_t)len > cap)
		abort();
	while (i < len) {
		UChar32 c;

		U8_NEXT((const uint8_t *)s, i, len, c);
		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
			abort();
	}
}

static void
read_blocks(struct jsonld *j, const char *p, size_t n)
{
	int blocks = 0;

	jsonld_reset(j);
	while (blocks < 4) {
		const char *cut = blocks < 3 ? memchr(p, '\1', n) : NULL;
		size_t k = cut ? (size_t)(cut - p) : n;

		jsonld_add(j, p, k);
		blocks++;
		if (cut == NULL)
			break;
		p += k + 1;
		n -= k + 1;
	}
	jsonld_finish(j);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct jsonld j, again;

	if (size > 1 << 20)
		return 0;
	read_blocks(&j, (const char *)data, size);
	if (j.nbroken + j.nrepaired > j.nblocks || j.ntypes > JSONLD_MAX_TYPES)
		abort();
	for (size_t i = 0; i < j.ntypes; i++) {
		check_field(j.types[i], 64);
		for (size_t k = 0; k < i; k++)
			if (strcmp(j.types[i], j.types[k]) == 0)
				abort();
	}
	if (j.main_type != NULL && (jsonld_rank(j.main_type) == 0 ||
	    !jsonld_has_type(&j, j.main_type)))
		abort();
	for (int f = 0; f < JSONLD_NFIELDS; f++)
		if (j.field[f] != NULL)
			check_field(j.field[f], f == JSONLD_DESCRIPTION ||
			    f == JSONLD_ARTICLE_BODY || f == JSONLD_TEXT ?
			    JSONLD_MAX_TEXT : JSONLD_MAX_FIELD);
	read_blocks(&again, (const char *)data, size);
	for (int f = 0; f < JSONLD_NFIELDS; f++)
		if ((j.field[f] == NULL) != (again.field[f] == NULL) ||
		    (j.field[f] && strcmp(j.field[f], again.field[f]) != 0))
			abort();
	return 0;
}
