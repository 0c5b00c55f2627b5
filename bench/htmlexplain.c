/* htmlexplain [-p] [-m CHARS] FILE...: why htmltext takes the text it
 * takes.
 * Each page is extracted as htmltext does it, then every block element
 * holding CHARS characters or more (default 200) is listed, indented by
 * depth, with its flags (extract.c's extract_dump), its characters
 * without and with what was pruned, its link characters, its paragraph
 * text and its score (-p: and the text of every pruned element); then
 * the text.  A tool for whoever changes extract.c. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "docs.h"
#include "extract.h"
#include "html.h"

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h;
	struct extract x = { 0 };
	struct buf scratch = { 0 };
	size_t min = 200;
	bool pruned = false;
	int ch, status;

	cli_init("htmlexplain", "Usage: htmlexplain [-p] [-m CHARS] file ...\n",
	    argv);
	while ((ch = getopt(argc, argv, "m:p")) != -1)
		if (ch == 'm')
			min = (size_t)strtoul(optarg, NULL, 10);
		else if (ch == 'p')
			pruned = true;
		else
			return 2;
	docs_open(&d, argc - optind, argv + optind, HTML_MAX_BYTES);
	while (docs_next(&d, &doc)) {
		html_load(&h, doc.p, doc.n, doc.file, NULL, &scratch);
		extract_run(&x, h.doc, NULL);
		printf("==> %s <==\n", doc.file);
		extract_dump(&x, stdout, min, pruned);
		printf("--- title: %.*s\n%.*s\n", (int)x.title.len, x.title.p,
		    (int)x.text.len, x.text.p);
		html_free(&h);
		fflush(stdout);	/* docs_close() closes the standard output */
	}
	status = docs_close(&d);
	extract_free(&x);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
