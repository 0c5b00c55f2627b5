/* htmlparse FILE...: htmltext's first two steps alone, for make bench.
 * Each file is read, decoded to UTF-8 and parsed by libxml2 exactly as
 * htmltext does it, and the tree freed: the cost htmltext cannot go
 * below, to compare with the whole of it. */
#include "buf.h"
#include "cli.h"
#include "docs.h"
#include "html.h"

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h;
	struct buf scratch = { 0 };
	int status;

	cli_init("htmlparse", "Usage: htmlparse file ...\n", argv);
	docs_open(&d, argc - 1, argv + 1, HTML_MAX_BYTES);
	while (docs_next(&d, &doc)) {
		html_load(&h, doc.p, doc.n, doc.file, NULL, &scratch);
		html_free(&h);
	}
	status = docs_close(&d);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
