/* JSON-LD with json-c rather than jansson: json-c's tokener, out of its
 * strict mode, reads the JSON that pages really carry (trailing commas,
 * comments, single quotes, raw newlines in strings) without a repair
 * pass of ours, stops cleanly at a nesting limit set at run time (the
 * page of 100,000 brackets), does not recurse, and reports where a value
 * ends, so several values in one block are read one after the other.
 * jansson is strict RFC 8259 and has its depth limit compiled in. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>
#include <unicode/utf8.h>
#include <libxml/HTMLparser.h>

#include "diag.h"
#include "html.h"
#include "jsonld.h"
#include "textnorm.h"

#define ABSENT	SIZE_MAX

void
jsonld_reset(struct jsonld *j)
{
	for (size_t i = 0; i < j->nroots; i++)
		json_object_put(j->roots[i]);
	j->nroots = 0;
	j->nblocks = j->nrepaired = j->nbroken = j->nbytes = 0;
	j->ntypes = 0;
	j->main_type = NULL;
	for (size_t i = 0; i < JSONLD_NFIELDS; i++)
		j->field[i] = NULL;
	j->strs.len = 0;
}

void
jsonld_free(struct jsonld *j)
{
	jsonld_reset(j);
	if (j->tok != NULL)
		json_tokener_free(j->tok);
	j->tok = NULL;
	buf_free(&j->fix);
	buf_free(&j->strs);
	buf_free(&j->tmp);
	buf_free(&j->src);
}

static bool
space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Read the values of p[0..n) one after the other into j->roots; how
 * many were read.  A value cut short at the end is finished by the NUL
 * that ends json-c's input (a number, or a comment after the value). */
static size_t
parse_all(struct jsonld *j, const char *p, size_t n)
{
	size_t off = 0, got = 0;

	if (j->tok == NULL &&
	    (j->tok = json_tokener_new_ex(JSONLD_MAX_DEPTH)) == NULL)
		diag_fatal("out of memory");
	for (;;) {
		struct json_object *o;

		while (off < n && (space((unsigned char)p[off]) ||
		    p[off] == ';' || p[off] == ','))
			off++;
		if (off == n)
			break;
		json_tokener_reset(j->tok);
		o = json_tokener_parse_ex(j->tok, p + off, (int)(n - off));
		if (o == NULL &&
		    json_tokener_get_error(j->tok) == json_tokener_continue) {
			o = json_tokener_parse_ex(j->tok, "", 1);
			off = n;
		} else
			off += json_tokener_get_parse_end(j->tok);
		if (o == NULL)
			break;
		if (j->nroots < sizeof j->roots / sizeof j->roots[0])
			j->roots[j->nroots++] = o;
		else
			json_object_put(o);
		got++;
	}
	return got;
}

/* Append code point c as UTF-8 (U+FFFD for what is no character). */
static void
put_utf8(struct buf *b, uint32_t c)
{
	char u[4];

	if (c == 0 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		c = 0xfffd;
	if (c < 0x80)
		buf_putc(b, (char)c);
	else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		buf_append(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		buf_append(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		buf_append(b, u, 4);
	}
}

/* An HTML character reference at p[0..n) (p[0] is '&'): its length, the
 * decoded text appended to b; 0 if there is none. */
static size_t
entity(const char *p, size_t n, struct buf *b)
{
	size_t i = 1;

	if (n > 2 && p[1] == '#') {
		bool hex = (p[2] | 0x20) == 'x';
		uint32_t c = 0;
		size_t start;

		i = start = 2 + hex;
		for (; i < n && i - start < 8; i++) {
			unsigned char d = (unsigned char)p[i];
			int v;

			if (d >= '0' && d <= '9')
				v = d - '0';
			else if (hex && (d | 0x20) >= 'a' && (d | 0x20) <= 'f')
				v = (d | 0x20) - 'a' + 10;
			else
				break;
			c = c * (hex ? 16 : 10) + (uint32_t)v;
		}
		if (i == start)
			return 0;
		put_utf8(b, c);
		return i + (i < n && p[i] == ';');
	}
	{
		char name[16];
		const htmlEntityDesc *e;

		for (; i < n && i < sizeof name && ((p[i] | 0x20) >= 'a' &&
		    (p[i] | 0x20) <= 'z'); i++)
			name[i - 1] = p[i];
		if (i == 1 || i >= n || p[i] != ';' || i >= sizeof name)
			return 0;
		name[i - 1] = '\0';
		if ((e = htmlEntityLookup((const xmlChar *)name)) == NULL)
			return 0;
		put_utf8(b, e->value);
		return i + 1;
	}
}

/* Decode the character references of p[0..n) into b. */
static void
decode_entities(const char *p, size_t n, struct buf *b)
{
	for (size_t i = 0; i < n;) {
		const char *amp = memchr(p + i, '&', n - i);
		size_t k;

		if (amp == NULL) {
			buf_append(b, p + i, n - i);
			break;
		}
		buf_append(b, p + i, (size_t)(amp - (p + i)));
		i = (size_t)(amp - p);
		if ((k = entity(p + i, n - i, b)) == 0) {
			buf_putc(b, '&');
			k = 1;
		}
		i += k;
	}
}

static bool
has(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);

	for (const char *q = p; (size_t)(p + n - q) >= k &&
	    (q = memchr(q, s[0], (size_t)(p + n - q) - k + 1)) != NULL; q++)
		if (memcmp(q, s, k) == 0)
			return true;
	return false;
}

/* Does a quote at in[i] end its string: is the next character that is
 * not white space one that can follow a string? */
static bool
closes(const char *in, size_t n, size_t i)
{
	for (i++; i < n && space((unsigned char)in[i]); i++)
		;
	return i == n || strchr(",:}]", in[i]) != NULL;
}

static bool
curly(const char *in, size_t n, size_t i)
{
	return i + 2 < n && (unsigned char)in[i] == 0xe2 &&
	    (unsigned char)in[i + 1] == 0x80 &&
	    ((unsigned char)in[i + 2] == 0x9c || (unsigned char)in[i + 2] == 0x9d);
}

/* The repairs: backslash escapes JSON does not have made literal ("\'"
 * is "'"); a quote inside a string that does not end it (the next
 * character cannot follow a string: an HTML attribute in a description)
 * escaped; typographic quotes where JSON has its own (a word processor
 * wrote it) made ASCII; runs of commas made one; unclosed strings and
 * brackets closed at the end.  in[0..n) to j->fix. */
static void
repair(struct jsonld *j, const char *in, size_t n)
{
	char stack[JSONLD_MAX_DEPTH];
	size_t depth = 0;
	char quote = 0;
	bool typo = false;	/* the string was opened by a curly quote */
	struct buf *b = &j->fix;

	b->len = 0;
	for (size_t i = 0; i < n; i++) {
		char c = in[i];

		if (quote) {
			if (c == '\\' && i + 1 < n) {
				char e = in[i + 1];

				if (e != '\0' && strchr("\"\\/bfnrtu", e) != NULL) {
					buf_putc(b, c);
					buf_putc(b, e);
				} else if (e != quote)
					buf_putc(b, e);
				else {
					buf_putc(b, '\\');
					buf_putc(b, e);
				}
				i++;
				continue;
			}
			if (typo && curly(in, n, i) && closes(in, n, i + 2)) {
				buf_putc(b, '"');
				quote = 0;
				i += 2;
				continue;
			}
			if (c == quote) {
				if (!closes(in, n, i)) {
					buf_putc(b, '\\');
					buf_putc(b, c);
					continue;
				}
				quote = 0;
			}
			buf_putc(b, c);
			continue;
		}
		if (curly(in, n, i)) {
			buf_putc(b, '"');
			quote = '"';
			typo = true;
			i += 2;
			continue;
		}
		switch (c) {
		case '"':
		case '\'':
			quote = c;
			typo = false;
			break;
		case '{':
		case '[':
			if (depth < sizeof stack)
				stack[depth] = c == '{' ? '}' : ']';
			depth++;
			break;
		case '}':
		case ']':
			if (depth > 0)
				depth--;
			break;
		case ',':
			if (b->len > 0 && b->p[b->len - 1] == ',')
				continue;
			break;
		}
		buf_putc(b, c);
	}
	if (quote)
		buf_putc(b, quote);
	if (depth > sizeof stack)
		return;		/* too deep to be read anyway */
	while (depth > 0)
		buf_putc(b, stack[--depth]);
}

/* Cut the HTML comment and CDATA wrappers some pages put around the
 * JSON of a script. */
static void
unwrap(const char **pp, size_t *np)
{
	static const char *const opens[] = { "<!--", "//<![CDATA[", "<![CDATA[" };
	static const char *const closes[] = { "-->", "//]]>", "]]>" };
	const char *p = *pp;
	size_t n = *np;

	while (n > 0 && space((unsigned char)*p))
		p++, n--;
	for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++) {
		size_t k = strlen(opens[i]);

		if (n >= k && memcmp(p, opens[i], k) == 0) {
			p += k;
			n -= k;
		}
	}
	while (n > 0 && space((unsigned char)p[n - 1]))
		n--;
	for (size_t i = 0; i < sizeof closes / sizeof closes[0]; i++) {
		size_t k = strlen(closes[i]);

		if (n >= k && memcmp(p + n - k, closes[i], k) == 0)
			n -= k;
		while (n > 0 && space((unsigned char)p[n - 1]))
			n--;
	}
	*pp = p;
	*np = n;
}

void
jsonld_add(struct jsonld *j, const char *p, size_t n)
{
	j->nblocks++;
	j->nbytes += n;
	if (j->nblocks > JSONLD_MAX_BLOCKS || n > JSONLD_MAX_BLOCK ||
	    j->nbytes > JSONLD_MAX_BYTES) {
		j->nbroken++;
		return;
	}
	unwrap(&p, &n);
	if (n == 0 || parse_all(j, p, n) > 0)
		return;
	/* an escaped block: decode it first, then repair it */
	j->tmp.len = 0;
	if (has(p, n, "&quot;") || has(p, n, "&#34;")) {
		decode_entities(p, n, &j->tmp);
		p = j->tmp.p;
		n = j->tmp.len;
	}
	repair(j, p, n);
	if (parse_all(j, j->fix.p, j->fix.len) > 0)
		j->nrepaired++;
	else
		j->nbroken++;
}

/* --- the nodes and their types ------------------------------------------- */

struct node {
	struct json_object	*o;
	const char		*type;	/* its best-ranked type, unprefixed */
	int			 rank;
};

struct nodes {
	struct node	 v[JSONLD_MAX_NODES];
	size_t		 n;
};

static struct json_object *
get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

static const char *
unprefix(const char *t)
{
	const char *s = t;

	for (const char *q = t; *q; q++)
		if (*q == '/' || *q == ':' || *q == '#')
			s = q + 1;
	return s;
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

int
jsonld_rank(const char *type)
{
	static const char *const content[] = { "BlogPosting",
	    "Course", "DiscussionForumPosting", "Event", "HowTo", "JobPosting",
	    "LiveBlogPosting", "Product", "Question", "Recipe", "Report",
	    "SocialMediaPosting" };
	static const char *const works[] = { "Book", "CreativeWork", "Dataset",
	    "Episode", "Movie", "MusicRecording", "PodcastEpisode", "Review",
	    "SoftwareApplication", "SoftwareSourceCode", "VideoObject",
	    "Thesis", "Chapter" };

	if (ends_with(type, "Article"))
		return 3;
	for (size_t i = 0; i < sizeof content / sizeof content[0]; i++)
		if (strcmp(type, content[i]) == 0)
			return 3;
	for (size_t i = 0; i < sizeof works / sizeof works[0]; i++)
		if (strcmp(type, works[i]) == 0)
			return 2;
	if (ends_with(type, "Page"))
		return 1;
	return 0;
}

static void add_node(struct jsonld *j, struct nodes *ns,
    struct json_object *o, int level);

static void
add_value(struct jsonld *j, struct nodes *ns, struct json_object *v,
    int level)
{
	if (v == NULL)
		return;
	if (json_object_is_type(v, json_type_array)) {
		size_t len = json_object_array_length(v);

		for (size_t i = 0; i < len && ns->n < JSONLD_MAX_NODES; i++) {
			struct json_object *m = json_object_array_get_idx(v, i);

			if (json_object_is_type(m, json_type_object))
				add_node(j, ns, m, level);
		}
	} else if (json_object_is_type(v, json_type_object))
		add_node(j, ns, v, level);
}

static void
note_type(struct jsonld *j, const char *t)
{
	for (size_t i = 0; i < j->ntypes; i++)
		if (strcmp(j->strs.p + j->off[JSONLD_NFIELDS + i], t) == 0) {
			j->type_nodes[i]++;
			return;
		}
	if (j->ntypes == JSONLD_MAX_TYPES)
		return;
	j->type_nodes[j->ntypes] = 1;
	j->off[JSONLD_NFIELDS + j->ntypes++] = j->strs.len;
	buf_append(&j->strs, t, strlen(t) + 1);
}

/* A schema.org type is a name of ASCII letters and digits. */
static bool
type_name(const char *s)
{
	size_t n = 0;

	for (; s[n] != '\0'; n++)
		if (!((s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z') &&
		    !(s[n] >= '0' && s[n] <= '9') && s[n] != '_' && s[n] != '-')
			return false;
	return n > 0 && n <= 64;
}

/* A node, then (one level down) its @graph, mainEntity and
 * mainEntityOfPage: the recursion is two levels deep at most. */
static void
add_node(struct jsonld *j, struct nodes *ns, struct json_object *o,
    int level)
{
	struct json_object *t = get(o, "@type");
	struct node *nd;

	if (ns->n == JSONLD_MAX_NODES)
		return;
	nd = &ns->v[ns->n++];
	nd->o = o;
	nd->type = NULL;
	nd->rank = -1;
	if (t != NULL) {
		size_t len = json_object_is_type(t, json_type_array) ?
		    json_object_array_length(t) : 1;

		for (size_t i = 0; i < len && i < JSONLD_MAX_TYPES; i++) {
			struct json_object *ti = json_object_is_type(t,
			    json_type_array) ? json_object_array_get_idx(t, i) : t;
			const char *s;
			int r;

			if (!json_object_is_type(ti, json_type_string))
				continue;
			s = unprefix(json_object_get_string(ti));
			if (!type_name(s))
				continue;
			note_type(j, s);
			if ((r = jsonld_rank(s)) > nd->rank) {
				nd->rank = r;
				nd->type = s;
			}
		}
	}
	if (level >= 2)
		return;
	add_value(j, ns, get(o, "@graph"), level + 1);
	add_value(j, ns, get(o, "mainEntity"), level + 1);
	add_value(j, ns, get(o, "mainEntityOfPage"), level + 1);
}

/* --- the values ------------------------------------------------------------ */

/* Append s[0..n) to j->strs as a field's value: entities decoded, tags
 * out (with tags), white space collapsed, at most cap bytes, NUL
 * terminated.  Its offset, or ABSENT if nothing is left. */
static size_t
clean(struct jsonld *j, const char *s, size_t n, size_t cap, bool tags)
{
	struct buf *t = &j->tmp;
	size_t start = j->strs.len, len;

	if (n > cap * 4)
		n = cap * 4;	/* more could not be kept anyway */
	if (tags && memchr(s, '<', n) != NULL) {
		struct buf *f = &j->fix;

		f->len = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i], d;
			const char *gt;

			d = i + 1 < n ? (unsigned char)s[i + 1] : 0;
			if (c == '<' && (((d | 0x20) >= 'a' && (d | 0x20) <= 'z') ||
			    d == '/' || d == '!') &&
			    (gt = memchr(s + i, '>', n - i)) != NULL) {
				buf_putc(f, ' ');
				i = (size_t)(gt - s);
				continue;
			}
			buf_putc(f, (char)c);
		}
		s = f->p;
		n = f->len;
	}
	t->len = 0;
	decode_entities(s, n, t);
	/* control characters (a \u0000 too) are white space here, and what
	 * is not UTF-8 (a caller's bytes, not a decoded page) U+FFFD */
	j->fix.len = 0;
	for (int32_t i = 0, tl = (int32_t)t->len; i < tl;) {
		int32_t at = i;
		UChar32 c;

		U8_NEXT((const uint8_t *)t->p, i, tl, c);
		if (c < 0)
			buf_append(&j->fix, "\xef\xbf\xbd", 3);
		else if (c < 0x20 || (c >= 0x7f && c < 0xa0))
			buf_putc(&j->fix, ' ');
		else
			buf_append(&j->fix, t->p + at, (size_t)(i - at));
	}
	textnorm_space_buf(j->fix.p, j->fix.len, false, &j->strs);
	len = j->strs.len - start;
	if (len > cap) {
		len = cap;
		while (len > 0 && ((unsigned char)j->strs.p[start + len] & 0xc0) ==
		    0x80)
			len--;
	}
	if (len == 0) {
		j->strs.len = start;
		return ABSENT;
	}
	j->strs.len = start + len;
	buf_putc(&j->strs, '\0');
	return start;
}

static size_t
clean_obj(struct jsonld *j, struct json_object *v, size_t cap, bool tags)
{
	char num[32];

	if (v == NULL)
		return ABSENT;
	switch (json_object_get_type(v)) {
	case json_type_string:
		return clean(j, json_object_get_string(v),
		    (size_t)json_object_get_string_len(v), cap, tags);
	case json_type_int:
		snprintf(num, sizeof num, "%lld",
		    (long long)json_object_get_int64(v));
		return clean(j, num, strlen(num), cap, false);
	default:
		return ABSENT;
	}
}

/* The node whose @id is id, or NULL. */
static struct json_object *
by_id(const struct nodes *ns, const char *id)
{
	for (size_t i = 0; i < ns->n; i++) {
		struct json_object *v = get(ns->v[i].o, "@id");

		if (v != NULL && json_object_is_type(v, json_type_string) &&
		    strcmp(json_object_get_string(v), id) == 0)
			return ns->v[i].o;
	}
	return NULL;
}

/* An object, or the node it points to by a bare {"@id": ...}. */
static struct json_object *
resolve(const struct nodes *ns, struct json_object *o)
{
	struct json_object *id = get(o, "@id"), *r;

	if (id != NULL && get(o, "name") == NULL &&
	    json_object_is_type(id, json_type_string) &&
	    (r = by_id(ns, json_object_get_string(id))) != NULL)
		return r;
	return o;
}

static bool
is_url(const char *s)
{
	return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0;
}

/* The items of v (a value or an array of them), each given by pick,
 * joined by sep: at most 16 of them, the same one once; with names, a
 * URL is no item (an author given as the link to a profile). */
static size_t
join(struct jsonld *j, const struct nodes *ns, struct json_object *v,
    const char *sep, struct json_object *(*pick)(const struct nodes *,
    struct json_object *), bool names)
{
	size_t start = j->strs.len, len, count = 0;
	struct buf *t = &j->tmp;
	size_t n = v == NULL ? 0 : json_object_is_type(v, json_type_array) ?
	    json_object_array_length(v) : 1;

	for (size_t i = 0; i < n && count < 16; i++) {
		struct json_object *m = json_object_is_type(v, json_type_array) ?
		    json_object_array_get_idx(v, i) : v;
		size_t off, k;
		const char *s;
		bool dup = false;

		if ((m = pick(ns, m)) == NULL)
			continue;
		off = clean_obj(j, m, JSONLD_MAX_FIELD, true);
		if (off == ABSENT)
			continue;
		s = j->strs.p + off;
		k = strlen(s);
		if (names && is_url(s))
			dup = true;
		for (size_t q = start; !dup && q < off;) {
			size_t e = q;

			while (e < off && j->strs.p[e] != '\0' &&
			    strncmp(j->strs.p + e, sep, strlen(sep)) != 0)
				e++;
			dup = e - q == k && memcmp(j->strs.p + q, s, k) == 0;
			q = e + strlen(sep);
		}
		if (dup) {
			j->strs.len = off;
			continue;
		}
		/* the NUL of the last item becomes the separator */
		t->len = 0;
		buf_append(t, s, k);
		j->strs.len = off;
		if (count > 0) {
			j->strs.len--;
			buf_append(&j->strs, sep, strlen(sep));
		}
		buf_append(&j->strs, t->p, t->len);
		buf_putc(&j->strs, '\0');
		count++;
	}
	if (count == 0) {
		j->strs.len = start;
		return ABSENT;
	}
	len = j->strs.len - start - 1;
	if (len > JSONLD_MAX_FIELD) {
		len = JSONLD_MAX_FIELD;
		while (len > 0 && ((unsigned char)j->strs.p[start + len] & 0xc0) ==
		    0x80)
			len--;
		j->strs.len = start + len;
		buf_putc(&j->strs, '\0');
	}
	return start;
}

static struct json_object *
pick_name(const struct nodes *ns, struct json_object *m)
{
	if (m == NULL)
		return NULL;
	if (json_object_is_type(m, json_type_string))
		return m;
	if (!json_object_is_type(m, json_type_object))
		return NULL;
	m = get(resolve(ns, m), "name");
	if (m != NULL && json_object_is_type(m, json_type_array))
		m = json_object_array_get_idx(m, 0);
	return m != NULL && json_object_is_type(m, json_type_string) ? m : NULL;
}

static struct json_object *
pick_string(const struct nodes *ns, struct json_object *m)
{
	(void)ns;
	return m != NULL && json_object_is_type(m, json_type_string) ? m : NULL;
}

static struct json_object *
pick_image(const struct nodes *ns, struct json_object *m)
{
	struct json_object *u;

	if (m == NULL)
		return NULL;
	if (json_object_is_type(m, json_type_array))
		m = json_object_array_get_idx(m, 0);
	if (json_object_is_type(m, json_type_string))
		return m;
	m = resolve(ns, m);
	if ((u = get(m, "url")) == NULL)
		u = get(m, "contentUrl");
	return u != NULL && json_object_is_type(u, json_type_string) ? u : NULL;
}

/* A plain value of o: a string, a number, or the first string of an
 * array. */
static size_t
value(struct jsonld *j, struct json_object *o, const char *key, size_t cap,
    bool tags)
{
	struct json_object *v = get(o, key);

	if (v != NULL && json_object_is_type(v, json_type_array))
		v = json_object_array_get_idx(v, 0);
	return clean_obj(j, v, cap, tags);
}

void
jsonld_finish(struct jsonld *j)
{
	static struct nodes ns;		/* 12 KB: not on the stack */
	struct json_object *m = NULL, *page = NULL, *site = NULL, *v;
	size_t *off = j->off;

	ns.n = 0;
	j->strs.len = 0;
	j->ntypes = 0;
	for (size_t i = 0; i < JSONLD_NFIELDS; i++)
		off[i] = ABSENT;
	for (size_t i = 0; i < j->nroots; i++)
		add_value(j, &ns, j->roots[i], 0);
	{
		int best = 0;
		const char *type = NULL;

		for (size_t i = 0; i < ns.n; i++) {
			const struct node *nd = &ns.v[i];

			if (nd->rank > best) {
				best = nd->rank;
				m = nd->o;
				type = nd->type;
			}
			if (nd->rank == 1 && page == NULL)
				page = nd->o;
			if (site == NULL && nd->type != NULL &&
			    strcmp(nd->type, "WebSite") == 0)
				site = nd->o;
		}
		if (type != NULL) {
			off[JSONLD_NFIELDS + JSONLD_MAX_TYPES] = j->strs.len;
			buf_append(&j->strs, type, strlen(type) + 1);
		}
		if (page == m)
			page = NULL;
	}
	if (m != NULL) {
		off[JSONLD_HEADLINE] = value(j, m, "headline", JSONLD_MAX_FIELD,
		    true);
		off[JSONLD_NAME] = value(j, m, "name", JSONLD_MAX_FIELD, true);
		off[JSONLD_DESCRIPTION] = value(j, m, "description",
		    JSONLD_MAX_TEXT, true);
		off[JSONLD_ARTICLE_BODY] = value(j, m, "articleBody",
		    JSONLD_MAX_TEXT, true);
		off[JSONLD_TEXT] = value(j, m, "text", JSONLD_MAX_TEXT, true);
		off[JSONLD_AUTHOR] = join(j, &ns, get(m, "author"), "; ",
		    pick_name, true);
		if (off[JSONLD_AUTHOR] == ABSENT)
			off[JSONLD_AUTHOR] = join(j, &ns, get(m, "creator"),
			    "; ", pick_name, true);
		off[JSONLD_DATE_PUBLISHED] = value(j, m, "datePublished",
		    JSONLD_MAX_FIELD, false);
		if (off[JSONLD_DATE_PUBLISHED] == ABSENT)
			off[JSONLD_DATE_PUBLISHED] = value(j, m, "dateCreated",
			    JSONLD_MAX_FIELD, false);
		off[JSONLD_DATE_MODIFIED] = value(j, m, "dateModified",
		    JSONLD_MAX_FIELD, false);
		off[JSONLD_IN_LANGUAGE] = join(j, &ns, get(m, "inLanguage"),
		    ", ", pick_name, true);
		off[JSONLD_KEYWORDS] = join(j, &ns, get(m, "keywords"), ", ",
		    pick_string, false);
		off[JSONLD_SECTION] = join(j, &ns, get(m, "articleSection"),
		    ", ", pick_string, false);
		if ((v = get(m, "publisher")) != NULL &&
		    json_object_is_type(v, json_type_array))
			v = json_object_array_get_idx(v, 0);
		if (v != NULL && json_object_is_type(v, json_type_object))
			off[JSONLD_PUBLISHER] = value(j, resolve(&ns, v), "name",
			    JSONLD_MAX_FIELD, true);
		off[JSONLD_IMAGE] = clean_obj(j, pick_image(&ns, get(m, "image")),
		    JSONLD_MAX_FIELD, false);
		off[JSONLD_URL] = value(j, m, "url", JSONLD_MAX_FIELD, false);
	}
	if (page != NULL) {
		if (off[JSONLD_DATE_PUBLISHED] == ABSENT)
			off[JSONLD_DATE_PUBLISHED] = value(j, page,
			    "datePublished", JSONLD_MAX_FIELD, false);
		if (off[JSONLD_DATE_MODIFIED] == ABSENT)
			off[JSONLD_DATE_MODIFIED] = value(j, page,
			    "dateModified", JSONLD_MAX_FIELD, false);
		if (off[JSONLD_IN_LANGUAGE] == ABSENT)
			off[JSONLD_IN_LANGUAGE] = join(j, &ns,
			    get(page, "inLanguage"), ", ", pick_name, true);
		if (off[JSONLD_DESCRIPTION] == ABSENT)
			off[JSONLD_DESCRIPTION] = value(j, page, "description",
			    JSONLD_MAX_TEXT, true);
	}
	if (site != NULL)
		off[JSONLD_SITE_NAME] = value(j, site, "name", JSONLD_MAX_FIELD,
		    true);
	/* the pointers last: the buffer has stopped moving */
	for (size_t i = 0; i < JSONLD_NFIELDS; i++)
		j->field[i] = off[i] == ABSENT ? NULL : j->strs.p + off[i];
	for (size_t i = 0; i < j->ntypes; i++)
		j->types[i] = j->strs.p + off[JSONLD_NFIELDS + i];
	j->main_type = m == NULL ? NULL :
	    j->strs.p + off[JSONLD_NFIELDS + JSONLD_MAX_TYPES];
}

bool
jsonld_has_type(const struct jsonld *j, const char *type)
{
	for (size_t i = 0; i < j->ntypes; i++)
		if (strcmp(j->types[i], type) == 0)
			return true;
	return false;
}

void
jsonld_add_script(struct jsonld *j, const xmlNode *script)
{
	const xmlNode *c = script->children;

	if (c != NULL && c->next == NULL && c->content != NULL) {
		jsonld_add(j, (const char *)c->content,
		    strlen((const char *)c->content));
		return;
	}
	j->src.len = 0;
	for (; c != NULL; c = c->next)
		if ((c->type == XML_TEXT_NODE ||
		    c->type == XML_CDATA_SECTION_NODE) && c->content != NULL)
			buf_append(&j->src, c->content,
			    strlen((const char *)c->content));
	jsonld_add(j, j->src.p ? j->src.p : "", j->src.len);
}

bool
jsonld_is_script(const xmlNode *n)
{
	for (const xmlAttr *a = n->properties; a != NULL; a = a->next) {
		const char *v;

		if (strcmp((const char *)a->name, "type") != 0 ||
		    a->children == NULL || a->children->type != XML_TEXT_NODE)
			continue;
		v = (const char *)a->children->content;
		while (*v == ' ')
			v++;
		return strncasecmp(v, "application/ld+json", 19) == 0;
	}
	return false;
}

void
jsonld_read_doc(struct jsonld *j, xmlDoc *doc)
{
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL, *n = root;

	jsonld_reset(j);
	while (n != NULL) {
		bool down = false;

		if (n->type == XML_ELEMENT_NODE) {
			if (strcmp((const char *)n->name, "script") == 0) {
				if (jsonld_is_script(n))
					jsonld_add_script(j, n);
			} else
				down = true;
		}
		n = html_next(n, root, down);
	}
	jsonld_finish(j);
}
