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

/* The shingles of a text, as hashes. */
static void
shingles(const char *p, size_t n, struct hashes *out)
{
	struct hashes words = { 0 };
	int32_t i = 0, len = (int32_t)n;

	out->n = 0;
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
		hpush(&words, XXH3_64bits(p + start, (size_t)(end - start)));
		i = end;
	}
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
	const char *mode, *forbidden = NULL;
	int fd, ch, status;

	if (argc < 2) {
		fprintf(stderr, "usage: htmlscore shingle|lines [-v] [-x STRING] "
		    "RESULTS\n");
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
	if (optind >= argc)
		fd = STDIN_FILENO;
	else if ((fd = open(argv[optind], O_RDONLY)) < 0)
		die(argv[optind]);
	reader_reset(&r, fd);
	if (strcmp(mode, "shingle") == 0)
		status = score_shingles(&r);
	else if (strcmp(mode, "lines") == 0)
		status = score_lines(&r, forbidden);
	else {
		fprintf(stderr, "htmlscore: unknown mode %s\n", mode);
		status = 2;
	}
	reader_free(&r);
	return status;
}
