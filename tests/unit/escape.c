/* Unit tests of common/escape.c. */
#include "escape.h"

#include "unit.h"

void
test_escape(void)
{
	struct buf in = { 0 }, esc = { 0 }, back = { 0 };
	int bad = 0, raw = 0;

	for (int iter = 0; iter < 100000; iter++) {
		size_t n = rnd() % 30;

		in.len = esc.len = back.len = 0;
		for (size_t i = 0; i < n; i++) {
			static const char alpha[] = "\\\t\n\rtnrx\0a";
			buf_putc(&in, alpha[rnd() % (sizeof alpha - 1)]);
		}
		escape_append(&esc, in.p, in.len);
		unescape_append(&back, esc.p, esc.len);
		if (!same(&back, in.p, in.len))
			bad++;
		for (size_t i = 0; i < esc.len; i++)
			if (esc.p[i] == '\t' || esc.p[i] == '\n' || esc.p[i] == '\r')
				raw++;
	}
	ok(bad == 0, "unescape(escape(x)) == x on 100000 strings");
	ok(raw == 0, "escape never emits raw TAB, LF or CR");

	back.len = 0;
	unescape_append(&back, "C:\\dir\\\\x\\", 10);
	ok(back.len == 9 && memcmp(back.p, "C:\\dir\\x\\", 9) == 0,
	    "a backslash before another byte, or at the end, stands for itself");
	back.len = 0;
	unescape_append(&back, "a\\tb\\nc\\rd", 10);
	ok(back.len == 7 && memcmp(back.p, "a\tb\nc\rd", 7) == 0, "\\t \\n \\r");
	buf_free(&in);
	buf_free(&esc);
	buf_free(&back);
}
