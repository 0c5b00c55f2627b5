#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "docs.h"
#include "escape.h"
#include "html.h"
#include "progress.h"
#include "readwin.h"
#include "url.h"

static void docs_reject(struct docs *, const struct doc *, const char *,
    const char *, ...) DIAG_PRINTF(4, 5);

void
docs_open(struct docs *d, int npaths, char **paths, size_t max)
{
	memset(d, 0, sizeof *d);
	stream_open(&d->s, npaths, paths);
	d->s.noun = "documents";
	d->max = max;
	d->field = -1;
	d->fd = -1;
	warc_init(&d->w, max);
}

/* Read fd into d->data, up to max + 1 bytes; false on a read error. */
static bool
slurp(struct docs *d, int fd, bool *too_big)
{
	struct stat st;

	d->data.len = 0;
	*too_big = false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size > d->max) {
		*too_big = true;
		d->bytes += (uintmax_t)st.st_size;
		return true;
	}
	for (;;) {
		size_t want;
		ssize_t n;

		d->data.p = readwin_room(d->data.p, &d->data.cap,
		    d->data.len, d->data.len);
		want = d->data.cap - d->data.len;
		if (want > d->max + 1 - d->data.len)
			want = d->max + 1 - d->data.len;
		n = readwin_read(fd, d->data.p + d->data.len, want);
		if (n < 0)
			return false;
		if (n == 0)
			return true;
		d->data.len += (size_t)n;
		d->bytes += (uintmax_t)n;
		if (d->data.len > d->max) {
			*too_big = true;
			d->data.len = 0;
			return true;
		}
	}
}

static struct url path_url;	/* scratch */

bool
docs_path_url(const char *path, const char *scheme, struct buf *out,
    const char **why)
{
	const char *p = path, *end = path + strlen(path), *host = NULL;
	const char *hend = NULL;
	struct buf *b = out;
	enum url_error e;

	/* the first directory with a dot or colon, else the first */
	for (const char *c = p; c < end; ) {
		const char *slash = memchr(c, '/', (size_t)(end - c));
		const char *ce = slash ? slash : end;
		size_t n = (size_t)(ce - c);

		if (slash == NULL)
			break;		/* the file's own name */
		if (n > 0 && !(n == 1 && c[0] == '.') &&
		    !(n == 2 && c[0] == '.' && c[1] == '.')) {
			if (host == NULL) {
				host = c;
				hend = ce;
			}
			if (memchr(c, '.', n) != NULL ||
			    memchr(c, ':', n) != NULL) {
				host = c;
				hend = ce;
				break;
			}
		}
		c = slash ? slash + 1 : end;
	}
	if (host == NULL) {
		*why = "no host name in the path";
		return false;
	}
	b->len = 0;
	buf_append(b, scheme, strlen(scheme));
	buf_append(b, "://", 3);
	buf_append(b, host, (size_t)(hend - host));
	buf_putc(b, '/');
	/* the rest of the path; a '#' in a file name is not a fragment */
	for (const char *q = hend < end ? hend + 1 : end; q < end; q++) {
		if (*q == '#')
			buf_append(b, "%23", 3);
		else if (!(*q == '/' && b->p[b->len - 1] == '/'))
			buf_putc(b, *q);
	}
	if ((e = url_parse(&path_url, b->p, b->len, NULL)) != URL_OK) {
		*why = url_strerror(e);
		return false;
	}
	b->len = 0;
	buf_append(b, path_url.href.p, path_url.href.len);
	buf_cstr(b);
	return true;
}

/* Open the next input into d->fd; false when there is none left. */
static bool
next_file(struct docs *d)
{
	struct stream *s = &d->s;

	while (s->next < s->npaths) {
		const char *path = s->paths[s->next++];

		if (strcmp(path, "-") == 0)
			d->fd = STDIN_FILENO;
		else if ((d->fd = open(path, O_RDONLY)) < 0) {
			stream_trouble(s, "%s: %s", path, strerror(errno));
			continue;
		}
		s->file = path;
		return true;
	}
	return false;
}

static void
end_file(struct docs *d)
{
	if (d->fd != STDIN_FILENO && d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

static bool
next_file_doc(struct docs *d, struct doc *doc)
{
	struct stream *s = &d->s;

	while (next_file(d)) {
		const char *why;
		bool ok = slurp(d, d->fd, &doc->too_big);

		if (!ok)
			stream_trouble(s, "%s: read error: %s", s->file,
			    strerror(errno));
		end_file(d);
		if (!ok)
			continue;
		s->nread++;
		doc->file = s->file;
		doc->p = d->data.p ? d->data.p : "";
		doc->n = d->data.len;
		doc->id = doc->url = d->url;
		if (d->url == NULL && d->scheme != NULL) {
			if (!docs_path_url(s->file, d->scheme, &d->id, &why)) {
				docs_reject(d, doc, s->file, "cannot make a "
				    "URL of the path: %s", why);
				continue;
			}
			doc->id = doc->url = d->id.p;
		}
		if (doc->id == NULL)
			doc->id = s->file;
		return true;
	}
	return false;
}

/* The fields of a WARC record that a document carries. */
static void
warc_doc(struct docs *d, struct doc *doc, const struct warc_record *r)
{
	doc->offset = r->offset;
	doc->length = r->length;
	doc->in_stream = r->in_stream;
	doc->offsets = d->offsets;
	doc->warc_filename = d->s.file;
	doc->warc_date = *r->date ? r->date : NULL;
	doc->warc_record_id = *r->id ? r->id : NULL;
	doc->http_status = r->status;
	doc->content_type = *r->type ? r->type : NULL;
	doc->id = r->uri;
	doc->url = *r->uri ? r->uri : NULL;
}

static bool
next_warc_doc(struct docs *d, struct doc *doc)
{
	struct stream *s = &d->s;
	struct warc_record r;
	enum warc_verdict verdict;

	for (;;) {
		if (!d->warc_open) {
			if (!next_file(d))
				return false;
			warc_reset_fd(&d->w, d->fd);
			d->warc_open = true;
			d->noted = false;
		}
		doc->file = s->file;
		verdict = warc_next(&d->w, &r);
		d->bytes = d->bytes_done + warc_tell(&d->w);
		switch (verdict) {
		case WARC_HTML:
		case WARC_TEXT:
			s->nread++;
			warc_doc(d, doc, &r);
			doc->text = verdict == WARC_TEXT;
			doc->charset = r.charset;
			doc->p = r.body;
			doc->n = r.len;
			if (d->offsets && r.in_stream && !d->noted) {
				d->noted = true;
				docs_note(d, doc, "one %s holds several records: "
				    "offsets count its decompressed bytes",
				    zinput_unit(&d->w.z));
			}
			return true;
		case WARC_SKIP:
			continue;
		case WARC_BAD:
			s->nread++;
			warc_doc(d, doc, &r);
			docs_reject(d, doc, r.uri, "%s", r.why);
			continue;
		case WARC_ERROR:
			stream_trouble(s, "%s: read error: %s", s->file,
			    strerror(d->w.err));
			break;
		case WARC_EOF:
			break;
		}
		d->bytes = d->bytes_done += warc_tell(&d->w);
		end_file(d);
		d->warc_open = false;
	}
}

static bool
next_tsv_doc(struct docs *d, struct doc *doc)
{
	struct stream *s = &d->s;
	struct record *r = &d->rec;

	while (stream_next(s, r)) {
		const char *tab, *end = r->p + r->n;
		struct span f;

		doc->file = s->file;
		d->bytes += r->n + 1;
		if (!field_get(r->p, r->n, d->field, &f) || f.p == r->p) {
			stream_reject(s, r, "no HTML field %d: records are ID "
			    "TAB HTML", d->field);
			continue;
		}
		tab = memchr(r->p, '\t', r->n);
		d->id.len = 0;
		unescape_append(&d->id, r->p, (size_t)(tab - r->p));
		doc->id = buf_cstr(&d->id);
		/* an ID that is a URL is the page's URL */
		if (url_parse(&path_url, d->id.p, d->id.len, NULL) == URL_OK)
			doc->url = doc->id;
		if (f.p + f.n == end) {
			doc->carry = r->p;
			doc->ncarry = (size_t)(f.p - 1 - r->p);
		} else {
			d->carry.len = 0;
			buf_append(&d->carry, r->p, (size_t)(f.p - 1 - r->p));
			buf_append(&d->carry, f.p + f.n,
			    (size_t)(end - (f.p + f.n)));
			doc->carry = d->carry.p;
			doc->ncarry = d->carry.len;
		}
		d->data.len = 0;
		doc->too_big = false;
		if (f.n > 2 * d->max)
			doc->too_big = true;
		else {
			unescape_append(&d->data, f.p, f.n);
			doc->too_big = d->data.len > d->max;
		}
		doc->p = d->data.p && !doc->too_big ? d->data.p : "";
		doc->n = doc->too_big ? 0 : d->data.len;
		return true;
	}
	return false;
}

/* A progress line, at most once a second; done: the last. */
static void
note_progress(struct docs *d, bool done)
{
	char msg[256];
	double t;

	if (!progress_enabled())
		return;
	t = progress_elapsed();
	if (!done && t < d->next_note)
		return;
	d->next_note = t + 1.0;
	progress_rate(msg, sizeof msg, "documents", d->s.nread, d->bytes,
	    d->total, t);
	progress_note(true, "%s%s", done ? "done: " : "", msg);
}

bool
docs_next(struct docs *d, struct doc *doc)
{
	bool got;

	memset(doc, 0, sizeof *doc);
	switch (d->mode) {
	case DOCS_WARC:
		got = next_warc_doc(d, doc);
		break;
	case DOCS_TSV:
		got = next_tsv_doc(d, doc);
		break;
	default:
		got = next_file_doc(d, doc);
		break;
	}
	if (got)
		note_progress(d, false);
	return got;
}

void
docs_write_id(struct out *o, const struct doc *doc)
{
	char num[64];

	if (doc->carry != NULL)
		out_write(o, doc->carry, doc->ncarry);
	else
		escape_write(o, doc->id, strlen(doc->id));
	if (doc->offsets) {
		out_putc(o, '\t');
		escape_write(o, doc->warc_filename, strlen(doc->warc_filename));
		snprintf(num, sizeof num, "\t%ju\t%ju", doc->offset,
		    doc->length);
		out_write(o, num, strlen(num));
	}
}

/* The length of the UTF-8 character at p[0..n), or 0 if it is not one
 * (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t
utf8_char(const unsigned char *p, size_t n)
{
	size_t len = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 :
	    p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ?
	    4 : 0;

	if (len == 0 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f) ||
	    (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] > 0x8f))
		return 0;
	return len;
}

void
docs_text(const struct doc *doc, struct buf *out)
{
	const unsigned char *p = (const unsigned char *)doc->p;
	const unsigned char *end = p + doc->n;

	out->len = 0;
	while (p < end) {
		const unsigned char *lf = memchr(p, '\n', (size_t)(end - p));
		const unsigned char *e = lf ? lf : end;

		if (e > p && e[-1] == '\r')
			e--;
		if (e > p && out->len > 0)
			buf_putc(out, '\n');
		while (p < e) {
			size_t k = utf8_char(p, (size_t)(e - p));

			if (k == 0) {
				buf_append(out, "\xef\xbf\xbd", 3);
				k = 1;
			} else
				buf_append(out, p, k);
			p += k;
		}
		p = lf ? lf + 1 : end;
	}
}

/* Say msg about doc where it is: "file: msg", "file: offset N: msg",
 * "file:line: msg". */
static void
say(const struct docs *d, const struct doc *doc, const char *msg)
{
	if (diag_quiet)
		return;
	if (d->mode == DOCS_TSV)
		diag_record(doc->file, d->rec.line, "%s", msg);
	else if (d->mode == DOCS_WARC)
		diag_warn("%s: offset %ju: %s", doc->file, doc->offset, msg);
	else
		diag_warn("%s: %s", doc->file, msg);
}

void
docs_note(struct docs *d, const struct doc *doc, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	say(d, doc, msg);
}

/* Report doc ("prog: file: reason") and write "ID TAB REASON" to
 * --rejects; id is escaped there. */
static void
docs_reject(struct docs *d, const struct doc *doc, const char *id,
    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (d->mode == DOCS_TSV) {
		stream_reject(&d->s, &d->rec, "%s", msg);
		return;
	}
	d->s.nrejected++;
	say(d, doc, msg);
	if (d->s.have_rej) {
		escape_write(&d->s.rej, id, strlen(id));
		out_putc(&d->s.rej, '\t');
		if (d->mode == DOCS_WARC) {
			char off[32];

			snprintf(off, sizeof off, "%ju\t", doc->offset);
			out_write(&d->s.rej, off, strlen(off));
		}
		escape_write(&d->s.rej, msg, strlen(msg));
		out_end_record(&d->s.rej);
	}
}

int
docs_close(struct docs *d)
{
	if (d->warc_open)
		end_file(d);
	note_progress(d, true);
	if (d->mode == DOCS_WARC && cli.verbose) {
		struct buf b = { 0 };

		warc_summary(&d->w, &b);
		diag_warn("%.*s", (int)b.len, b.p);
		buf_free(&b);
	}
	buf_free(&d->data);
	buf_free(&d->id);
	buf_free(&d->carry);
	warc_free(&d->w);
	url_free(&path_url);
	return stream_close(&d->s);
}

bool
docs_load(struct docs *d, const struct doc *doc, struct html *h,
    struct buf *scratch)
{
	const char *why;

	if (doc->too_big) {
		docs_reject(d, doc, doc->id, "larger than --max-bytes (%zu "
		    "bytes)", d->max);
		return false;
	}
	if (charset_binary(doc->p, doc->n, &why)) {
		docs_reject(d, doc, doc->id, "%s", why);
		return false;
	}
	html_load(h, doc->p, doc->n, doc->file, doc->charset, scratch);
	return true;
}

void
docs_cli_init(struct docs_cli *o)
{
	memset(o, 0, sizeof *o);
	o->field = -1;
	o->max_bytes = (size_t)64 << 20;
}

static const char *
scheme_arg(const char *arg)
{
	if (arg == NULL)
		return "https";
	for (const char *p = arg; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (p > arg && ((*p >= '0' && *p <= '9') || *p == '+' ||
		    *p == '-' || *p == '.'))))
			cli_usage_error("--url-from-path: '%s' is not a URL "
			    "scheme", arg);
	if (*arg == '\0')
		cli_usage_error("--url-from-path: empty scheme");
	return arg;
}

bool
docs_option(struct docs_cli *o, int ch, const char *arg)
{
	switch (ch) {
	case 'u':
		o->url = arg;
		return true;
	case 'f':
		if ((o->field = cli_field("-f", arg)) == 1)
			cli_usage_error("-f: field 1 is the ID, not the HTML");
		o->field_set = true;
		return true;
	case OPT_WARC:
	case OPT_TSV:
		if (o->mode != DOCS_FILES)
			cli_usage_error("--warc and --tsv cannot be combined");
		o->mode = ch == OPT_WARC ? DOCS_WARC : DOCS_TSV;
		return true;
	case OPT_URL_FROM_PATH:
		o->scheme = scheme_arg(arg);
		return true;
	case OPT_PROGRESS:
		o->progress = true;
		return true;
	case OPT_OFFSETS:
		o->offsets = true;
		return true;
	case OPT_STATUS: {
		const char *why;

		if (!warc_status_parse(arg, o->status, &why))
			cli_usage_error("--status: '%s': %s", arg, why);
		o->status_set = true;
		return true;
	}
	case OPT_MAX_BYTES:
		o->max_bytes = cli_size("--max-bytes", arg);
		if (o->max_bytes == 0 || o->max_bytes > HTML_MAX_BYTES)
			cli_usage_error("--max-bytes: must be from 1 to 512M");
		return true;
	default:
		return false;
	}
}

void
docs_cli_done(const struct docs_cli *o, int nfiles)
{
	if (o->url != NULL && o->mode != DOCS_FILES)
		cli_usage_error("-u cannot be combined with --warc or --tsv: "
		    "their documents have their own URLs");
	if (o->scheme != NULL && o->mode != DOCS_FILES)
		cli_usage_error("--url-from-path cannot be combined with "
		    "--warc or --tsv");
	if (o->url != NULL && o->scheme != NULL)
		cli_usage_error("-u and --url-from-path cannot be combined");
	if (o->offsets && o->mode != DOCS_WARC)
		cli_usage_error("--offsets goes with --warc");
	if (o->status_set && o->mode != DOCS_WARC)
		cli_usage_error("--status goes with --warc");
	if (o->field_set && o->mode != DOCS_TSV)
		cli_usage_error("-f picks the HTML field of --tsv records");
	if (o->url != NULL && nfiles > 1)
		cli_usage_error("-u names the URL of one document, and %d "
		    "files were given", nfiles);
}

/* The sum of the sizes of the inputs, or 0 if one is not a regular
 * file (its size is not known before it is read). */
static uintmax_t
input_size(const struct stream *s)
{
	uintmax_t sum = 0;
	struct stat st;

	for (int i = 0; i < s->npaths; i++) {
		int r = strcmp(s->paths[i], "-") == 0 ?
		    fstat(STDIN_FILENO, &st) : stat(s->paths[i], &st);

		if (r != 0 || !S_ISREG(st.st_mode))
			return 0;
		sum += (uintmax_t)st.st_size;
	}
	return sum;
}

void
docs_open_cli(struct docs *d, int npaths, char **paths,
    const struct docs_cli *o)
{
	docs_open(d, npaths, paths, o->max_bytes);
	d->mode = o->mode;
	d->url = o->url;
	d->scheme = o->scheme;
	d->field = o->field;
	d->offsets = o->offsets;
	d->w.text = o->text;
	if (o->status_set)
		memcpy(d->w.status, o->status, sizeof d->w.status);
	progress_start(o->progress || (isatty(STDERR_FILENO) && !diag_quiet));
	if (progress_enabled())
		d->total = input_size(&d->s);
	d->next_note = 1.0;	/* a rate needs a second of work */
}
