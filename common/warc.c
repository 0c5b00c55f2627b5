#define _GNU_SOURCE	/* memmem */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "warc.h"
#include "xalloc.h"

#define READ_CHUNK	(256 * 1024)
#define SNIFF_SPAN	512

void
warc_init(struct warc *w, size_t max)
{
	memset(w, 0, sizeof *w);
	w->fd = -1;
	w->max = max;
}

static void
reset(struct warc *w)
{
	w->start = w->end = 0;
	w->base = 0;
	w->eof = false;
	w->err = 0;
}

void
warc_reset_fd(struct warc *w, int fd)
{
	reset(w);
	w->fd = fd;
	w->mem = NULL;
}

void
warc_reset_mem(struct warc *w, const char *p, size_t n)
{
	reset(w);
	w->fd = -1;
	w->mem = p;
	w->memlen = n;
	w->mempos = 0;
}

void
warc_free(struct warc *w)
{
	free(w->buf);
	buf_free(&w->uri);
	buf_free(&w->charset);
	w->buf = NULL;
	w->cap = 0;
}

static size_t
avail(const struct warc *w)
{
	return w->end - w->start;
}

/* Make at least need bytes available; false if the input ends (or
 * fails) first. */
static bool
fill(struct warc *w, size_t need)
{
	while (avail(w) < need) {
		size_t room;
		ssize_t n;

		if (w->eof)
			return false;
		if (w->start > 0) {
			memmove(w->buf, w->buf + w->start, avail(w));
			w->base += w->start;
			w->end -= w->start;
			w->start = 0;
		}
		if (w->cap - w->end < READ_CHUNK / 2 || w->cap < need) {
			size_t want = (need > w->end ? need : w->end) + READ_CHUNK;

			w->buf = xgrow(w->buf, &w->cap, want);
		}
		room = w->cap - w->end;
		if (w->fd < 0) {
			n = (ssize_t)(w->memlen - w->mempos < room ?
			    w->memlen - w->mempos : room);
			memcpy(w->buf + w->end, w->mem + w->mempos, (size_t)n);
			w->mempos += (size_t)n;
		} else {
			do
				n = read(w->fd, w->buf + w->end, room);
			while (n < 0 && errno == EINTR);
		}
		if (n < 0) {
			w->err = errno;
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
 * n when the input ends. */
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

/* Move to the next line that starts with "WARC/1.", or to the end. */
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

/* The input ended inside the block of the record at hand: its
 * Content-Length lied (or the capture was cut).  Whatever records the
 * lying length swallowed are still there, so go back to the start of
 * the block, when the input can go back (a file, memory; not a pipe),
 * and on from the next line that starts with "WARC/1.". */
static enum warc_verdict
truncated(struct warc *w, struct warc_record *r, uintmax_t got,
    uintmax_t len)
{
	/* from the LF that ends the header, so that a record right at the
	 * start of the block is found */
	uintmax_t back = w->base + w->end - (w->body - 1);

	if (w->err == 0 && ((w->fd < 0 && back <= w->mempos) ||
	    (w->fd >= 0 && back <= INTMAX_MAX &&
	    lseek(w->fd, -(off_t)back, SEEK_CUR) >= 0))) {
		if (w->fd < 0)
			w->mempos -= (size_t)back;
		w->base = w->body - 1;
		w->start = w->end = 0;
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
    T_REVISIT, T_OTHER };

static int
record_type(const char *v, size_t n)
{
	static const struct { const char *name; int t; } types[] = {
		{ "response", T_RESPONSE }, { "resource", T_RESOURCE },
		{ "request", T_REQUEST }, { "warcinfo", T_WARCINFO },
		{ "metadata", T_METADATA }, { "revisit", T_REVISIT },
	};

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (is(v, n, types[i].name))
			return types[i].t;
	return T_OTHER;
}

/* Skip the block of a record that is not a page. */
static enum warc_verdict
pass(struct warc *w, struct warc_record *r, uintmax_t len,
    enum warc_kind kind)
{
	uintmax_t got = skip(w, len);

	if (got < len)
		return truncated(w, r, got, len);
	w->count[kind]++;
	return WARC_SKIP;
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

/* The block of a response or resource record: len bytes at w->start.
 * type holds the WARC Content-Type's media type (a resource's). */
static enum warc_verdict
page(struct warc *w, struct warc_record *r, uintmax_t len, bool http,
    const char *wtype)
{
	char type[128], enc[64] = "";
	size_t have, hl = 0, plen;
	bool chunked = false, is_http = false;
	const char *b;

	fill(w, len < WARC_HEADER_MAX ? (size_t)len : WARC_HEADER_MAX);
	if (w->err)
		return WARC_ERROR;
	have = avail(w) < len ? avail(w) : (size_t)len;
	b = w->buf + w->start;
	if (http)
		w->charset.len = 0;	/* a resource's is its record's */
	snprintf(type, sizeof type, "%s", wtype);
	if (http && have >= 5 && memcmp(b, "HTTP/", 5) == 0) {
		struct hline h;
		const char *name, *val;
		size_t nl, vl;

		is_http = true;
		if ((hl = header_len(b, have)) == 0) {
			if (have < len && have >= WARC_HEADER_MAX) {
				skip(w, len);
				return bad(w, r, "HTTP header longer than %d "
				    "bytes", WARC_HEADER_MAX);
			}
			if (have < len) {
				uintmax_t got = skip(w, len);

				return truncated(w, r, got, len);
			}
			skip(w, len);
			return bad(w, r, "HTTP header without its end");
		}
		h.p = (const char *)memchr(b, '\n', hl) + 1;
		h.end = b + hl;
		type[0] = '\0';
		while (next_field(&h, &name, &nl, &val, &vl)) {
			if (is(name, nl, "Content-Type")) {
				w->charset.len = 0;
				media_type(val, vl, type, sizeof type,
				    &w->charset);
			} else if (is(name, nl, "Transfer-Encoding"))
				chunked = vl >= 7 && strncasecmp(val + vl - 7,
				    "chunked", 7) == 0;
			else if (is(name, nl, "Content-Encoding"))
				snprintf(enc, sizeof enc, "%.*s",
				    vl < 60 ? (int)vl : 60, val);
		}
	} else if (http)
		return pass(w, r, len, WARC_K_NONHTML);	/* dns:, ftp, ... */
	if (!html_type(type) && !(sniffable_type(type) &&
	    sniff(b + hl, have - hl, is_http && chunked)))
		return pass(w, r, len, WARC_K_NONHTML);
	if (len - hl > w->max) {
		uintmax_t got = skip(w, len);

		if (got < len)
			return truncated(w, r, got, len);
		return bad(w, r, "larger than --max-bytes (%zu bytes)",
		    w->max);
	}
	if (enc[0] != '\0' && strcasecmp(enc, "identity") != 0) {
		skip(w, len);
		return bad(w, r, "payload compressed (Content-Encoding: %s), "
		    "not decoded", enc);
	}
	if (!fill(w, (size_t)len)) {
		uintmax_t got = skip(w, len);

		if (w->err)
			return WARC_ERROR;
		return truncated(w, r, got, len);
	}
	b = w->buf + w->start;
	r->body = b + hl;
	plen = (size_t)len - hl;
	w->start += (size_t)len;
	if (is_http && chunked && looks_chunked(r->body, plen) &&
	    !warc_dechunk(w->buf + (r->body - w->buf), &plen))
		return bad(w, r, "malformed chunked transfer-coding");
	r->len = plen;
	r->charset = w->charset.len > 0 ? buf_cstr(&w->charset) : NULL;
	w->count[WARC_K_HTML]++;
	return WARC_HTML;
}

enum warc_verdict
warc_next(struct warc *w, struct warc_record *r)
{
	const char *b, *name, *val;
	char wtype[128] = "", version[16];
	size_t hl, nl, vl;
	uintmax_t len = 0;
	bool have_len = false, len_ok = true;
	int type = T_NONE;
	struct hline h;

	memset(r, 0, sizeof *r);
	r->uri = "";
	/* the CRLF CRLF that ends a record, and any more blank lines */
	for (;;) {
		if (!fill(w, 1))
			return w->err ? WARC_ERROR : WARC_EOF;
		if (w->buf[w->start] != '\r' && w->buf[w->start] != '\n')
			break;
		w->start++;
	}
	r->offset = w->base + w->start;
	fill(w, 5);
	if (r->offset == 0 && avail(w) >= 2 &&
	    memcmp(w->buf + w->start, "\x1f\x8b", 2) == 0) {
		w->start = w->end;
		w->eof = true;
		return WARC_GZIP;
	}
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
			if (w->err)
				return WARC_ERROR;
			w->start = w->end;
			return bad(w, r, "truncated record header");
		}
	}
	b = w->buf + w->start;
	vl = (size_t)((const char *)memchr(b, '\n', hl) - b);
	if (vl > 0 && b[vl - 1] == '\r')
		vl--;
	snprintf(version, sizeof version, "%.*s", vl < 15 ? (int)vl : 15, b);
	h.p = (const char *)memchr(b, '\n', hl) + 1;
	h.end = b + hl;
	w->uri.len = 0;
	w->charset.len = 0;
	while (next_field(&h, &name, &nl, &val, &vl)) {
		if (is(name, nl, "WARC-Type"))
			type = record_type(val, vl);
		else if (is(name, nl, "WARC-Target-URI")) {
			if (vl >= 2 && val[0] == '<' && val[vl - 1] == '>') {
				val++;
				vl -= 2;
			}
			w->uri.len = 0;
			buf_append(&w->uri, val, vl);
		} else if (is(name, nl, "Content-Length")) {
			have_len = true;
			len = 0;
			len_ok = vl > 0 && vl <= 19;
			for (size_t i = 0; i < vl && len_ok; i++) {
				if (val[i] < '0' || val[i] > '9')
					len_ok = false;
				else
					len = len * 10 + (uintmax_t)(val[i] - '0');
			}
		} else if (is(name, nl, "Content-Type")) {
			w->charset.len = 0;
			media_type(val, vl, wtype, sizeof wtype, &w->charset);
		}
	}
	r->uri = buf_cstr(&w->uri);
	w->start += hl;
	w->body = w->base + w->start;
	if (!have_len || !len_ok) {
		resync(w);
		return bad(w, r, have_len ? "bad Content-Length" :
		    "no Content-Length");
	}
	if (strcmp(version, "WARC/1.0") != 0 &&
	    strcmp(version, "WARC/1.1") != 0) {
		uintmax_t got = skip(w, len);

		if (got < len)
			return truncated(w, r, got, len);
		return bad(w, r, "unsupported version %s", version);
	}
	switch (type) {
	case T_RESPONSE:
		return page(w, r, len, true, "");
	case T_RESOURCE:
		return page(w, r, len, false, wtype);
	case T_REQUEST:
		return pass(w, r, len, WARC_K_REQUEST);
	case T_WARCINFO:
		return pass(w, r, len, WARC_K_WARCINFO);
	case T_METADATA:
		return pass(w, r, len, WARC_K_METADATA);
	case T_REVISIT:
		return pass(w, r, len, WARC_K_REVISIT);
	case T_NONE: {
		uintmax_t got = skip(w, len);

		if (got < len)
			return truncated(w, r, got, len);
		return bad(w, r, "no WARC-Type");
	}
	default:
		return pass(w, r, len, WARC_K_OTHER);
	}
}

void
warc_summary(const struct warc *w, struct buf *b)
{
	static const char *const names[WARC_NKINDS] = {
		"HTML", "request", "warcinfo", "metadata", "revisit",
		"non-HTML", "other", "bad",
	};
	uintmax_t total = 0;
	char num[64];

	for (int k = 0; k < WARC_NKINDS; k++)
		total += w->count[k];
	snprintf(num, sizeof num, "%ju WARC records:", total);
	buf_append(b, num, strlen(num));
	for (int k = 0; k < WARC_NKINDS; k++) {
		snprintf(num, sizeof num, " %ju %s%s", w->count[k], names[k],
		    k + 1 < WARC_NKINDS ? "," : "");
		buf_append(b, num, strlen(num));
	}
}
