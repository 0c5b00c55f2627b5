#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "diag.h"
#include "entities.h"
#include "html.h"

static htmlParserCtxtPtr ctxt;
static const char *current;	/* the document's name, for messages */
static size_t nerrors;
static bool reported;		/* one message per document is enough */
static struct buf expanded;	/* a page whose HTML5 entities were rewritten */

/* libxml2's structured errors: markup errors are counted, whatever level
 * libxml2 gives them (it calls a U+FFFF or a name with two colons fatal,
 * and recovers); running out of memory is fatal; an internal error of
 * the parser, which may have stopped it, is said once. */
static void
on_error(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	if (e == NULL)
		return;
	if (e->code == XML_ERR_NO_MEMORY)
		diag_fatal("out of memory");
	nerrors++;
	if (e->code == XML_ERR_INTERNAL_ERROR && !reported && !diag_quiet) {
		size_t n = e->message ? strlen(e->message) : 0;

		while (n > 0 && (e->message[n - 1] == '\n' ||
		    e->message[n - 1] == ' '))
			n--;
		reported = true;
		diag_warn("%s: libxml2: %.*s", current ? current : "-",
		    (int)n, e->message ? e->message : "error");
	}
}

/* What libxml2 writes without a structure, a piece of a line at a time:
 * collected, then said as one message. */
static void on_generic(void *ctx, const char *fmt, ...) DIAG_PRINTF(2, 3);

static void
on_generic(void *ctx, const char *fmt, ...)
{
	static char line[512];
	static size_t len;
	va_list ap;
	int n;

	(void)ctx;
	va_start(ap, fmt);
	n = vsnprintf(line + len, sizeof line - len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	len += (size_t)n;
	if (len >= sizeof line)
		len = sizeof line - 1;
	if (len > 0 && line[len - 1] != '\n' && len < sizeof line - 1)
		return;
	while (len > 0 && line[len - 1] == '\n')
		len--;
	if (!diag_quiet)
		diag_warn("%s: libxml2: %.*s", current ? current : "-",
		    (int)len, line);
	len = 0;
}

static void
init(void)
{
	xmlInitParser();
	xmlSetStructuredErrorFunc(NULL, on_error);
	xmlSetGenericErrorFunc(NULL, on_generic);
	if ((ctxt = htmlNewParserCtxt()) == NULL)
		diag_fatal("out of memory");
}

/*
 * Parse UTF-8 text.  htmlCtxtReadMemory(..., "UTF-8", ...) would do, but
 * naming the encoding installs a UTF-8 to UTF-8 conversion in front of the
 * parser that costs more than the parse (measured on 2.9.14: 2.5 s
 * against 1.5 s for a 50 MB page, 0.10 s against 0.03 s for a 770 KB
 * news page).  So the input is set up as htmlCtxtReadMemory does it, and
 * the context told that its bytes are UTF-8 already.  The parser still
 * looks at the first four bytes for a byte order mark or UCS-4 and UTF-16
 * patterns; text that starts with a second byte order mark goes the slow
 * way (html_load has made every NUL a space).
 */
static xmlDoc *
parse_utf8(const char *p, size_t n, int opts)
{
	xmlParserInputBufferPtr buf;
	xmlParserInputPtr in;
	xmlDoc *doc;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		return htmlCtxtReadMemory(ctxt, p, (int)n, NULL, "UTF-8", opts);
	htmlCtxtReset(ctxt);
	buf = xmlParserInputBufferCreateMem(p, (int)n, XML_CHAR_ENCODING_NONE);
	if (buf == NULL)
		diag_fatal("out of memory");
	if ((in = xmlNewIOInputStream(ctxt, buf, XML_CHAR_ENCODING_NONE)) == NULL) {
		xmlFreeParserInputBuffer(buf);
		diag_fatal("out of memory");
	}
	inputPush(ctxt, in);
	htmlCtxtUseOptions(ctxt, opts);
	ctxt->html = 1;
	ctxt->charset = XML_CHAR_ENCODING_UTF8;
	htmlParseDocument(ctxt);
	doc = ctxt->myDoc;
	ctxt->myDoc = NULL;
	return doc;
}

/*
 * libxml2 2.9.14 ends the document at a NUL byte anywhere in a tag (a
 * tag or attribute name, an attribute value, a doctype): "AttValue: \"
 * expected", and the rest of the page is gone without a word.  A NUL in
 * a <meta> charset lost a whole page that way.  WHATWG's tokenizer reads
 * such a NUL as U+FFFD (and drops it from text); a space keeps the length
 * (a page of NULs cannot outgrow libxml2's int) and parses the same
 * everywhere else, so every NUL becomes a space, in scratch (the decoded
 * text is there already, or the input is copied there first).
 */
static void
nul_to_space(struct charset_result *cs, struct buf *scratch)
{
	char *t, *z, *end;

	if (cs->text != scratch->p) {
		scratch->len = 0;
		buf_append(scratch, cs->text, cs->len);
		cs->text = scratch->p;
	}
	t = scratch->p;
	end = t + cs->len;
	while ((z = memchr(t, '\0', (size_t)(end - t))) != NULL) {
		*z = ' ';
		t = z + 1;
	}
}

/* The first child element of e named name, or NULL. */
static xmlNode *
child_named(xmlNode *e, const char *name)
{
	for (xmlNode *c = e->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, name) == 0)
			return c;
	return NULL;
}

/* Move the children of from to the end of to. */
static void
move_children(xmlNode *from, xmlNode *to)
{
	xmlNode *c, *next;

	for (c = from->children; c != NULL; c = next) {
		next = c->next;
		xmlUnlinkNode(c);
		/* a text node may be merged into the one before it */
		if (xmlAddChild(to, c) == NULL)
			diag_fatal("out of memory");
	}
}

/*
 * libxml2 2.9.14 starts a second root element when a page goes on after
 * its </html> or opens a second <html>, and the text there is outside
 * the tree the programs walk (25 of WCXB dev's 1,497 pages; on one the
 * article is all there).  A browser keeps one document: HTML's tree
 * builder reads what follows </html> as part of the body and a second
 * <html>, <head> or <body> tag as nothing.  So the children of every
 * later root go to the end of the first root's body (its head's to the
 * first head), or of the first root itself when it has no body.
 */
static void
join_roots(xmlDoc *doc)
{
	xmlNode *root = xmlDocGetRootElement(doc), *n, *next, *body, *head;

	if (root == NULL)
		return;
	body = child_named(root, "body");
	head = child_named(root, "head");
	for (n = root->next; n != NULL; n = next) {
		next = n->next;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlUnlinkNode(n);
		if (strcmp((const char *)n->name, "html") == 0) {
			xmlNode *c, *cn;

			for (c = n->children; c != NULL; c = cn) {
				cn = c->next;
				if (c->type == XML_ELEMENT_NODE &&
				    strcmp((const char *)c->name, "head") == 0) {
					move_children(c, head ? head :
					    body ? body : root);
					continue;
				}
				if (c->type == XML_ELEMENT_NODE &&
				    strcmp((const char *)c->name, "body") == 0) {
					move_children(c, body ? body : root);
					continue;
				}
				xmlUnlinkNode(c);
				if (xmlAddChild(body ? body : root, c) == NULL)
					diag_fatal("out of memory");
			}
			xmlFreeNode(n);
		} else if (xmlAddChild(body ? body : root, n) == NULL)
			diag_fatal("out of memory");
	}
}

void
html_load(struct html *h, const char *p, size_t n, const char *name,
    const char *http_charset, struct buf *scratch)
{
	const int opts = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NODEFDTD |
	    HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC | XML_PARSE_HUGE;

	if (ctxt == NULL)
		init();
	charset_decode(p, n, http_charset, scratch, &h->cs);
	h->doc = NULL;
	h->errors = 0;
	if (h->cs.len == 0)
		return;
	if (memchr(h->cs.text, '\0', h->cs.len) != NULL)
		nul_to_space(&h->cs, scratch);
	/* a rewritten page may be longer (4 bytes to 8 at most): past
	 * libxml2's int it is parsed as it was */
	if (entities_html5(h->cs.text, h->cs.len, &expanded) &&
	    expanded.len <= INT_MAX) {
		h->cs.text = expanded.p;
		h->cs.len = expanded.len;
	}
	if (n > HTML_MAX_BYTES || h->cs.len > INT_MAX)
		diag_fatal("%s: internal error: %zu bytes to parse", name,
		    h->cs.len);
	current = name;
	nerrors = 0;
	reported = false;
	h->doc = parse_utf8(h->cs.text, h->cs.len, opts);
	if (h->doc != NULL)
		join_roots(h->doc);
	h->errors = nerrors;
	current = NULL;
}

void
html_free(struct html *h)
{
	if (h->doc != NULL)
		xmlFreeDoc(h->doc);
	h->doc = NULL;
}

void
html_cleanup(void)
{
	if (ctxt != NULL)
		htmlFreeParserCtxt(ctxt);
	ctxt = NULL;
	buf_free(&expanded);
	charset_cleanup();
	xmlCleanupParser();
}

const char *
html_attr(const xmlNode *e, const char *name)
{
	for (const xmlAttr *a = e->properties; a != NULL; a = a->next) {
		if (strcmp((const char *)a->name, name) != 0)
			continue;
		if (a->children == NULL)
			return "";
		if (a->children->next != NULL ||
		    a->children->type != XML_TEXT_NODE)
			return NULL;
		return (const char *)a->children->content;
	}
	return NULL;
}

bool
html_is_heading(const xmlNode *n)
{
	return n->type == XML_ELEMENT_NODE && (n->name[0] | 0x20) == 'h' &&
	    n->name[1] >= '1' && n->name[1] <= '6' && n->name[2] == '\0';
}

xmlNode *
html_only_child(const xmlNode *n)
{
	xmlNode *one = NULL;

	for (xmlNode *c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE) {
			if (one != NULL)
				return NULL;
			one = c;
		}
	return one;
}

xmlNode *
html_next(const xmlNode *n, const xmlNode *root, bool descend)
{
	if (descend && n->children != NULL)
		return n->children;
	while (n != root && n->next == NULL)
		n = n->parent;
	return n == root ? NULL : n->next;
}
