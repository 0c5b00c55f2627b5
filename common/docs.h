/* Whole documents: the loop of the programs that read HTML pages rather
 * than records (htmltext, htmllinks).  The inputs named on the command
 * line (none or "-" is stdin) are, by d->mode:
 *   DOCS_FILES  one document each, read whole into memory up to a size
 *               limit: a larger document is not kept (and a regular file
 *               is not even read) but handed out with too_big set, for
 *               the caller to reject.  Its ID is the -u URL (d->url), the
 *               URL made of its path (d->scheme, docs_path_url()), or
 *               its name.
 *   DOCS_WARC   WARC files (warc.h), plain, .warc.gz or .warc.zst: one
 *               document per HTML response of a status taken (--status),
 *               and, when docs_cli's text is set, per conversion record
 *               (a WET file's text, doc->text set: docs_text() gives its
 *               lines); its ID the WARC-Target-URI; the records that are
 *               not pages are counted (-v), the bad ones reported here and
 *               counted as rejected.  With d->offsets, docs_write_id()
 *               adds the record's FILE, OFFSET and LENGTH after the ID.
 *   DOCS_TSV    records ID TAB HTML (stream.h's reader): field d->field
 *               is the HTML, escaped; the other fields are carried.
 * A file that cannot be opened or read is trouble: reported, skipped,
 * status 2.  Output and --rejects are those of stream.h.  A rejected
 * document is reported as "prog: file: reason" ("file: offset N:" in a
 * WARC file, "file:line:" in a TSV file) and written to --rejects as
 * "ID TAB REASON" ("ID TAB OFFSET TAB REASON"; the record itself).
 *
 *	struct docs d;
 *	struct doc doc;
 *	docs_open(&d, argc - optind, argv + optind, max_bytes);
 *	while (docs_next(&d, &doc))
 *		... write to d.s.out, stream_wrote(&d.s, 1)
 *	return docs_close(&d);
 */
#ifndef CRAWLUTILS_DOCS_H
#define CRAWLUTILS_DOCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "cli.h"
#include "diag.h"
#include "html.h"
#include "stream.h"
#include "warc.h"

struct doc {
	const char	*file;		/* its name in messages: "-" for stdin */
	const char	*id;		/* its ID, unescaped */
	const char	*url;		/* its URL, or NULL if it has none */
	const char	*charset;	/* of an HTTP Content-Type, or NULL */
	const char	*p;		/* the bytes, valid until docs_next() */
	size_t		 n;
	bool		 too_big;	/* over the limit: p and n are empty */
	bool		 text;		/* a WET record: p is text, not HTML */
	const char	*carry;		/* DOCS_TSV: the other fields, as */
	size_t		 ncarry;	/* they are, TAB between them */
	/* DOCS_WARC: where the document came from, for --offsets and for
	 * writers of JSON Lines, which print them as warc_date,
	 * warc_record_id, warc_filename, warc_offset, warc_length,
	 * http_status and content_type (absent values left out).  offset
	 * and length are those of the record's gzip member (zstd frame) in
	 * a compressed file, as Common Crawl's index gives them; in_stream
	 * says they count the decoded stream instead (a member that holds
	 * several records).  Strings are NULL when the record has none. */
	uintmax_t	 offset, length;
	bool		 in_stream;
	bool		 offsets;	/* --offsets: docs_write_id adds them */
	const char	*warc_filename;	/* the input's name ("-": stdin) */
	const char	*warc_date;	/* WARC-Date */
	const char	*warc_record_id;	/* WARC-Record-ID, with its <> */
	int		 http_status;	/* 0: not an HTTP response */
	const char	*content_type;	/* the payload's media type */
};

enum docs_mode { DOCS_FILES, DOCS_WARC, DOCS_TSV };

struct docs {
	/* settings, before the first docs_next() */
	enum docs_mode	 mode;
	const char	*url;		/* DOCS_FILES: -u */
	const char	*scheme;	/* DOCS_FILES: URLs from paths */
	int		 field;		/* DOCS_TSV: the HTML field */
	bool		 offsets;	/* DOCS_WARC: --offsets */
	uint64_t	 status[WARC_STATUS_WORDS];	/* DOCS_WARC */
	/* state */
	struct stream	 s;		/* outputs, counts and status */
	struct buf	 data, id, carry;
	struct record	 rec;		/* DOCS_TSV: the current record */
	struct warc	 w;
	bool		 warc_open;
	bool		 noted;		/* the in_stream note, once a file */
	int		 fd;
	size_t		 max;
	/* progress (--progress): bytes of the inputs read so far, of the
	 * inputs done, and their total size (0: not known) */
	uintmax_t	 bytes, bytes_done, total;
	double		 next_note;
};

void docs_open(struct docs *d, int npaths, char **paths, size_t max);
bool docs_next(struct docs *d, struct doc *doc);
/* Write the ID of doc as the first field(s) of an output record: the
 * carried fields of a TSV record, else the ID escaped; with --offsets,
 * TAB FILE TAB OFFSET TAB LENGTH after it. */
void docs_write_id(struct out *o, const struct doc *doc);
/* The text of a WET record (doc->text) as htmltext writes a text: its
 * lines joined by LF, CR before LF dropped, blank lines left out, bytes
 * that are not UTF-8 replaced by U+FFFD. */
void docs_text(const struct doc *doc, struct buf *out);
/* The URL of a file saved as "host/path/file" (wget -x, --mirror):
 * "scheme://host/path/file", parsed as a URL, into out (NUL-terminated).
 * The host is the first directory of the path whose name holds a dot
 * or a colon ("." and ".." skipped), else the first directory.  False, with a
 * reason in *why, if no URL can be made. */
bool docs_path_url(const char *path, const char *scheme, struct buf *out,
    const char **why);
/* Parse doc into h (html.h), or reject it (larger than --max-bytes,
 * not text) and return false. */
bool docs_load(struct docs *d, const struct doc *doc, struct html *h,
    struct buf *scratch);
/* A message about doc that is not a rejection (silenced by -q). */
void docs_note(struct docs *d, const struct doc *doc, const char *fmt, ...)
    DIAG_PRINTF(3, 4);
int docs_close(struct docs *d);

/* The options every program that reads documents takes: -u, -f,
 * --url-from-path, --warc, --tsv, --max-bytes and the common ones but
 * -H and --max-record.  A program lists DOCS_LONGOPTS in its table,
 * numbers its own options from OPT_DOCS_END, passes each option to
 * docs_option() first, and calls docs_cli_done() after the loop; usage
 * errors for the combinations that make no sense. */
enum {
	OPT_URL_FROM_PATH = OPT_PROGRAM, OPT_WARC, OPT_TSV, OPT_MAX_BYTES,
	OPT_PROGRESS, OPT_STATUS, OPT_OFFSETS, OPT_DOCS_END
};
#define DOCS_SHORTOPTS	"u:f:qvh"
#define DOCS_LONGOPTS \
	{ "url",		required_argument,	NULL, 'u' }, \
	{ "url-from-path",	optional_argument,	NULL, OPT_URL_FROM_PATH }, \
	{ "warc",		no_argument,		NULL, OPT_WARC }, \
	{ "tsv",		no_argument,		NULL, OPT_TSV }, \
	{ "status",		required_argument,	NULL, OPT_STATUS }, \
	{ "offsets",		no_argument,		NULL, OPT_OFFSETS }, \
	{ "field",		required_argument,	NULL, 'f' }, \
	{ "max-bytes",		required_argument,	NULL, OPT_MAX_BYTES }, \
	{ "progress",		no_argument,		NULL, OPT_PROGRESS }, \
	{ "quiet",		no_argument,		NULL, 'q' }, \
	{ "verbose",		no_argument,		NULL, 'v' }, \
	{ "help",		no_argument,		NULL, 'h' }, \
	{ "rejects",		required_argument,	NULL, OPT_REJECTS }, \
	{ "line-buffered",	no_argument,		NULL, OPT_LINE_BUFFERED }, \
	{ "version",		no_argument,		NULL, OPT_VERSION }
/* Their lines of --help, after the program's own. */
#define DOCS_HELP_SOURCES \
"      --url-from-path[=SCHEME]  files saved as host/path/file (wget -x,\n" \
"                       --mirror): the URL is SCHEME://host/path/file\n" \
"                       (default https)\n" \
"      --warc           the inputs are WARC files (plain, .warc.gz,\n" \
"                       .warc.zst): one document per HTML response, its ID\n" \
"                       the WARC-Target-URI\n" \
"      --status LIST    with --warc: the HTTP statuses that are documents\n" \
"                       (200,301-308; all; default 200-299)\n" \
"      --offsets        with --warc: add FILE, OFFSET and LENGTH of the\n" \
"                       record (its gzip member) after the ID\n" \
"      --tsv            the inputs are records ID TAB HTML (HTML escaped)\n"
#define DOCS_HELP_COMMON \
"      --max-bytes N    reject documents larger than N bytes (k, M, G;\n" \
"                       default 64M, at most 512M)\n" \
"      --progress       documents, MB, rate and ETA on stderr once a second\n" \
"                       (default when stderr is a terminal, unless -q)\n" \
"  -q, --quiet          no messages about documents\n" \
"  -v, --verbose        a summary line at the end\n" \
"      --rejects FILE   write ID TAB REASON of rejected documents to FILE\n" \
"      --line-buffered  flush after every record\n" \
"  -h, --help           this help\n" \
"      --version        version and library versions\n"

struct docs_cli {
	enum docs_mode	 mode;
	const char	*url;		/* -u */
	const char	*scheme;	/* --url-from-path */
	int		 field;		/* -f, -1 by default */
	bool		 field_set;
	size_t		 max_bytes;	/* 64M by default */
	bool		 progress;	/* --progress */
	bool		 offsets;	/* --offsets */
	bool		 status_set;	/* --status */
	uint64_t	 status[WARC_STATUS_WORDS];
	bool		 text;		/* the program takes WET records */
};

void docs_cli_init(struct docs_cli *o);
/* Handle ch if it is one of the options above; false if it is not. */
bool docs_option(struct docs_cli *o, int ch, const char *arg);
/* Check the combination, given the number of files named. */
void docs_cli_done(const struct docs_cli *o, int nfiles);
/* docs_open() with the settings of o; progress lines (progress.h) on
 * stderr with --progress, or by default when stderr is a terminal and -q
 * was not given. */
void docs_open_cli(struct docs *d, int npaths, char **paths,
    const struct docs_cli *o);

#endif
