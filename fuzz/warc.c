/* Fuzz target: the WARC reader (common/warc.h) and what it reads
 * through: gzip members and zstd frames (zinput.h), HTTP
 * Content-Encodings (httpenc.h).  The input is a WARC file, plain or
 * compressed, read with a small page limit, conversion records taken as
 * text, and every status taken when the input's length is odd.  No
 * crash; every record's offset lies in the input (unless it counts the
 * decoded stream) and does not go back, and in a plain file grows; a
 * page is at most the limit and lies in the reader's buffer or in the
 * decoder's; the reader always gets to the end; the counts of the summary
 * add up to the records handed out, each of its verdict's kind. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "warc.h"

#define LIMIT	2048

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
inside(const char *p, size_t n, const char *b, size_t cap)
{
	return b != NULL && p >= b && p + n <= b + cap;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct warc w;
	struct warc_record r;
	enum warc_verdict v;
	uintmax_t last = 0, total = 0, ndoc = 0, ntext = 0, nbad = 0;
	size_t nrec = 0;
	char tmp[4096];
	const char *why;
	size_t n;

	if (size > 1 << 20)
		return 0;
	warc_init(&w, LIMIT);
	w.text = true;
	if (size & 1)
		warc_status_parse("all", w.status, &why);
	warc_reset_mem(&w, (const char *)data, size);
	while ((v = warc_next(&w, &r)) != WARC_EOF) {
		int plain = w.z.kind == ZINPUT_PLAIN;

		if (v == WARC_ERROR)
			abort();
		if (!r.in_stream) {
			if (r.offset >= size || (nrec > 0 && (plain ?
			    r.offset <= last : r.offset < last)))
				abort();
			last = r.offset;
		}
		nrec++;
		if ((v == WARC_HTML || v == WARC_TEXT) && (r.len > LIMIT ||
		    !(inside(r.body, r.len, w.buf, w.cap) ||
		    inside(r.body, r.len, w.enc.out[0].p, w.enc.out[0].cap) ||
		    inside(r.body, r.len, w.enc.out[1].p, w.enc.out[1].cap))))
			abort();
		if ((v == WARC_HTML || v == WARC_TEXT) && r.length == 0)
			abort();
		if (v == WARC_BAD && (r.why == NULL || *r.why == '\0'))
			abort();
		ndoc += v == WARC_HTML;
		ntext += v == WARC_TEXT;
		nbad += v == WARC_BAD;
	}
	for (int k = 0; k < WARC_NKINDS; k++)
		total += w.count[k];
	if (total != nrec || w.count[WARC_K_HTML] != ndoc ||
	    w.count[WARC_K_TEXT] != ntext || w.count[WARC_K_BAD] != nbad)
		abort();
	warc_free(&w);
	/* the chunk decoder alone, on the input as a body */
	n = size < sizeof tmp ? size : sizeof tmp;
	memcpy(tmp, data, n);
	if (warc_dechunk(tmp, &n) && n > (size < sizeof tmp ? size : sizeof tmp))
		abort();
	(void)warc_sniff_html((const char *)data, size);
	return 0;
}
