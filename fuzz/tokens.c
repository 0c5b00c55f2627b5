/* Fuzz target: the tokenizer and simhash.  Any bytes in: no crash; every
 * token is non-empty valid UTF-8 with its source inside the input; an
 * escaped text has the tokens of its unescaped form; a text without
 * tokens gets fingerprint 0, and -n keeps the first fingerprint. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "buf.h"
#include "escape.h"
#include "simhash.h"
#include "tokens.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_valid(const char *p, size_t n)
{
	int32_t i = 0, len = (int32_t)n;
	UChar32 c;

	while (i < len) {
		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c < 0)
			abort();
	}
}

/* All tokens as "tok\0", checking each; the number of tokens. */
static size_t
collect(const char *p, size_t n, unsigned flags, struct buf *out)
{
	struct tokenizer t = { 0 };
	struct token tk;
	size_t count = 0;

	out->len = 0;
	tokens_init(&t, p, n, flags);
	while (tokens_next(&t, &tk)) {
		if (tk.n == 0 || tk.start > tk.end || tk.end > n)
			abort();
		check_valid(tk.p, tk.n);
		buf_append(out, tk.p, tk.n);
		buf_putc(out, tk.cjk ? '\1' : '\0');
		count++;
	}
	tokens_free(&t);
	return count;
}

/* The fingerprints of p[0..n) (escaped) by s, checked as above. */
static void
check_fps(struct simhash *s, const struct simhash_params *par,
    const char *p, size_t n, const struct buf *unescaped)
{
	static unsigned runs;
	uint64_t fp[3], again[3];
	struct simhash fresh;

	simhash_text(s, p, n, true, 3, fp);
	simhash_text(s, p, n, true, 3, again);
	if (memcmp(fp, again, sizeof fp) != 0)
		abort();
	simhash_text(s, unescaped->p, unescaped->len, false, 3, again);
	if (memcmp(fp, again, sizeof fp) != 0)
		abort();
	simhash_portable_votes(true);
	simhash_text(s, p, n, true, 3, again);
	simhash_portable_votes(false);
	if (memcmp(fp, again, sizeof fp) != 0)
		abort();
	/* a new simhash costs more than the rest (its tables are cleared
	 * and unmapped): one run in 16 */
	if (++runs % 16 == 0) {
		simhash_init(&fresh, par);
		simhash_text(&fresh, p, n, true, 3, again);
		simhash_free(&fresh);
		if (memcmp(fp, again, sizeof fp) != 0)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct simhash s, s3;
	static struct simhash_params p3;
	static bool ready;
	const char *p = (const char *)data;
	struct buf a = { 0 }, b = { 0 }, u = { 0 };
	uint64_t one, two[2];
	size_t ntok;

	if (size > 1 << 20)
		return 0;
	if (!ready) {
		simhash_init(&s, &simhash_defaults);
		p3 = simhash_defaults;
		p3.shingle = 3;
		p3.weight = SIMHASH_W_LOG;
		p3.tokflags |= TOKENS_CHARS;
		simhash_init(&s3, &p3);
		ready = true;
	}
	ntok = collect(p, size, TOKENS_ESCAPED | TOKENS_DIGITS_ZERO, &a);
	unescape_append(&u, p, size);
	collect(u.p, u.len, TOKENS_DIGITS_ZERO, &b);
	if (a.len != b.len || (a.len && memcmp(a.p, b.p, a.len)))
		abort();
	collect(p, size, TOKENS_CHARS, &b);
	simhash_text(&s, p, size, true, 1, &one);
	simhash_text(&s, p, size, true, 2, two);
	if ((ntok == 0 && one != 0) || one != two[0])
		abort();
	check_fps(&s, &simhash_defaults, p, size, &u);
	check_fps(&s3, &p3, p, size, &u);
	buf_free(&a);
	buf_free(&b);
	buf_free(&u);
	return 0;
}
