/* Fuzz target: the WARC reader (common/warc.h).  The input is a WARC
 * file, read with a small page limit.  No crash; every record's offset
 * lies in the input and grows; a page is at most the limit and lies in
 * the reader's buffer; the reader always gets to the end; the counts
 * of the summary add up to the records handed out, each of its verdict's
 * kind. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "warc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct warc w;
	struct warc_record r;
	enum warc_verdict v;
	uintmax_t last = 0, total = 0, nhtml = 0, nbad = 0;
	size_t nrec = 0;
	char tmp[4096];
	size_t n;

	if (size > 1 << 20)
		return 0;
	warc_init(&w, 2048);
	warc_reset_mem(&w, (const char *)data, size);
	while ((v = warc_next(&w, &r)) != WARC_EOF) {
		if (v == WARC_GZIP)
			break;
		if (v == WARC_ERROR || r.offset >= size ||
		    (nrec > 0 && r.offset <= last))
			abort();
		last = r.offset;
		nrec++;
		if (v == WARC_HTML && (r.len > 2048 || r.body < w.buf ||
		    r.body + r.len > w.buf + w.cap))
			abort();
		if (v == WARC_BAD && (r.why == NULL || *r.why == '\0'))
			abort();
		nhtml += v == WARC_HTML;
		nbad += v == WARC_BAD;
	}
	for (int k = 0; k < WARC_NKINDS; k++)
		total += w.count[k];
	if (v != WARC_GZIP && (total != nrec ||
	    w.count[WARC_K_HTML] != nhtml || w.count[WARC_K_BAD] != nbad))
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
