/* htmltext — the main text of web pages: one record ID TAB TITLE TAB TEXT
 * per HTML document. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "docs.h"
#include "escape.h"
#include "date.h"
#include "extract.h"
#include "html.h"
#include "jsonw.h"
#include "pagemeta.h"
#include "wet.h"

static const char help[] =
"Usage: htmltext [-u URL | --url-from-path | --warc | --tsv [-f N]]\n"
"                [--plain | --meta | --json | --wet [--gzip]] [--fields LIST]\n"
"                [--markdown [--links] [--images]] [--comments] [--strip-site]\n"
"                [options] [file ...]\n"
"Write the main text of each HTML document as one record ID TAB TITLE TAB\n"
"TEXT, one block of text per line (lines joined by \\n).  Each file is one\n"
"document; none or - is the standard input.\n"
"\n"
"  -u, --url URL        the URL of the document: its ID, and a last resort\n"
"                       for its title (one document only)\n"
DOCS_HELP_SOURCES
"  -f, --field N        with --tsv: the HTML field (default -1, the last);\n"
"                       the other fields are carried before TITLE\n"
"      --plain          for people: the title, a blank line, the text\n"
"      --meta           add ENCODING, METHOD, CHARS, PRUNED and PAGETYPE\n"
"                       before TEXT\n"
"      --wet            write a WET file (WARC conversion records) instead\n"
"      --gzip           with --wet: one gzip member per record (.warc.wet.gz)\n"
"      --strip-site     cut a site name (\" | Site\") from a <title>\n"
"      --json           one JSON object per document (JSON Lines): id, url,\n"
"                       title, text and the metadata fields that have a value\n"
"      --markdown       TEXT as CommonMark (GitHub tables): headings, lists,\n"
"                       quotes, code, tables, emphasis\n"
"      --links          with --markdown: links as [text](URL)\n"
"      --images         with --markdown: images as ![alt](URL)\n"
"      --comments       the user comments, one a line, as a field COMMENTS\n"
"                       before TEXT (with --json: \"comments\")\n"
"      --fields LIST    write these metadata fields between TITLE and TEXT:\n"
"                       author, date, modified, sitename, description,\n"
"                       language, languages, canonical, image, tags,\n"
"                       categories, type, license, pagetype, encoding,\n"
"                       encoding_method (comma-separated)\n"
DOCS_HELP_COMMON;

enum {
	OPT_PLAIN = OPT_DOCS_END, OPT_META, OPT_STRIP, OPT_JSON, OPT_FIELDS,
	OPT_MARKDOWN, OPT_LINKS, OPT_IMAGES, OPT_COMMENTS, OPT_WET, OPT_GZIP
};

static const struct option longopts[] = {
	DOCS_LONGOPTS,
	{ "plain",		no_argument,		NULL, OPT_PLAIN },
	{ "meta",		no_argument,		NULL, OPT_META },
	{ "strip-site",		no_argument,		NULL, OPT_STRIP },
	{ "json",		no_argument,		NULL, OPT_JSON },
	{ "fields",		required_argument,	NULL, OPT_FIELDS },
	{ "markdown",		no_argument,		NULL, OPT_MARKDOWN },
	{ "links",		no_argument,		NULL, OPT_LINKS },
	{ "images",		no_argument,		NULL, OPT_IMAGES },
	{ "comments",		no_argument,		NULL, OPT_COMMENTS },
	{ "wet",		no_argument,		NULL, OPT_WET },
	{ "gzip",		no_argument,		NULL, OPT_GZIP },
	{ NULL,			0,			NULL, 0 }
};

static bool plain, meta, json, wet, gzip;

/* The text as it is written: flat, or Markdown with --markdown. */
static const struct buf *
text_of(const struct extract *x)
{
	return x->markdown ? &x->md.out : &x->text;
}
static enum pagemeta_field fields[PM_NFIELDS * 4];
static size_t nfields;
static bool want_meta;		/* --json or --fields: read the metadata */
static struct pagemeta pm;

/* h is NULL for the text of a WET record */
static void
write_record(struct out *o, const struct doc *doc, const struct html *h,
    const struct extract *x)
{
	const struct buf *title = want_meta ? &pm.title : &x->title;
	const char *enc = h ? h->cs.name : "UTF-8";
	const char *how = h ? charset_how_name(h->cs.how) : "wet";
	char num[32];

	docs_write_id(o, doc);
	out_putc(o, '\t');
	escape_write(o, title->p, title->len);
	out_putc(o, '\t');
	if (meta) {
		out_write(o, enc, strlen(enc));
		out_putc(o, '\t');
		out_write(o, how, strlen(how));
		snprintf(num, sizeof num, "\t%zu\t%zu\t", x->chars, x->pruned);
		out_write(o, num, strlen(num));
		if (x->pagetype != NULL)
			out_write(o, x->pagetype, strlen(x->pagetype));
		out_putc(o, '\t');
	}
	if (nfields > 0)
		pagemeta_write_tsv(o, &pm, fields, nfields);
	if (x->want_comments) {
		escape_write(o, x->comments.p, x->comments.len);
		out_putc(o, '\t');
	}
	escape_write(o, text_of(x)->p, text_of(x)->len);
	out_end_record(o);
}

/* Where a WARC record came from (docs.h), absent values left out. */
static void
write_warc_json(struct jsonw *w, const struct doc *doc)
{
	static const char *const keys[] = { "warc_date", "warc_record_id",
	    "content_type" };
	const char *vals[] = { doc->warc_date, doc->warc_record_id,
	    doc->content_type };

	jsonw_str(w, "warc_filename", doc->warc_filename,
	    strlen(doc->warc_filename));
	jsonw_uint(w, "warc_offset", doc->offset);
	jsonw_uint(w, "warc_length", doc->length);
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (vals[i] != NULL)
			jsonw_str(w, keys[i], vals[i], strlen(vals[i]));
	if (doc->http_status != 0)
		jsonw_int(w, "http_status", doc->http_status);
}

static void
write_json(struct out *o, const struct doc *doc, const struct extract *x)
{
	struct jsonw w;

	jsonw_init_out(&w, o);
	jsonw_begin(&w, NULL);
	jsonw_str(&w, "id", doc->id, strlen(doc->id));
	if (doc->url != NULL)
		jsonw_str(&w, "url", doc->url, strlen(doc->url));
	if (doc->warc_filename != NULL)
		write_warc_json(&w, doc);
	if (pm.title.len > 0)
		jsonw_str(&w, "title", pm.title.p, pm.title.len);
	pagemeta_write_json(&w, &pm);
	if (x->comments.len > 0)
		jsonw_str(&w, "comments", x->comments.p, x->comments.len);
	jsonw_str(&w, "text", text_of(x)->p ? text_of(x)->p : "",
	    text_of(x)->len);
	jsonw_end(&w);
	out_end_record(o);
}

static void
write_plain(struct out *o, const char *id, const struct extract *x,
    bool several, bool first)
{
	if (several) {
		if (!first)
			out_putc(o, '\n');
		out_write(o, "==> ", 4);
		out_write(o, id, strlen(id));
		out_write(o, " <==\n", 5);
	}
	if (x->title.len > 0)
		out_write(o, x->title.p, x->title.len);
	out_write(o, "\n\n", 2);
	if (text_of(x)->len > 0) {
		out_write(o, text_of(x)->p, text_of(x)->len);
		out_putc(o, '\n');
	}
	if (o->line_buffered)
		out_flush(o);
}

/* language: CLD2's answer, or NULL when it could not say */
static void
write_wet(struct wet *t, const struct doc *doc, const struct extract *x,
    const char *language)
{
	struct wet_doc w = {
		.uri = doc->url != NULL ? doc->url : doc->id,
		.date = doc->warc_date,
		.refers_to = doc->warc_record_id,
		.language = language,
		.title = x->title.p, .ntitle = x->title.len,
		.text = x->text.p, .ntext = x->text.len,
	};

	wet_write(t, &w);
}

/* A WET record: its text as it is, no title, no type. */
static void
take_text(struct doc *doc, struct extract *x)
{
	x->title.len = x->comments.len = 0;
	x->pruned = x->ncomments = 0;
	x->pagetype = NULL;
	docs_text(doc, &x->text);
	x->chars = charset_chars(x->text.p, x->text.len);
	if (x->markdown) {
		x->md.out.len = 0;
		buf_append(&x->md.out, x->text.p, x->text.len);
	}
}

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h = { 0 };
	struct extract x = { 0 };
	struct buf scratch = { 0 };
	struct docs_cli o;
	struct wet t;
	char langs[64];
	bool first = true;
	long long now;
	int ch, status;

	cli_init("htmltext", help, argv);
	docs_cli_init(&o);
	o.text = true;		/* WET records are documents */
	while ((ch = getopt_long(argc, argv, DOCS_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (docs_option(&o, ch, optarg))
			continue;
		switch (ch) {
		case OPT_PLAIN:
			plain = true;
			break;
		case OPT_META:
			meta = true;
			break;
		case OPT_STRIP:
			x.strip_site = true;
			break;
		case OPT_JSON:
			json = true;
			break;
		case OPT_MARKDOWN:
			x.markdown = true;
			break;
		case OPT_LINKS:
			x.md.links = true;
			break;
		case OPT_IMAGES:
			x.md.images = true;
			break;
		case OPT_COMMENTS:
			x.want_comments = true;
			break;
		case OPT_WET:
			wet = true;
			break;
		case OPT_GZIP:
			gzip = true;
			break;
		case OPT_FIELDS:
			if (!pagemeta_parse(optarg, fields, &nfields, &scratch))
				cli_usage_error("--fields: unknown field '%s'",
				    scratch.p);
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (plain && meta)
		cli_usage_error("--plain and --meta cannot be combined");
	if (json && (plain || meta || nfields > 0))
		cli_usage_error("--json cannot be combined with --plain, --meta "
		    "or --fields");
	if (plain && nfields > 0)
		cli_usage_error("--plain and --fields cannot be combined");
	if (plain && x.want_comments)
		cli_usage_error("--plain and --comments cannot be combined");
	if ((x.md.links || x.md.images) && !x.markdown)
		cli_usage_error("--links and --images need --markdown");
	if (wet && (plain || meta || json || nfields > 0 || x.want_comments ||
	    x.markdown))
		cli_usage_error("--wet cannot be combined with --plain, --meta, "
		    "--json, --fields, --comments or --markdown");
	if (gzip && !wet)
		cli_usage_error("--gzip goes with --wet");
	if (plain && o.offsets)
		cli_usage_error("--offsets cannot be combined with --plain");
	if (wet && o.offsets)
		cli_usage_error("--offsets cannot be combined with --wet: a WET "
		    "record refers to its source by WARC-Refers-To");
	want_meta = json || nfields > 0;
	now = date_now();
	docs_cli_done(&o, argc - optind);

	docs_open_cli(&d, argc - optind, argv + optind, &o);
	if (wet)
		wet_open(&t, &d.s.out, gzip, argc, argv);
	while (docs_next(&d, &doc)) {
		if (doc.text)
			take_text(&doc, &x);
		else if (!docs_load(&d, &doc, &h, &scratch))
			continue;
		else
			extract_run(&x, h.doc, doc.url);
		/* the metadata; for WET, the language it names */
		if (want_meta || wet)
			pagemeta_run(&pm, doc.text ? NULL : &h, &x, doc.url, now);
		if (wet)
			write_wet(&t, &doc, &x, pagemeta_iso3_languages(&pm,
			    langs, sizeof langs) ? langs : NULL);
		else if (json)
			write_json(&d.s.out, &doc, &x);
		else if (plain)
			write_plain(&d.s.out, doc.id, &x,
			    d.s.npaths > 1 || o.mode != DOCS_FILES, first);
		else
			write_record(&d.s.out, &doc, doc.text ? NULL : &h, &x);
		first = false;
		html_free(&h);
		stream_wrote(&d.s, 1);
	}
	if (wet)
		wet_close(&t);
	status = docs_close(&d);
	extract_free(&x);
	pagemeta_free(&pm);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
