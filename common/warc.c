#define _GNU_SOURCE	/* memmem */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "readwin.h"
#include "warc.h"
#include "xalloc.h"
#define SNIFF_SPAN	512

static void
status_range(uint64_t *set, int lo, int hi)
{
	for (int c = lo; c <= hi; c++)
		set[c / 64] |= (uint64_t)1 << (c % 64);
}

void
warc_init(struct warc *w, size_t max)
{
	memset(w, 0, sizeof *w);
	w->max = max;
	w->hold = SIZE_MAX;
	w->eof = true;
	zinput_init(&w->z, max);
	httpenc_init(&w->enc, max);
	status_range(w->status, 200, 299);
}

static void
reset(struct warc *w)
{
	w->start = w->end = 0;
	w->hold = SIZE_MAX;
	w->base = 0;
	w->eof = true;		/* no member yet: the first call opens one */
	w->err = 0;
	w->first = w->told = false;
}

void
warc_reset_fd(struct warc *w, int fd)
{
	reset(w);
	zinput_reset_fd(&w->z, fd);
}

void
warc_reset_mem(struct warc *w, const char *p, size_t n)
{
	reset(w);
	zinput_reset_mem(&w->z, p, n);
}

void
warc_free(struct warc *w)
{
	free(w->buf);
	buf_free(&w->uri);
	buf_free(&w->charset);
	buf_free(&w->date);
	buf_free(&w->id);
	zinput_free(&w->z);
	httpenc_free(&w->enc);
	w->buf = NULL;
	w->cap = 0;
}

uintmax_t
warc_tell(const struct warc *w)
{
	return w->z.kind == ZINPUT_PLAIN ? w->base + w->start :
	    zinput_tell(&w->z);
}

static bool
compressed(const struct warc *w)
{
	return w->z.kind != ZINPUT_PLAIN;
}

static size_t
avail(const struct warc *w)
{
	return w->end - w->start;
}

/* Make at least need bytes available; false if the member (the input)
 * ends, or fails, first.  Bytes before w->start go, except from w->hold
 * on. */
static bool
fill(struct warc *w, size_t need)
{
	while (avail(w) < need) {
		size_t room, keep = w->start < w->hold ? w->start : w->hold;
		ssize_t n;

		if (w->eof)
			return false;
		if (keep > 0) {
			w->end = readwin_shift(w->buf, keep, w->end);
			w->base += keep;
			w->start -= keep;
			if (w->hold != SIZE_MAX)
				w->hold -= keep;
		}
		w->buf = readwin_room(w->buf, &w->cap, w->end, w->start + need);
		room = w->cap - w->end;
		if ((n = zinput_read(&w->z, w->buf + w->end, room)) < 0) {
			w->err = w->z.err;
			w->eof = true;
			return false;
		}
		if (n == 0)
			w->eof = true;
		w->end += (size_t)n;
	}
	return true;
}

/* Consume n bytes without keeping them; the number consumed, less than
 * n when the member (the input) ends. */
static uintmax_t
skip(struct warc *w, uintmax_t n)
{
	uintmax_t done = 0;

	for (;;) {
		size_t a = avail(w);

		if (n - done <= a) {
			w->start += (size_t)(n - done);
			return n;
		}
		done += a;
		w->base += w->end;
		w->start = w->end = 0;
		if (!fill(w, 1) && avail(w) == 0)
			return done;
	}
}

/* Move to the next line that starts with "WARC/1.", or to the end (of
 * the member). */
static void
resync(struct warc *w)
{
	static const char pat[] = "\nWARC/1.";
	const size_t plen = sizeof pat - 1;

	for (;;) {
		const char *b = w->buf + w->start;
		const char *hit = avail(w) >= plen ?
		    memmem(b, avail(w), pat, plen) : NULL;

		if (hit != NULL) {
			w->start = (size_t)(hit + 1 - w->buf);
			return;
		}
		if (w->eof) {
			w->start = w->end;
			return;
		}
		if (avail(w) > plen)
			w->start = w->end - plen;
		fill(w, avail(w) + 1);
	}
}

static enum warc_verdict bad(struct warc *w, struct warc_record *r,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static enum warc_verdict
bad(struct warc *w, struct warc_record *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->why, sizeof w->why, fmt, ap);
	va_end(ap);
	r->why = w->why;
	w->count[WARC_K_BAD]++;
	return WARC_BAD;
}

/* The member ended inside the record at hand: the reason the member
 * gives when it failed (said for it, then), else what.  NULL if it did
 * not fail. */
static const char *
member_failed(struct warc *w)
{
	if (!compressed(w) || w->z.why == NULL || !w->eof || avail(w) > 0)
		return NULL;
	w->told = true;
	return w->z.why;
}

/* The input ended inside the block of the record at hand.  In a plain
 * file its Content-Length lied (or the capture was cut): whatever
 * records the lying length swallowed are still there, so go back to the
 * start of the block, when the input can go back (a file, memory; not a
 * pipe), and on from the next line that starts with "WARC/1.".  In a
 * compressed file the member ended: it was cut short or corrupt, or the
 * record runs past its end; the next member is read next. */
static enum warc_verdict
truncated(struct warc *w, struct warc_record *r, uintmax_t got,
    uintmax_t len)
{
	const char *why = member_failed(w);

	if (why != NULL)
		return bad(w, r, "%s", why);
	if (compressed(w) && w->aligned)
		return bad(w, r, "Content-Length %ju runs past the end of its "
		    "%s (%ju bytes there)", len, zinput_unit(&w->z), got);
	/* from the LF that ends the header, so that a record right at the
	 * start of the block is found */
	if (!compressed(w) && w->err == 0 &&
	    zinput_rewind(&w->z, w->body - 1)) {
		w->base = w->body - 1;
		w->start = w->end = 0;
		w->hold = SIZE_MAX;
		w->eof = false;
		resync(w);
	}
	return bad(w, r, "truncated record: %ju of %ju bytes", got, len);
}

/* The length of the header that starts at p (up to and including the
 * empty line), or 0 if p[0..n) holds no empty line. */
static size_t
header_len(const char *p, size_t n)
{
	const char *q = p, *end = p + n;

	while ((q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		q++;
		if (q < end && *q == '\n')
			return (size_t)(q + 1 - p);
		if (q + 1 < end && q[0] == '\r' && q[1] == '\n')
			return (size_t)(q + 2 - p);
	}
	return 0;
}

/* Header lines: name and value of each, value trimmed; false at the end
 * (the empty line).  Continuation lines are read as lines of their own
 * and, having no colon, ignored. */
struct hline {
	const char	*p, *end;
};

static bool
next_field(struct hline *h, const char **name, size_t *nlen,
    const char **val, size_t *vlen)
{
	for (;;) {
		const char *lf = memchr(h->p, '\n', (size_t)(h->end - h->p));
		const char *e = lf ? lf : h->end, *line = h->p, *colon;

		if (line >= h->end)
			return false;
		h->p = lf ? lf + 1 : h->end;
		if (e > line && e[-1] == '\r')
			e--;
		if (e == line)
			return false;
		if (*line == ' ' || *line == '\t' ||
		    (colon = memchr(line, ':', (size_t)(e - line))) == NULL)
			continue;
		*name = line;
		*nlen = (size_t)(colon - line);
		while (*nlen > 0 && (line[*nlen - 1] == ' ' ||
		    line[*nlen - 1] == '\t'))
			(*nlen)--;
		colon++;
		while (colon < e && (*colon == ' ' || *colon == '\t'))
			colon++;
		while (e > colon && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		*val = colon;
		*vlen = (size_t)(e - colon);
		return true;
	}
}

static bool
is(const char *p, size_t n, const char *s)
{
	return strlen(s) == n && strncasecmp(p, s, n) == 0;
}

/* The media type of a Content-Type value, lowercased into type (cut at
 * cap - 1), and its charset parameter into cs (NUL-terminated; empty
 * if none). */
static void
media_type(const char *v, size_t n, char *type, size_t cap, struct buf *cs)
{
	const char *end = v + n, *semi = memchr(v, ';', n);
	const char *te = semi ? semi : end;
	size_t i = 0;

	while (te > v && (te[-1] == ' ' || te[-1] == '\t'))
		te--;
	for (const char *q = v; q < te && i + 1 < cap; q++)
		type[i++] = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
	type[i] = '\0';
	while (semi != NULL) {
		const char *q = semi + 1, *eq, *pe;

		semi = memchr(q, ';', (size_t)(end - q));
		pe = semi ? semi : end;
		while (q < pe && (*q == ' ' || *q == '\t'))
			q++;
		eq = memchr(q, '=', (size_t)(pe - q));
		if (eq == NULL || (size_t)(eq - q) != 7 ||
		    strncasecmp(q, "charset", 7) != 0 || cs->len > 0)
			continue;
		q = eq + 1;
		while (pe > q && (pe[-1] == ' ' || pe[-1] == '\t'))
			pe--;
		if (pe - q >= 2 && *q == '"' && pe[-1] == '"') {
			q++;
			pe--;
		}
		buf_append(cs, q, (size_t)(pe - q));
	}
	buf_cstr(cs);
}

bool
warc_sniff_html(const char *p, size_t n)
{
	static const char *const pats[] = {
		"<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME",
		"<H1", "<DIV", "<FONT", "<TABLE", "<A", "<STYLE", "<TITLE",
		"<B", "<BODY", "<BR", "<P", "<META", "<!--",
	};
	size_t i = 0;

	if (n > SNIFF_SPAN)
		n = SNIFF_SPAN;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r' || p[i] == '\f'))
		i++;
	for (size_t k = 0; k < sizeof pats / sizeof pats[0]; k++) {
		size_t l = strlen(pats[k]);

		if (n - i < l || strncasecmp(p + i, pats[k], l) != 0)
			continue;
		if (pats[k][1] == '!' && pats[k][2] == '-')
			return true;
		/* a tag-terminating byte, or the end of what we have */
		if (n - i == l || p[i + l] == ' ' || p[i + l] == '>')
			return true;
	}
	return false;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The size line of a chunk at p[0..n): its length including LF, the
 * size in *sz; 0 if it is malformed, n + 1 if it is cut short. */
static size_t
chunk_line(const char *p, size_t n, size_t *sz)
{
	size_t i = 0, digits = 0;
	const char *lf;

	*sz = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	for (int v; i < n && (v = hexval(p[i])) >= 0; i++, digits++) {
		if (*sz > (SIZE_MAX >> 4))
			return 0;
		*sz = *sz * 16 + (size_t)v;
	}
	if (i == n)
		return n + 1;
	if (digits == 0 || (p[i] != ';' && p[i] != '\r' && p[i] != '\n' &&
	    p[i] != ' ' && p[i] != '\t'))
		return 0;
	if ((lf = memchr(p + i, '\n', n - i)) == NULL)
		return n + 1;
	return (size_t)(lf + 1 - p);
}

bool
warc_dechunk(char *p, size_t *n)
{
	size_t i = 0, o = 0, len = *n;

	for (;;) {
		size_t sz, l = chunk_line(p + i, len - i, &sz), take;

		if (l == 0) {
			*n = o;
			return false;
		}
		if (l > len - i || (sz == 0))
			break;		/* cut short, or the last chunk */
		i += l;
		take = sz < len - i ? sz : len - i;
		memmove(p + o, p + i, take);
		o += take;
		i += take;
		if (take < sz)
			break;
		if (i < len && p[i] == '\r')
			i++;
		if (i < len && p[i] == '\n')
			i++;
		else if (i < len) {
			*n = o;
			return false;
		}
	}
	*n = o;
	return true;
}

/* A payload whose first line is a chunk size: senders and archivers
 * that undo the coding often keep the Transfer-Encoding header. */
static bool
looks_chunked(const char *p, size_t n)
{
	size_t sz, l = chunk_line(p, n < 64 ? n : 64, &sz);

	return l != 0 && l <= (n < 64 ? n : 64);
}

/* Sniff the start of a payload, its chunks undone. */
static bool
sniff(const char *p, size_t n, bool chunked)
{
	char tmp[SNIFF_SPAN + 128];

	if (!chunked || !looks_chunked(p, n))
		return warc_sniff_html(p, n);
	if (n > sizeof tmp)
		n = sizeof tmp;
	memcpy(tmp, p, n);
	warc_dechunk(tmp, &n);		/* what it decodes, good or bad */
	return warc_sniff_html(tmp, n);
}

enum { T_NONE, T_RESPONSE, T_RESOURCE, T_REQUEST, T_WARCINFO, T_METADATA,
    T_REVISIT, T_CONVERSION, T_OTHER };

static int
record_type(const char *v, size_t n)
{
	static const struct { const char *name; int t; } types[] = {
		{ "response", T_RESPONSE }, { "resource", T_RESOURCE },
		{ "request", T_REQUEST }, { "warcinfo", T_WARCINFO },
		{ "metadata", T_METADATA }, { "revisit", T_REVISIT },
		{ "conversion", T_CONVERSION },
	};

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (is(v, n, types[i].name))
			return types[i].t;
	return T_OTHER;
}

/* Go on from the next record that starts at or after decoded offset off
 * (the start of a block), before the reader's position: the records a
 * Content-Length that is too long swallowed are read.  Where off is no
 * longer held (a pipe, a member), from the reader's position. */
static void
resync_from(struct warc *w, uintmax_t off)
{
	w->hold = SIZE_MAX;
	if (off >= w->base && off - w->base <= w->start)
		w->start = (size_t)(off - w->base);
	else if (!compressed(w) && w->err == 0 &&
	    zinput_rewind(&w->z, off)) {
		w->base = off;
		w->start = w->end = 0;
		w->eof = false;
	}
	if (!(fill(w, 7) && memcmp(w->buf + w->start, "WARC/1.", 7) == 0))
		resync(w);
}

/* The block of the record at hand has been read past: read the CR and LF
 * bytes after it, set where the record ends, and check a record that
 * starts its member against the member.  NULL, or why the record is
 * bad. */
static const char *
finish(struct warc *w, struct warc_record *r)
{
	uintmax_t len = w->base + w->start - w->body;
	const char *why;
	size_t k = 0;

	/* A block that is followed by neither CR or LF nor the next record
	 * was framed by a wrong Content-Length (junk after a record that
	 * ends well is the next call's "not a WARC record"). */
	if (fill(w, 1) && w->buf[w->start] != '\r' &&
	    w->buf[w->start] != '\n' && !(compressed(w) && w->aligned) &&
	    !(fill(w, 5) && memcmp(w->buf + w->start, "WARC/", 5) == 0)) {
		snprintf(w->cut, sizeof w->cut, "Content-Length %ju does not "
		    "end the record (no CRLF CRLF after the block)", len);
		resync_from(w, w->body);
		return w->cut;
	}
	/* A plain input is read no further than the CRLF CRLF the standard
	 * puts there, so that a record read from a pipe is handed out as
	 * soon as its writer has written it; a member is read to its end,
	 * but a run of blank lines held with the block is bounded. */
	while (k < (compressed(w) && w->aligned ? WARC_HEADER_MAX : 4) &&
	    fill(w, 1) &&
	    (w->buf[w->start] == '\r' || w->buf[w->start] == '\n')) {
		w->start++;
		k++;
	}
	if (w->err)
		return NULL;	/* the next call says it */
	if (!compressed(w) || !w->aligned) {
		r->length = w->base + w->start - w->rec;
		return NULL;
	}
	if (avail(w) == 0 && w->eof) {
		if ((why = member_failed(w)) != NULL)
			return why;
		r->length = w->z.cend - w->z.cstart;
		return NULL;
	}
	/* more in the member: another record (a file gzipped whole), or
	 * a Content-Length that is too short */
	fill(w, 5);
	if (avail(w) >= 5 && memcmp(w->buf + w->start, "WARC/", 5) == 0) {
		r->in_stream = true;
		r->offset = w->rec;
		r->length = w->base + w->start - w->rec;
		return NULL;
	}
	snprintf(w->cut, sizeof w->cut, "Content-Length ends the block "
	    "before the end of its %s", zinput_unit(&w->z));
	resync_from(w, w->body);
	return w->cut;
}

/* The record at hand was read past: its verdict, why (if not NULL) or
 * what finish() finds making it WARC_BAD. */
static enum warc_verdict
done(struct warc *w, struct warc_record *r, enum warc_kind kind,
    const char *why)
{
	const char *fwhy = finish(w, r);

	if (fwhy != NULL || why != NULL)
		return bad(w, r, "%s", fwhy != NULL ? fwhy : why);
	w->count[kind]++;
	return kind == WARC_K_HTML ? WARC_HTML : kind == WARC_K_TEXT ?
	    WARC_TEXT : WARC_SKIP;
}

/* Read past the block of a record that is not a document. */
static enum warc_verdict
pass(struct warc *w, struct warc_record *r, uintmax_t len,
    enum warc_kind kind)
{
	uintmax_t got = skip(w, len);

	if (got < len)
		return truncated(w, r, got, len);
	return done(w, r, kind, NULL);
}

/* Read past a block that is a document but cannot be had. */
static enum warc_verdict
refuse(struct warc *w, struct warc_record *r, uintmax_t len,
    const char *why)
{
	uintmax_t got = skip(w, len);

	if (got < len)
		return truncated(w, r, got, len);
	return done(w, r, WARC_K_BAD, why);
}

/* Read the whole block of len bytes, keeping it (w->hold) while the
 * record's end is checked; false with the verdict in *v if it cannot be
 * read. */
static bool
take(struct warc *w, struct warc_record *r, uintmax_t len,
    enum warc_verdict *v)
{
	if (!fill(w, (size_t)len)) {
		uintmax_t got = skip(w, len);

		*v = w->err ? WARC_ERROR : truncated(w, r, got, len);
		return false;
	}
	w->hold = w->start;
	return true;
}

static bool
html_type(const char *t)
{
	return strcmp(t, "text/html") == 0 ||
	    strcmp(t, "application/xhtml+xml") == 0;
}

/* No type, or one that says nothing (WHATWG's "unknown" types). */
static bool
sniffable_type(const char *t)
{
	return *t == '\0' || strcmp(t, "unknown/unknown") == 0 ||
	    strcmp(t, "application/unknown") == 0 || strcmp(t, "*/*") == 0;
}

/* The status code of the HTTP status line at p[0..n) ("HTTP/1.1 404
 * Not Found", "HTTP/2 200"), or 0 if it has none from 100 to 599. */
static int
status_code(const char *p, size_t n)
{
	size_t i = 5;
	int code = 0;

	while (i < n && p[i] != ' ' && p[i] != '\r' && p[i] != '\n')
		i++;
	while (i < n && p[i] == ' ')
		i++;
	for (int k = 0; k < 3; k++, i++) {
		if (i >= n || p[i] < '0' || p[i] > '9')
			return 0;
		code = code * 10 + (p[i] - '0');
	}
	if (i < n && p[i] != ' ' && p[i] != '\t' && p[i] != '\r' &&
	    p[i] != '\n')
		return 0;
	return code >= 100 && code <= 599 ? code : 0;
}

static bool
status_taken(const struct warc *w, int code)
{
	return (w->status[code / 64] >> (code % 64)) & 1;
}

/* The HTTP header of a response at b[0..have), whose block is len bytes:
 * its status, type and charset, chunking and Content-Encoding.  Its
 * length in *hl; false, with the verdict in *v, if the record is not a
 * document. */
struct http {
	int	 status;
	bool	 chunked;
	char	 type[128], enc[128];
	size_t	 hl;
};

static bool
http_head(struct warc *w, struct warc_record *r, const char *b, size_t have,
    uintmax_t len, struct http *hp, enum warc_verdict *v)
{
	struct hline h;
	const char *name, *val;
	size_t nl, vl;

	if (have < 5 || memcmp(b, "HTTP/", 5) != 0) {
		*v = pass(w, r, len, WARC_K_NOSTATUS);	/* dns:, ftp, ... */
		return false;
	}
	if ((hp->hl = header_len(b, have)) == 0) {
		if (have < len && have >= WARC_HEADER_MAX) {
			snprintf(w->cut, sizeof w->cut, "HTTP header longer "
			    "than %d bytes", WARC_HEADER_MAX);
			*v = refuse(w, r, len, w->cut);
		}
		else if (have < len)
			*v = truncated(w, r, skip(w, len), len);
		else
			*v = refuse(w, r, len, "HTTP header without its end");
		return false;
	}
	if ((hp->status = status_code(b, hp->hl)) == 0) {
		*v = pass(w, r, len, WARC_K_NOSTATUS);
		return false;
	}
	r->status = hp->status;
	if (!status_taken(w, hp->status)) {
		*v = pass(w, r, len, WARC_K_1XX + hp->status / 100 - 1);
		return false;
	}
	h.p = (const char *)memchr(b, '\n', hp->hl) + 1;
	h.end = b + hp->hl;
	while (next_field(&h, &name, &nl, &val, &vl)) {
		if (is(name, nl, "Content-Type")) {
			w->charset.len = 0;
			media_type(val, vl, hp->type, sizeof hp->type,
			    &w->charset);
		} else if (is(name, nl, "Transfer-Encoding"))
			hp->chunked = vl >= 7 && strncasecmp(val + vl - 7,
			    "chunked", 7) == 0;
		else if (is(name, nl, "Content-Encoding"))
			snprintf(hp->enc, sizeof hp->enc, "%.*s",
			    vl < 120 ? (int)vl : 120, val);
	}
	return true;
}

/* The block of a response or resource record: len bytes at w->start.
 * wtype holds the WARC Content-Type's media type (a resource's). */
static enum warc_verdict
page(struct warc *w, struct warc_record *r, uintmax_t len, bool http,
    const char *wtype)
{
	struct http hp = { 0 };
	size_t have, plen;
	const char *b, *p, *why;
	bool encoded, sniff_it, in_buf = true;
	uintmax_t pabs;
	enum warc_verdict v;

	fill(w, len < WARC_HEADER_MAX ? (size_t)len : WARC_HEADER_MAX);
	if (w->err)
		return WARC_ERROR;
	have = avail(w) < len ? avail(w) : (size_t)len;
	b = w->buf + w->start;
	snprintf(hp.type, sizeof hp.type, "%s", wtype);
	if (http) {
		w->charset.len = 0;	/* a resource's is its record's */
		if (!http_head(w, r, b, have, len, &hp, &v))
			return v;
	}
	snprintf(w->type, sizeof w->type, "%s", hp.type);
	r->type = w->type;
	encoded = !httpenc_identity(hp.enc, strlen(hp.enc));
	sniff_it = !html_type(hp.type) && sniffable_type(hp.type);
	/* an encoded payload is sniffed once decoded */
	if (!html_type(hp.type) && !(sniff_it && (encoded ||
	    sniff(b + hp.hl, have - hp.hl, http && hp.chunked))))
		return pass(w, r, len, WARC_K_NONHTML);
	if (len - hp.hl > w->max) {
		if (sniff_it && encoded)
			return pass(w, r, len, WARC_K_NONHTML);
		snprintf(w->cut, sizeof w->cut, "larger than --max-bytes (%zu "
		    "bytes)", w->max);
		return refuse(w, r, len, w->cut);
	}
	if (!take(w, r, len, &v))
		return v;
	p = w->buf + w->start + hp.hl;
	plen = (size_t)len - hp.hl;
	w->start += (size_t)len;
	if (http && hp.chunked && looks_chunked(p, plen) &&
	    !warc_dechunk(w->buf + (p - w->buf), &plen))
		return done(w, r, WARC_K_BAD, "malformed chunked "
		    "transfer-coding");
	pabs = w->base + (size_t)(p - w->buf);
	if (encoded) {
		if (!httpenc_decode(&w->enc, hp.enc, strlen(hp.enc), p, plen,
		    &p, &plen, &why))
			return done(w, r, WARC_K_BAD, why);
		in_buf = false;
		if (sniff_it && !warc_sniff_html(p, plen))
			return done(w, r, WARC_K_NONHTML, NULL);
	}
	if ((v = done(w, r, WARC_K_HTML, NULL)) != WARC_HTML)
		return v;
	/* finish() may have moved the buffer, keeping the block */
	r->body = in_buf ? w->buf + (size_t)(pabs - w->base) : p;
	r->len = plen;
	r->charset = w->charset.len > 0 ? buf_cstr(&w->charset) : NULL;
	return WARC_HTML;
}

/* The block of a conversion record (a WET file's text), len bytes. */
static enum warc_verdict
text(struct warc *w, struct warc_record *r, uintmax_t len)
{
	uintmax_t pabs;
	enum warc_verdict v;

	snprintf(w->type, sizeof w->type, "text/plain");
	r->type = w->type;
	if (len > w->max) {
		snprintf(w->cut, sizeof w->cut, "larger than --max-bytes (%zu "
		    "bytes)", w->max);
		return refuse(w, r, len, w->cut);
	}
	if (!take(w, r, len, &v))
		return v;
	pabs = w->base + w->start;
	w->start += (size_t)len;
	if ((v = done(w, r, WARC_K_TEXT, NULL)) != WARC_TEXT)
		return v;
	r->body = w->buf + (size_t)(pabs - w->base);
	r->len = (size_t)len;
	r->charset = w->charset.len > 0 ? buf_cstr(&w->charset) : NULL;
	return WARC_TEXT;
}

/* The member (or the input) is read: the next one.  WARC_SKIP: go on
 * reading; any other verdict is the one to hand out. */
static enum warc_verdict
next_member(struct warc *w, struct warc_record *r)
{
	if (w->err)
		return WARC_ERROR;
	if (compressed(w) && w->z.why != NULL && !w->told) {
		/* it failed between records, or before the first */
		w->told = true;
		r->offset = w->z.cstart;
		return bad(w, r, "%s", w->z.why);
	}
	w->start = w->end = 0;
	w->hold = SIZE_MAX;
	switch (zinput_next(&w->z)) {
	case ZINPUT_MEMBER:
		w->eof = false;
		w->first = true;
		w->told = false;
		return WARC_SKIP;
	case ZINPUT_JUNK:
		w->told = true;
		r->offset = w->z.cstart;
		return bad(w, r, "%s", w->z.why);
	case ZINPUT_EOF:
		return WARC_EOF;
	default:
		w->err = w->z.err;
		return WARC_ERROR;
	}
}

/* The fields of the WARC header at b[0..hl) that matter here. */
struct whead {
	int		 type;
	char		 wtype[128], version[16];
	uintmax_t	 len;
	bool		 have_len, len_ok;
};

static void
warc_head(struct warc *w, const char *b, size_t hl, struct whead *wh)
{
	const char *name, *val;
	size_t nl, vl;
	struct hline h;

	vl = (size_t)((const char *)memchr(b, '\n', hl) - b);
	if (vl > 0 && b[vl - 1] == '\r')
		vl--;
	snprintf(wh->version, sizeof wh->version, "%.*s", vl < 15 ? (int)vl :
	    15, b);
	h.p = (const char *)memchr(b, '\n', hl) + 1;
	h.end = b + hl;
	w->uri.len = w->charset.len = w->date.len = w->id.len = 0;
	while (next_field(&h, &name, &nl, &val, &vl)) {
		if (is(name, nl, "WARC-Type"))
			wh->type = record_type(val, vl);
		else if (is(name, nl, "WARC-Target-URI")) {
			if (vl >= 2 && val[0] == '<' && val[vl - 1] == '>') {
				val++;
				vl -= 2;
			}
			w->uri.len = 0;
			buf_append(&w->uri, val, vl);
		} else if (is(name, nl, "WARC-Date")) {
			w->date.len = 0;
			buf_append(&w->date, val, vl);
		} else if (is(name, nl, "WARC-Record-ID")) {
			w->id.len = 0;
			buf_append(&w->id, val, vl);
		} else if (is(name, nl, "Content-Length")) {
			wh->have_len = true;
			wh->len = 0;
			wh->len_ok = vl > 0 && vl <= 19;
			for (size_t i = 0; i < vl && wh->len_ok; i++) {
				if (val[i] < '0' || val[i] > '9')
					wh->len_ok = false;
				else
					wh->len = wh->len * 10 +
					    (uintmax_t)(val[i] - '0');
			}
		} else if (is(name, nl, "Content-Type")) {
			w->charset.len = 0;
			media_type(val, vl, wh->wtype, sizeof wh->wtype,
			    &w->charset);
		}
	}
}

enum warc_verdict
warc_next(struct warc *w, struct warc_record *r)
{
	struct whead wh = { .type = T_NONE };
	enum warc_verdict v;
	size_t hl;

	memset(r, 0, sizeof *r);
	r->uri = r->date = r->id = r->type = "";
	w->hold = SIZE_MAX;
	/* the CRLF CRLF that ends a record, and any more blank lines */
	for (;;) {
		if (!fill(w, 1)) {
			if ((v = next_member(w, r)) != WARC_SKIP)
				return v;
			continue;
		}
		if (w->buf[w->start] != '\r' && w->buf[w->start] != '\n')
			break;
		w->start++;
	}
	w->rec = w->base + w->start;
	w->aligned = compressed(w) && w->first;
	w->first = false;
	r->offset = w->aligned ? w->z.cstart : w->rec;
	r->in_stream = compressed(w) && !w->aligned;
	fill(w, 5);
	if (avail(w) < 5 || memcmp(w->buf + w->start, "WARC/", 5) != 0) {
		resync(w);
		return bad(w, r, "not a WARC record");
	}
	while ((hl = header_len(w->buf + w->start, avail(w))) == 0) {
		if (avail(w) > WARC_HEADER_MAX) {
			w->start++;
			resync(w);
			return bad(w, r, "record header longer than %d bytes",
			    WARC_HEADER_MAX);
		}
		if (!fill(w, avail(w) + 1)) {
			const char *why;

			if (w->err)
				return WARC_ERROR;
			w->start = w->end;
			why = member_failed(w);
			return bad(w, r, "%s", why ? why :
			    "truncated record header");
		}
	}
	warc_head(w, w->buf + w->start, hl, &wh);
	r->uri = buf_cstr(&w->uri);
	r->date = buf_cstr(&w->date);
	r->id = buf_cstr(&w->id);
	w->start += hl;
	w->body = w->base + w->start;
	if (!wh.have_len || !wh.len_ok) {
		resync(w);
		return bad(w, r, wh.have_len ? "bad Content-Length" :
		    "no Content-Length");
	}
	if (strcmp(wh.version, "WARC/1.0") != 0 &&
	    strcmp(wh.version, "WARC/1.1") != 0) {
		snprintf(w->cut, sizeof w->cut, "unsupported version %s",
		    wh.version);
		return refuse(w, r, wh.len, w->cut);
	}
	switch (wh.type) {
	case T_RESPONSE:
		return page(w, r, wh.len, true, "");
	case T_RESOURCE:
		return page(w, r, wh.len, false, wh.wtype);
	case T_CONVERSION:
		if (w->text && (wh.wtype[0] == '\0' ||
		    strcmp(wh.wtype, "text/plain") == 0))
			return text(w, r, wh.len);
		return pass(w, r, wh.len, WARC_K_OTHER);
	case T_REQUEST:
		return pass(w, r, wh.len, WARC_K_REQUEST);
	case T_WARCINFO:
		return pass(w, r, wh.len, WARC_K_WARCINFO);
	case T_METADATA:
		return pass(w, r, wh.len, WARC_K_METADATA);
	case T_REVISIT:
		return pass(w, r, wh.len, WARC_K_REVISIT);
	case T_NONE:
		return refuse(w, r, wh.len, "no WARC-Type");
	default:
		return pass(w, r, wh.len, WARC_K_OTHER);
	}
}

void
warc_summary(const struct warc *w, struct buf *b)
{
	/* the kinds of record, then the responses skipped for their status */
	static const struct { int k; const char *name; } order[] = {
		{ WARC_K_HTML, "HTML" }, { WARC_K_TEXT, "text" },
		{ WARC_K_REQUEST, "request" }, { WARC_K_WARCINFO, "warcinfo" },
		{ WARC_K_METADATA, "metadata" }, { WARC_K_REVISIT, "revisit" },
		{ WARC_K_NONHTML, "non-HTML" }, { WARC_K_OTHER, "other" },
		{ WARC_K_BAD, "bad" }, { -1, "; skipped for their HTTP status:" },
		{ WARC_K_1XX, "1xx" }, { WARC_K_2XX, "2xx" },
		{ WARC_K_3XX, "3xx" }, { WARC_K_4XX, "4xx" },
		{ WARC_K_5XX, "5xx" }, { WARC_K_NOSTATUS, "without one" },
	};
	uintmax_t total = 0;
	char num[64];

	for (int k = 0; k < WARC_NKINDS; k++)
		total += w->count[k];
	snprintf(num, sizeof num, "%ju WARC records:", total);
	buf_append(b, num, strlen(num));
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		if (order[i].k < 0)
			snprintf(num, sizeof num, "%s", order[i].name);
		else
			snprintf(num, sizeof num, "%s %ju %s",
			    i == 0 || order[i - 1].k < 0 ? "" : ",",
			    w->count[order[i].k], order[i].name);
		buf_append(b, num, strlen(num));
	}
}

bool
warc_status_parse(const char *s, uint64_t set[WARC_STATUS_WORDS],
    const char **why)
{
	memset(set, 0, WARC_STATUS_WORDS * sizeof set[0]);
	*why = "statuses from 100 to 599, ranges N-M, commas between them, "
	    "or all";
	if (strcmp(s, "all") == 0) {
		status_range(set, 100, 599);
		return true;
	}
	for (;;) {
		int lo = 0, hi, n = 0;

		while (*s >= '0' && *s <= '9' && n < 4)
			lo = lo * 10 + (*s++ - '0'), n++;
		if (n != 3)
			return false;
		hi = lo;
		if (*s == '-') {
			s++;
			for (hi = 0, n = 0; *s >= '0' && *s <= '9' && n < 4; n++)
				hi = hi * 10 + (*s++ - '0');
			if (n != 3)
				return false;
		}
		if (lo < 100 || hi > 599 || lo > hi)
			return false;
		status_range(set, lo, hi);
		if (*s == '\0')
			return true;
		if (*s++ != ',')
			return false;
	}
}
