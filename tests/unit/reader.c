/* Unit tests of common/reader.c. */
#include <unistd.h>

#include "out.h"
#include "reader.h"

#include "unit.h"

/* Feed text through a pipe into the reader; collect "len:bytes|". */
static void
read_all(const char *text, size_t n, size_t max, struct buf *got, struct buf *spill)
{
	int fds[2];
	struct reader r = { 0 };
	struct out o;
	const char *rec;
	size_t len;
	int st, sp[2];
	char tmp[32];

	if (pipe(fds) < 0 || pipe(sp) < 0)
		abort();
	if (fork() == 0) {
		close(fds[0]);
		while (n > 0) {
			ssize_t w = write(fds[1], text, n > 7 ? 7 : n);	/* small writes: split records */
			if (w < 0)
				_exit(1);
			text += w;
			n -= (size_t)w;
		}
		_exit(0);
	}
	close(fds[1]);
	out_init(&o, sp[1], "spill");
	reader_reset(&r, fds[0]);
	r.max = max;
	r.spill = &o;
	got->len = 0;
	while ((st = reader_next(&r, &rec, &len)) != READ_EOF) {
		if (st == READ_TOOLONG) {
			buf_append(got, "TOOLONG|", 8);
			continue;
		}
		if (st == READ_ERROR)
			break;
		snprintf(tmp, sizeof tmp, "%zu:", len);
		buf_append(got, tmp, strlen(tmp));
		buf_append(got, rec, len);
		buf_putc(got, '|');
	}
	out_close(&o);
	spill->len = 0;
	for (;;) {
		char b[256];
		ssize_t k = read(sp[0], b, sizeof b);
		if (k <= 0)
			break;
		buf_append(spill, b, (size_t)k);
	}
	close(sp[0]);
	close(fds[0]);
	reader_free(&r);
}

void
test_reader(void)
{
	struct buf got = { 0 }, spill = { 0 };

#define READS(in, max, want, wantspill, name) do { \
	read_all(in, sizeof in - 1, max, &got, &spill); \
	ok(same(&got, want, sizeof want - 1) && \
	    same(&spill, wantspill, sizeof wantspill - 1), name); \
	} while (0)

	READS("", 0, "", "", "empty input: no record");
	READS("\n", 0, "0:|", "", "one empty line");
	READS("a\nb", 0, "1:a|1:b|", "", "last line without LF");
	READS("a\r\nb\r\n\r\n", 0, "1:a|1:b|0:|", "", "CRLF: CR dropped");
	READS("a\rb\n", 0, "3:a\rb|", "", "CR inside a record is kept");
	READS("a\0b\n", 0, "3:a\0b|", "", "NUL inside a record");
	READS("abc\nabcdefghijkl\r\nxy\n", 4, "3:abc|TOOLONG|2:xy|", "abcdefghijkl\n",
	    "--max-record: long record spilled without its CR");
	READS("abcdefghijklmnopqrstuvwxyz\r\r\nok\n", 3, "TOOLONG|2:ok|",
	    "abcdefghijklmnopqrstuvwxyz\r\n", "a CR that is not before LF is kept in the spill");
	READS("abcd\r\n", 4, "4:abcd|", "", "a record of exactly max bytes plus CR is fine");
	READS("abcdefghijklmnopqrstuvwxyz", 3, "TOOLONG|", "abcdefghijklmnopqrstuvwxyz\n",
	    "a long last line without LF");
	buf_free(&got);
	buf_free(&spill);
}
