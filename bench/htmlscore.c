#define _GNU_SOURCE	/* memmem */
/* Scores htmltext's records against the text a reader keeps.
 *
 *   htmlscore shingle [-v] RESULTS
 *     The main-text benchmark measure (shared/corpora/html/README.md):
 *     for each record ID TAB ... TAB TEXT, the expected text is the file
 *     expected.txt beside the page ID names.  Both texts are split into
 *     words (runs of Unicode letters, numbers and underscore, as Python's
 *     \w; case kept), every 4 consecutive words are a shingle, and the
 *     shingle multisets give true and false positives and negatives.
 *     Precision and recall are averaged over the pages and F1 is taken of
 *     the two averages.  An empty output scores precision 0 (unless the
 *     expected text is empty too) and is counted on its own line: it
 *     would otherwise hide in the averages.  A text of 1 to 3 words is
 *     one shingle.
 *
 *   htmlscore wcxb [-v] GOLD RESULTS
 *     The measure of WCXB (shared/corpora/html/wcxb-dev/README.md).
 *     GOLD holds one record a page, ID TAB PAGETYPE TAB MAIN TAB WITH TAB
 *     WITHOUT (the snippets one a line), made from the ground-truth JSON
 *     by bench/wcxb.sh; a result's ID is the page's file name, ID.html.
 *     Both texts are lower-cased and split into runs of \w (as above);
 *     per page precision = shared / predicted tokens, recall = shared /
 *     reference tokens (multisets), F1 of the two; an empty reference
 *     scores 1 only against an empty prediction.  The means over pages
 *     are given per page type and in all, with the share of WITH
 *     snippets found and of WITHOUT snippets leaked (case-insensitive,
 *     white space collapsed, typographic quotes and dashes as ASCII),
 *     the pages with an empty output, and the
 *     same for the two halves A and B of the pages, split by a fixed
 *     hash of the ID (XXH3 of its bytes, lowest bit), so that a change
 *     tuned to one half shows as a gain there and none in the other.
 *
 *   htmlscore lines [-v] [-x STRING] RESULTS
 *     For generated pages (bench/htmlgen.c): the expected text of ID
 *     X.html is X.txt, headline first; TITLE and TEXT are scored together.
 *     Character precision and recall compare the multisets of characters
 *     (white space aside); line fidelity is the share of expected lines
 *     found, as they are, among the output lines.  Figures are given per
 *     encoding and per malformation (the 2nd and 3rd fields of the file
 *     name, split at '_'), with the U+FFFD characters of the output and
 *     the number of pages whose output contains STRING.
 *
 * -v prints one line per page.  The summary goes to stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <xxhash.h>

#include "buf.h"
#include "escape.h"
#include "field.h"
#include "reader.h"
#include "xalloc.h"

static int verbose;

static void
die(const char *what)
{
	fprintf(stderr, "htmlscore: %s: %s\n", what, strerror(errno));
	exit(2);
}

static void
slurp(const char *path, struct buf *b)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	b->len = 0;
	if (fd < 0)
		die(path);
	do {
		buf_reserve(b, 65536);
		n = read(fd, b->p + b->len, b->cap - b->len);
		if (n < 0)
			die(path);
		b->len += (size_t)n;
	} while (n > 0);
	close(fd);
}

struct hashes {
	uint64_t	*v;
	size_t		 n, cap;
};

static void
hpush(struct hashes *h, uint64_t v)
{
	if (h->n == h->cap) {
		size_t bytes = h->cap * sizeof *h->v;

		h->v = xgrow(h->v, &bytes, (h->n + 1) * sizeof *h->v);
		h->cap = bytes / sizeof *h->v;
	}
	h->v[h->n++] = v;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* |a ∩ b| as multisets; sorts both. */
static size_t
common(struct hashes *a, struct hashes *b)
{
	size_t i = 0, j = 0, c = 0;

	qsort(a->v, a->n, sizeof *a->v, cmp_u64);
	qsort(b->v, b->n, sizeof *b->v, cmp_u64);
	while (i < a->n && j < b->n) {
		if (a->v[i] < b->v[j])
			i++;
		else if (a->v[i] > b->v[j])
			j++;
		else {
			c++;
			i++;
			j++;
		}
	}
	return c;
}

static bool
word_char(UChar32 c)
{
	if (c == '_')
		return true;
	switch (u_charType(c)) {
	case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER:
	case U_TITLECASE_LETTER: case U_MODIFIER_LETTER: case U_OTHER_LETTER:
	case U_DECIMAL_DIGIT_NUMBER: case U_LETTER_NUMBER: case U_OTHER_NUMBER:
		return true;
	default:
		return false;
	}
}

/* The words of a text, as hashes; lower-cased first with fold. */
static void
words_of(const char *p, size_t n, bool fold, struct hashes *words)
{
	static struct buf low;
	int32_t i = 0, len = (int32_t)n;

	words->n = 0;
	while (i < len) {
		int32_t start, end;
		UChar32 c;

		start = i;
		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c < 0 || !word_char(c))
			continue;
		do {
			end = i;
			if (i >= len)
				break;
			U8_NEXT((const uint8_t *)p, i, len, c);
		} while (c >= 0 && word_char(c));
		if (fold) {
			int32_t k = start;

			low.len = 0;
			while (k < end) {
				int32_t m = 0;
				uint8_t u[4];

				U8_NEXT((const uint8_t *)p, k, end, c);
				U8_APPEND_UNSAFE(u, m, u_tolower(c));
				buf_append(&low, (const char *)u, (size_t)m);
			}
			hpush(words, XXH3_64bits(low.p, low.len));
		} else
			hpush(words, XXH3_64bits(p + start, (size_t)(end - start)));
		i = end;
	}
}

/* The shingles of a text, as hashes. */
static void
shingles(const char *p, size_t n, struct hashes *out)
{
	struct hashes words = { 0 };

	out->n = 0;
	words_of(p, n, false, &words);
	if (words.n > 0 && words.n < 4)
		hpush(out, XXH3_64bits(words.v, words.n * sizeof *words.v));
	for (size_t k = 0; k + 4 <= words.n; k++)
		hpush(out, XXH3_64bits(words.v + k, 4 * sizeof *words.v));
	free(words.v);
}

/* The expected text beside a page: DIR/expected.txt for DIR/x.html, or
 * X.txt for X.html. */
static void
expected_path(const char *id, bool beside, char *out, size_t cap)
{
	const char *slash = strrchr(id, '/'), *dot = strrchr(id, '.');

	if (beside)
		snprintf(out, cap, "%.*s%sexpected.txt",
		    slash ? (int)(slash - id) : 0, id, slash ? "/" : "");
	else
		snprintf(out, cap, "%.*s.txt",
		    dot && (!slash || dot > slash) ? (int)(dot - id) :
		    (int)strlen(id), id);
}

static const char *
page_name(const char *id)
{
	static char name[256];
	const char *slash = strrchr(id, '/'), *prev = id;

	if (slash != NULL) {
		for (const char *s = id; s < slash; s++)
			if (*s == '/')
				prev = s + 1;
		snprintf(name, sizeof name, "%.*s", (int)(slash - prev), prev);
	} else
		snprintf(name, sizeof name, "%s", id);
	return name;
}

static int
score_shingles(struct reader *r)
{
	struct buf id = { 0 }, text = { 0 }, exp = { 0 };
	struct hashes hp = { 0 }, he = { 0 };
	double sp = 0, sr = 0;
	size_t pages = 0, empty = 0;
	const char *rec;
	size_t len;

	while (reader_next(r, &rec, &len) == READ_RECORD) {
		struct span f;
		char path[4096];
		double p, rc;
		size_t tp;

		if (!field_get(rec, len, 1, &f))
			continue;
		id.len = 0;
		unescape_append(&id, f.p, f.n);
		field_get(rec, len, -1, &f);
		text.len = 0;
		unescape_append(&text, f.p, f.n);
		expected_path(buf_cstr(&id), true, path, sizeof path);
		slurp(path, &exp);
		shingles(text.p, text.len, &hp);
		shingles(exp.p, exp.len, &he);
		tp = common(&hp, &he);
		if (hp.n == 0)
			p = he.n == 0 ? 1 : 0;
		else
			p = (double)tp / hp.n;
		rc = he.n == 0 ? 1 : (double)tp / he.n;
		if (hp.n == 0 && he.n > 0)
			empty++;
		sp += p;
		sr += rc;
		pages++;
		if (verbose)
			printf("%-44s P %.3f R %.3f F1 %.3f  (%zu/%zu shingles)\n",
			    page_name(id.p), p, rc,
			    p + rc > 0 ? 2 * p * rc / (p + rc) : 0, hp.n, he.n);
	}
	if (pages == 0) {
		fprintf(stderr, "htmlscore: no records\n");
		return 2;
	}
	sp /= pages;
	sr /= pages;
	printf("pages %zu  precision %.4f  recall %.4f  F1 %.4f  empty %zu\n",
	    pages, sp, sr, sp + sr > 0 ? 2 * sp * sr / (sp + sr) : 0, empty);
	free(hp.v);
	free(he.v);
	buf_free(&id);
	buf_free(&text);
	buf_free(&exp);
	return 0;
}

/* --- wcxb: the multi-type benchmark ---------------------------------------- */

static char *
strdup_or_die(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

struct gold {
	char		*id;		/* the file name without .html */
	char		*type;
	struct buf	 main, with, without;
};

struct tally {
	double		 p, r, f1;
	size_t		 pages, empty;
	size_t		 with, with_found, without, without_leaked;
};

#define NTYPES	16

static char *types[NTYPES];
static size_t ntypes;

static size_t
type_index(const char *t)
{
	for (size_t i = 0; i < ntypes; i++)
		if (strcmp(types[i], t) == 0)
			return i;
	if (ntypes == NTYPES - 1)
		return NTYPES - 2;
	types[ntypes] = strdup_or_die(t);
	return ntypes++;
}

static int
cmp_gold(const void *a, const void *b)
{
	return strcmp(((const struct gold *)a)->id, ((const struct gold *)b)->id);
}

/* The ASCII a snippet may have for typographic punctuation: WCXB's
 * snippets have "aren't" on some pages and "aren\u2019t" on others, for
 * the same apostrophe on the page.  Without this fold 8% of the
 * article snippets we give were counted missing (with-rate 0.873 ->
 * 0.951 on wcxb-dev's articles, all types 0.822 -> 0.880). */
static UChar32
fold_punct(UChar32 c)
{
	switch (c) {
	case 0x2018: case 0x2019: case 0x201a: case 0x201b: case 0x2032:
		return '\'';
	case 0x201c: case 0x201d: case 0x201e: case 0x2033:
		return '"';
	case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014:
	case 0x2015: case 0x2212:
		return '-';
	case 0x00ad: case 0x200b: case 0x200c: case 0x200d: case 0x200e:
	case 0x200f: case 0xfeff:
		return 0;	/* soft hyphen, zero-width marks: dropped */
	default:
		return c;
	}
}

/* Lower case, white space collapsed to one space, typographic
 * punctuation as ASCII (U+2026 as "..."): for snippet tests. */
static void
fold_text(const char *p, size_t n, struct buf *out)
{
	int32_t i = 0, len = (int32_t)n;
	bool space = false;

	out->len = 0;
	while (i < len) {
		UChar32 c;
		uint8_t u[4];
		int32_t m = 0;

		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c < 0 || (c = fold_punct(c)) == 0)
			continue;
		if (u_isUWhiteSpace(c)) {
			space = out->len > 0;
			continue;
		}
		if (space)
			buf_putc(out, ' ');
		space = false;
		if (c == 0x2026) {
			buf_append(out, "...", 3);
			continue;
		}
		U8_APPEND_UNSAFE(u, m, u_tolower(c));
		buf_append(out, (const char *)u, (size_t)m);
	}
}

/* Count the snippets (one a line of list) found in the folded text. */
static void
snippets(const struct buf *list, const struct buf *text, size_t *total,
    size_t *found)
{
	static struct buf s;
	const char *p = list->p, *end = p + list->len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		fold_text(p, (size_t)(e - p), &s);
		if (s.len > 0) {
			++*total;
			*found += text->len >= s.len &&
			    memmem(text->p, text->len, s.p, s.len) != NULL;
		}
		p = nl ? nl + 1 : end;
	}
}

static void
tally_add(struct tally *t, double p, double r, bool empty, size_t with,
    size_t with_found, size_t without, size_t without_leaked)
{
	t->p += p;
	t->r += r;
	t->f1 += p + r > 0 ? 2 * p * r / (p + r) : 0;
	t->pages++;
	t->empty += empty;
	t->with += with;
	t->with_found += with_found;
	t->without += without;
	t->without_leaked += without_leaked;
}

static void
tally_print(const char *name, const struct tally *t, const struct tally *a,
    const struct tally *b)
{
	double n = t->pages ? (double)t->pages : 1;

	printf("  %-14s %5zu  %.3f  %.3f  %.3f   %.3f   %.3f  %5zu   %.3f  %.3f\n",
	    name, t->pages, t->p / n, t->r / n, t->f1 / n,
	    t->with ? (double)t->with_found / t->with : 1,
	    t->without ? (double)t->without_leaked / t->without : 0, t->empty,
	    a->pages ? a->f1 / a->pages : 0, b->pages ? b->f1 / b->pages : 0);
}

static void
read_gold(const char *path, struct gold **out, size_t *nout)
{
	struct reader r = { 0 };
	struct gold *g = NULL;
	size_t n = 0, cap = 0;
	const char *rec;
	size_t len;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die(path);
	reader_reset(&r, fd);
	while (reader_next(&r, &rec, &len) == READ_RECORD) {
		struct span f;
		struct buf tmp = { 0 };

		if (n == cap) {
			size_t bytes = cap * sizeof *g;

			g = xgrow(g, &bytes, (n + 1) * sizeof *g);
			cap = bytes / sizeof *g;
		}
		memset(&g[n], 0, sizeof g[n]);
		for (int k = 1; k <= 5; k++) {
			struct buf *b = k == 3 ? &g[n].main : k == 4 ? &g[n].with :
			    k == 5 ? &g[n].without : &tmp;

			b->len = 0;
			if (field_get(rec, len, k, &f))
				unescape_append(b, f.p, f.n);
			if (k == 1)
				g[n].id = strdup_or_die(buf_cstr(&tmp));
			else if (k == 2)
				g[n].type = strdup_or_die(buf_cstr(&tmp));
		}
		buf_free(&tmp);
		n++;
	}
	reader_free(&r);
	close(fd);
	qsort(g, n, sizeof *g, cmp_gold);
	*out = g;
	*nout = n;
}

static int
score_wcxb(const char *goldpath, struct reader *r)
{
	struct gold *gold, key;
	struct tally all[NTYPES] = { 0 }, half[2][NTYPES] = { { { 0 } } };
	struct buf id = { 0 }, text = { 0 }, folded = { 0 };
	struct hashes hp = { 0 }, he = { 0 };
	size_t ngold, unknown = 0, missing = 0;
	bool *seen;
	const char *rec;
	size_t len;

	read_gold(goldpath, &gold, &ngold);
	seen = xmalloc(ngold + 1);
	memset(seen, 0, ngold + 1);
	while (reader_next(r, &rec, &len) == READ_RECORD) {
		struct span f;
		struct gold *g;
		const char *base, *dot;
		size_t t, w = 0, wf = 0, wo = 0, wl = 0, tp;
		double p, rc;
		int h;

		if (!field_get(rec, len, 1, &f))
			continue;
		id.len = 0;
		unescape_append(&id, f.p, f.n);
		base = strrchr(buf_cstr(&id), '/');
		base = base ? base + 1 : id.p;
		if ((dot = strchr(base, '.')) != NULL)
			id.p[dot - id.p] = '\0';
		key.id = id.p + (base - id.p);
		g = bsearch(&key, gold, ngold, sizeof *gold, cmp_gold);
		if (g == NULL) {
			unknown++;
			continue;
		}
		seen[g - gold] = true;
		field_get(rec, len, -1, &f);
		text.len = 0;
		unescape_append(&text, f.p, f.n);
		words_of(text.p, text.len, true, &hp);
		words_of(g->main.p, g->main.len, true, &he);
		tp = common(&hp, &he);
		if (he.n == 0)
			p = rc = hp.n == 0;
		else {
			p = hp.n ? (double)tp / hp.n : 0;
			rc = (double)tp / he.n;
		}
		fold_text(text.p, text.len, &folded);
		snippets(&g->with, &folded, &w, &wf);
		snippets(&g->without, &folded, &wo, &wl);
		t = type_index(g->type);
		h = (int)(XXH3_64bits(g->id, strlen(g->id)) & 1);
		tally_add(&all[t], p, rc, hp.n == 0, w, wf, wo, wl);
		tally_add(&all[NTYPES - 1], p, rc, hp.n == 0, w, wf, wo, wl);
		tally_add(&half[h][t], p, rc, hp.n == 0, w, wf, wo, wl);
		tally_add(&half[h][NTYPES - 1], p, rc, hp.n == 0, w, wf, wo, wl);
		if (verbose)
			printf("%s %-13s %c P %.3f R %.3f F1 %.3f  with %zu/%zu"
			    "  without %zu/%zu  (%zu/%zu words)\n", g->id,
			    g->type, "AB"[h], p, rc,
			    p + rc > 0 ? 2 * p * rc / (p + rc) : 0, wf, w, wl, wo,
			    hp.n, he.n);
	}
	for (size_t i = 0; i < ngold; i++)
		missing += !seen[i];
	printf("wcxb: %zu pages, %zu without a record, %zu records of no page\n",
	    all[NTYPES - 1].pages, missing, unknown);
	printf("  %-14s %5s  %-5s  %-5s  %-5s   %-5s   %-7s %5s   %-5s  %-5s\n",
	    "page type", "pages", "P", "R", "F1", "with", "without", "empty",
	    "F1(A)", "F1(B)");
	for (size_t i = 0; i < ntypes; i++)
		tally_print(types[i], &all[i], &half[0][i], &half[1][i]);
	tally_print("all", &all[NTYPES - 1], &half[0][NTYPES - 1],
	    &half[1][NTYPES - 1]);
	for (size_t i = 0; i < ngold; i++) {
		free(gold[i].id);
		free(gold[i].type);
		buf_free(&gold[i].main);
		buf_free(&gold[i].with);
		buf_free(&gold[i].without);
	}
	free(gold);
	free(seen);
	free(hp.v);
	free(he.v);
	buf_free(&id);
	buf_free(&text);
	buf_free(&folded);
	return all[NTYPES - 1].pages ? 0 : 2;
}

/* --- lines: generated pages ----------------------------------------------- */

struct group {
	char		 name[32];
	double		 tp, np, ne;	/* characters */
	double		 lines_found, lines;
	size_t		 pages, fffd, forbidden;
};

#define NGROUPS	32

static struct group groups[NGROUPS];
static size_t ngroups;

static struct group *
group(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < ngroups; i++)
		if (strlen(groups[i].name) == n &&
		    memcmp(groups[i].name, name, n) == 0)
			return &groups[i];
	if (ngroups == NGROUPS)
		return &groups[NGROUPS - 1];
	snprintf(groups[ngroups].name, sizeof groups[0].name, "%.*s", (int)n,
	    name);
	return &groups[ngroups++];
}

/* Characters (not white space) as a sorted multiset of code points. */
static void
chars(const char *p, size_t n, struct hashes *out)
{
	int32_t i = 0, len = (int32_t)n;

	out->n = 0;
	while (i < len) {
		UChar32 c;

		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c >= 0 && !u_isUWhiteSpace(c))
			hpush(out, (uint64_t)c);
	}
}

static void
lines(const char *p, size_t n, struct hashes *out)
{
	const char *end = p + n;

	out->n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (e > p && e[-1] == '\r')
			e--;
		if (e > p)
			hpush(out, XXH3_64bits(p, (size_t)(e - p)));
		p = nl ? nl + 1 : end;
	}
}

static bool
contains(const struct buf *b, const char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; n > 0 && i + n <= b->len; i++)
		if (memcmp(b->p + i, s, n) == 0)
			return true;
	return false;
}

static int
score_lines(struct reader *r, const char *forbidden)
{
	struct buf id = { 0 }, out = { 0 }, exp = { 0 };
	struct hashes a = { 0 }, b = { 0 };
	const char *rec;
	size_t len;

	while (reader_next(r, &rec, &len) == READ_RECORD) {
		struct span f;
		char path[4096];
		const char *base, *u1, *u2, *u3;
		struct group *g[3];
		size_t tpc, tpl, fffd = 0;
		bool bad;

		if (!field_get(rec, len, 1, &f))
			continue;
		id.len = 0;
		unescape_append(&id, f.p, f.n);
		out.len = 0;
		if (field_get(rec, len, 2, &f))
			unescape_append(&out, f.p, f.n);
		buf_putc(&out, '\n');
		field_get(rec, len, -1, &f);
		unescape_append(&out, f.p, f.n);
		expected_path(buf_cstr(&id), false, path, sizeof path);
		slurp(path, &exp);
		for (size_t i = 0; i + 2 < out.len; i++)
			if (memcmp(out.p + i, "\xef\xbf\xbd", 3) == 0)
				fffd++;
		bad = forbidden && contains(&out, forbidden);
		chars(out.p, out.len, &a);
		chars(exp.p, exp.len, &b);
		size_t na = a.n, nb = b.n;
		tpc = common(&a, &b);
		lines(out.p, out.len, &a);
		lines(exp.p, exp.len, &b);
		size_t nl = b.n;
		tpl = common(&a, &b);
		base = strrchr(id.p, '/');
		base = base ? base + 1 : id.p;
		u1 = strchr(base, '_');
		u2 = u1 ? strchr(u1 + 1, '_') : NULL;
		u3 = u2 ? strchr(u2 + 1, '_') : NULL;
		g[0] = group("all", 3);
		g[1] = u2 ? group(u1 + 1, (size_t)(u2 - u1 - 1)) : g[0];
		g[2] = u3 ? group(u2 + 1, (size_t)(u3 - u2 - 1)) : g[0];
		for (int k = 0; k < 3; k++) {
			if (k > 0 && g[k] == g[0])
				continue;
			g[k]->tp += (double)tpc;
			g[k]->np += (double)na;
			g[k]->ne += (double)nb;
			g[k]->lines_found += (double)tpl;
			g[k]->lines += (double)nl;
			g[k]->pages++;
			g[k]->fffd += fffd;
			g[k]->forbidden += bad;
		}
		if (verbose)
			printf("%-40s P %.4f R %.4f lines %zu/%zu fffd %zu%s\n",
			    base, na ? (double)tpc / na : 0,
			    nb ? (double)tpc / nb : 1, tpl, nl, fffd,
			    bad ? " FORBIDDEN" : "");
	}
	for (size_t i = 0; i < ngroups; i++) {
		struct group *x = &groups[i];
		double p = x->np ? x->tp / x->np : 0, rc = x->ne ? x->tp / x->ne : 1;

		printf("%-10s pages %4zu  P %.4f  R %.4f  F1 %.4f  lines %.4f"
		    "  U+FFFD %zu  forbidden %zu\n", x->name, x->pages, p, rc,
		    p + rc > 0 ? 2 * p * rc / (p + rc) : 0,
		    x->lines ? x->lines_found / x->lines : 1, x->fffd,
		    x->forbidden);
	}
	free(a.v);
	free(b.v);
	buf_free(&id);
	buf_free(&out);
	buf_free(&exp);
	return ngroups ? 0 : 2;
}

int
main(int argc, char *argv[])
{
	struct reader r = { 0 };
	const char *mode, *forbidden = NULL, *gold = NULL;
	int fd, ch, status;

	if (argc < 2) {
		fprintf(stderr, "usage: htmlscore shingle|lines|wcxb [-v] "
		    "[-x STRING] [GOLD] RESULTS\n");
		return 2;
	}
	mode = argv[1];
	optind = 2;
	while ((ch = getopt(argc, argv, "vx:")) != -1) {
		if (ch == 'v')
			verbose = 1;
		else if (ch == 'x')
			forbidden = optarg;
		else
			return 2;
	}
	if (strcmp(mode, "wcxb") == 0) {
		if (optind >= argc) {
			fprintf(stderr, "usage: htmlscore wcxb [-v] GOLD "
			    "[RESULTS]\n");
			return 2;
		}
		gold = argv[optind++];
	}
	if (optind >= argc)
		fd = STDIN_FILENO;
	else if ((fd = open(argv[optind], O_RDONLY)) < 0)
		die(argv[optind]);
	reader_reset(&r, fd);
	if (strcmp(mode, "shingle") == 0)
		status = score_shingles(&r);
	else if (strcmp(mode, "lines") == 0)
		status = score_lines(&r, forbidden);
	else if (strcmp(mode, "wcxb") == 0)
		status = score_wcxb(gold, &r);
	else {
		fprintf(stderr, "htmlscore: unknown mode %s\n", mode);
		status = 2;
	}
	reader_free(&r);
	return status;
}
