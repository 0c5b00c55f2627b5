#include <stdlib.h>
#include <string.h>

#include "entities.h"

struct entity {
	const char	*name;
	const char	*refs;
};

static const struct entity entities[] = {
#include "entities_table.h"
};

/* The longest name ("CounterClockwiseContourIntegral" is 31). */
#define ENTITY_NAME_MAX	32

static int
cmp_entity(const void *key, const void *elem)
{
	return strcmp(key, ((const struct entity *)elem)->name);
}

const char *
entities_lookup(const char *name)
{
	const struct entity *e = bsearch(name, entities,
	    sizeof entities / sizeof entities[0], sizeof entities[0],
	    cmp_entity);

	return e ? e->refs : NULL;
}

static bool
is_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

/* The references of most pages, HTML 4's, answered without a search
 * (a page of links writes "&amp;" in every URL). */
static bool
common_html4(const char *name, size_t k)
{
	switch (k) {
	case 2:
		return memcmp(name, "lt", 2) == 0 || memcmp(name, "gt", 2) == 0;
	case 3:
		return memcmp(name, "amp", 3) == 0;
	case 4:
		return memcmp(name, "nbsp", 4) == 0 ||
		    memcmp(name, "quot", 4) == 0 || memcmp(name, "copy", 4) == 0;
	default:
		return false;
	}
}

bool
entities_html5(const char *p, size_t n, struct buf *out)
{
	const char *end = p + n, *done = p, *s = p, *amp;
	bool any = false;

	while ((amp = memchr(s, '&', (size_t)(end - s))) != NULL) {
		const char *q = amp + 1, *refs;
		char name[ENTITY_NAME_MAX + 1];
		size_t k = 0;

		while (q < end && k < ENTITY_NAME_MAX && is_alnum((unsigned char)*q))
			name[k++] = *q++;
		s = amp + 1;
		/* a name starts with a letter and ends at its semicolon */
		if (k == 0 || q == end || *q != ';' ||
		    (name[0] >= '0' && name[0] <= '9'))
			continue;
		name[k] = '\0';
		if (common_html4(name, k) ||
		    (refs = entities_lookup(name)) == NULL)
			continue;
		if (!any) {
			out->len = 0;
			any = true;
		}
		buf_append(out, done, (size_t)(amp - done));
		buf_append(out, refs, strlen(refs));
		done = s = q + 1;
	}
	if (any)
		buf_append(out, done, (size_t)(end - done));
	return any;
}
