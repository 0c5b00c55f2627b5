/* MinHash LSH, the near-duplicate search of text-dedup, datatrove,
 * datasketch and NeMo Curator, as a peer for nearverify's benchmark: not
 * a program of the suite.
 *
 *   minhash [-p PERM] [-t THRESHOLD] [--shingle N] [-b BANDS -r ROWS]
 *           [--seed S] [-i N] [-f N] [-v] [DOCS]
 *
 * DOCS holds records "ID TAB ... TAB TEXT" (TEXT escaped; -i and -f pick
 * other fields).  Each text's shingles are nearverify's (shingle.h: the
 * tokens simhash takes, CJK characters one a token, N tokens a shingle,
 * 64-bit hashes; --shingle 5 by default, text-dedup's).  Its signature is,
 * for each of PERM permutations i, the least over its shingle hashes h of
 *	((a_i * (h mod p) + b_i) mod p) mod 2^32,     p = 2^61 - 1,
 * text-dedup's and datasketch's universal hashing (the low 32 bits kept,
 * as both keep them), computed exactly in 128 bits; a_i in [1, p) and b_i
 * in [0, p) come from splitmix64 seeded by --seed (42, text-dedup's seed;
 * its numpy generator is not reproduced, so the values differ, not the
 * scheme).  The signature is cut into BANDS bands of ROWS values; two
 * texts that agree on all the values of a band share that band's bucket,
 * and every two texts of a bucket are a candidate pair.  BANDS and ROWS
 * are chosen as datasketch chooses them for a threshold t: of every
 * b * r <= PERM, the one that minimises the sum of the false-positive
 * area (the probability of candidacy 1 - (1 - s^r)^b integrated over
 * s from 0 to t) and the false-negative area (its complement integrated
 * from t to 1), each weighted 0.5.
 *
 * The candidate pairs are written "ID1 TAB ID2 TAB BANDS" (the bands
 * shared), ID1 the earlier document, in input order: what nearverify -d
 * DOCS reads, which verifies them on the texts' Jaccard index, as the
 * route's candidates are verified.  Texts without a token have no
 * signature and no candidates (nearverify finds them like nothing).
 *
 * Speed: the signature is the cost (PERM hashes a shingle).  The
 * permutations are held in vector registers, 32 at a time (AVX-512, or 16
 * with AVX2), the shingle hashes stream past them, and the modular
 * product is built from four 32-bit products with the reduction mod p
 * done by shifts and adds; CRAWLUTILS_NO_AVX512 and CRAWLUTILS_NO_AVX2
 * rule the wider code out (the signatures are the same: tests compare
 * them).  No allocation per shingle or per text once the buffers have
 * grown; memory is 8 bytes a band a text for the band keys, the IDs, and
 * the candidate pairs (8 bytes each). */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "buf.h"
#include "cli.h"
#include "field.h"
#include "radix.h"
#include "shingle.h"
#include "stream.h"
#include "xalloc.h"

#define MH_P		((1ULL << 61) - 1)
#define MH_M32		0xffffffffULL
#define MH_MAXPERM	4096

static const char help[] =
"Usage: minhash [-p PERM] [-t THRESHOLD] [--shingle N] [-b BANDS -r ROWS]\n"
"               [--seed S] [-i N] [-f N] [-v] [DOCS ...]\n"
"MinHash LSH candidate pairs of the documents (ID TAB ... TAB TEXT), for\n"
"nearverify -d DOCS to verify: a benchmark peer, not a crawlutils program.\n"
"\n"
"  -p, --perm N         permutations (default 256)\n"
"  -t, --threshold T    the Jaccard index the bands are chosen for\n"
"                       (default 0.7)\n"
"  -b, --bands N        bands instead of the chosen ones (with -r)\n"
"  -r, --rows N         values a band (with -b)\n"
"      --shingle N      tokens a shingle (1 to 8, default 5)\n"
"      --seed S         the seed of the permutations (default 42)\n"
"  -i, --id-field N     the ID field (default 1)\n"
"  -f, --field N        the text field (default -1, the last)\n"
"      --params         print the bands and rows chosen, and the areas\n"
"      --signatures     write ID TAB SIGNATURE (hex values, commas) instead\n"
CLI_HELP_COMMON;

enum { OPT_SHINGLE = OPT_PROGRAM, OPT_SEED, OPT_PARAMS, OPT_SIGNATURES };

static const struct option longopts[] = {
	{ "perm",	required_argument,	NULL, 'p' },
	{ "threshold",	required_argument,	NULL, 't' },
	{ "bands",	required_argument,	NULL, 'b' },
	{ "rows",	required_argument,	NULL, 'r' },
	{ "shingle",	required_argument,	NULL, OPT_SHINGLE },
	{ "seed",	required_argument,	NULL, OPT_SEED },
	{ "id-field",	required_argument,	NULL, 'i' },
	{ "field",	required_argument,	NULL, 'f' },
	{ "params",	no_argument,		NULL, OPT_PARAMS },
	{ "signatures",	no_argument,		NULL, OPT_SIGNATURES },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

/* The permutations: a_i, b_i below p. */
static uint64_t perm_a[MH_MAXPERM], perm_b[MH_MAXPERM];
static unsigned nperm = 256;

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
perm_init(uint64_t seed)
{
	for (unsigned i = 0; i < nperm; i++) {
		perm_a[i] = 1 + splitmix(&seed) % (MH_P - 1);
		perm_b[i] = splitmix(&seed) % MH_P;
	}
}

static uint64_t
mod_p(uint64_t x)
{
	x = (x & MH_P) + (x >> 61);
	return x >= MH_P ? x - MH_P : x;
}

__extension__ typedef unsigned __int128 mh_u128;

/* The reference: sig[i] = min over h of ((a_i h + b_i) mod p) mod 2^32,
 * for the permutations from i0 on; h holds hashes already reduced mod p. */
static void
sig_portable(const uint64_t *h, size_t n, unsigned i0, uint64_t *sig)
{
	for (unsigned i = i0; i < nperm; i++) {
		uint64_t m = MH_M32;

		for (size_t s = 0; s < n; s++) {
			mh_u128 v = (mh_u128)perm_a[i] * h[s] +
			    perm_b[i];
			uint64_t x = ((uint64_t)v & MH_P) + (uint64_t)(v >> 61);

			x = mod_p(x) & MH_M32;
			m = x < m ? x : m;
		}
		sig[i] = m;
	}
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* The vector kernel, for a vector type V of 64-bit lanes and its 32-by-32
 * bit multiply MUL: NV vectors of permutations at a time, their a, b and
 * minimums in registers, every shingle hash h = hh 2^32 + hl (hh < 2^29)
 * broadcast to them in turn.  With a = ah 2^32 + al:
 *	a h + b = z 2^64 + y 2^32 + x + b,   x = al hl, y = ah hl + al hh,
 *	z = ah hh,
 * and since 2^61 = 1 mod p: z 2^64 = 8z (8z < 2^61), y 2^32 = (y >> 29)
 * + (y mod 2^29) 2^32, x = (x >> 61) + (x mod 2^61); their sum is below
 * 2^64, and two folds s = (s mod 2^61) + (s >> 61) bring it to [0, p],
 * p meaning 0.  Permutations past the last whole block go to the
 * reference. */
#define MH_KERNEL(name, tgt, V, LANES, MUL)				\
__attribute__((target(tgt))) static unsigned				\
name(const uint64_t *h, size_t n, uint64_t *sig)			\
{									\
	enum { NV = 4 };						\
	const V p = (V){ 0 } + MH_P, m29 = (V){ 0 } + ((1ULL << 29) - 1); \
	const V m32 = (V){ 0 } + MH_M32;				\
	unsigned i0;							\
									\
	for (i0 = 0; i0 + NV * LANES <= nperm; i0 += NV * LANES) {	\
		V a[NV], ah[NV], b[NV], acc[NV];			\
									\
		for (int j = 0; j < NV; j++) {				\
			memcpy(&a[j], perm_a + i0 + j * LANES, sizeof a[j]); \
			memcpy(&b[j], perm_b + i0 + j * LANES, sizeof b[j]); \
			ah[j] = a[j] >> 32;				\
			acc[j] = m32;					\
		}							\
		for (size_t s = 0; s < n; s++) {			\
			V hl = (V){ 0 } + (h[s] & MH_M32);		\
			V hh = (V){ 0 } + (h[s] >> 32);			\
									\
			for (int j = 0; j < NV; j++) {			\
				V x = MUL(a[j], hl);			\
				V y = MUL(ah[j], hl) + MUL(a[j], hh);	\
				V z = MUL(ah[j], hh);			\
				V v = (z << 3) + (y >> 29) +		\
				    ((y & m29) << 32) + (x & p) +	\
				    (x >> 61) + b[j];			\
									\
				v = (v & p) + (v >> 61);		\
				v = (v & p) + (v >> 61);		\
				v = (v - (p & (V)(v == p))) & m32;	\
				V lt = (V)(v < acc[j]);			\
				acc[j] = (v & lt) | (acc[j] & ~lt);	\
			}						\
		}							\
		for (int j = 0; j < NV; j++)				\
			memcpy(sig + i0 + j * LANES, &acc[j], sizeof acc[j]); \
	}								\
	return i0;							\
}

typedef uint64_t mh_v8 __attribute__((vector_size(64)));
typedef uint64_t mh_v4 __attribute__((vector_size(32)));
#define MUL8(x, y)	((mh_v8)_mm512_mul_epu32((__m512i)(x), (__m512i)(y)))
#define MUL4(x, y)	((mh_v4)_mm256_mul_epu32((__m256i)(x), (__m256i)(y)))
MH_KERNEL(sig_avx512, "avx512f", mh_v8, 8, MUL8)
MH_KERNEL(sig_avx2, "avx2", mh_v4, 4, MUL4)

static unsigned (*sig_vector)(const uint64_t *, size_t, uint64_t *);

static void
sig_choose(void)
{
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") &&
	    getenv("CRAWLUTILS_NO_AVX512") == NULL)
		sig_vector = sig_avx512;
	else if (__builtin_cpu_supports("avx2") &&
	    getenv("CRAWLUTILS_NO_AVX2") == NULL)
		sig_vector = sig_avx2;
}

static void
signature(const uint64_t *h, size_t n, uint64_t *sig)
{
	sig_portable(h, n, sig_vector ? sig_vector(h, n, sig) : 0, sig);
}
#else
static void
sig_choose(void)
{
}

static void
signature(const uint64_t *h, size_t n, uint64_t *sig)
{
	sig_portable(h, n, 0, sig);
}
#endif

/* The chance that a pair of Jaccard index s is a candidate. */
static double
candidacy(double s, unsigned b, unsigned r)
{
	return 1 - pow(1 - pow(s, r), b);
}

/* Simpson's rule, 1000 intervals: the areas are smooth, and their
 * optimum is the one datasketch's adaptive integration finds for the
 * settings benchmarked (checked: 0.7 with 256 gives 25 x 10, 0.3 gives
 * 64 x 4, the issue's). */
static double
area(double from, double to, unsigned b, unsigned r, bool neg)
{
	const int n = 1000;
	double w = (to - from) / n, sum = 0;

	for (int i = 0; i <= n; i++) {
		double s = from + i * w, f = candidacy(s, b, r);

		sum += (i == 0 || i == n ? 1 : i % 2 ? 4 : 2) *
		    (neg ? 1 - f : f);
	}
	return sum * w / 3;
}

static void
optimal(double t, unsigned *bands, unsigned *rows, double *fp, double *fn)
{
	double best = INFINITY;

	for (unsigned b = 1; b <= nperm; b++)
		for (unsigned r = 1; r <= nperm / b; r++) {
			double x = area(0, t, b, r, false);
			double y = area(t, 1, b, r, true);

			if (0.5 * x + 0.5 * y < best) {
				best = 0.5 * x + 0.5 * y;
				*bands = b;
				*rows = r;
				*fp = x;
				*fn = y;
			}
		}
}

static double
parse_unit(const char *opt, const char *arg)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end != '\0' || !(v > 0 && v < 1))
		cli_usage_error("%s: '%s' is not a number between 0 and 1",
		    opt, arg);
	return v;
}

/* The documents read: their IDs, and the band keys of those with a
 * signature (docno says which document each of those is). */
static struct buf ids;
static size_t *idoff, capoff, ndocs;
static uint64_t *keys;
static size_t capkeys;
static uint32_t *docno;
static size_t capdocno, nsigned, nshingles;
static unsigned bands, rows;
static struct out *sigout;	/* --signatures: write them there */

static void
add_doc(const struct span *id, const uint64_t *set, size_t n)
{
	static uint64_t *hr, sig[MH_MAXPERM];
	static size_t caphr;
	uint32_t v[MH_MAXPERM];

	if (ndocs == UINT32_MAX)
		diag_fatal("more than %" PRIu32 " documents", UINT32_MAX);
	if (ndocs + 2 > capoff / sizeof *idoff)
		idoff = xgrow(idoff, &capoff, (ndocs + 2) * sizeof *idoff);
	idoff[ndocs] = ids.len;
	buf_append(&ids, id->p, id->n);
	idoff[++ndocs] = ids.len;
	if (n == 0)
		return;
	if (n > caphr / sizeof *hr)
		hr = xgrow(hr, &caphr, n * sizeof *hr);
	for (size_t i = 0; i < n; i++)
		hr[i] = mod_p(set[i]);
	signature(hr, n, sig);
	if (sigout != NULL) {
		char hex[16];

		out_write(sigout, id->p, id->n);
		for (unsigned i = 0; i < nperm; i++) {
			out_putc(sigout, i ? ',' : '\t');
			out_write(sigout, hex, (size_t)snprintf(hex, sizeof hex,
			    "%" PRIx64, sig[i]));
		}
		out_end_record(sigout);
		return;
	}
	if ((nsigned + 1) * bands > capkeys / sizeof *keys)
		keys = xgrow(keys, &capkeys, (nsigned + 1) * bands * sizeof *keys);
	if (nsigned + 1 > capdocno / sizeof *docno)
		docno = xgrow(docno, &capdocno, (nsigned + 1) * sizeof *docno);
	for (unsigned b = 0; b < bands; b++) {
		for (unsigned r = 0; r < rows; r++)
			v[r] = (uint32_t)sig[b * rows + r];
		keys[nsigned * bands + b] = XXH3_64bits_withSeed(v,
		    rows * sizeof *v, b);
	}
	docno[nsigned++] = (uint32_t)(ndocs - 1);
	nshingles += n;
}

/* Candidate pairs, (document a << 32 | document b) with a < b. */
static uint64_t *pairs;
static size_t npairs, cappairs, compacted;

static void
pairs_compact(void)
{
	size_t j = 0;

	radix_sort_u64(pairs, npairs);
	for (size_t i = 0; i < npairs; i++)
		if (j == 0 || pairs[j - 1] != pairs[i])
			pairs[j++] = pairs[i];
	npairs = compacted = j;
}

static void
pair_add(uint32_t a, uint32_t b)
{
	/* a pair shares up to every band: sort out the repeats whenever
	 * they may have doubled the array */
	if (npairs >= 2 * compacted + (1u << 20))
		pairs_compact();
	if (npairs == cappairs / sizeof *pairs)
		pairs = xgrow(pairs, &cappairs, (npairs + 1) * sizeof *pairs);
	pairs[npairs++] = (uint64_t)a << 32 | b;
}

/* Every two texts that share a band's bucket.  A band's keys carry the
 * signed text's number in their low bits, so that one radix sort of
 * 64-bit words puts each bucket together in input order (the high bits
 * of two different keys agreeing by chance makes a pair nearverify
 * refutes: at most n^2 / 2^(64 - log2 n) of them). */
static void
candidates(size_t *biggest, size_t *bucketed)
{
	unsigned idbits = 1;
	uint64_t low, *e;

	while (idbits < 32 && (1ULL << idbits) < nsigned)
		idbits++;
	low = (1ULL << idbits) - 1;
	e = xmalloc((nsigned ? nsigned : 1) * sizeof *e);
	for (unsigned b = 0; b < bands; b++) {
		for (size_t i = 0; i < nsigned; i++)
			e[i] = (keys[i * bands + b] & ~low) | i;
		radix_sort_u64(e, nsigned);
		for (size_t i = 0, j; i < nsigned; i = j) {
			for (j = i + 1; j < nsigned && (e[j] & ~low) ==
			    (e[i] & ~low); j++)
				;
			if (j - i < 2)
				continue;
			*biggest = j - i > *biggest ? j - i : *biggest;
			*bucketed += j - i;
			for (size_t x = i; x < j; x++)
				for (size_t y = x + 1; y < j; y++)
					pair_add(docno[e[x] & low],
					    docno[e[y] & low]);
		}
	}
	free(e);
	pairs_compact();
}

int
main(int argc, char *argv[])
{
	unsigned shingle = 5;
	int idf = 1, textf = -1, ch, status;
	double t = 0.7, fp = 0, fn = 0;
	uint64_t seed = 42;
	size_t biggest = 0, bucketed = 0;
	bool params = false, sigs = false;
	struct shingler sh;
	struct stream s;
	struct record rec;

	cli_init("minhash", help, argv);
	while ((ch = getopt_long(argc, argv, "p:t:b:r:i:f:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'p':
			nperm = (unsigned)cli_number("-p", optarg, 1, MH_MAXPERM);
			break;
		case 't':
			t = parse_unit("-t", optarg);
			break;
		case 'b':
			bands = (unsigned)cli_number("-b", optarg, 1, MH_MAXPERM);
			break;
		case 'r':
			rows = (unsigned)cli_number("-r", optarg, 1, MH_MAXPERM);
			break;
		case OPT_SHINGLE:
			shingle = (unsigned)cli_number("--shingle", optarg, 1,
			    SHINGLE_MAX);
			break;
		case OPT_SEED:
			seed = (uint64_t)cli_number("--seed", optarg, 0,
			    INT64_MAX);
			break;
		case 'i':
			idf = cli_field("-i", optarg);
			break;
		case 'f':
			textf = cli_field("-f", optarg);
			break;
		case OPT_PARAMS:
			params = true;
			break;
		case OPT_SIGNATURES:
			sigs = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if ((bands == 0) != (rows == 0))
		cli_usage_error("-b and -r go together");
	if (bands && (unsigned long)bands * rows > nperm)
		cli_usage_error("-b %u -r %u: more than the %u permutations",
		    bands, rows, nperm);
	if (bands == 0)
		optimal(t, &bands, &rows, &fp, &fn);
	else {
		fp = area(0, t, bands, rows, false);
		fn = area(t, 1, bands, rows, true);
	}
	if (params) {
		printf("perm %u threshold %g bands %u rows %u false-positive "
		    "area %.6f false-negative area %.6f\n", nperm, t, bands,
		    rows, fp, fn);
		return 0;
	}
	perm_init(seed);
	sig_choose();
	shingler_init(&sh, shingle);

	stream_open(&s, argc - optind, argv + optind);
	if (sigs)
		sigout = &s.out;
	while (stream_next(&s, &rec)) {
		struct span id, text;

		if (rec.header)
			continue;
		/* an ID and a text, two fields at least */
		if (!field_get(rec.p, rec.n, idf, &id) ||
		    !field_get(rec.p, rec.n, textf, &text) || id.p == text.p) {
			stream_reject(&s, &rec, "no ID and text in fields %d "
			    "and %d: the record has %zu", idf, textf,
			    field_count(rec.p, rec.n));
			continue;
		}
		add_doc(&id, sh.v, shingle_set(&sh, text.p, text.n, true));
	}
	shingler_free(&sh);
	candidates(&biggest, &bucketed);
	for (size_t i = 0; i < npairs; i++) {
		size_t a = pairs[i] >> 32, b = pairs[i] & MH_M32;

		out_write(&s.out, ids.p + idoff[a], idoff[a + 1] - idoff[a]);
		out_putc(&s.out, '\t');
		out_write(&s.out, ids.p + idoff[b], idoff[b + 1] - idoff[b]);
		out_end_record(&s.out);
	}
	if (cli.verbose)
		diag_warn("%zu documents, %zu with a signature, %.0f shingles "
		    "a text; %u permutations, %u bands of %u rows for "
		    "threshold %g (false-positive area %.4f, false-negative "
		    "%.4f); %zu texts in buckets of two or more, the largest "
		    "%zu; %zu candidate pairs", ndocs, nsigned, nsigned ?
		    (double)nshingles / (double)nsigned : 0.0, nperm, bands,
		    rows, t, fp, fn, bucketed, biggest, npairs);
	/* -v's summary: the documents read, the pairs written */
	s.nwritten = npairs;
	status = stream_close(&s);
	free(keys);
	free(docno);
	free(pairs);
	free(idoff);
	buf_free(&ids);
	return status;
}
