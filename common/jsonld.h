/* The JSON-LD of a page (<script type="application/ld+json">, schema.org):
 * the @type list of the page and what its main entity says.
 *
 * Real JSON-LD is often broken, and a page is never failed for it.
 * json-c's lenient parser reads trailing commas, comments, single
 * quotes and raw control characters in strings as they come; a block it
 * cannot read is read again after repairs: the <!-- --> and CDATA
 * wrappers cut, HTML entities decoded when the whole block was escaped
 * (&quot;), bad backslash escapes (\' \x) made literal, unclosed
 * brackets closed at the end.  A block may hold several values one after
 * the other; a page may have several blocks.  What no repair makes
 * readable is counted in nbroken and left out.  Bounds: a block over
 * JSONLD_MAX_BLOCK bytes, the blocks after JSONLD_MAX_BLOCKS and those
 * past JSONLD_MAX_BYTES in all are not parsed (counted in nbroken); nesting deeper than JSONLD_MAX_DEPTH
 * stops the parse of its block (json-c's tokener does not recurse); at
 * most JSONLD_MAX_NODES nodes are looked at.
 *
 * The nodes of a page are its top-level objects, the members of
 * top-level arrays and of @graph, and the objects under mainEntity and
 * mainEntityOfPage of those (one level), in document order.
 *
 * The @type list: the types of the nodes, in order, each once, without
 * a vocabulary prefix ("http://schema.org/Product" and "schema:Product"
 * are "Product").  Page-type evidence: jsonld_has_type(j, "Product"),
 * "DiscussionForumPosting", "QAPage", "ItemList", "TechArticle",
 * "FAQPage", "Recipe", ...  A type is an ASCII name (letters, digits, _
 * and -) of at most 64 bytes; anything else is not one.  type_nodes[i]
 * is the number of nodes of types[i] (a shop's grid writes a block for
 * each of its products).
 *
 * The main entity: the first node of the best rank (jsonld_rank): 3 for
 * the content kinds (any *Article, BlogPosting, LiveBlogPosting,
 * SocialMediaPosting, DiscussionForumPosting, Report, Recipe, Product,
 * HowTo, Question, JobPosting, Event, Course), 2 for other creative
 * works (Review, VideoObject, Book, Dataset, SoftwareApplication, ...),
 * 1 for a web page (WebPage, QAPage, FAQPage, CollectionPage, ...: any
 * *Page); WebSite, Organization, Person, BreadcrumbList, ImageObject,
 * ListItem, ... (0) are never the main entity.  Its fields
 * (jsonld_get; NULL when absent):
 *   HEADLINE, NAME, DESCRIPTION, ARTICLE_BODY, TEXT   its own
 *   AUTHOR          the names of author (a string, a Person, an
 *                   Organization, an @id of another node, or an array of
 *                   these; URLs are not names), joined by "; "
 *   DATE_PUBLISHED, DATE_MODIFIED   as written (a number, a Unix
 *                   timestamp, as its decimal digits): see date.h
 *   IN_LANGUAGE     inLanguage (a string, or the name of a Language)
 *   KEYWORDS        a string, or an array joined by ", "
 *   SECTION         articleSection, an array joined by ", "
 *   PUBLISHER       publisher.name (an @id resolved)
 *   IMAGE           image: a URL, an ImageObject's url or contentUrl,
 *                   the first of an array
 *   URL             url
 * DATE_*, IN_LANGUAGE and DESCRIPTION missing on the main entity come
 * from the first web page node when there is one; SITE_NAME is the
 * name of the first WebSite node.  Every value is one line: HTML
 * entities decoded, tags removed (a body written as HTML), white space
 * collapsed, cut at a character boundary to JSONLD_MAX_FIELD bytes
 * (ARTICLE_BODY, TEXT and DESCRIPTION: JSONLD_MAX_TEXT).
 *
 *	struct jsonld j = { 0 };
 *	jsonld_reset(&j);
 *	for each block: jsonld_add(&j, text, len);
 *	jsonld_finish(&j);
 *	... jsonld_get(&j, JSONLD_HEADLINE), jsonld_has_type(&j, "Product")
 *	jsonld_free(&j);	(after the last page)
 *
 * jsonld_read_doc() does all but jsonld_free for a parsed page. */
#ifndef CRAWLUTILS_JSONLD_H
#define CRAWLUTILS_JSONLD_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "buf.h"

#define JSONLD_MAX_BLOCK	(4 << 20)	/* bytes of one block */
#define JSONLD_MAX_BLOCKS	1024	/* a shop's listing had 104 */
#define JSONLD_MAX_BYTES	(8 << 20)	/* of all the blocks of a page */
#define JSONLD_MAX_DEPTH	64
#define JSONLD_MAX_NODES	512
#define JSONLD_MAX_TYPES	32
#define JSONLD_MAX_FIELD	2048
#define JSONLD_MAX_TEXT		(256 << 10)

enum jsonld_field {
	JSONLD_HEADLINE,
	JSONLD_NAME,
	JSONLD_DESCRIPTION,
	JSONLD_ARTICLE_BODY,
	JSONLD_TEXT,
	JSONLD_AUTHOR,
	JSONLD_DATE_PUBLISHED,
	JSONLD_DATE_MODIFIED,
	JSONLD_IN_LANGUAGE,
	JSONLD_KEYWORDS,
	JSONLD_SECTION,
	JSONLD_PUBLISHER,
	JSONLD_IMAGE,
	JSONLD_URL,
	JSONLD_SITE_NAME,
	JSONLD_NFIELDS
};

struct json_object;
struct json_tokener;

struct jsonld {
	/* results, after jsonld_finish() */
	size_t		 nblocks;	/* blocks given */
	size_t		 nrepaired;	/* ... read only after repairs */
	size_t		 nbroken;	/* ... of which nothing could be read */
	size_t		 nbytes;	/* ... their bytes */
	size_t		 ntypes;
	const char	*types[JSONLD_MAX_TYPES];
	unsigned	 type_nodes[JSONLD_MAX_TYPES];	/* nodes of each */
	const char	*main_type;	/* of the main entity, or NULL */
	const char	*field[JSONLD_NFIELDS];
	/* scratch */
	struct json_object *roots[JSONLD_MAX_BLOCKS];
	size_t		 nroots;
	struct json_tokener *tok;
	struct buf	 fix, strs, tmp, src;
	size_t		 off[JSONLD_NFIELDS + JSONLD_MAX_TYPES + 1];
};

void jsonld_reset(struct jsonld *j);
/* One block's text (the content of its <script>), in UTF-8. */
void jsonld_add(struct jsonld *j, const char *p, size_t n);
void jsonld_finish(struct jsonld *j);
/* jsonld_reset(), jsonld_add() for every <script type=application/ld+json>
 * of doc (which may be NULL), jsonld_finish(). */
void jsonld_read_doc(struct jsonld *j, xmlDoc *doc);
/* Is element n a <script type="application/ld+json">?  Then
 * jsonld_add_script() gives its text to jsonld_add(). */
bool jsonld_is_script(const xmlNode *n);
void jsonld_add_script(struct jsonld *j, const xmlNode *script);
void jsonld_free(struct jsonld *j);

static inline const char *
jsonld_get(const struct jsonld *j, enum jsonld_field f)
{
	return j->field[f];
}

/* Is type (without prefix, case as schema.org spells it) on the page? */
bool jsonld_has_type(const struct jsonld *j, const char *type);
/* The rank of a type as a main entity: 3, 2, 1 or 0 (above). */
int jsonld_rank(const char *type);

#endif
