/* Fuzz target: charset detection and HTML extraction.  Any bytes in: no
 * crash; the decoded text, the title and the text are valid UTF-8; the
 * title is one line without control characters; the text's lines are
 * not empty and hold no control character but TAB; escaped, neither
 * holds a raw TAB or LF.  The Markdown of every other input is valid
 * UTF-8 too.  The HTTP charset, if any, is one of a few
 * right, wrong and unknown ones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "charset.h"
#include "escape.h"
#include "extract.h"
#include "html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_utf8(const char *p, size_t n)
{
	int32_t i = 0, len = (int32_t)n;

	while (i < len) {
		UChar32 c;

		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c < 0)
			abort();
	}
}

static void
check_line(const char *p, size_t n, bool tab_ok)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if ((c < 0x20 && !(c == '\t' && tab_ok)) || c == 0x7f)
			abort();
	}
}

static void
check_escaped(const char *p, size_t n)
{
	static struct buf esc;

	esc.len = 0;
	escape_append(&esc, p, n);
	if (esc.len && (memchr(esc.p, '\t', esc.len) ||
	    memchr(esc.p, '\n', esc.len)))
		abort();
}

static const char *const http_charsets[] = {
	NULL, "gbk", NULL, "utf-8", NULL, "windows-1252", NULL, "shift_jis",
	NULL, "x-no-such-charset", NULL, "utf-16le", NULL, "iso-2022-jp",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct buf scratch;
	static struct extract x;
	const char *p = (const char *)data, *why;
	struct html h;
	char label[64];
	size_t llen;

	if (size > 1 << 20)
		return 0;
	charset_binary(p, size, &why);
	if (charset_prescan(p, size, label, sizeof label, &llen))
		charset_label(label, llen);
	html_load(&h, p, size, "fuzz", http_charsets[size %
	    (sizeof http_charsets / sizeof http_charsets[0])], &scratch);
	check_utf8(h.cs.text, h.cs.len);
	/* every other input also as Markdown (with links and images) */
	x.markdown = x.md.links = x.md.images = size % 2 == 0;
	extract_run(&x, h.doc, size % 3 == 0 ? "http://example.com/a-b_c.html" :
	    NULL);
	if (x.markdown)
		check_utf8(x.md.out.p, x.md.out.len);
	check_utf8(x.title.p, x.title.len);
	check_line(x.title.p, x.title.len, false);
	check_utf8(x.text.p, x.text.len);
	check_escaped(x.title.p, x.title.len);
	check_escaped(x.text.p, x.text.len);
	for (size_t i = 0; i < x.text.len;) {
		const char *nl = memchr(x.text.p + i, '\n', x.text.len - i);
		size_t end = nl ? (size_t)(nl - x.text.p) : x.text.len;

		if (end == i)
			abort();	/* an empty line */
		check_line(x.text.p + i, end - i, true);
		i = end + 1;
	}
	html_free(&h);
	return 0;
}
