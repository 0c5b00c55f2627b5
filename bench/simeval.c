/* The labelled evaluation of simhash's fingerprints.
 *
 *   simeval [options] DOCS
 *
 * DOCS holds records "LANG TAB GROUP TAB NAME TAB TEXT" (TEXT escaped) of
 * real prose, as bench/simeval-docs writes them.  Long documents are
 * cut into pieces of at most 8000 bytes (English) or 4500 bytes (Chinese,
 * about as many tokens) at paragraph ends; pieces of fewer
 * than --min-tokens tokens are left out, and so is any document that
 * shares 30% of its 3-token shingles with one kept before it (the
 * collection's own near-duplicates, which no label could call distinct).
 *
 * Each document D becomes a family of texts made from it with a generator
 * seeded by its name, and these pairs are labelled:
 *   near-duplicates: D and D with its white space changed; D and D with 1%,
 *     5% or 10% of its tokens replaced, deleted or followed by an inserted
 *     token; D and D with letter typos in 3% of its words (a wrong
 *     character for 2% of its CJK characters); D with two copyright years,
 *     two timestamps, two view counters, two different footers (of six),
 *     two "related posts" lists sharing 2 of 5 titles; D and D with its
 *     paragraphs shuffled; D and D inside its site's template (a group
 *     has four sites, a document's is drawn by its name);
 *   distinct: D and D rewritten by 30% and 50% (the same edits); D and
 *     another version of it (paragraphs holding a quarter of its bytes
 *     replaced by paragraphs of other documents of its group, a tenth
 *     dropped, a paragraph inserted after a tenth of those kept); every
 *     pair of texts of two different families ("same site" when both are
 *     in one site's template, "same topic" when they are of one group,
 *     "other" otherwise).
 * Pairs of two texts of one family that are not labelled count for
 * nothing.  Every pair of texts of a language is compared (brute force):
 * precision is the share of labelled near-duplicate pairs among all pairs
 * within k bits, recall the share of near-duplicate pairs within k bits.
 *
 * Documents are in part A or B by their name's hash: choose constants on
 * one part (-p A) and confirm on the other (-p B).  With -n N, each text
 * gets N fingerprints and a pair's distance is the least of the N
 * distances (what nearpairs does with simhash -n N).
 *
 * With --routes, the whole dedup routes instead, per kind of pair: one
 * fingerprint searched at k = 3 or 4 (simhash | nearpairs -k K), four
 * searched at k = 4 (simhash -n 7 | nearpairs -k 4, the recommended
 * route; --cand-n and --cand-k choose another), and the candidates
 * of those confirmed on the texts as nearverify does it (Jaccard, or
 * containment, of the 3-shingle sets at least --min thousandths, 300 by
 * default), with a sweep of thresholds.  There, a text made from one
 * document and another version of a second that took paragraphs from
 * the first are not labelled: they share real text; so are the two when
 * half the 3-shingles of a paragraph the version took are in the other
 * text (a licence two copyright files both quote), and any two texts of
 * two documents half of whose smaller's 3-shingles are in the larger.
 *
 * With --emit FILE, the texts themselves are written to FILE as records
 * "ID TAB TEXT" (TEXT escaped; ID "LANG.NUMBER.ROLE"), for the real
 * programs to search; --score PAIRS then reads the pairs they found
 * (ID1 TAB ID2 ..., as nearpairs and nearverify write them) and scores
 * them as --routes scores its routes: recall per kind, precision against
 * different texts (--show-false lists the false pairs on stderr).  The
 * same options (-p, --lang) give the same texts.
 */
#define _GNU_SOURCE		/* asprintf, getline */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "buf.h"
#include "escape.h"
#include "fingerprint.h"
#include "shingle.h"
#include "simhash.h"
#include "tokens.h"
#include "xalloc.h"

/* pieces of about 1500 tokens: 8000 bytes of English, 4500 of Chinese */
static const size_t maxchunk[2] = { 8000, 4500 };
#define MAXK		8
#define NSITE		4	/* sites of a group, each with its template */
#define NLANG		2

static const char *const langs[NLANG] = { "en", "zh" };

enum role {
	R_ORIG, R_WS, R_E1, R_E5, R_E10, R_TYPO, R_YEAR_A, R_YEAR_B, R_TIME_A,
	R_TIME_B, R_COUNT_A, R_COUNT_B, R_FOOT_A, R_FOOT_B, R_REL_A, R_REL_B,
	R_ORDER, R_TMPL, R_RW30, R_RW50, R_API, NROLE
};

static const char *const rolename[NROLE] = {
	"orig", "ws", "e1", "e5", "e10", "typo", "year-a", "year-b", "time-a",
	"time-b", "count-a", "count-b", "foot-a", "foot-b", "rel-a", "rel-b",
	"order", "tmpl", "rw30", "rw50", "api"
};

enum kind {
	/* near-duplicates */
	K_WS, K_E1, K_E5, K_TYPO, K_YEAR, K_TIME, K_COUNT, K_FOOT, K_REL,
	K_ORDER, K_TMPL, K_E10,
	NPOS,
	/* distinct */
	K_RW30 = NPOS, K_RW50, K_API, K_SITE, K_TOPIC, K_OTHER,
	NKIND,
	K_NONE = -1
};

static const char *const kindname[NKIND] = {
	"white space", "edit 1%", "edit 5%", "typos", "copyright year",
	"timestamp", "view counter", "footer", "related posts", "reordered",
	"in template", "edit 10%",
	"rewrite 30%", "rewrite 50%", "api version", "same site", "same topic",
	"other"
};

struct doc {
	int		 lang;
	int		 group;
	char		*name;
	struct buf	 text;
	int		 part;		/* 0: A, 1: B */
	int		 site;		/* of NSITE sites of its group */
	uint64_t	*set;		/* sorted distinct 3-shingle hashes */
	size_t		 nset;
	size_t		 ntok;
};

struct text {
	int		 fam;		/* its document */
	int		 role;
	struct buf	 t;
	uint64_t	 fp[SIMHASH_MAXFP];
	uint64_t	*set;		/* --routes: its 3-shingle set */
	size_t		 nset;
	const struct span **src;	/* another version: the paragraphs */
	int		 nsrc;		/* it took from other documents */
};

struct span {
	int		 doc;
	size_t		 a, b;
};

struct spans {
	struct span	*v;
	size_t		 n, cap;
};

static struct doc *docs;
static size_t ndocs, capdocs;
static struct text *texts;
static size_t ntexts, captexts;
static char **groups;
static int ngroups;
static struct spans words[NLANG], cjks[NLANG], paras[NLANG];
static struct simhash_params par;
static int part = -1;		/* -1: both */
static size_t min_tokens = 100, max_tokens = SIZE_MAX;
static int oneline;
static const char *only_lang;	/* --lang: score one language */
static int compact;	/* --compact: report_compact() */
static int analyzing;	/* --analyze: analyze() */
static int nfp = 1;	/* -n: a pair's distance is the least of nfp */
static int routes;	/* --routes: the whole dedup routes */
static unsigned minj = 300;	/* --min: nearverify's threshold, 1/1000 */
static int cand_n = 7;		/* --cand-n, --cand-k: the candidates */
static unsigned cand_k = 4;	/* of the route (-n 7 | -k 4) */
static const char *emit_path;	/* --emit: the texts, for the programs */
static const char *score_path;	/* --score: the pairs they found */
static int show_false;		/* --show-false: list the false ones */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
    noreturn));

static void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "simeval: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(2);
}

static uint64_t rng;

static uint32_t
rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (uint32_t)((rng >> 11) % n) : 0;
}

static double
rnd01(void)
{
	return (double)rnd(1u << 30) / (double)(1u << 30);
}

static void
span_add(struct spans *s, int doc, size_t a, size_t b)
{
	if (s->n == s->cap) {
		size_t bytes = s->cap * sizeof *s->v;

		s->v = xgrow(s->v, &bytes, (s->n + 1) * sizeof *s->v);
		s->cap = bytes / sizeof *s->v;
	}
	s->v[s->n++] = (struct span){ doc, a, b };
}

static void
put_span(struct buf *b, const struct span *s)
{
	buf_append(b, docs[s->doc].text.p + s->a, s->b - s->a);
}

static void
puts_buf(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

static void printf_buf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
printf_buf(struct buf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_append(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static int
group_id(const char *name)
{
	for (int i = 0; i < ngroups; i++)
		if (strcmp(groups[i], name) == 0)
			return i;
	groups = xrealloc(groups, (size_t)(ngroups + 1) * sizeof *groups);
	groups[ngroups] = strdup(name);
	return ngroups++;
}

static struct doc *
new_doc(void)
{
	if (ndocs == capdocs) {
		size_t bytes = capdocs * sizeof *docs;

		docs = xgrow(docs, &bytes, (ndocs + 1) * sizeof *docs);
		capdocs = bytes / sizeof *docs;
	}
	memset(&docs[ndocs], 0, sizeof *docs);
	return &docs[ndocs++];
}

/* The distinct 3-shingles of d (nearverify's sets) and its token count. */
static void
shingles(struct doc *d)
{
	struct shingler sh;

	shingler_init(&sh, 3);
	shingle_set(&sh, d->text.p, d->text.len, false);
	d->ntok = sh.ntok;
	d->nset = sh.n;
	d->set = xmalloc((sh.n ? sh.n : 1) * sizeof *d->set);
	memcpy(d->set, sh.v, sh.n * sizeof *d->set);
	shingler_free(&sh);
}

static double
jaccard(const struct doc *a, const struct doc *b)
{
	size_t inter = shingle_common(a->set, a->nset, b->set, b->nset);

	return a->nset + b->nset - inter ?
	    (double)inter / (double)(a->nset + b->nset - inter) : 1;
}

/* Read the documents; cut long ones at paragraph (or line) ends. */
static void
load(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct buf text = { 0 };

	if (f == NULL)
		die("%s: cannot open", path);
	while ((len = getline(&line, &cap, f)) > 0) {
		char *fld[4], *p = line;
		int lang, group, piece = 0;
		uint64_t h;
		size_t off = 0;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		for (int i = 0; i < 4; i++) {
			fld[i] = p;
			if (i < 3 && (p = strchr(p, '\t')) == NULL)
				die("%s: a record without 4 fields", path);
			if (i < 3)
				*p++ = '\0';
		}
		for (lang = 0; lang < NLANG; lang++)
			if (strcmp(fld[0], langs[lang]) == 0)
				break;
		if (lang == NLANG)
			continue;
		group = group_id(fld[1]);
		h = XXH3_64bits(fld[2], strlen(fld[2]));
		text.len = 0;
		unescape_append(&text, fld[3], strlen(fld[3]));
		while (off < text.len) {
			size_t end = text.len, cut;
			struct doc *d;

			size_t max = maxchunk[lang];

			if (end - off > max) {
				end = off + max;
				for (cut = end; cut > off + max / 2; cut--)
					if (text.p[cut - 1] == '\n' &&
					    text.p[cut - 2] == '\n')
						break;
				if (cut == off + max / 2)
					for (cut = end; cut > off + 1; cut--)
						if (text.p[cut - 1] == '\n')
							break;
				end = cut > off + 1 ? cut : end;
			}
			d = new_doc();
			d->lang = lang;
			d->group = group;
			d->part = (int)(h & 1);
			d->site = (int)((h >> 8) % NSITE);
			if (asprintf(&d->name, "%s#%d", fld[2], piece++) < 0)
				die("out of memory");
			buf_append(&d->text, text.p + off, end - off);
			off = end;
		}
	}
	free(line);
	buf_free(&text);
	fclose(f);
}

/* Leave out short documents and the collection's own near-duplicates. */
static void
select_docs(void)
{
	size_t i, j, kept = 0;

	for (i = 0; i < ndocs; i++)
		shingles(&docs[i]);
	for (i = 0; i < ndocs; i++) {
		struct doc *d = &docs[i];
		bool keep = d->ntok >= min_tokens && d->ntok <= max_tokens;

		for (j = 0; keep && j < kept; j++)
			if (docs[j].lang == d->lang && jaccard(&docs[j], d) >= 0.3)
				keep = false;
		if (keep)
			docs[kept++] = *d;
		else {
			free(d->set);
			buf_free(&d->text);
			free(d->name);
		}
	}
	ndocs = kept;
}

/* Pools of words, CJK characters and paragraphs for the edits. */
static void
pools(void)
{
	for (size_t i = 0; i < ndocs; i++) {
		struct doc *d = &docs[i];
		struct tokenizer t = { 0 };
		struct token tk;
		size_t a = 0, b;

		tokens_init(&t, d->text.p, d->text.len, 0);
		while (tokens_next(&t, &tk))
			span_add(tk.cjk ? &cjks[d->lang] : &words[d->lang],
			    (int)i, tk.start, tk.end);
		tokens_free(&t);
		for (b = 0; b <= d->text.len; b++)
			if (b == d->text.len || (d->text.p[b] == '\n' &&
			    b + 1 < d->text.len && d->text.p[b + 1] == '\n')) {
				if (b > a + 20)
					span_add(&paras[d->lang], (int)i, a, b);
				a = b + 1;
			}
	}
	/* one language alone is enough (simeval-docs --manpages-zh) */
	for (int l = 0; l < NLANG; l++)
		if ((words[l].n == 0 || paras[l].n == 0) && (only_lang == NULL ||
		    strcmp(only_lang, langs[l]) == 0))
			die("no %s documents%s", langs[l], only_lang ? "" :
			    " (--lang chooses one language)");
}

static const struct span *
pick(const struct spans *s)
{
	return &s->v[rnd((uint32_t)s->n)];
}

/* src with a share frac of its tokens replaced, deleted or followed by an
 * inserted one, a third each. */
static void
edit(const struct doc *d, double frac, struct buf *out)
{
	struct tokenizer t = { 0 };
	struct token tk;
	size_t pos = 0;
	const char *s = d->text.p;

	tokens_init(&t, s, d->text.len, 0);
	while (tokens_next(&t, &tk)) {
		const struct spans *pool = tk.cjk && cjks[d->lang].n ?
		    &cjks[d->lang] : &words[d->lang];

		buf_append(out, s + pos, tk.start - pos);
		pos = tk.end;
		if (rnd01() >= frac) {
			buf_append(out, s + tk.start, tk.end - tk.start);
			continue;
		}
		switch (rnd(3)) {
		case 0:
			put_span(out, pick(pool));
			break;
		case 1:
			break;
		default:
			buf_append(out, s + tk.start, tk.end - tk.start);
			if (!tk.cjk)
				buf_putc(out, ' ');
			put_span(out, pick(pool));
		}
	}
	buf_append(out, s + pos, d->text.len - pos);
	tokens_free(&t);
}

static void
typos(const struct doc *d, struct buf *out)
{
	struct tokenizer t = { 0 };
	struct token tk;
	size_t pos = 0;
	const char *s = d->text.p;

	tokens_init(&t, s, d->text.len, 0);
	while (tokens_next(&t, &tk)) {
		char w[64];
		size_t n = tk.end - tk.start, i;
		bool ascii = n < sizeof w - 1;

		buf_append(out, s + pos, tk.start - pos);
		pos = tk.end;
		for (i = 0; ascii && i < n; i++)
			ascii = (unsigned char)s[tk.start + i] < 0x80;
		if (tk.cjk && cjks[d->lang].n && rnd01() < 0.02) {
			put_span(out, pick(&cjks[d->lang]));
			continue;
		}
		if (tk.cjk || !ascii || n < 3 || rnd01() >= 0.03) {
			buf_append(out, s + tk.start, n);
			continue;
		}
		memcpy(w, s + tk.start, n);
		i = rnd((uint32_t)n - 1);
		switch (rnd(4)) {
		case 0: {		/* swap two letters */
			char c = w[i];
			w[i] = w[i + 1];
			w[i + 1] = c;
			break;
		}
		case 1:			/* drop one */
			memmove(w + i, w + i + 1, n - i - 1);
			n--;
			break;
		case 2:			/* double one */
			memmove(w + i + 1, w + i, n - i);
			n++;
			break;
		default:		/* a wrong one */
			w[i] = (char)('a' + rnd(26));
		}
		buf_append(out, w, n);
	}
	buf_append(out, s + pos, d->text.len - pos);
	tokens_free(&t);
}

/* The paragraphs of d: blocks between blank lines, or lines if there
 * are fewer than four blocks. */
static size_t
split(const struct doc *d, struct span *v, size_t max)
{
	size_t n = 0, a = 0, b;
	const char *s = d->text.p;

	for (int pass = 0; pass < 2; pass++) {
		n = a = 0;
		for (b = 0; b <= d->text.len && n < max; b++) {
			bool end = b == d->text.len || (s[b] == '\n' &&
			    (pass == 1 || (b + 1 < d->text.len && s[b + 1] == '\n')));

			if (!end)
				continue;
			if (b > a)
				v[n++] = (struct span){ 0, a, b };
			a = b + 1;
		}
		if (n >= 4)
			break;
	}
	return n;
}

#define MAXPARA	4096

static void
reorder(const struct doc *d, struct buf *out)
{
	static struct span v[MAXPARA];
	size_t n = split(d, v, MAXPARA);

	for (size_t i = n; i > 1; i--) {
		size_t j = rnd((uint32_t)i);
		struct span t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			puts_buf(out, "\n\n");
		buf_append(out, d->text.p + v[i].a, v[i].b - v[i].a);
	}
}

static void
add_src(struct text *t, const struct span *o)
{
	t->src = xrealloc(t->src, (size_t)(t->nsrc + 1) * sizeof *t->src);
	t->src[t->nsrc++] = o;
}

/* Does text t hold a paragraph of document doc, or (u not NULL) one
 * whose 3-shingles are at least half in text u?  The second catches a
 * paragraph of a third document that u's document also holds, such as a
 * licence that two copyright files quote; it is asked only of pairs
 * within MAXK bits, the only ones a route could confirm. */
static bool
took_from(const struct text *t, int doc, const struct text *u)
{
	bool shared = false;

	for (int i = 0; i < t->nsrc && !shared; i++) {
		const struct span *o = t->src[i];
		struct shingler sh;

		if (o->doc == doc)
			return true;
		if (u == NULL || u->set == NULL)
			continue;
		shingler_init(&sh, 3);
		shingle_set(&sh, docs[o->doc].text.p + o->a, o->b - o->a, false);
		shared = sh.n && shingle_common(sh.v, sh.n, u->set, u->nset) * 2 >= sh.n;
		shingler_free(&sh);
	}
	return shared;
}

/* Do documents a and b share real text: are half the 3-shingles of the
 * smaller in the larger (two copyright files quoting one licence, one
 * piece inside another)?  The criterion of took_from() for a paragraph,
 * applied to the documents themselves: select_docs() leaves out pairs
 * at a Jaccard index of 0.3, but a short text half inside a long one has
 * a smaller index, and a footer or template that both texts gain lifts
 * it over nearverify's threshold.  Asked once a pair of documents. */
static bool
docs_share(int a, int b)
{
	static int8_t *memo;	/* 0 not asked, 1 no, 2 yes */
	const struct doc *da = &docs[a], *db = &docs[b];
	size_t least = da->nset < db->nset ? da->nset : db->nset;
	int8_t *m;

	if (memo == NULL) {
		memo = xmalloc(ndocs * ndocs);
		memset(memo, 0, ndocs * ndocs);
	}
	m = &memo[(size_t)a * ndocs + (size_t)b];
	if (*m == 0)
		*m = least && shingle_common(da->set, da->nset, db->set,
		    db->nset) * 2 >= least ? 2 : 1;
	return *m == 2;
}

/* Another version of d, different in substance: paragraphs (lines, if
 * it has fewer than four) taken in a random order are replaced until a
 * quarter of its bytes are, then dropped until a tenth are; a tenth of
 * those kept are followed by an inserted paragraph.  Counting bytes, not
 * paragraphs, keeps a version of a text whose bulk is one long paragraph
 * from differing only in its short ones. */
static void
version(const struct doc *d, struct buf *out, struct text *t)
{
	static struct span v[MAXPARA];
	static size_t order[MAXPARA];
	static unsigned char fate[MAXPARA];	/* 0 keep, 1 replace, 2 drop */
	size_t n = split(d, v, MAXPARA), total = 0, repl = 0, drop = 0;
	const struct spans *pp = &paras[d->lang];

	for (size_t i = 0; i < n; i++) {
		order[i] = i;
		total += v[i].b - v[i].a;
	}
	for (size_t i = n; i > 1; i--) {
		size_t j = rnd((uint32_t)i), x = order[i - 1];

		order[i - 1] = order[j];
		order[j] = x;
	}
	for (size_t i = 0; i < n; i++) {
		size_t k = order[i], len = v[k].b - v[k].a;

		if (repl * 4 < total) {
			fate[k] = 1;
			repl += len;
		} else if (drop * 10 < total) {
			fate[k] = 2;
			drop += len;
		} else
			fate[k] = 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct span *o = pick(pp);

		/* prefer a paragraph of the same group */
		for (int tries = 0; tries < 20 && docs[o->doc].group != d->group; tries++)
			o = pick(pp);
		if (fate[i] == 2)
			continue;
		if (fate[i] == 1) {
			put_span(out, o);
			add_src(t, o);
		} else {
			buf_append(out, d->text.p + v[i].a, v[i].b - v[i].a);
			if (rnd01() < 0.1) {
				o = pick(pp);
				puts_buf(out, "\n\n");
				put_span(out, o);
				add_src(t, o);
			}
		}
		puts_buf(out, "\n\n");
	}
}

static void
whitespace(const struct doc *d, struct buf *out)
{
	puts_buf(out, "  \t");
	for (size_t i = 0; i < d->text.len; i++) {
		char c = d->text.p[i];

		if (c == '\n')
			puts_buf(out, rnd(2) ? " " : "\r\n\r\n");
		else if (c == ' ' && rnd(10) == 0)
			puts_buf(out, "  ");
		else
			buf_putc(out, c);
	}
	puts_buf(out, "\n ");
}

/* A title: the first few tokens of a random document. */
static void
title(int lang, struct buf *out)
{
	const struct span *p = pick(&paras[lang]);
	const struct doc *d = &docs[p->doc];
	struct tokenizer t = { 0 };
	struct token tk;
	int n = 0;

	tokens_init(&t, d->text.p + p->a, p->b - p->a, 0);
	while (n < 8 && tokens_next(&t, &tk)) {
		if (n++ && !tk.cjk)
			buf_putc(out, ' ');
		buf_append(out, d->text.p + p->a + tk.start, tk.end - tk.start);
	}
	tokens_free(&t);
	buf_putc(out, '\n');
}

/* Footers and site menus: D with two footers gets two of these, drawn
 * by its name; a site's template has one of the menus.  Many of them,
 * not one pair, since each is the same change for every document that
 * gets it: with one pair, the footer kind would measure one change. */
#define NFOOT	6

static const char *const foot[NLANG][NFOOT] = { {
	"Subscribe to our newsletter to get the latest news and updates "
	"delivered to your inbox every week. Follow us on Twitter, Facebook "
	"and LinkedIn.",
	"Share this article: Email, Print, Reddit. Have a tip? Contact our "
	"editors. Comments are closed for this post.",
	"This article was published with the author's permission. Please "
	"cite the source when reposting. Report an error.",
	"Scan the code to download our app and read the latest stories "
	"anywhere. Disclaimer: the views expressed are the author's own.",
	"Previous: How to learn programming. Next: Ten practical tips for "
	"your first job. 12 readers joined the discussion.",
	"Join our reader community to talk with other readers. Editor: "
	"Jane Smith. Reviewed by: Li Hua. Back to top.",
}, {
	"订阅我们的电子报，每周将最新资讯和更新发送到您的邮箱。欢迎关注我们的微博和微信公众号。",
	"分享本文：邮件、打印、微信。有线索？请联系编辑部。本文评论已关闭。",
	"本文由作者授权发布，转载请注明出处。如有错误请联系我们更正。",
	"扫描二维码下载客户端，随时随地阅读最新文章。免责声明：本文仅代表作者观点。",
	"上一篇：如何学习编程　下一篇：十个实用技巧。已有十二位网友参与讨论。",
	"加入我们的读者群，与更多朋友交流讨论。责任编辑：王小明　审核：李华。返回顶部。",
} };

static const char *const menu[NLANG][NSITE] = { {
	"Home News Docs Blog Forum About Contact Search Sign in Subscribe",
	"Home | World | Business | Tech | Science | Opinion | Log in",
	"Start Articles Tutorials Downloads Community Help Register",
	"Front page Latest Popular Topics Archive Newsletter Account",
}, {
	"首页 新闻 文档 博客 论坛 关于我们 联系我们 搜索 登录 注册",
	"首页 | 国内 | 国际 | 财经 | 科技 | 评论 | 登录",
	"开始 文章 教程 下载 社区 帮助 注册",
	"头版 最新 热门 专题 归档 订阅 我的账户",
} };

/* The template of d's site: header, menu, sidebar of popular titles
 * (the same for every page of the site), then the body, then the
 * footer. */
static void
templated(const struct doc *d, struct buf *out)
{
	uint64_t save = rng;
	const char *g = groups[d->group];

	rng = (XXH3_64bits(g, strlen(g)) + (uint64_t)d->site) | 1;
	if (d->lang == 0) {
		printf_buf(out, "%s Online\n%s\nHome > Library > %s\n", g,
		    menu[0][d->site], g);
		puts_buf(out, "Popular posts\n");
		for (int i = 0; i < 4; i++)
			title(d->lang, out);
	} else {
		printf_buf(out, "%s 在线\n%s\n首页 > 文库 > %s\n", g,
		    menu[1][d->site], g);
		puts_buf(out, "热门文章\n");
		for (int i = 0; i < 4; i++)
			title(d->lang, out);
	}
	rng = save;
	buf_append(out, d->text.p, d->text.len);
	if (d->lang == 0)
		printf_buf(out, "\n\nAbout %s | Privacy policy | Terms of use | "
		    "Cookie settings | Advertise with us\nAll rights reserved.\n", g);
	else
		printf_buf(out, "\n\n关于%s | 隐私政策 | 使用条款 | Cookie 设置 | "
		    "广告合作\n保留所有权利。\n", g);
}

static struct text *
new_text(int fam, int role)
{
	struct text *t;

	if (ntexts == captexts) {
		size_t bytes = captexts * sizeof *texts;

		texts = xgrow(texts, &bytes, (ntexts + 1) * sizeof *texts);
		captexts = bytes / sizeof *texts;
	}
	t = &texts[ntexts++];
	memset(t, 0, sizeof *t);
	t->fam = fam;
	t->role = role;
	return t;
}

static void
family(int i)
{
	const struct doc *d = &docs[i];
	bool en = d->lang == 0;
	int y1 = 2000 + (int)rnd(20), y2 = y1 + 1 + (int)rnd(5);
	int views = (int)rnd(5000), coms = (int)rnd(60);
	struct buf *b;
	struct text *t;

	rng = XXH3_64bits(d->name, strlen(d->name)) | 1;
	for (int r = 0; r < NROLE; r++) {
		t = new_text(i, r);
		b = &t->t;
		switch (r) {
		case R_ORIG:
			buf_append(b, d->text.p, d->text.len);
			break;
		case R_WS:
			whitespace(d, b);
			break;
		case R_E1: case R_E5: case R_E10: case R_RW30: case R_RW50:
			edit(d, r == R_E1 ? 0.01 : r == R_E5 ? 0.05 :
			    r == R_E10 ? 0.10 : r == R_RW30 ? 0.30 : 0.50, b);
			break;
		case R_TYPO:
			typos(d, b);
			break;
		case R_YEAR_A: case R_YEAR_B:
			buf_append(b, d->text.p, d->text.len);
			printf_buf(b, en ? "\n\nCopyright %d %s Press. All "
			    "rights reserved.\n" : "\n\n版权所有 © %d %s 出版社\n",
			    r == R_YEAR_A ? y1 : y2, groups[d->group]);
			break;
		case R_TIME_A: case R_TIME_B: {
			unsigned mo = 1 + rnd(12), dd = 1 + rnd(28);
			unsigned hh = rnd(24), mm = rnd(60);

			printf_buf(b, en ? "Posted on %d-%02u-%02u %02u:%02u by "
			    "admin\n" : "发布时间：%d-%02u-%02u %02u:%02u 来源：本站\n",
			    y1, mo, dd, hh, mm);
			buf_append(b, d->text.p, d->text.len);
			break;
		}
		case R_COUNT_A: case R_COUNT_B:
			buf_append(b, d->text.p, d->text.len);
			if (r == R_COUNT_B) {
				views += 1 + (int)rnd(200);
				coms += (int)rnd(3);
			}
			printf_buf(b, en ? "\n\n%d views, %d comments\n" :
			    "\n\n阅读 %d 评论 %d\n", views, coms);
			break;
		case R_FOOT_A: case R_FOOT_B: {
			/* drawn by a hash of the name, so that the other
			 * texts of the family stay as they were */
			uint64_t fh = XXH3_64bits_withSeed(d->name,
			    strlen(d->name), 11);
			unsigned f1 = (unsigned)(fh % NFOOT), f2 = (f1 + 1 +
			    (unsigned)((fh >> 32) % (NFOOT - 1))) % NFOOT;

			buf_append(b, d->text.p, d->text.len);
			puts_buf(b, "\n\n");
			puts_buf(b, foot[d->lang][r == R_FOOT_B ? f2 : f1]);
			break;
		}
		case R_REL_A: case R_REL_B: {
			uint64_t save;

			buf_append(b, d->text.p, d->text.len);
			puts_buf(b, en ? "\n\nRelated posts\n" : "\n\n相关文章\n");
			save = rng;
			rng = XXH3_64bits(d->name, strlen(d->name)) + 7;
			for (int k = 0; k < 5; k++) {
				if (r == R_REL_B && k >= 2) {
					rng = save;
					title(d->lang, b);
					save = rng;
				} else
					title(d->lang, b);
			}
			rng = save;
			break;
		}
		case R_ORDER:
			reorder(d, b);
			break;
		case R_TMPL:
			templated(d, b);
			break;
		case R_API:
			version(d, b, t);
			break;
		}
	}
}

/* The label of two texts of one family, or K_NONE. */
static int
label(int ra, int rb)
{
	static const struct { int a, b, kind; } lab[] = {
		{ R_ORIG, R_WS, K_WS }, { R_ORIG, R_E1, K_E1 },
		{ R_ORIG, R_E5, K_E5 }, { R_ORIG, R_E10, K_E10 },
		{ R_ORIG, R_TYPO, K_TYPO }, { R_YEAR_A, R_YEAR_B, K_YEAR },
		{ R_TIME_A, R_TIME_B, K_TIME }, { R_COUNT_A, R_COUNT_B, K_COUNT },
		{ R_FOOT_A, R_FOOT_B, K_FOOT }, { R_REL_A, R_REL_B, K_REL },
		{ R_ORIG, R_ORDER, K_ORDER }, { R_ORIG, R_TMPL, K_TMPL },
		{ R_ORIG, R_RW30, K_RW30 }, { R_ORIG, R_RW50, K_RW50 },
		{ R_ORIG, R_API, K_API },
	};

	for (size_t i = 0; i < sizeof lab / sizeof *lab; i++)
		if ((lab[i].a == ra && lab[i].b == rb) ||
		    (lab[i].a == rb && lab[i].b == ra))
			return lab[i].kind;
	return K_NONE;
}

#define JBINS	1001	/* similarity in thousandths, rounded down */

struct score {
	uint64_t	total[NKIND];
	uint64_t	hit[NKIND][MAXK + 1];
	size_t		ndocs;
	/* --routes: pairs within 3 and 4 bits on the first fingerprint,
	 * within cand_k on any of cand_n; and the similarity of the
	 * candidates of simhash -n N | nearpairs -k K (Jaccard and
	 * containment) and of
	 * simhash | nearpairs -k 3 (Jaccard) */
	uint64_t	one[NKIND][2];
	uint64_t	two[NKIND];
	uint64_t	jac[NKIND][JBINS];
	uint64_t	con[NKIND][JBINS];
	uint64_t	jac1[NKIND][JBINS];
};

/* A labelled pair of kind k, for --routes. */
static void
route_pair(struct score *sc, int k, const struct text *a,
    const struct text *b)
{
	unsigned d0 = fingerprint_distance(a->fp[0], b->fp[0]), d = d0;
	size_t inter, uni, least;
	unsigned j, c;

	for (int f = 1; f < cand_n; f++) {
		unsigned e = fingerprint_distance(a->fp[f], b->fp[f]);

		d = e < d ? e : d;
	}
	if (d0 <= 3)
		sc->one[k][0]++;
	if (d0 <= 4)
		sc->one[k][1]++;
	if (d > cand_k)
		return;
	sc->two[k]++;
	inter = shingle_common(a->set, a->nset, b->set, b->nset);
	uni = a->nset + b->nset - inter;
	least = a->nset < b->nset ? a->nset : b->nset;
	/* an empty text is like nothing, as nearverify has it */
	j = uni ? (unsigned)(inter * 1000 / uni) : 0;
	c = least ? (unsigned)(inter * 1000 / least) : 0;
	sc->jac[k][j]++;
	sc->con[k][c]++;
	if (d0 <= 3)
		sc->jac1[k][j]++;
}

static void
score(int lang, struct score *sc)
{
	static int8_t labels[NROLE][NROLE];
	size_t *idx = xmalloc(ntexts * sizeof *idx), n = 0, i, j;

	for (int a = 0; a < NROLE; a++)
		for (int b = 0; b < NROLE; b++)
			labels[a][b] = (int8_t)label(a, b);
	memset(sc, 0, sizeof *sc);
	for (i = 0; i < ndocs; i++)
		if (docs[i].lang == lang && (part < 0 || docs[i].part == part))
			sc->ndocs++;
	for (i = 0; i < ntexts; i++) {
		const struct doc *d = &docs[texts[i].fam];

		if (d->lang == lang && (part < 0 || d->part == part))
			idx[n++] = i;
	}
	for (i = 0; i < n; i++) {
		const struct text *a = &texts[idx[i]];
		const struct doc *da = &docs[a->fam];

		for (j = i + 1; j < n; j++) {
			const struct text *b = &texts[idx[j]];
			unsigned d = fingerprint_distance(a->fp[0], b->fp[0]);
			int k;

			for (int f = 1; f < nfp; f++) {
				unsigned e = fingerprint_distance(a->fp[f],
				    b->fp[f]);

				d = e < d ? e : d;
			}

			if (a->fam == b->fam)
				k = labels[a->role][b->role];
			else if (da->group != docs[b->fam].group)
				k = K_OTHER;
			else
				k = a->role == R_TMPL && b->role == R_TMPL &&
				    da->site == docs[b->fam].site ? K_SITE :
				    K_TOPIC;
			/* --routes: another version and a text made from a
			 * document it took paragraphs from share real text,
			 * which the shingles see: neither near nor distinct */
			if (routes && a->fam != b->fam &&
			    (docs_share(a->fam, b->fam) ||
			    took_from(a, b->fam, d <= MAXK ? b : NULL) ||
			    took_from(b, a->fam, d <= MAXK ? a : NULL)))
				k = K_NONE;
			if (k == K_NONE)
				continue;
			sc->total[k]++;
			if (d <= MAXK)
				sc->hit[k][d]++;
			if (routes)
				route_pair(sc, k, a, b);
		}
	}
	/* cumulative: within k bits */
	for (int k = 0; k < NKIND; k++)
		for (int d = 1; d <= MAXK; d++)
			sc->hit[k][d] += sc->hit[k][d - 1];
	free(idx);
}

static double
ratio(uint64_t a, uint64_t b)
{
	return b ? (double)a / (double)b : 0;
}

/* Recall of a class of near-duplicate kinds at k. */
static double
recall(const struct score *sc, int from, int to, int k)
{
	uint64_t h = 0, t = 0;

	for (int i = from; i < to; i++) {
		h += sc->hit[i][k];
		t += sc->total[i];
	}
	return ratio(h, t);
}

/* Precision on the labelled pairs: every near-duplicate pair against
 * every rewrite and version pair and, for each document, one same-site and
 * one same-topic pair (counted at the rate measured on all of them). */
static double
precision(const struct score *sc, int k)
{
	double tp = 0, fp = 0;

	for (int i = 0; i < NPOS; i++)
		tp += (double)sc->hit[i][k];
	for (int i = K_RW30; i <= K_API; i++)
		fp += (double)sc->hit[i][k];
	fp += (double)sc->ndocs * (ratio(sc->hit[K_SITE][k], sc->total[K_SITE]) +
	    ratio(sc->hit[K_TOPIC][k], sc->total[K_TOPIC]));
	return tp + fp > 0 ? tp / (tp + fp) : 1;
}

/* The same over all pairs of texts: what a brute-force search on this
 * set would return. */
static double
precision_all(const struct score *sc, int k)
{
	uint64_t tp = 0, fp = 0;

	for (int i = 0; i < NPOS; i++)
		tp += sc->hit[i][k];
	for (int i = NPOS; i < NKIND; i++)
		fp += sc->hit[i][k];
	return tp + fp ? ratio(tp, tp + fp) : 1;
}

/* Pairs of different pages within k, per million. */
static double
different(const struct score *sc, int k)
{
	return 1e6 * recall(sc, K_SITE, NKIND, k);
}

static void
report(int lang, const struct score *sc)
{
	uint64_t npos = 0, nneg = 0;

	for (int i = 0; i < NKIND; i++)
		*(i < NPOS ? &npos : &nneg) += sc->total[i];
	if (oneline) {
		printf("%s", langs[lang]);
		for (int k = 3; k <= 4; k++)
			printf("  k=%d P %.3f R5 %.3f R10 %.3f rw %.3f %.3f "
			    "api %.3f diff %.0f", k, precision(sc, k),
			    recall(sc, 0, K_E10, k), recall(sc, K_E10, NPOS, k),
			    recall(sc, K_RW30, K_RW50, k),
			    recall(sc, K_RW50, K_API, k),
			    recall(sc, K_API, K_SITE, k), different(sc, k));
		printf("\n");
		return;
	}
	printf("%s: %zu documents, %" PRIu64 " near-duplicate pairs, %" PRIu64
	    " distinct pairs%s\n", langs[lang], sc->ndocs, npos, nneg,
	    part < 0 ? "" : part ? " (part B)" : " (part A)");
	printf("  k  recall<=5%%  recall 5-10%%  precision  different pages"
	    "  precision, all pairs\n");
	for (int k = 0; k <= MAXK; k++)
		printf("  %d  %10.3f  %12.3f  %9.3f  %11.1f ppm  %20.4f\n", k,
		    recall(sc, 0, K_E10, k), recall(sc, K_E10, NPOS, k),
		    precision(sc, k), different(sc, k), precision_all(sc, k));
	printf("  share within k bits, by kind:\n  %-15s %7s", "kind", "pairs");
	for (int k = 0; k <= MAXK; k++)
		printf(" %6d", k);
	printf("\n");
	for (int i = 0; i < NKIND; i++) {
		printf("  %-15s %7" PRIu64, kindname[i], sc->total[i]);
		for (int k = 0; k <= MAXK; k++)
			printf(" %6.3f", ratio(sc->hit[i][k], sc->total[i]));
		printf("\n");
	}
}

/* Per kind, the pairs a route finds: see route_hits(). */
enum { RT_ONE3, RT_ONE4, RT_TWO4, RT_VERIFY, RT_ONE3V, RT_CONTAIN, NROUTE };

static const char *const routename[NROUTE] = {
	"simhash | nearpairs -k 3",
	"simhash | nearpairs -k 4",
	"simhash -n N | nearpairs -k K",
	"... -n N | nearpairs -k K | nearverify",
	"simhash | nearpairs -k 3 | nearverify",
	"... | nearverify --containment",
};

static uint64_t
above(const uint64_t *bins, unsigned t)
{
	uint64_t n = 0;

	for (unsigned i = t; i < JBINS; i++)
		n += bins[i];
	return n;
}

static void
route_hits(const struct score *sc, int rt, unsigned t, uint64_t *hit)
{
	for (int i = 0; i < NKIND; i++)
		switch (rt) {
		case RT_ONE3: hit[i] = sc->one[i][0]; break;
		case RT_ONE4: hit[i] = sc->one[i][1]; break;
		case RT_TWO4: hit[i] = sc->two[i]; break;
		case RT_VERIFY: hit[i] = above(sc->jac[i], t); break;
		case RT_ONE3V: hit[i] = above(sc->jac1[i], t); break;
		default: hit[i] = above(sc->con[i], t); break;
		}
}

static double
share(const struct score *sc, const uint64_t *hit, int from, int to)
{
	uint64_t h = 0, n = 0;

	for (int i = from; i < to; i++) {
		h += hit[i];
		n += sc->total[i];
	}
	return ratio(h, n);
}

/* Precision against different texts: the near-duplicates a route finds
 * among them and every pair of texts of two different documents it
 * finds (what running it over this set would give, the rewrites and
 * other versions left out); and the labelled precision of precision(). */
static void
route_precision(const struct score *sc, const uint64_t *hit, double *diff,
    double *lab)
{
	double tp = 0, fd = 0, fl = 0;

	for (int i = 0; i < NPOS; i++)
		tp += (double)hit[i];
	for (int i = K_SITE; i < NKIND; i++)
		fd += (double)hit[i];
	for (int i = K_RW30; i <= K_API; i++)
		fl += (double)hit[i];
	fl += (double)sc->ndocs * (ratio(hit[K_SITE], sc->total[K_SITE]) +
	    ratio(hit[K_TOPIC], sc->total[K_TOPIC]));
	*diff = tp + fd > 0 ? tp / (tp + fd) : 1;
	*lab = tp + fl > 0 ? tp / (tp + fl) : 1;
}

static void
report_routes(int lang, const struct score *sc)
{
	uint64_t hit[NROUTE][NKIND], h[NKIND];
	static const unsigned sweep[] = { 200, 250, 300, 350, 400, 450, 500,
	    600, 700, 800 };

	printf("%s: %zu documents%s; nearverify --min %.3f; routes 3, 4 and 6: "
	    "simhash -n %d | nearpairs -k %u\n", langs[lang], sc->ndocs,
	    part < 0 ? "" : part ? " (part B)" : " (part A)", minj / 1000.0,
	    cand_n, cand_k);
	printf("  %-40s %7s %7s %7s %7s %9s %6s %6s %6s\n", "route", "R<=5%",
	    "R5-10%", "P diff", "P lab", "diff ppm", "rw30", "rw50", "api");
	for (int rt = 0; rt < NROUTE; rt++) {
		double pd, pl;

		route_hits(sc, rt, minj, hit[rt]);
		route_precision(sc, hit[rt], &pd, &pl);
		printf("  %-40s %7.3f %7.3f %7.4f %7.3f %9.2f %6.3f %6.3f %6.3f\n",
		    routename[rt], share(sc, hit[rt], 0, K_E10),
		    share(sc, hit[rt], K_E10, NPOS), pd, pl,
		    1e6 * share(sc, hit[rt], K_SITE, NKIND),
		    share(sc, hit[rt], K_RW30, K_RW50),
		    share(sc, hit[rt], K_RW50, K_API),
		    share(sc, hit[rt], K_API, K_SITE));
	}
	printf("  share found, by kind (routes as above, in order):\n");
	printf("  %-15s %7s", "kind", "pairs");
	for (int rt = 0; rt < NROUTE; rt++)
		printf(" %6d", rt + 1);
	printf("\n");
	for (int i = 0; i < NKIND; i++) {
		printf("  %-15s %7" PRIu64, kindname[i], sc->total[i]);
		for (int rt = 0; rt < NROUTE; rt++)
			printf(" %6.3f", ratio(hit[rt][i], sc->total[i]));
		printf("\n");
	}
	printf("  the route with nearverify --min J (Jaccard; containment):\n");
	printf("  %5s %7s %7s %7s %9s %6s %6s   %7s %7s %7s %9s\n", "J", "R<=5%",
	    "R5-10%", "P diff", "diff ppm", "rw30", "rw50", "R<=5%", "R5-10%",
	    "P diff", "diff ppm");
	for (size_t t = 0; t < sizeof sweep / sizeof *sweep; t++) {
		double pd, pl;

		route_hits(sc, RT_VERIFY, sweep[t], h);
		route_precision(sc, h, &pd, &pl);
		printf("  %5.3f %7.3f %7.3f %7.4f %9.2f %6.3f %6.3f", sweep[t] /
		    1000.0, share(sc, h, 0, K_E10), share(sc, h, K_E10, NPOS),
		    pd, 1e6 * share(sc, h, K_SITE, NKIND),
		    share(sc, h, K_RW30, K_RW50), share(sc, h, K_RW50, K_API));
		route_hits(sc, RT_CONTAIN, sweep[t], h);
		route_precision(sc, h, &pd, &pl);
		printf("   %7.3f %7.3f %7.4f %9.2f\n", share(sc, h, 0, K_E10),
		    share(sc, h, K_E10, NPOS), pd,
		    1e6 * share(sc, h, K_SITE, NKIND));
	}
}

/* Precision against each class of distinct pairs on its own, as the
 * issue's target names them: "articles" counts against the near-duplicates
 * only, for each document, one same-site and one same-topic pair (at the
 * rate measured on all of them); "+api" adds the other versions; "+rewrites"
 * adds the 30% and 50% rewrites too (what precision() gives). */
static double
precision_of(const struct score *sc, int k, bool api, bool rewrites)
{
	double tp = 0, fp = 0;

	for (int i = 0; i < NPOS; i++)
		tp += (double)sc->hit[i][k];
	if (api)
		fp += (double)sc->hit[K_API][k];
	if (rewrites)
		fp += (double)(sc->hit[K_RW30][k] + sc->hit[K_RW50][k]);
	fp += (double)sc->ndocs * (ratio(sc->hit[K_SITE][k], sc->total[K_SITE]) +
	    ratio(sc->hit[K_TOPIC][k], sc->total[K_TOPIC]));
	return tp + fp > 0 ? tp / (tp + fp) : 1;
}

static void
report_precision(int lang, const struct score *sc)
{
	printf("%s: precision against different articles (same site, same "
	    "topic), +api versions, +rewrites 30%% and 50%%\n", langs[lang]);
	printf("  k  articles      +api  +rewrites\n");
	for (int k = 0; k <= MAXK; k++)
		printf("  %d  %8.4f  %8.4f  %9.4f\n", k,
		    precision_of(sc, k, false, false),
		    precision_of(sc, k, true, false),
		    precision_of(sc, k, true, true));
}

/* One line per language for comparing schemes: at k = 3 and 4, recall
 * for edits of at most 5% and 5-10%, the three precisions, and the share
 * of each distinct kind of one family within k. */
static void
report_compact(int lang, const struct score *sc)
{
	printf("%s", langs[lang]);
	for (int k = 3; k <= 4; k++)
		printf("  k=%d R5 %.3f R10 %.3f Part %.4f Papi %.4f Prw %.4f "
		    "rw30 %.3f rw50 %.3f api %.3f", k,
		    recall(sc, 0, K_E10, k), recall(sc, K_E10, NPOS, k),
		    precision_of(sc, k, false, false),
		    precision_of(sc, k, true, false),
		    precision_of(sc, k, true, true),
		    recall(sc, K_RW30, K_RW50, k), recall(sc, K_RW50, K_API, k),
		    recall(sc, K_API, K_SITE, k));
	printf("\n");
}

/* --analyze: why pairs end up far apart.  A text's weight vector as
 * simhash's default weights make it (a feature seen once 0.35, else its
 * count; words capped at 6% of the total; CJK characters not capped). */
struct feat {
	uint64_t	h;
	double		w;
	bool		cjk;
};

static int
cmp_feat(const void *a, const void *b)
{
	uint64_t x = ((const struct feat *)a)->h, y = ((const struct feat *)b)->h;

	return x < y ? -1 : x > y;
}

static size_t
weights(const struct buf *t, struct feat **out, size_t *ntok)
{
	struct tokenizer tz = { 0 };
	struct token tk;
	struct feat *v = NULL;
	size_t n = 0, cap = 0, m = 0;
	double total = 0;

	tokens_init(&tz, t->p, t->len, par.tokflags);
	while (tokens_next(&tz, &tk)) {
		if (n == cap)
			v = xrealloc(v, (cap = cap ? 2 * cap : 256) * sizeof *v);
		v[n++] = (struct feat){ XXH3_64bits(tk.p, tk.n), 1, tk.cjk };
	}
	tokens_free(&tz);
	*ntok = n;
	qsort(v, n, sizeof *v, cmp_feat);
	for (size_t i = 0; i < n; ) {
		size_t j = i;

		while (j < n && v[j].h == v[i].h)
			j++;
		v[m] = v[i];
		v[m].w = j - i == 1 ? (v[i].cjk ? par.cjk_once : par.once) / 100.0 :
		    (double)(j - i);
		total += v[m++].w;
		i = j;
	}
	for (size_t i = 0; i < m; i++)
		if (!v[i].cjk && v[i].w > total * par.word_cap / 1000.0)
			v[i].w = total * par.word_cap / 1000.0;
	*out = v;
	return m;
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_dbl);
	return n ? v[n / 2] : 0;
}

static void
analyze(int lang)
{
	enum { A_TOK, A_ADD, A_SHARE, A_CJKSH, A_BITS, A_DIST, A_N };
	static const char *const col[A_N] = { "tokens", "added", "wshare",
	    "cjkshare", "E[bits]", "bits" };
	double *val[NPOS + 3][A_N];
	size_t cnt[NPOS + 3] = { 0 }, cap = ndocs + 1;

	for (int k = 0; k < NPOS + 3; k++)
		for (int c = 0; c < A_N; c++)
			val[k][c] = xmalloc(cap * sizeof(double));
	for (size_t i = 0; i < ntexts; i++) {
		const struct text *a = &texts[i];

		if (docs[a->fam].lang != lang)
			continue;
		for (size_t j = i + 1; j < ntexts && texts[j].fam == a->fam; j++) {
			const struct text *b = &texts[j];
			int k = label(a->role, b->role);
			struct feat *fa, *fb;
			size_t na, nb, ta, tb, x = 0, y = 0;
			double dot = 0, qa = 0, qb = 0, diff = 0, sum = 0, cj = 0;

			if (k == K_NONE || k > K_API)
				continue;
			na = weights(&a->t, &fa, &ta);
			nb = weights(&b->t, &fb, &tb);
			for (size_t u = 0; u < na; u++)
				qa += fa[u].w * fa[u].w, sum += fa[u].w;
			for (size_t u = 0; u < nb; u++)
				qb += fb[u].w * fb[u].w, sum += fb[u].w;
			while (x < na || y < nb) {
				double wa = 0, wb = 0;
				bool c;

				if (y == nb || (x < na && fa[x].h < fb[y].h))
					c = fa[x].cjk, wa = fa[x++].w;
				else if (x == na || fb[y].h < fa[x].h)
					c = fb[y].cjk, wb = fb[y++].w;
				else
					c = fa[x].cjk, wa = fa[x++].w, wb = fb[y++].w;
				dot += wa * wb;
				diff += wa > wb ? wa - wb : wb - wa;
				if (c)
					cj += wa > wb ? wa - wb : wb - wa;
			}
			val[k][A_TOK][cnt[k]] = (double)(ta < tb ? ta : tb);
			val[k][A_ADD][cnt[k]] = ta > tb ? (double)(ta - tb) :
			    (double)(tb - ta);
			val[k][A_SHARE][cnt[k]] = diff / sum;
			val[k][A_CJKSH][cnt[k]] = diff > 0 ? cj / diff : 0;
			val[k][A_BITS][cnt[k]] = 64 * acos(fmin(1, dot /
			    sqrt(qa * qb))) / 3.14159265358979;
			val[k][A_DIST][cnt[k]] = fingerprint_distance(a->fp[0],
			    b->fp[0]);
			cnt[k]++;
			free(fa);
			free(fb);
		}
	}
	/* Other versions within 4 bits: how many changed no more weight
	 * than the median 10% edit (the edits left them near-duplicates) */
	if (cnt[K_API] && cnt[K_E10]) {
		double *e = xmalloc(cnt[K_E10] * sizeof *e), m;
		size_t near = 0, near4 = 0, all4 = 0;

		memcpy(e, val[K_E10][A_SHARE], cnt[K_E10] * sizeof *e);
		m = median(e, cnt[K_E10]);
		free(e);
		double *w = xmalloc(cnt[K_API] * sizeof *w);

		for (size_t u = 0; u < cnt[K_API]; u++) {
			bool w4 = val[K_API][A_DIST][u] <= 4;

			if (w4)
				w[all4] = val[K_API][A_SHARE][u];
			all4 += w4;
			if (val[K_API][A_SHARE][u] <= m)
				near++, near4 += w4;
		}
		printf("%s: other versions: %zu pairs, %zu within 4 bits; %zu "
		    "changed at most the weight of the median 10%% edit "
		    "(%.3f), %zu of them within 4 bits; the median change "
		    "of those within 4 bits %.3f\n", langs[lang],
		    cnt[K_API], all4, near, m, near4, median(w, all4));
		free(w);
	}
	printf("%s: medians per kind (tokens of the shorter text, tokens "
	    "added, changed weight / total, CJK share of the change, bits "
	    "expected from the angle, bits)\n  %-15s", langs[lang], "kind");
	for (int c = 0; c < A_N; c++)
		printf(" %9s", col[c]);
	printf(" %9s\n", "<=4 bits");
	for (int k = 0; k <= K_API; k++) {
		size_t w4 = 0;

		if (cnt[k] == 0)
			continue;
		for (size_t u = 0; u < cnt[k]; u++)
			w4 += val[k][A_DIST][u] <= 4;
		printf("  %-15s", kindname[k]);
		for (int c = 0; c < A_N; c++)
			printf(" %9.3f", median(val[k][c], cnt[k]));
		printf(" %9.3f\n", (double)w4 / (double)cnt[k]);
	}
}

/* The kind of the pair of texts a and b, as score() labels it with
 * --routes, or K_NONE; cross-family pairs that share a paragraph are
 * K_NONE. */
static int
pair_kind(const struct text *a, const struct text *b)
{
	const struct doc *da = &docs[a->fam], *db = &docs[b->fam];

	if (a->fam == b->fam)
		return label(a->role, b->role);
	if (docs_share(a->fam, b->fam) || took_from(a, b->fam, b) ||
	    took_from(b, a->fam, a))
		return K_NONE;
	if (da->group != db->group)
		return K_OTHER;
	return a->role == R_TMPL && b->role == R_TMPL && da->site == db->site ?
	    K_SITE : K_TOPIC;
}

/* --emit: every text of the chosen part and language. */
static void
emit_texts(const char *path)
{
	FILE *f = fopen(path, "w");
	struct buf esc = { 0 };

	if (f == NULL)
		die("%s: cannot create", path);
	for (size_t i = 0; i < ntexts; i++) {
		const struct text *t = &texts[i];

		esc.len = 0;
		escape_append(&esc, t->t.p, t->t.len);
		fprintf(f, "%s.%zu.%s\t", langs[docs[t->fam].lang], i,
		    rolename[t->role]);
		fwrite(esc.p, 1, esc.len, f);
		fputc('\n', f);
	}
	buf_free(&esc);
	if (fclose(f) != 0)
		die("%s: write error", path);
}

/* The text an --emit ID names, or NULL. */
static const struct text *
text_of(const char *id, size_t n)
{
	const char *dot = memchr(id, '.', n);
	char *end;
	unsigned long i;

	if (dot == NULL)
		return NULL;
	i = strtoul(dot + 1, &end, 10);
	if (end == dot + 1 || *end != '.' || i >= ntexts)
		return NULL;
	return &texts[i];
}

/* --score: the pairs found, per language: the share of each kind's
 * labelled pairs (a family has one pair of each near-duplicate kind),
 * and precision against different texts as route_precision has it. */
static void
score_pairs(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	uint64_t hit[NLANG][NKIND] = { { 0 } }, none[NLANG] = { 0 };
	uint64_t npairs[NLANG] = { 0 };
	size_t nfam[NLANG] = { 0 };

	if (f == NULL)
		die("%s: cannot open", path);
	while ((len = getline(&line, &cap, f)) > 0) {
		char *t1 = memchr(line, '\t', (size_t)len), *t2;
		const struct text *a, *b;
		int k, lang;

		if (t1 == NULL)
			die("%s: a pair without two IDs", path);
		t2 = memchr(t1 + 1, '\t', (size_t)(line + len - t1 - 1));
		if (t2 == NULL)
			t2 = line + len - (line[len - 1] == '\n');
		a = text_of(line, (size_t)(t1 - line));
		b = text_of(t1 + 1, (size_t)(t2 - t1 - 1));
		if (a == NULL || b == NULL)
			die("%s: an ID --emit did not write", path);
		lang = docs[a->fam].lang;
		npairs[lang]++;
		if ((k = pair_kind(a, b)) == K_NONE)
			none[lang]++;
		else
			hit[lang][k]++;
		if (show_false && k >= K_SITE)
			fprintf(stderr, "false (%s): %s", kindname[k], line);
	}
	free(line);
	fclose(f);
	for (size_t i = 0; i < ndocs; i++)
		if ((part < 0 || docs[i].part == part) && (only_lang == NULL ||
		    strcmp(langs[docs[i].lang], only_lang) == 0))
			nfam[docs[i].lang]++;
	for (int l = 0; l < NLANG; l++) {
		uint64_t tp = 0, fd = 0, h5 = 0;

		if (nfam[l] == 0)
			continue;
		for (int k = 0; k < NPOS; k++)
			tp += hit[l][k];
		for (int k = 0; k < K_E10; k++)
			h5 += hit[l][k];
		for (int k = K_SITE; k < NKIND; k++)
			fd += hit[l][k];
		printf("%s: %zu documents%s, %" PRIu64 " pairs: R<=5%% %.3f "
		    "R5-10%% %.3f P %.4f false %" PRIu64 " rw30 %.3f rw50 %.3f "
		    "api %.3f unlabelled %" PRIu64 "\n", langs[l], nfam[l],
		    part < 0 ? "" : part ? " (part B)" : " (part A)", npairs[l],
		    ratio(h5, (uint64_t)nfam[l] * K_E10),
		    ratio(hit[l][K_E10], nfam[l]),
		    tp + fd ? (double)tp / (double)(tp + fd) : 1, fd,
		    ratio(hit[l][K_RW30], nfam[l]), ratio(hit[l][K_RW50], nfam[l]),
		    ratio(hit[l][K_API], nfam[l]), none[l]);
	}
}

static unsigned
num(const char *opt, const char *arg)
{
	char *end;
	unsigned long v = strtoul(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v > 1000000)
		die("%s: bad number '%s'", opt, arg);
	return (unsigned)v;
}

int
main(int argc, char *argv[])
{
	static const struct option lo[] = {
		{ "once", required_argument, NULL, 'o' },
		{ "word-cap", required_argument, NULL, 'w' },
		{ "cjk-mul", required_argument, NULL, 'm' },
		{ "cjk-exp", required_argument, NULL, 'e' },
		{ "cjk-cap", required_argument, NULL, 'c' },
		{ "weight", required_argument, NULL, 'W' },
		{ "shingle", required_argument, NULL, 's' },
		{ "chars", no_argument, NULL, 'C' },
		{ "keep-digits", no_argument, NULL, 'D' },
		{ "seed", required_argument, NULL, 'S' },
		{ "min-tokens", required_argument, NULL, 't' },
		{ "max-tokens", required_argument, NULL, 'T' },
		{ "part", required_argument, NULL, 'p' },
		{ "summary", no_argument, NULL, '1' },
		{ "count", required_argument, NULL, 'n' },
		{ "routes", no_argument, NULL, 'r' },
		{ "min", required_argument, NULL, 'j' },
		{ "cand-n", required_argument, NULL, 'N' },
		{ "cand-k", required_argument, NULL, 'K' },
		{ "compact", no_argument, NULL, 'P' },
		{ "cjk-once", required_argument, NULL, 'O' },
		{ "lang", required_argument, NULL, 'L' },
		{ "analyze", no_argument, NULL, 'Z' },
		{ "emit", required_argument, NULL, 'E' },
		{ "score", required_argument, NULL, 'Q' },
		{ "show-false", no_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	struct simhash sh;
	int ch;

	par = simhash_defaults;
	while ((ch = getopt_long(argc, argv, "p:1n:", lo, NULL)) != -1) {
		switch (ch) {
		case 'o': par.once = num("--once", optarg); break;
		case 'w': par.word_cap = num("--word-cap", optarg); break;
		case 'm': par.cjk_mul = num("--cjk-mul", optarg); break;
		case 'e': par.cjk_exp = num("--cjk-exp", optarg); break;
		case 'c': par.cjk_cap = num("--cjk-cap", optarg); break;
		case 'W':
			par.weight = strcmp(optarg, "tf") == 0 ? SIMHASH_W_TF :
			    strcmp(optarg, "log") == 0 ? SIMHASH_W_LOG :
			    strcmp(optarg, "binary") == 0 ? SIMHASH_W_BINARY :
			    SIMHASH_W_DEFAULT;
			break;
		case 's': par.shingle = num("--shingle", optarg); break;
		case 'C': par.tokflags |= TOKENS_CHARS; break;
		case 'D': par.tokflags &= ~(unsigned)TOKENS_DIGITS_ZERO; break;
		case 'S': par.seed = num("--seed", optarg); break;
		case 't': min_tokens = num("--min-tokens", optarg); break;
		case 'T': max_tokens = num("--max-tokens", optarg); break;
		case 'p':
			part = strcmp(optarg, "A") == 0 ? 0 :
			    strcmp(optarg, "B") == 0 ? 1 : -1;
			break;
		case '1': oneline = 1; break;
		case 'r': routes = 1; break;
		case 'N':
			cand_n = (int)num("--cand-n", optarg);
			if (cand_n < 1 || cand_n > SIMHASH_MAXFP)
				die("--cand-n: 1 to %d", SIMHASH_MAXFP);
			break;
		case 'K': cand_k = num("--cand-k", optarg); break;
		case 'j':
			minj = num("--min (thousandths)", optarg);
			if (minj > 1000)
				die("--min: 0 to 1000 thousandths");
			break;
		case 'P': compact = 1; break;
		case 'Z': analyzing = 1; break;
		case 'E': emit_path = optarg; break;
		case 'Q': score_path = optarg; break;
		case 'F': show_false = 1; break;
		case 'L': only_lang = optarg; break;
		case 'O': par.cjk_once = num("--cjk-once", optarg); break;
		case 'n':
			nfp = (int)num("-n", optarg);
			if (nfp < 1 || nfp > SIMHASH_MAXFP)
				die("-n: 1 to %d", SIMHASH_MAXFP);
			break;
		default:
			die("usage: simeval [options] DOCS");
		}
	}
	if (optind + 1 != argc)
		die("usage: simeval [options] DOCS");
	load(argv[optind]);
	select_docs();
	pools();
	for (size_t i = 0; i < ndocs; i++)
		if ((part < 0 || docs[i].part == part) && (only_lang == NULL ||
		    strcmp(langs[docs[i].lang], only_lang) == 0))
			family((int)i);
	if (emit_path != NULL) {
		emit_texts(emit_path);
		return 0;
	}
	if (routes && nfp < cand_n)
		nfp = cand_n;
	simhash_init(&sh, &par);
	for (size_t i = 0; i < ntexts && score_path == NULL; i++)
		simhash_text(&sh, texts[i].t.p, texts[i].t.len, false, nfp,
		    texts[i].fp);
	simhash_free(&sh);
	if (routes || score_path != NULL) {
		struct shingler shg;

		shingler_init(&shg, 3);
		for (size_t i = 0; i < ntexts; i++) {
			struct text *t = &texts[i];

			shingle_set(&shg, t->t.p, t->t.len, false);
			t->nset = shg.n;
			t->set = xmalloc((shg.n ? shg.n : 1) * sizeof *t->set);
			memcpy(t->set, shg.v, shg.n * sizeof *t->set);
		}
		shingler_free(&shg);
	}
	if (score_path != NULL) {
		score_pairs(score_path);
		return 0;
	}
	for (int l = 0; l < NLANG; l++) {
		static struct score sc;

		if (only_lang && strcmp(langs[l], only_lang) != 0)
			continue;
		if (analyzing) {
			analyze(l);
			continue;
		}
		score(l, &sc);
		if (routes)
			report_routes(l, &sc);
		else if (compact)
			report_compact(l, &sc);
		else
			report(l, &sc);
		if (!routes && !compact && !oneline)
			report_precision(l, &sc);
	}
	return 0;
}
