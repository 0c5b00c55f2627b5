#include <stdint.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "escape.h"
#include "keyset.h"
#include "linekey.h"
#include "textnorm.h"
#include "xalloc.h"

void
linekey_init(struct linekeys *lk, unsigned how, size_t min_chars)
{
	memset(lk, 0, sizeof *lk);
	lk->how = how;
	lk->min_chars = min_chars;
}

void
linekey_free(struct linekeys *lk)
{
	free(lk->v);
	free(lk->slots);
	buf_free(&lk->norm);
	buf_free(&lk->tmp);
	memset(lk, 0, sizeof *lk);
}

/* Characters of p[0..n): the bytes that do not continue a UTF-8
 * sequence (10xxxxxx), counted eight at a time. */
static size_t
chars(const char *p, size_t n)
{
	size_t c = n, i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		c -= (size_t)__builtin_popcountll(w & ~(w << 1) &
		    0x8080808080808080ULL);
	}
	for (; i < n; i++)
		c -= ((unsigned char)p[i] & 0xc0) == 0x80;
	return c;
}

/* Every decimal digit of b's UTF-8 becomes "0", in place (a digit of
 * several bytes leaves the bytes after its "0" out). */
static void
zero_digits(struct buf *b)
{
	size_t i = 0, j = 0;

	while (i < b->len) {
		unsigned char c = (unsigned char)b->p[i];
		size_t k = i;
		UChar32 u;

		if (c < 0x80) {
			b->p[j++] = c >= '0' && c <= '9' ? '0' : (char)c;
			i++;
			continue;
		}
		U8_NEXT((const uint8_t *)b->p, k, b->len, u);
		if (u >= 0 && u_charType(u) == U_DECIMAL_DIGIT_NUMBER)
			b->p[j++] = '0';
		else {
			memmove(b->p + j, b->p + i, k - i);
			j += k - i;
		}
		i = k;
	}
	b->len = j;
}

static void
key_line(struct linekeys *lk, const char *p, size_t n, struct linekey_line *l)
{
	struct buf *b = &lk->norm;

	b->len = 0;
	if (lk->how & LINEKEY_CASEFOLD) {
		lk->tmp.len = 0;
		unescape_append(&lk->tmp, p, n);
		b->len = 0;
		textnorm_unicode(lk->tmp.p, lk->tmp.len, TEXTNORM_CASEFOLD, b);
		lk->tmp.len = 0;
		textnorm_space_buf(b->p, b->len, false, &lk->tmp);
		b->len = 0;
		buf_append(b, lk->tmp.p, lk->tmp.len);
	} else
		textnorm_space_buf(p, n, true, b);
	if (lk->how & LINEKEY_DIGITS)
		zero_digits(b);
	l->chars = chars(b->p, b->len);
	l->isshort = l->chars < lk->min_chars;
	l->gone = false;
	if (l->chars == 0) {
		l->key = 0;
		return;
	}
	l->key = XXH3_64bits(b->p, b->len);
	l->key += l->key == 0;
}

/* Each line's first: an open-addressing table of line numbers by key,
 * at most half full, sized for this text (the allocation grows to the
 * longest); a slot is chosen by the key mixed with a seed drawn once, so
 * crafted lines cannot pile up in one place. */
static void
firsts(struct linekeys *lk)
{
	size_t need = 16, mask;
	unsigned bits = 4;

	while (need < 2 * lk->n) {
		need *= 2;
		bits++;
	}
	if (need > lk->nslots) {
		free(lk->slots);
		lk->slots = xmalloc(need * sizeof *lk->slots);
		lk->nslots = need;
	}
	if (lk->seed == 0)
		lk->seed = keyset_random_seed() | 1;
	mask = need - 1;
	memset(lk->slots, 0xff, need * sizeof *lk->slots);
	for (size_t i = 0; i < lk->n; i++) {
		struct linekey_line *l = &lk->v[i];
		size_t h;

		l->first = i;
		if (l->key == 0)
			continue;
		for (h = (size_t)(((l->key ^ lk->seed) * 0x9e3779b97f4a7c15ULL) >>
		    (64 - bits)); lk->slots[h] != SIZE_MAX; h = (h + 1) & mask)
			if (lk->v[lk->slots[h]].key == l->key)
				break;
		if (lk->slots[h] == SIZE_MAX)
			lk->slots[h] = i;
		else
			l->first = lk->slots[h];
	}
}

static void
push(struct linekeys *lk, const char *field, size_t start, size_t end)
{
	struct linekey_line *l;

	lk->v = xgrow_array(lk->v, &lk->cap, lk->n + 1, sizeof *lk->v);
	l = &lk->v[lk->n++];
	l->start = start;
	l->len = end - start;
	key_line(lk, field + start, end - start, l);
}

size_t
linekey_split(struct linekeys *lk, const char *p, size_t n)
{
	size_t start = 0, i = 0;
	const char *bs;

	lk->n = 0;
	/* only a backslash can begin a break: jump from one to the next */
	while (i < n && (bs = memchr(p + i, '\\', n - i)) != NULL) {
		i = (size_t)(bs - p);
		if (i + 1 < n && p[i + 1] == 'n') {
			push(lk, p, start, i);
			start = i + 2;
		}
		/* "\\" is one escaped backslash: the byte after it is not
		 * an escape's second byte */
		i += 2;
	}
	push(lk, p, start, n);
	firsts(lk);
	return lk->n;
}

void
linekey_context(struct linekeys *lk)
{
	size_t i = 0, n = lk->n;
	/* the last line that is neither blank nor short: removed? (-1:
	 * none yet, the start of the text) */
	int before = -1;

	while (i < n) {
		struct linekey_line *l = &lk->v[i];
		size_t j;
		int after = -1;

		if (l->key == 0) {
			i++;
			continue;
		}
		if (!l->isshort) {
			before = l->gone;
			i++;
			continue;
		}
		/* a run of short (or blank) lines, i to j */
		for (j = i; j < n && (lk->v[j].key == 0 || lk->v[j].isshort); j++)
			;
		if (j < n)
			after = lk->v[j].gone;
		for (size_t k = i; k < j; k++)
			if (lk->v[k].gone)
				lk->v[k].gone = before != 0 && after != 0 &&
				    !(before < 0 && after < 0);
		i = j;
	}
}
