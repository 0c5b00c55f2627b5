#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "html.h"
#include "markdown.h"
#include "textnorm.h"

enum { SPAN_EM = 1, SPAN_STRONG, SPAN_CODE, SPAN_LINK };

#define CELL	'\x1f'	/* between the cells of a row in line and rows */

void
markdown_begin(struct markdown *md, const char *url)
{
	if (!md->url_init) {
		url_init(&md->base);
		url_init(&md->u);
		md->url_init = true;
	}
	md->have_base = url != NULL &&
	    url_parse(&md->base, url, strlen(url), NULL) == URL_OK;
	markdown_reset_out(md);
}

void
markdown_reset_out(struct markdown *md)
{
	md->out.len = md->line.len = md->rows.len = 0;
	md->first_end = 0;
	md->nspans = md->heading = md->quote = md->code = md->nlists = 0;
	md->nrows = md->ncols = 0;
	md->last_item = false;
	md->pre_lang = NULL;
}

void
markdown_free(struct markdown *md)
{
	buf_free(&md->out);
	buf_free(&md->line);
	buf_free(&md->rows);
	buf_free(&md->tmp);
	if (md->url_init) {
		url_free(&md->base);
		url_free(&md->u);
		md->url_init = false;
	}
}

void
markdown_escape(struct buf *b, const char *s, size_t n, bool at_start)
{
	size_t i = 0;

	if (at_start && n > 0) {
		size_t d = 0;

		while (d < n && s[d] >= '0' && s[d] <= '9')
			d++;
		if (d > 0 && d < n && (s[d] == '.' || s[d] == ')')) {
			/* "1." would start an ordered list */
			buf_append(b, s, d);
			buf_putc(b, '\\');
			i = d;
		} else if (s[0] == '-' || s[0] == '+' || s[0] == '=')
			buf_putc(b, '\\');
	}
	for (; i < n; i++) {
		if (strchr("\\`*_[]<>&#~|", s[i]) != NULL && s[i] != '\0')
			buf_putc(b, '\\');
		buf_putc(b, s[i]);
	}
}

static bool
is_tag(const xmlNode *n, const char *name)
{
	return strcmp((const char *)n->name, name) == 0;
}

/* CommonMark's punctuation (ASCII punctuation, Unicode P and S) decides
 * whether "*" next to it opens or closes emphasis. */
static bool
punct_cp(UChar32 c)
{
	int8_t t;

	if (c < 0x80)
		return c > ' ' && c < 0x7f && !((c | 0x20) >= 'a' &&
		    (c | 0x20) <= 'z') && !(c >= '0' && c <= '9');
	t = u_charType(c);
	return t == U_CONNECTOR_PUNCTUATION || t == U_DASH_PUNCTUATION ||
	    t == U_START_PUNCTUATION || t == U_END_PUNCTUATION ||
	    t == U_INITIAL_PUNCTUATION || t == U_FINAL_PUNCTUATION ||
	    t == U_OTHER_PUNCTUATION || t == U_MATH_SYMBOL ||
	    t == U_CURRENCY_SYMBOL || t == U_MODIFIER_SYMBOL ||
	    t == U_OTHER_SYMBOL;
}

/* White space as the flat text collapses it (Unicode White_Space) and
 * the cell separator. */
static bool
space_cp(UChar32 c)
{
	return c == CELL || u_isUWhiteSpace(c);
}

static void
insert(struct buf *b, size_t at, const char *s, size_t n)
{
	buf_reserve(b, n);
	memmove(b->p + at + n, b->p + at, b->len - at);
	memcpy(b->p + at, s, n);
	b->len += n;
}

/* A URL made absolute against the page's, in md->tmp; for a link, the
 * form Markdown takes: in <> when it holds a space or parenthesis. */
static void
link_url(struct markdown *md, const char *href, struct buf *out)
{
	const char *u = href;
	size_t n;

	while (*u == ' ' || *u == '\t' || *u == '\n')
		u++;
	n = strlen(u);
	while (n > 0 && (u[n - 1] == ' ' || u[n - 1] == '\t' || u[n - 1] == '\n'))
		n--;
	if (md->have_base &&
	    url_parse(&md->u, u, n, &md->base) == URL_OK) {
		u = buf_cstr(&md->u.href);
		n = md->u.href.len;
	}
	if (memchr(u, ' ', n) || memchr(u, '(', n) || memchr(u, ')', n) ||
	    memchr(u, '<', n) || memchr(u, '>', n)) {
		buf_putc(out, '<');
		for (size_t i = 0; i < n; i++) {
			if (u[i] == '<' || u[i] == '>')
				buf_putc(out, '\\');
			buf_putc(out, u[i]);
		}
		buf_putc(out, '>');
	} else
		buf_append(out, u, n);
}

static bool
usable_href(const char *h)
{
	while (h && (*h == ' ' || *h == '\t'))
		h++;
	return h != NULL && *h != '\0' && *h != '#' &&
	    strncasecmp(h, "javascript:", 11) != 0;
}

/* Close span sp: its markers around its text (the text from its mark,
 * white space at either end left outside them). */
static void
close_span(struct markdown *md, const struct markdown_span *sp)
{
	struct buf *l = &md->line, *t = &md->tmp;
	size_t a = sp->mark, b = l->len;
	UChar32 first, last;

	if (a > b)
		a = b;
	/* the white space at either end stays outside the markers */
	for (;;) {
		int32_t i = (int32_t)a;
		UChar32 c;

		if (a >= b)
			break;
		U8_NEXT((const uint8_t *)l->p, i, (int32_t)b, c);
		if (c < 0 || !space_cp(c))
			break;
		a = (size_t)i;
	}
	for (;;) {
		int32_t i = (int32_t)b;
		UChar32 c;

		if (b <= a)
			break;
		U8_PREV((const uint8_t *)l->p, (int32_t)a, i, c);
		if (c < 0 || !space_cp(c))
			break;
		b = (size_t)i;
	}
	if (a == b)
		return;
	{
		int32_t i = (int32_t)a, k = (int32_t)b;

		U8_NEXT((const uint8_t *)l->p, i, (int32_t)b, first);
		U8_PREV((const uint8_t *)l->p, (int32_t)a, k, last);
	}
	switch (sp->kind) {
	case SPAN_EM:
	case SPAN_STRONG:
		/* CommonMark reads "*(x)*" after a letter as no emphasis,
		 * and "*a**b*" as one: around punctuation, or against the
		 * markers of another span, they would show */
		if (first < 0 || last < 0 || punct_cp(first) || punct_cp(last) ||
		    (a > 0 && l->p[a - 1] == '*') || (b < l->len && l->p[b] == '*'))
			return;
		insert(l, b, sp->kind == SPAN_EM ? "*" : "**",
		    sp->kind == SPAN_EM ? 1 : 2);
		insert(l, a, sp->kind == SPAN_EM ? "*" : "**",
		    sp->kind == SPAN_EM ? 1 : 2);
		break;
	case SPAN_CODE: {
		size_t run = 0, best = 0;
		char fence[16];

		for (size_t i = a; i < b; i++) {
			run = l->p[i] == '`' ? run + 1 : 0;
			if (run > best)
				best = run;
		}
		if (best + 1 >= sizeof fence || memchr(l->p + a, CELL, b - a))
			return;
		memset(fence, '`', best + 1);
		fence[best + 1] = '\0';
		t->len = 0;
		buf_append(t, fence, best + 1);
		if (l->p[a] == '`')
			buf_putc(t, ' ');
		insert(l, a, t->p, t->len);
		b += t->len;
		t->len = 0;
		if (l->p[b - 1] == '`')
			buf_putc(t, ' ');
		buf_append(t, fence, best + 1);
		insert(l, b, t->p, t->len);
		break;
	}
	case SPAN_LINK:
		if (memchr(l->p + a, CELL, b - a))
			return;
		t->len = 0;
		buf_append(t, "](", 2);
		link_url(md, sp->href, t);
		buf_putc(t, ')');
		insert(l, b, t->p, t->len);
		insert(l, a, "[", 1);
		break;
	}
}

void
markdown_enter(struct markdown *md, const xmlNode *n)
{
	const char *name = (const char *)n->name, *v;
	int kind = 0;

	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && name[2] == '\0') {
		md->heading = name[1] - '0';
		return;
	}
	if (is_tag(n, "ul") || is_tag(n, "ol") || is_tag(n, "li")) {
		bool li = is_tag(n, "li");
		int k;

		/* an li outside a list opens a "- " list of its own */
		if (!li || md->nlists == 0) {
			k = md->nlists < MARKDOWN_MAX_DEPTH ? md->nlists :
			    MARKDOWN_MAX_DEPTH - 1;
			md->lists[k].ordered = is_tag(n, "ol");
			md->lists[k].implicit = li;
			md->lists[k].number = 1;
			if (is_tag(n, "ol") && (v = html_attr(n, "start")) != NULL &&
			    atoi(v) > 0 && atoi(v) < 1000000)
				md->lists[k].number = atoi(v);
			md->lists[k].item_open = md->lists[k].item_started = false;
			md->nlists++;
		}
		if (li) {
			k = (md->nlists < MARKDOWN_MAX_DEPTH ? md->nlists :
			    MARKDOWN_MAX_DEPTH) - 1;
			md->lists[k].item_open = true;
			md->lists[k].item_started = false;
		}
		return;
	}
	if (is_tag(n, "blockquote")) {
		md->quote++;
		return;
	}
	if (is_tag(n, "pre")) {
		const char *c = html_attr(n, "class");

		for (const xmlNode *k = n->children; c == NULL && k; k = k->next)
			if (k->type == XML_ELEMENT_NODE && is_tag(k, "code"))
				c = html_attr(k, "class");
		md->pre_lang = c;
		return;
	}
	if (is_tag(n, "img")) {
		const char *src = html_attr(n, "src"), *alt = html_attr(n, "alt");

		if (!md->images || !usable_href(src))
			return;
		buf_append(&md->line, "![", 2);
		if (alt != NULL) {
			md->tmp.len = 0;
			textnorm_space_buf(alt, strlen(alt), false, &md->tmp);
			markdown_escape(&md->line, md->tmp.p ? md->tmp.p : "",
			    md->tmp.len, false);
		}
		buf_append(&md->line, "](", 2);
		md->tmp.len = 0;
		link_url(md, src, &md->tmp);
		buf_append(&md->line, md->tmp.p, md->tmp.len);
		buf_putc(&md->line, ')');
		return;
	}
	if (is_tag(n, "em") || is_tag(n, "i"))
		kind = SPAN_EM;
	else if (is_tag(n, "strong") || is_tag(n, "b"))
		kind = SPAN_STRONG;
	else if (is_tag(n, "code") || is_tag(n, "kbd") || is_tag(n, "samp") ||
	    is_tag(n, "tt"))
		kind = SPAN_CODE;
	else if (is_tag(n, "a"))
		kind = md->links && usable_href(v = html_attr(n, "href")) ?
		    SPAN_LINK : 0;
	else
		return;
	/* every element that can be a span is pushed (kind 0: no markers),
	 * so each leave pops its own */
	if (md->nspans < MARKDOWN_MAX_DEPTH) {
		struct markdown_span *sp = &md->spans[md->nspans];

		sp->mark = md->line.len;
		sp->kind = (unsigned char)kind;
		sp->href = kind == SPAN_LINK ? v : NULL;
		/* nothing inside code is markup; a link inside a link is not
		 * one */
		for (int i = 0; i < md->nspans; i++)
			if (md->spans[i].kind == SPAN_CODE ||
			    (kind == SPAN_LINK && md->spans[i].kind == SPAN_LINK))
				sp->kind = 0;
		if (sp->kind == SPAN_CODE)
			md->code++;
	}
	md->nspans++;
}

static bool
span_tag(const xmlNode *n)
{
	static const char *const tags[] = { "em", "i", "strong", "b", "code",
	    "kbd", "samp", "tt", "a" };

	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (is_tag(n, tags[i]))
			return true;
	return false;
}

static void flush_table(struct markdown *md);

void
markdown_leave(struct markdown *md, const xmlNode *n)
{
	const char *name = (const char *)n->name;

	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && name[2] == '\0')
		md->heading = 0;
	else if (is_tag(n, "ul") || is_tag(n, "ol")) {
		if (md->nlists > 0)
			md->nlists--;
		md->last_item = false;
	} else if (is_tag(n, "li")) {
		if (md->nlists > 0) {
			int k = (md->nlists < MARKDOWN_MAX_DEPTH ? md->nlists :
			    MARKDOWN_MAX_DEPTH) - 1;

			md->lists[k].item_open = false;
			if (md->lists[k].implicit)
				md->nlists--;
		}
	} else if (is_tag(n, "blockquote")) {
		if (md->quote > 0)
			md->quote--;
	} else if (is_tag(n, "pre"))
		md->pre_lang = NULL;
	else if (is_tag(n, "table"))
		flush_table(md);
	else if (span_tag(n) && md->nspans > 0) {
		md->nspans--;
		if (md->nspans < MARKDOWN_MAX_DEPTH) {
			struct markdown_span *sp = &md->spans[md->nspans];

			if (sp->kind == SPAN_CODE)
				md->code--;
			if (sp->kind != 0)
				close_span(md, sp);
		}
	}
}

void
markdown_text(struct markdown *md, const char *s, bool pre)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), run = 0;
	struct buf *l = &md->line;

	if (pre)
		return;		/* a <pre> comes whole, from markdown_pre() */
	for (size_t i = 0; i <= n; i++) {
		/* a TAB is a cell's end in a row, as it is in the flat text's
		 * rows (where the page's own TABs split cells too) */
		bool tab = i < n && u[i] == '\t';
		bool ctl = i < n && (u[i] < 0x20 || u[i] == 0x7f ||
		    (u[i] == 0xc2 && i + 1 < n && u[i + 1] >= 0x80 &&
		    u[i + 1] <= 0x9f && u[i + 1] != 0x85));

		if (i < n && !ctl)
			continue;
		if (md->code > 0)
			buf_append(l, s + run, i - run);
		else
			markdown_escape(l, s + run, i - run, false);
		if (ctl) {
			buf_putc(l, tab ? CELL : ' ');
			if (u[i] == 0xc2)
				i++;
		}
		run = i + 1;
	}
}

void
markdown_cell(struct markdown *md)
{
	buf_putc(&md->line, CELL);
}

void
markdown_break(struct markdown *md)
{
	buf_append(&md->line, "<br>", 4);
}

/* The spans still open start again at the next line. */
static void
restart(struct markdown *md)
{
	md->line.len = 0;
	for (int i = 0; i < md->nspans && i < MARKDOWN_MAX_DEPTH; i++)
		md->spans[i].mark = 0;
}

void
markdown_drop(struct markdown *md)
{
	restart(md);
}

static int
innermost(const struct markdown *md)
{
	int k = (md->nlists < MARKDOWN_MAX_DEPTH ? md->nlists :
	    MARKDOWN_MAX_DEPTH) - 1;

	return k >= 0 && md->lists[k].item_open ? k : -1;
}

/* The width of a list item's marker: "- " or "12. ". */
static size_t
marker_width(const struct markdown *md, int k)
{
	int num = md->lists[k].number - 1, w = 1;

	if (!md->lists[k].ordered)
		return 2;
	while (num >= 10) {
		num /= 10;
		w++;
	}
	return (size_t)w + 2;
}

/* The separator before a block and the prefix of its first line: quote
 * markers, list indentation or marker.  *indent gets the prefix of the
 * lines after the first. */
static void
open_block(struct markdown *md, struct buf *indent)
{
	int k = innermost(md);
	bool item_first = k >= 0 && !md->lists[k].item_started;

	if (md->out.len > 0)
		buf_append(&md->out, md->last_item && item_first ? "\n" : "\n\n",
		    md->last_item && item_first ? 1 : 2);
	indent->len = 0;
	for (int q = 0; q < md->quote && q < MARKDOWN_MAX_DEPTH; q++)
		buf_append(indent, "> ", 2);
	for (int i = 0; i < k; i++)
		for (size_t w = marker_width(md, i); w > 0; w--)
			buf_putc(indent, ' ');
	buf_append(&md->out, indent->p ? indent->p : "", indent->len);
	if (k >= 0) {
		if (item_first) {
			char num[24];
			int len = md->lists[k].ordered ? snprintf(num, sizeof num,
			    "%d. ", md->lists[k].number++) : snprintf(num,
			    sizeof num, "- ");

			buf_append(&md->out, num, (size_t)len);
			md->lists[k].item_started = true;
		} else
			for (size_t w = marker_width(md, k); w > 0; w--)
				buf_putc(&md->out, ' ');
		for (size_t w = marker_width(md, k); w > 0; w--)
			buf_putc(indent, ' ');
	}
	md->last_item = k >= 0;
}

static void
close_block(struct markdown *md)
{
	if (md->first_end == 0)
		md->first_end = md->out.len;
}

void
markdown_line(struct markdown *md)
{
	struct buf *t = &md->tmp, indent = { 0 };

	flush_table(md);
	for (size_t i = 0; i < md->line.len; i++)
		if (md->line.p[i] == CELL)
			md->line.p[i] = ' ';	/* a TAB outside a row */
	t->len = 0;
	textnorm_space_buf(md->line.p ? md->line.p : "", md->line.len, false, t);
	open_block(md, &indent);
	if (md->heading > 0) {
		buf_append(&md->out, "######", (size_t)md->heading);
		buf_putc(&md->out, ' ');
	}
	/* the line-start escapes, for a text that did not start with a
	 * marker of ours */
	if (t->len > 0 && md->heading == 0) {
		size_t d = 0;

		while (d < t->len && t->p[d] >= '0' && t->p[d] <= '9')
			d++;
		if (d > 0 && d < t->len && (t->p[d] == '.' || t->p[d] == ')')) {
			buf_append(&md->out, t->p, d);
			buf_putc(&md->out, '\\');
			buf_append(&md->out, t->p + d, t->len - d);
		} else {
			if (t->p[0] == '-' || t->p[0] == '+' || t->p[0] == '=')
				buf_putc(&md->out, '\\');
			buf_append(&md->out, t->p, t->len);
		}
	} else
		buf_append(&md->out, t->p ? t->p : "", t->len);
	close_block(md);
	buf_free(&indent);
	restart(md);
}

void
markdown_pre(struct markdown *md, const char *p, size_t n)
{
	struct buf indent = { 0 };
	size_t run = 0, best = 0, fl;
	const char *lang = md->pre_lang, *end = p + n;
	char fence[64];

	flush_table(md);
	for (size_t i = 0; i < n; i++) {
		run = p[i] == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	fl = best >= 3 ? best + 1 : 3;
	if (fl >= sizeof fence)
		fl = sizeof fence - 1;
	memset(fence, '`', fl);
	open_block(md, &indent);
	buf_append(&md->out, fence, fl);
	/* class="language-go" or "lang-go", one word of the class */
	for (const char *c = lang; c != NULL && *c; ) {
		size_t k = strcspn(c, " \t\n");
		size_t skip = strncmp(c, "language-", 9) == 0 ? 9 :
		    strncmp(c, "lang-", 5) == 0 ? 5 : 0;

		if (skip > 0 && k > skip) {
			for (size_t i = skip; i < k; i++)
				if (c[i] != '`')
					buf_putc(&md->out, c[i]);
			break;
		}
		c += k;
		while (*c == ' ' || *c == '\t' || *c == '\n')
			c++;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		buf_putc(&md->out, '\n');
		buf_append(&md->out, indent.p ? indent.p : "", indent.len);
		buf_append(&md->out, p, (size_t)(e - p));
		p = nl ? nl + 1 : end;
	}
	buf_putc(&md->out, '\n');
	buf_append(&md->out, indent.p ? indent.p : "", indent.len);
	buf_append(&md->out, fence, fl);
	md->last_item = false;
	close_block(md);
	buf_free(&indent);
	restart(md);
}

void
markdown_row(struct markdown *md)
{
	struct buf *t = &md->tmp;
	const char *p = md->line.p ? md->line.p : "", *end = p + md->line.len;
	size_t cols = 0;

	while (p <= end) {
		const char *c = memchr(p, CELL, (size_t)(end - p));
		const char *ce = c ? c : end;

		t->len = 0;
		textnorm_space_buf(p, (size_t)(ce - p), false, t);
		if (t->len > 0) {	/* empty cells are left out, as in the flat text */
			if (cols > 0)
				buf_putc(&md->rows, CELL);
			buf_append(&md->rows, t->p, t->len);
			cols++;
		}
		if (c == NULL)
			break;
		p = c + 1;
	}
	buf_putc(&md->rows, '\n');
	md->nrows++;
	if (cols > md->ncols)
		md->ncols = cols;
	restart(md);
}

static void
put_row(struct markdown *md, const char *p, size_t n)
{
	size_t cols = 0;
	const char *end = p + n;

	buf_putc(&md->out, '|');
	while (p <= end) {
		const char *c = memchr(p, CELL, (size_t)(end - p));
		const char *ce = c ? c : end;

		buf_putc(&md->out, ' ');
		buf_append(&md->out, p, (size_t)(ce - p));
		buf_append(&md->out, " |", 2);
		cols++;
		if (c == NULL)
			break;
		p = c + 1;
	}
	for (; cols < md->ncols; cols++)
		buf_append(&md->out, "  |", 3);
}

static void
flush_table(struct markdown *md)
{
	struct buf indent = { 0 };
	const char *p, *end;
	bool first = true;

	if (md->nrows == 0)
		return;
	/* a table is a block of its own, never a list item's line */
	open_block(md, &indent);
	p = md->rows.p;
	end = p + md->rows.len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!first) {
			buf_putc(&md->out, '\n');
			buf_append(&md->out, indent.p ? indent.p : "", indent.len);
		}
		put_row(md, p, (size_t)(nl - p));
		if (first) {
			buf_putc(&md->out, '\n');
			buf_append(&md->out, indent.p ? indent.p : "", indent.len);
			buf_putc(&md->out, '|');
			for (size_t c = 0; c < md->ncols; c++)
				buf_append(&md->out, " --- |", 6);
			first = false;
		}
		p = nl + 1;
	}
	md->rows.len = 0;
	md->nrows = md->ncols = 0;
	md->last_item = false;
	close_block(md);
	buf_free(&indent);
}

void
markdown_end(struct markdown *md)
{
	flush_table(md);
}

void
markdown_open(struct markdown *md, const char *s, size_t n)
{
	struct buf *t = &md->tmp;
	size_t first = 0;

	t->len = 0;
	for (size_t i = 0, j; i < n; i = j + 1) {
		for (j = i; j < n && s[j] != '\n'; j++)
			;
		if (j == i)
			continue;
		if (t->len > 0)
			buf_append(t, "\n\n", 2);
		markdown_escape(t, s + i, j - i, true);
		if (first == 0)
			first = t->len;
	}
	if (t->len == 0)
		return;
	if (md->out.len > 0)
		buf_append(t, "\n\n", 2);
	buf_append(t, md->out.p, md->out.len);
	md->out.len = 0;
	buf_append(&md->out, t->p, t->len);
	md->first_end = first;
}

void
markdown_cut_first(struct markdown *md)
{
	size_t cut = md->first_end;

	if (cut == 0 || cut > md->out.len ||
	    memchr(md->out.p, '\n', cut) != NULL)
		return;		/* not a one-line block: left as it is */
	while (cut < md->out.len && md->out.p[cut] == '\n')
		cut++;
	memmove(md->out.p, md->out.p + cut, md->out.len - cut);
	md->out.len -= cut;
	md->first_end = 0;
}
