/* Unit tests of common/progress.c. */
#include "progress.h"

#include "unit.h"

/* progress_rate: the figures of a progress line, ETA at the rate so far */
void
test_progress(void)
{
	static const struct {
		uintmax_t	 count, bytes, total;
		double		 secs;
		const char	*want;
	} t[] = {
		{ 10, 5000000, 0, 2, "10 documents, 5.0 MB, 2.5 MB/s, "
		    "5 documents/s" },
		{ 10, 5000000, 20000000, 2, "10 documents, 5.0 of 20.0 MB "
		    "(25%), 2.5 MB/s, 5 documents/s, ETA 0:06" },
		{ 7, 1000000, 1000000000, 10, "7 documents, 1.0 of 1000.0 MB "
		    "(0%), 0.1 MB/s, 1 documents/s, ETA 2:46:30" },
		{ 300, 999, 1000, 1, "300 documents, 0.0 of 0.0 MB (99%), "
		    "0.0 MB/s, 300 documents/s, ETA 0:00" },
		{ 300, 1000, 1000, 1, "300 documents, 0.0 of 0.0 MB (100%), "
		    "0.0 MB/s, 300 documents/s" },
		{ 0, 0, 1000, 0, "0 documents, 0.0 of 0.0 MB (0%), "
		    "0.0 MB/s, 0 documents/s" },
	};
	char buf[256], small[12];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		progress_rate(buf, sizeof buf, "documents", t[i].count,
		    t[i].bytes, t[i].total, t[i].secs);
		ok(strcmp(buf, t[i].want) == 0, "progress_rate %zu: %s", i,
		    buf);
	}
	progress_rate(small, sizeof small, "documents", 10, 5000000,
	    20000000, 2);
	ok(strcmp(small, "10 document") == 0, "progress_rate cut: %s", small);
}
