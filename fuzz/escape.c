/* Fuzz target: field escaping.  unescape(escape(x)) == x; escape never
 * emits a raw TAB, LF or CR; unescaping never lengthens. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf esc = { 0 }, back = { 0 }, un = { 0 };
	const char *p = (const char *)data;

	escape_append(&esc, p, size);
	unescape_append(&back, esc.p, esc.len);
	if (back.len != size || (size && memcmp(back.p, p, size) != 0))
		abort();
	if (esc.len && (memchr(esc.p, '\t', esc.len) ||
	    memchr(esc.p, '\n', esc.len) || memchr(esc.p, '\r', esc.len)))
		abort();
	unescape_append(&un, p, size);
	if (un.len > size)
		abort();
	buf_free(&esc);
	buf_free(&back);
	buf_free(&un);
	return 0;
}
