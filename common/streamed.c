/* See streamed.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "streamed.h"
#include "xalloc.h"

/* React numbers its parts from 0 in the order it sends them; a page
 * with more than this many is not worth the table (WCXB dev: at most a
 * few dozen). */
#define STREAMED_MAX	65536

enum { PART, BOUNDARY, SEGMENT, KINDS };

struct slots {
	xmlNode	**v[KINDS];
	size_t	  cap;
};

static const char *
id_of(const xmlNode *n)
{
	for (const xmlAttr *a = n->properties; a != NULL; a = a->next)
		if (strcmp((const char *)a->name, "id") == 0)
			return a->children != NULL &&
			    a->children->type == XML_TEXT_NODE ?
			    (const char *)a->children->content : NULL;
	return NULL;
}

static int
has_attr(const xmlNode *n, const char *name)
{
	for (const xmlAttr *a = n->properties; a != NULL; a = a->next)
		if (strcmp((const char *)a->name, name) == 0)
			return 1;
	return 0;
}

/* The N of "X:N", X being letter and N in hexadecimal as React writes
 * it (S:1f); -1 if id is not such a name. */
static long
part_number(const char *id, char letter)
{
	long v = 0;

	if (id == NULL || id[0] != letter || id[1] != ':' || id[2] == '\0')
		return -1;
	for (id += 2; *id != '\0'; id++) {
		int d = *id >= '0' && *id <= '9' ? *id - '0' :
		    *id >= 'a' && *id <= 'f' ? *id - 'a' + 10 : -1;

		if (d < 0 || (v = v * 16 + d) >= STREAMED_MAX)
			return -1;
	}
	return v;
}

static void
remember(struct slots *s, int kind, long i, xmlNode *n)
{
	if ((size_t)i >= s->cap) {
		size_t cap = s->cap ? s->cap : 16;

		while (cap <= (size_t)i)
			cap *= 2;
		for (int k = 0; k < KINDS; k++) {
			s->v[k] = xrealloc(s->v[k], cap * sizeof *s->v[k]);
			memset(s->v[k] + s->cap, 0,
			    (cap - s->cap) * sizeof *s->v[k]);
		}
		s->cap = cap;
	}
	if (s->v[kind][i] == NULL)
		s->v[kind][i] = n;
}

static void
classify(struct slots *s, xmlNode *n)
{
	const char *id = id_of(n);
	long i;

	if (id == NULL)
		return;
	if ((i = part_number(id, 'S')) >= 0 && has_attr(n, "hidden"))
		remember(s, PART, i, n);
	else if (strcmp((const char *)n->name, "template") != 0)
		return;
	else if ((i = part_number(id, 'B')) >= 0)
		remember(s, BOUNDARY, i, n);
	else if ((i = part_number(id, 'P')) >= 0)
		remember(s, SEGMENT, i, n);
}

static int
inside(const xmlNode *n, const xmlNode *ancestor)
{
	for (; n != NULL; n = n->parent)
		if (n == ancestor)
			return 1;
	return 0;
}

/* Whether n is still in the document (not in a fallback taken out). */
static int
attached(const xmlNode *n, const xmlDoc *doc)
{
	while (n->parent != NULL)
		n = n->parent;
	return n == (const xmlNode *)doc;
}

/* Unlinks n onto *gone, freed at the end of streamed_place. */
static void
take_out(xmlNode *n, xmlNode **gone)
{
	xmlUnlinkNode(n);
	n->next = *gone;
	*gone = n;
}

/* A boundary's fallback: the siblings after its placeholder up to the
 * comment "/$" that closes the boundary, taken out onto *gone (freed at
 * the end: a part may be remembered inside one).  No such comment, no
 * change. */
static void
drop_fallback(xmlNode *placeholder, xmlNode **gone)
{
	xmlNode *end = placeholder->next;

	while (end != NULL && !(end->type == XML_COMMENT_NODE &&
	    end->content != NULL && strcmp((const char *)end->content,
	    "/$") == 0))
		end = end->next;
	if (end == NULL)
		return;
	while (placeholder->next != end)
		take_out(placeholder->next, gone);
}

/* The part is taken out before the fallback is dropped: a part may
 * itself sit in its boundary's fallback, and a node on *gone twice
 * would be freed twice. */
static void
move_part(xmlNode *part, xmlNode *placeholder, int boundary, xmlNode **gone)
{
	while (part->children != NULL) {
		xmlNode *c = part->children;

		xmlUnlinkNode(c);
		/* may merge c into a text node before it, and free it */
		xmlAddPrevSibling(placeholder, c);
	}
	take_out(part, gone);
	if (boundary)
		drop_fallback(placeholder, gone);
	take_out(placeholder, gone);
}

void
streamed_place(xmlDoc *doc)
{
	struct slots s = { { NULL, NULL, NULL }, 0 };
	xmlNode *n = xmlDocGetRootElement(doc), *gone = NULL;

	/* every element, in document order */
	for (xmlNode *root = n; n != NULL;
	    n = html_next(n, root, n->type == XML_ELEMENT_NODE))
		if (n->type == XML_ELEMENT_NODE)
			classify(&s, n);
	for (size_t i = 0; i < s.cap; i++) {
		xmlNode *part = s.v[PART][i], *ph;
		int boundary = s.v[BOUNDARY][i] != NULL;

		ph = boundary ? s.v[BOUNDARY][i] : s.v[SEGMENT][i];
		if (part == NULL || ph == NULL || inside(ph, part) ||
		    inside(part, ph) || !attached(ph, doc) ||
		    !attached(part, doc))
			continue;
		move_part(part, ph, boundary, &gone);
	}
	while (gone != NULL) {
		xmlNode *next = gone->next;

		gone->next = NULL;
		xmlFreeNode(gone);
		gone = next;
	}
	for (int k = 0; k < KINDS; k++)
		free(s.v[k]);
}
