#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <unicode/utf8.h>

#include "date.h"
#include "html.h"
#include "meta.h"
#include "textnorm.h"
#include "xalloc.h"

/* The groups <meta> tags fill; each keeps the values of its best key. */
enum group {
	G_AUTHOR, G_DATE, G_MODIFIED, G_SITENAME, G_DESC, G_URL, G_IMAGE,
	G_TAGS, G_CATEGORIES, G_TYPE, G_LANG, G_TITLE, G_NGROUPS
};

/* <meta name|property|itemprop=KEY content=...>: KEY in lower case, its
 * group and its rank there (lower is better), and whether each tag adds
 * a value (article:tag) rather than the first one winning. */
static const struct key {
	const char	*key;
	unsigned char	 group, rank;
	bool		 multi;
} keys[] = {
	{ "application-name",		G_SITENAME, 3, false },
	{ "article.published",		G_DATE, 6, false },
	{ "article:author",		G_AUTHOR, 1, true },
	{ "article:modified_time",	G_MODIFIED, 0, false },
	{ "article:published_time",	G_DATE, 0, false },
	{ "article:section",		G_CATEGORIES, 0, true },
	{ "article:tag",		G_TAGS, 0, true },
	{ "author",			G_AUTHOR, 0, false },
	{ "byl",			G_AUTHOR, 6, false },
	{ "citation_author",		G_AUTHOR, 2, true },
	{ "citation_authors",		G_AUTHOR, 2, true },
	{ "citation_date",		G_DATE, 2, false },
	{ "citation_language",		G_LANG, 4, false },
	{ "citation_publication_date",	G_DATE, 1, false },
	{ "citation_title",		G_TITLE, 4, false },
	{ "created",			G_DATE, 7, false },
	{ "cxenseparse:author",		G_AUTHOR, 5, false },
	{ "date",			G_DATE, 5, false },
	{ "datemodified",		G_MODIFIED, 4, false },
	{ "datepublished",		G_DATE, 6, false },
	{ "dc.creator",			G_AUTHOR, 3, true },
	{ "dc.date",			G_DATE, 4, false },
	{ "dc.date.issued",		G_DATE, 3, false },
	{ "dc.description",		G_DESC, 4, false },
	{ "dc.language",		G_LANG, 3, false },
	{ "dc.publisher",		G_SITENAME, 4, false },
	{ "dc.title",			G_TITLE, 3, false },
	{ "dcterms.created",		G_DATE, 4, false },
	{ "dcterms.creator",		G_AUTHOR, 3, true },
	{ "dcterms.date",		G_DATE, 4, false },
	{ "dcterms.description",	G_DESC, 4, false },
	{ "dcterms.issued",		G_DATE, 3, false },
	{ "dcterms.language",		G_LANG, 3, false },
	{ "dcterms.modified",		G_MODIFIED, 2, false },
	{ "dcterms.title",		G_TITLE, 3, false },
	{ "description",		G_DESC, 1, false },
	{ "inlanguage",			G_LANG, 5, false },
	{ "keywords",			G_TAGS, 2, false },
	{ "last-modified",		G_MODIFIED, 3, false },
	{ "ms.date",			G_DATE, 5, false },	/* DocFX documentation */
	{ "news_keywords",		G_TAGS, 1, false },
	{ "og:article:published_time",	G_DATE, 1, false },
	{ "og:description",		G_DESC, 0, false },
	{ "og:image",			G_IMAGE, 0, false },
	{ "og:locale",			G_LANG, 2, false },
	{ "og:published_time",		G_DATE, 6, false },
	{ "og:site_name",		G_SITENAME, 0, false },
	{ "og:title",			G_TITLE, 0, false },
	{ "og:type",			G_TYPE, 0, false },
	{ "og:updated_time",		G_MODIFIED, 1, false },
	{ "og:url",			G_URL, 0, false },
	{ "parsely-author",		G_AUTHOR, 4, false },
	{ "parsely-pub-date",		G_DATE, 6, false },
	{ "pubdate",			G_DATE, 5, false },
	{ "publication_date",		G_DATE, 5, false },
	{ "publish_date",		G_DATE, 5, false },
	{ "publishdate",		G_DATE, 5, false },
	{ "published",			G_DATE, 5, false },
	{ "published-date",		G_DATE, 5, false },
	{ "sailthru.author",		G_AUTHOR, 5, false },
	{ "sailthru.date",		G_DATE, 6, false },
	{ "twitter:description",	G_DESC, 3, false },
	{ "twitter:image",		G_IMAGE, 2, false },
	{ "twitter:image:src",		G_IMAGE, 2, false },
	{ "twitter:title",		G_TITLE, 2, false },
};

/* The values of a group, best rank first (a tag of a better key goes
 * before those of worse ones; the same rank keeps document order). */
struct group_vals {
	size_t		 n;
	unsigned char	 rank[META_MAX_ITEMS];
	const char	*v[META_MAX_ITEMS];
};

/* A byline's text being looked for (by_text()). */
struct by_text {
	size_t	text;	/* the name in m->texts, or NO_TEXT */
	bool	next;	/* a label alone: the name is in the next text */
};

/* What one walk collects: pointers into the tree (valid until it is
 * freed), texts copied into m->tmp at offsets. */
struct meta_src {
	struct group_vals g[G_NGROUPS];
	const char	*html_lang, *content_language;
	const char	*canonical, *license, *rel_author_href;
	const char	*time_pubdate, *time_main, *time_any;
	const char	*ip_date, *ip_modified;
	size_t		 ip_author, rel_author, author_link, byline, byline_first;
	size_t		 byline_all, title, h1, date_el;
	size_t		 byline_tries;	/* byline elements looked into */
	size_t		 byline_all_first;	/* of a page without an h1 */
	size_t		 time_text;	/* a <time> without datetime */
	size_t		 date_el_pre;	/* a date element before the h1 */
	size_t		 h1_text;	/* bytes of text after the h1 so far */
	/* bytes of text after the last h1 so far: a byline follows the
	 * headline, which need not be the first h1 (a logo's) */
	size_t		 by_window;
	bool		 date_el_far;	/* date_el: DATE_EL_NEAR of text past it */
	struct by_text	 by;		/* "By Ann Lee" after the h1 */
	struct by_text	 by_any;	/* "Written by Ann Lee" anywhere */
	struct by_text	 by_any2;	/* ... and a second one */
	struct by_text	 starter;	/* "Thread starter annlee" */
	bool		 by_any_twice;
	size_t		 label_date;	/* "Published on June 4, 2025" */
	size_t		 label_updated;	/* "Last updated: June 4, 2025" */
	const char	*data_author;	/* author= or data-author= */
	size_t		 username;	/* a forum's class=username */
	bool		 seen_h1;
	/* Slack's and Twitter's labelled pairs: twitter:label1 "Written
	 * by", twitter:data1 the name (what Yoast SEO writes) */
	const char	*tw_label[5], *tw_data[5];
};

#define NO_TEXT	SIZE_MAX

static int
cmp_key(const void *k, const void *e)
{
	return strcmp(k, ((const struct key *)e)->key);
}

/* A publication date's name behind a vendor's prefix ("w-published-date",
 * "bt:pubdate", "x.publish_date"): its key's group, ranked after every
 * key of the table. */
static const struct key *
vendor_date(const char *low, size_t n)
{
	static const char *const ends[] = { "pubdate", "publication_date",
	    "publish_date", "publish-date", "publishdate", "published",
	    "published-date", "published_date", "published_time" };
	static const struct key vendor = { "", G_DATE, 8, false };

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t k = strlen(ends[i]);

		if (n > k + 1 && memcmp(low + n - k, ends[i], k) == 0 &&
		    strchr("-.:_", low[n - k - 1]) != NULL)
			return &vendor;
	}
	return NULL;
}

static void
meta_tag(struct meta_src *s, const char *name, const char *content)
{
	char low[40];
	size_t n = strlen(name);
	const struct key *k;
	struct group_vals *g;
	size_t i;

	if (n >= sizeof low || *content == '\0')
		return;
	for (i = 0; i <= n; i++)
		low[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 :
		    name[i]);
	k = bsearch(low, keys, sizeof keys / sizeof keys[0], sizeof keys[0],
	    cmp_key);
	if (k == NULL)
		k = vendor_date(low, n);
	if (k == NULL)
		return;
	g = &s->g[k->group];
	if (!k->multi)
		for (i = 0; i < g->n; i++)
			if (g->rank[i] == k->rank)
				return;		/* the first of a key wins */
	if (g->n == META_MAX_ITEMS && g->rank[g->n - 1] <= k->rank)
		return;
	if (g->n == META_MAX_ITEMS)
		g->n--;
	i = g->n;
	while (i > 0 && g->rank[i - 1] > k->rank) {
		g->rank[i] = g->rank[i - 1];
		g->v[i] = g->v[i - 1];
		i--;
	}
	g->rank[i] = k->rank;
	g->v[i] = content;
	g->n++;
}

/* The values of the best key of a group (all the article:tag). */
static size_t
best(const struct group_vals *g)
{
	size_t n = 0;

	while (n < g->n && g->rank[n] == g->rank[0])
		n++;
	return n;
}

bool
meta_keys_sorted(void)
{
	for (size_t i = 1; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(keys[i - 1].key, keys[i].key) >= 0)
			return false;
	return true;
}

/* Does a class or id value hold the word w (letters between other
 * characters, ASCII case ignored)? */
static bool
has_word(const char *v, const char *w)
{
	size_t k = strlen(w);

	for (const char *p = v; *p != '\0'; p++) {
		bool start, end;
		char e;

		if ((*p | 0x20) != w[0] || strncasecmp(p, w, k) != 0)
			continue;
		start = p == v || !(((p[-1] | 0x20) >= 'a' &&
		    (p[-1] | 0x20) <= 'z'));
		e = p[k];
		end = !((e | 0x20) >= 'a' && (e | 0x20) <= 'z') ||
		    (e >= 'A' && e <= 'Z');
		if (start && end)
			return true;
	}
	return false;
}

/* Does the element end a line where it begins and ends (a block, a
 * <br>)?  HTML's block and line-breaking elements, sorted for bsearch. */
static int
cmp_name(const void *k, const void *e)
{
	return strcmp(k, *(const char *const *)e);
}

static bool
breaks_line(const xmlNode *n)
{
	static const char *const blocks[] = { "address", "article", "aside",
	    "blockquote", "br", "caption", "center", "dd", "details", "dialog",
	    "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
	    "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
	    "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section",
	    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
	    "ul" };

	return bsearch(n->name, blocks, sizeof blocks / sizeof blocks[0],
	    sizeof blocks[0], cmp_name) != NULL;
}

static bool
word_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' &&
	    (c | 0x20) <= 'z') || c >= 0x80;
}

/* Where two texts meet at the edge of an inline element with no white
 * space between, do they run on as a browser shows them?  Within a word
 * ("Planning <span class=hand>C</span>ycle", a drop cap; "5<sup>th</sup>";
 * Chinese, which has no spaces) and before the punctuation that closes
 * one ("<a>Title</a>:"); not where a lower-case letter meets a capital
 * ("Alternatives<span class=block>Top Tools</span>", "Written
 * by</span><span>Ann Lee": a span the style sheet makes a block) nor
 * before other signs ("Insurance<sup>*</sup>").  (wcxb-dev: a space
 * after every text node gave "C ycle"; no space at all "AlternativesTop"
 * and "Written byAnn".) */
static bool
runs_on(unsigned char prev, unsigned char next)
{
	if (next != '\0' && strchr(",.:;!?)]}%", next) != NULL)
		return true;
	if (!word_byte(prev) || !word_byte(next))
		return false;
	return !(prev >= 'a' && prev <= 'z' && next >= 'A' && next <= 'Z');
}

/* The text of e, one line, at most cap bytes, to m->texts: its offset.
 * A space where a block or a <br> begins or ends; between inline
 * elements, as runs_on() says. */
#define BYLINE_MAX	200
static size_t
text_of(struct meta *m, const xmlNode *e, size_t cap)
{
	size_t start = m->texts.len;
	const xmlNode *n = e;
	struct buf *t = &m->tmp;
	bool edge = false;	/* an inline element began or ended */

	t->len = 0;
	while (n != NULL && t->len < cap * 2) {
		bool down = false;

		if (n->type == XML_ELEMENT_NODE) {
			down = n->children != NULL &&
			    strcmp((const char *)n->name, "script") != 0 &&
			    strcmp((const char *)n->name, "style") != 0 &&
			    !(n != e && html_is_heading(e) && html_is_heading(n));
			if (n != e && breaks_line(n))
				buf_putc(t, ' ');
			else
				edge = true;
		} else if (n->type == XML_TEXT_NODE && n->content != NULL) {
			const char *c = (const char *)n->content;

			if (edge && t->len > 0 && *c != '\0' &&
			    !runs_on((unsigned char)t->p[t->len - 1],
			    (unsigned char)*c))
				buf_putc(t, ' ');
			buf_append(t, c, strlen(c));
			edge = false;
		}
		if (down) {
			n = n->children;
			continue;
		}
		while (n != e && n->next == NULL) {
			n = n->parent;
			if (n != e && breaks_line(n))
				buf_putc(t, ' ');
			else
				edge = true;
		}
		if (n == e)
			break;
		if (n->type == XML_ELEMENT_NODE && breaks_line(n))
			buf_putc(t, ' ');
		n = n->next;
	}
	textnorm_space_buf(t->p ? t->p : "", t->len, false, &m->texts);
	if (m->texts.len == start || m->texts.len - start > cap) {
		m->texts.len = start;
		return NO_TEXT;
	}
	buf_putc(&m->texts, '\0');
	return start;
}

/* The labels that open a byline ("By Ann Lee", "Written by: Ann Lee"):
 * from STRONG on those that say who wrote the page, from STARTER on a
 * forum's label of its thread's first poster (XenForo's).  In English
 * and in the languages whose month names date.c reads: "Von Anna
 * Weber", "Par Anne Leroy", "Escrito por Ana López". */
static const char *const by_labels[] = { "by", "posted by", "author",
    "authors", "von", "par", "por", "di", "door", "autor", "auteur",
    "autore", "auteurs", "autores", "autori",
    "written by", "article by", "words by", "geschrieben von",
    "verfasst von", "écrit par", "Écrit par", "escrito por", "scritto da",
    "geschreven door", "thread starter", "topic starter", "topic author" };
/* (strncasecmp folds ASCII only: "Écrit" is a label of its own) */
enum { STRONG = 15, STARTER = 25,
    NLABELS = sizeof by_labels / sizeof by_labels[0] };

/* The label of by_labels[from..to) that t begins with (a whole word:
 * not "Byron", "Bytes"), or to. */
static size_t
by_label(const char *t, size_t from, size_t to)
{
	size_t i, k;
	unsigned char c = (unsigned char)t[0];

	if (c >= 'A' && c <= 'Z')
		c |= 0x20;	/* the first letter first: a cheap test */
	for (i = from; i < to; i++) {
		if (c != (unsigned char)by_labels[i][0])
			continue;
		k = strlen(by_labels[i]);
		if (strncasecmp(t, by_labels[i], k) == 0 &&
		    (t[k] == '\0' || t[k] == ':' || t[k] == ' ' ||
		    t[k] == '\n' || t[k] == '\t' || t[k] == '\r'))
			break;
	}
	return i;
}

/* Does a byline element's text, "By" and the like cut, name someone:
 * its words up to the first comma or ';' each begun by a capital or a
 * letter outside ASCII, or a particle of a name ("van der", "and"), or
 * one word alone (a user's name, "annlee")?  Not a date, a reading time,
 * a call to read ("Explore our full list of ...", "Read the bio"), a
 * section ("Personal finance"): the next byline element may hold the
 * name (wcxb-dev: an author box under a "post-author" line of the date
 * and the reading time). */
static const char *const particles[] = { "al", "and", "bin", "da", "de",
    "del", "della", "den", "der", "des", "di", "du", "e", "el", "ibn", "la",
    "le", "of", "van", "von", "y", "zu" };

/* Is s[0..n) a particle of a name ("van der", "de") or "and"? */
static bool
particle(const char *s, size_t n)
{
	for (size_t p = 0; p < sizeof particles / sizeof particles[0]; p++)
		if (strlen(particles[p]) == n && strncmp(s, particles[p], n) == 0)
			return true;
	return false;
}

static bool
names_someone(const char *s, size_t n)
{
	size_t i = 0, words = 0;
	bool lower = false;

	for (size_t j = 0; j < n; j++)
		if (s[j] == ',' || s[j] == ';') {
			n = j;		/* s need not end in a NUL */
			break;
		}
	while (i < n) {
		size_t k;
		unsigned char c;

		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		for (k = i; k < n && s[k] != ' '; k++)
			;
		c = (unsigned char)s[i];
		words++;
		if (c >= '0' && c <= '9')
			return false;
		if (c >= 'a' && c <= 'z')
			lower |= !particle(s + i, k - i);
		i = k;
	}
	return words == 1 || (words > 1 && !lower);
}

/* t if the text at t in m->texts names someone, "By" and the like cut
 * (names_someone(), or a label before it); else NO_TEXT, the text
 * dropped. */
static size_t
names_at(struct meta *m, size_t t)
{
	size_t mark = m->tmp.len;
	bool ok;

	if (t == NO_TEXT)
		return NO_TEXT;
	ok = meta_clean_author(m->texts.p + t, strlen(m->texts.p + t),
	    &m->tmp) && (by_label(m->texts.p + t, 0, NLABELS) < NLABELS ||
	    names_someone(m->tmp.p + mark, m->tmp.len - mark));
	m->tmp.len = mark;
	if (ok)
		return t;
	m->texts.len = t;
	return NO_TEXT;
}

/* The byline elements whose text is looked at for a name, at most: each
 * is a walk of its subtree, and they nest. */
#define BYLINE_TRIES	16

/* A class or id of a byline: "byline" anywhere in it ("contributorbyline"),
 * "author" not as in "authorize" or "authority". */
static bool
bylineish(const char *v)
{
	if (v == NULL)
		return false;
	for (const char *p = v; *p != '\0'; p++) {
		if ((*p | 0x20) == 'b' && strncasecmp(p, "byline", 6) == 0)
			return true;
		if ((*p | 0x20) == 'a' && strncasecmp(p, "author", 6) == 0 &&
		    (p[6] | 0x20) != 'i')
			return true;
	}
	return false;
}

/* A class or id of an element that shows the date: "date" in it
 * ("post-date", "entry-date", "c-meta__date", "dateline"). */
#define DATE_EL_MAX	120
/* A date element after the h1 but past this much of its text is
 * likely a card in a list of other posts: a date element above the h1
 * goes first then (wcxb-dev: any value from 500 to 4000 gains the
 * same 3 pages and loses none; 2000 is in the middle) */
#define DATE_EL_NEAR	2000
static bool
dateish(const char *v)
{
	if (v == NULL)
		return false;
	for (const char *p = v; *p != '\0'; p++)
		if ((*p | 0x20) == 'd' && strncasecmp(p, "date", 4) == 0 &&
		    strncasecmp(p, "datepicker", 10) != 0)
			return true;
	return false;
}

/* The name in a byline element: the text of the first link in it that
 * goes to an author's page, else of its first link, else all of it. */
static size_t byline_text(struct meta *m, const xmlNode *e);

static const char *
attr(const xmlNode *n, const char *name)
{
	const char *v = html_attr(n, name);

	return v != NULL && *v != '\0' ? v : NULL;
}

/* Is n inside a comment (an ancestor whose class or id has the word
 * "comment": WordPress's comment-metadata, comment-body)?  Its <time>
 * is when the comment was written, not the page.  COMMENT_UP ancestors
 * at most: a comment list's <time> sits two to five levels below its
 * comment element (wcxb-dev, at 12: one date right, none wrong). */
#define COMMENT_UP	12
static bool
in_comment(const xmlNode *n)
{
	for (int i = 0; i < COMMENT_UP && n != NULL &&
	    n->type == XML_ELEMENT_NODE; i++, n = n->parent) {
		const char *c = attr(n, "class"), *id = attr(n, "id");

		if ((c != NULL && has_word(c, "comment")) ||
		    (id != NULL && has_word(id, "comment")))
			return true;
	}
	return false;
}

/* A link to an author's page: /author/NAME, /authors/NAME, ?author=. */
static bool
author_href(const char *href)
{
	return href != NULL && (strstr(href, "/author/") != NULL ||
	    strstr(href, "/authors/") != NULL || strstr(href, "author=") != NULL);
}

/* Does v hold w, ASCII case aside? */
static bool
contains_ci(const char *v, const char *w)
{
	size_t k = strlen(w);

	for (const char *p = v; *p != '\0'; p++)
		if ((*p | 0x20) == w[0] && strncasecmp(p, w, k) == 0)
			return true;
	return false;
}

/* The texts of the links to authors' pages under e, ';' between (a
 * byline of several authors; set_names() splits there), to m->texts:
 * its offset. */
#define AUTHOR_LINKS_MAX	8
static size_t
author_links(struct meta *m, const xmlNode *e)
{
	const xmlNode *n = e;
	size_t start = m->texts.len, count = 0;

	while (n != NULL && count < AUTHOR_LINKS_MAX &&
	    m->texts.len - start < BYLINE_MAX) {
		bool link = n->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)n->name, "a") == 0;

		/* each text_of() ends in a NUL: the one before it becomes
		 * the ';' */
		if (link && author_href(attr(n, "href")) &&
		    text_of(m, n, BYLINE_MAX) != NO_TEXT && count++ > 0)
			m->texts.p[strlen(m->texts.p + start) + start] = ';';
		n = html_next(n, e, n->type == XML_ELEMENT_NODE && !link);
	}
	return count > 0 ? start : NO_TEXT;
}

/* The class of the name in a byline that also holds the author's job,
 * picture or bio: "author__name", "author-box__name", "name". */
static bool
nameish(const char *v)
{
	return v != NULL && contains_ci(v, "name");
}

static size_t
byline_text(struct meta *m, const xmlNode *e)
{
	const xmlNode *n = e, *first = NULL, *author = NULL, *named = NULL;
	size_t t;

	while (n != NULL && author == NULL) {
		if (n->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)n->name, "a") == 0) {
			if (author_href(attr(n, "href")))
				author = n;
			else if (first == NULL)
				first = n;
		}
		if (n != e && n->type == XML_ELEMENT_NODE && named == NULL &&
		    nameish(attr(n, "class")))
			named = n;
		n = html_next(n, e, n->type == XML_ELEMENT_NODE);
	}
	if (author != NULL && (t = author_links(m, e)) != NO_TEXT)
		return t;
	if (named != NULL && (t = text_of(m, named, BYLINE_MAX)) != NO_TEXT)
		return t;
	if (first != NULL && (t = text_of(m, first, BYLINE_MAX)) != NO_TEXT)
		return t;
	return text_of(m, e, BYLINE_MAX);
}

/* The first element with itemprop=name under e, not inside another
 * item (itemscope) of its own; the first ITEM_NAME_MAX elements only. */
#define ITEM_NAME_MAX	200
static const xmlNode *
item_name(const xmlNode *e)
{
	const xmlNode *n = e->children;
	const char *v;
	size_t seen = 0;

	while (n != NULL && n != e && seen++ < ITEM_NAME_MAX) {
		bool down = false;

		if (n->type == XML_ELEMENT_NODE) {
			if ((v = attr(n, "itemprop")) != NULL && has_word(v, "name"))
				return n;
			down = html_attr(n, "itemscope") == NULL;
		}
		n = html_next(n, e, down);
	}
	return NULL;
}

/* A copy of an attribute's value in m->texts, as text_of() leaves one. */
static size_t
text_copy(struct meta *m, const char *v)
{
	size_t start = m->texts.len, n = strlen(v);

	if (n == 0 || n > BYLINE_MAX)
		return NO_TEXT;
	textnorm_space_buf(v, n, false, &m->texts);
	if (m->texts.len == start)
		return NO_TEXT;
	buf_putc(&m->texts, '\0');
	return start;
}

static bool
rel_has(const char *rel, const char *w)
{
	return rel != NULL && has_word(rel, w);
}

/* twitter:labelN and twitter:dataN, N from 1 to 4. */
static void
twitter_pair(struct meta_src *s, const char *name, const char *content)
{
	size_t k;
	int i;

	if (strncasecmp(name, "twitter:", 8) != 0)
		return;
	name += 8;
	if (strncasecmp(name, "label", 5) == 0)
		k = 5;
	else if (strncasecmp(name, "data", 4) == 0)
		k = 4;
	else
		return;
	if (name[k] < '1' || name[k] > '4' || name[k + 1] != '\0')
		return;
	i = name[k] - '0';
	if (k == 5 && s->tw_label[i] == NULL)
		s->tw_label[i] = content;
	else if (k == 4 && s->tw_data[i] == NULL)
		s->tw_data[i] = content;
}

/* The name a labelled pair gives for "Written by" or "Author". */
static const char *
twitter_author(const struct meta_src *s)
{
	for (int i = 1; i < 5; i++)
		if (s->tw_label[i] != NULL && s->tw_data[i] != NULL &&
		    (strcasecmp(s->tw_label[i], "written by") == 0 ||
		    strcasecmp(s->tw_label[i], "author") == 0 ||
		    strcasecmp(s->tw_label[i], "by") == 0))
			return s->tw_data[i];
	return NULL;
}

static void
element(struct meta *m, struct meta_src *s, xmlNode *n, int in_main)
{
	const char *name = (const char *)n->name, *v, *ip;

	if (strcmp(name, "meta") == 0) {
		const char *content = attr(n, "content");

		if (content == NULL)
			return;
		if ((v = attr(n, "property")) != NULL)
			meta_tag(s, v, content);
		if ((v = attr(n, "name")) != NULL) {
			meta_tag(s, v, content);
			twitter_pair(s, v, content);
		}
		if ((v = attr(n, "itemprop")) != NULL)
			meta_tag(s, v, content);
		if ((v = attr(n, "http-equiv")) != NULL &&
		    strcasecmp(v, "content-language") == 0 &&
		    s->content_language == NULL)
			s->content_language = content;
		return;
	}
	/* a post's author= or data-author= attribute (Reddit's posts) */
	if (s->data_author == NULL &&
	    (s->data_author = attr(n, "data-author")) == NULL)
		s->data_author = attr(n, "author");
	/* the first user's name a forum shows: its thread's starter
	 * (phpBB's and XenForo's "username", vBulletin's "bigusername") */
	if (s->username == NO_TEXT && (v = attr(n, "class")) != NULL &&
	    contains_ci(v, "username"))
		s->username = text_of(m, n, BYLINE_MAX);
	if (strcmp(name, "link") == 0 || strcmp(name, "a") == 0) {
		const char *rel = attr(n, "rel"), *href = attr(n, "href");

		if (name[0] == 'a' && author_href(href) && s->author_link == NO_TEXT)
			s->author_link = text_of(m, n, BYLINE_MAX);
		if (rel == NULL)
			goto microdata;
		if (name[0] == 'l' && href && rel_has(rel, "canonical") &&
		    s->canonical == NULL)
			s->canonical = href;
		if (href && rel_has(rel, "license") && s->license == NULL)
			s->license = href;
		/* not a link's "View more posts" */
		if (name[0] == 'a' && rel_has(rel, "author") &&
		    s->rel_author == NO_TEXT)
			s->rel_author = names_at(m, text_of(m, n, BYLINE_MAX));
		goto microdata;
	}
	if (strcmp(name, "time") == 0) {
		const char *dt = attr(n, "datetime");

		/* <time>8 Oct 2022</time>: its text is the date */
		if (dt == NULL && s->time_text == NO_TEXT)
			s->time_text = text_of(m, n, DATE_EL_MAX);
		if (dt != NULL) {
			if (html_attr(n, "pubdate") != NULL && !s->time_pubdate)
				s->time_pubdate = dt;
			if (in_main && s->time_main == NULL && !in_comment(n))
				s->time_main = dt;
			if (s->time_any == NULL)
				s->time_any = dt;
		}
	}
	if (strcmp(name, "html") == 0 && s->html_lang == NULL) {
		if ((v = attr(n, "lang")) == NULL)
			v = attr(n, "xml:lang");
		s->html_lang = v;
	}
	if (strcmp(name, "h1") == 0) {
		s->seen_h1 = true;
		s->by_window = 0;
		if (s->h1 == NO_TEXT)
			s->h1 = text_of(m, n, META_MAX_FIELD);
	}
	if (strcmp(name, "title") == 0 && s->title == NO_TEXT)
		s->title = text_of(m, n, META_MAX_FIELD);
	if ((s->byline == NO_TEXT || s->byline_first == NO_TEXT) &&
	    strcmp(name, "body") != 0 && strcmp(name, "html") != 0 &&
	    strcmp(name, "article") != 0 && strcmp(name, "main") != 0) {
		const char *c = attr(n, "class"), *id = attr(n, "id");

		if ((bylineish(c) || bylineish(id)) &&
		    !(c && has_word(c, "comment")) &&
		    s->byline_tries < BYLINE_TRIES) {
			size_t t = names_at(m, byline_text(m, n));

			s->byline_tries++;

			if (s->byline_all == NO_TEXT && s->seen_h1)
				s->byline_all = text_of(m, n, BYLINE_MAX);
			if (s->byline_all_first == NO_TEXT)
				s->byline_all_first = text_of(m, n, BYLINE_MAX);
			if (t != NO_TEXT) {
				if (s->byline_first == NO_TEXT)
					s->byline_first = t;
				if (s->seen_h1 && s->byline == NO_TEXT)
					s->byline = t;
			}
		}
	}
	if ((s->date_el == NO_TEXT || s->date_el_pre == NO_TEXT) &&
	    strcmp(name, "body") != 0) {
		const char *c = attr(n, "class"), *id = attr(n, "id");

		/* before the h1 too: a date above the headline */
		if ((dateish(c) || dateish(id)) && s->seen_h1 &&
		    s->date_el == NO_TEXT) {
			s->date_el = text_of(m, n, DATE_EL_MAX);
			s->date_el_far = s->h1_text > DATE_EL_NEAR;
		}
		else if ((dateish(c) || dateish(id)) && !s->seen_h1 &&
		    s->date_el_pre == NO_TEXT)
			s->date_el_pre = text_of(m, n, DATE_EL_MAX);
	}
microdata:
	if ((ip = attr(n, "itemprop")) == NULL)
		return;
	if (has_word(ip, "author") && s->ip_author == NO_TEXT) {
		const xmlNode *nm = item_name(n);

		/* itemprop=name inside the author (its content when it is a
		 * <meta>), else all of it */
		if (nm != NULL && (v = attr(nm, "content")) != NULL)
			s->ip_author = text_copy(m, v);
		else
			s->ip_author = text_of(m, nm != NULL ? nm : n, BYLINE_MAX);
	}
	/* dateCreated too, whichever comes first: a QAPage's Question
	 * has only that, and its answers' comments carry datePublished
	 * further down (wcxb-dev: 5 dates right, none wrong, both halves
	 * up) */
	if ((strcasecmp(ip, "datePublished") == 0 ||
	    strcasecmp(ip, "dateCreated") == 0) && s->ip_date == NULL) {
		if ((v = attr(n, "datetime")) == NULL && (v = attr(n, "content")) ==
		    NULL && n->children && n->children->type == XML_TEXT_NODE)
			v = (const char *)n->children->content;
		s->ip_date = v;
	}
	if (strcasecmp(ip, "dateModified") == 0 && s->ip_modified == NULL) {
		if ((v = attr(n, "datetime")) == NULL && (v = attr(n, "content")) ==
		    NULL && n->children && n->children->type == XML_TEXT_NODE)
			v = (const char *)n->children->content;
		s->ip_modified = v;
	}
}

/* The text after the first h1 that is searched for a date: the
 * headline's own line, the byline, the first sentence. */
#define AFTER_H1	400
/* The text from the first link to an author's page on that is searched
 * for a date: the name, the date beside it. */
#define AFTER_AUTHOR	120

/* The text just before the first h1 that is searched for a date: a
 * dateline above the headline ("OCTOBER 13, 2025", "Published on June
 * 4, 2025"), the last BEFORE_H1 bytes of the text before it. */
#define BEFORE_H1	120

static void
before_h1(struct meta *m, const char *t)
{
	struct buf *b = &m->before_h1;
	size_t n = strlen(t);

	if (n > BEFORE_H1)
		t += n - BEFORE_H1, n = BEFORE_H1;
	buf_append(b, t, n);
	buf_putc(b, ' ');
	if (b->len > 2 * BEFORE_H1) {
		memmove(b->p, b->p + b->len - BEFORE_H1, BEFORE_H1);
		b->len = BEFORE_H1;
	}
}

/* Is s[0..n) a name as a byline writes it: one to five words, each
 * begun by a capital (ASCII) or by a letter outside ASCII, or after the
 * first a particle ("Anna de Vries", "Vincent van Gogh")? */
static bool
name_like(const char *s, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t k;

		if (c == ' ' || (i > 0 && s[i - 1] != ' '))
			continue;
		for (k = i; k < n && s[k] != ' '; k++)
			;
		if (++w > 5 || !((c >= 'A' && c <= 'Z') || c >= 0x80 ||
		    (w > 1 && particle(s + i, k - i))))
			return false;
	}
	return w > 0;
}

/* A text after the first h1 that is a byline of its own: "By Ann Lee",
 * "by: Ann Lee, Dec 17", "Written by Ann Lee", or a label alone ("By",
 * "Written by", "Article by", "Author:") with the name in the next text
 * (By <a>Ann Lee</a>, <p>Written by</p><p>Ann Lee</p>).  What follows
 * the label must look like a name ("by the end of the day" is no
 * byline), or be one word in a short text (a user's name, "by annlee");
 * before a comma only ("by Ann Lee, editor of the notes": wcxb-dev 2
 * authors more, both halves kept).
 * "Author" opens a byline only as a label alone (wcxb-dev: "Author" and
 * "Author:" before the name's element).  The labels by_labels[from..to)
 * only: from STRONG, those that say who wrote the page ("Written by",
 * not "By" nor "Posted by": a comment's), for a text anywhere (an author
 * box at the end); from STARTER, a forum's thread starter. */
static void
by_text(struct meta *m, struct by_text *bt, const char *t, size_t from,
    size_t to)
{
	struct buf *b = &m->tmp;
	size_t mark = b->len, n;
	const char *p = NULL, *comma;

	while (*t == ' ' || *t == '\n' || *t == '\t' || *t == '\r')
		t++;
	if (*t == '\0')
		return;
	if (!bt->next) {
		size_t i = by_label(t, from, to), k;

		if (i == to)
			return;
		k = strlen(by_labels[i]);
		p = t + k + (t[k] == ':');
		while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
			p++;
		if (*p == '\0') {
			bt->next = true;	/* the name is in the next text */
			return;
		}
		if (by_labels[i][0] == 'a')
			return;		/* "Author Ann Lee": a heading, not a byline;
					   so "Autor", "Auteur" */
	}
	bt->next = false;
	n = strlen(t);
	if (n > BYLINE_MAX || !meta_clean_author(t, n, b))
		goto out;
	comma = memchr(b->p + mark, ',', b->len - mark);
	/* "by ibby": a user's name of one word, in a short text, may be
	 * lower case */
	if (name_like(b->p + mark, comma != NULL ? (size_t)(comma -
	    (b->p + mark)) : b->len - mark) || (n <= 40 &&
	    memchr(b->p + mark, ' ', b->len - mark) == NULL)) {
		bt->text = m->texts.len;
		buf_append(&m->texts, b->p + mark, b->len - mark);
		buf_putc(&m->texts, '\0');
	}
out:
	b->len = mark;
}

/* A text that is a labelled date: "Published on June 4, 2025",
 * "Posted on ...", "Date: ...", or, apart, "Updated ...", "Last
 * updated: ...": the date right after the label, the first of each. */
#define LABEL_DATE_MAX	80
static void
label_date(struct meta *m, struct meta_src *s, const char *t)
{
	/* English, then the languages of date.c's month names; the
	 * labels of an update from UPDATED on */
	static const char *const labels[] = { "published", "posted", "date",
	    "veröffentlicht", "publié", "publicado", "publicada",
	    "pubblicato", "gepubliceerd", "datum", "fecha", "data",
	    "updated", "last updated", "aktualisiert", "mis à jour",
	    "actualizado", "aggiornato", "atualizado", "bijgewerkt" };
	/* the word after the label before its date: "Published on" */
	static const char *const ons[] = { "on ", "am ", "le ", "el ", "il ",
	    "em ", "op " };
	enum { UPDATED = 12 };
	struct date d;
	size_t i, k = 0, n;

	while (*t == ' ' || *t == '\n' || *t == '\t' || *t == '\r')
		t++;
	/* the labels' first letters: most texts begin with none */
	if (*t == '\0' || strchr("abdfglmpuv", *t | 0x20) == NULL)
		return;
	for (i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		k = strlen(labels[i]);
		if ((*t | 0x20) == labels[i][0] && strncasecmp(t, labels[i], k) == 0)
			break;
	}
	if (i == sizeof labels / sizeof labels[0] ||
	    (t[k] != ' ' && t[k] != ':' && t[k] != '\n'))
		return;
	for (n = 0; t[n] != '\0'; n++)
		if (n == LABEL_DATE_MAX)
			return;
	t += k;
	n -= k;
	while (n > 0 && (*t == ' ' || *t == ':' || *t == '\n' || *t == '\t')) {
		t++;
		n--;
	}
	for (size_t o = 0; o < sizeof ons / sizeof ons[0]; o++) {
		size_t w = strlen(ons[o]);

		if (n > w && strncasecmp(t, ons[o], w) == 0) {
			t += w;
			n -= w;
			break;
		}
	}
	if (!date_find(t, n, 0, &d) || d.at != 0)
		return;
	if (i >= UPDATED) {
		if (s->label_updated != NO_TEXT)
			return;
		s->label_updated = m->texts.len;
	} else if (s->label_date == NO_TEXT)
		s->label_date = m->texts.len;
	else
		return;
	buf_append(&m->texts, t, n);
	buf_putc(&m->texts, '\0');
}

static void
walk(struct meta *m, struct meta_src *s, xmlDoc *doc)
{
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL, *n = root;
	int in_main = 0;

	while (n != NULL) {
		bool down = false;

		if (n->type == XML_TEXT_NODE && !s->seen_h1 && n->content != NULL)
			before_h1(m, (const char *)n->content);
		if (n->type == XML_TEXT_NODE && n->content != NULL &&
		    (s->label_date == NO_TEXT || s->label_updated == NO_TEXT))
			label_date(m, s, (const char *)n->content);
		if (n->type == XML_TEXT_NODE && s->seen_h1 && n->content != NULL &&
		    s->by_window < AFTER_H1 && s->by.text == NO_TEXT) {
			by_text(m, &s->by, (const char *)n->content, 0,
			    STARTER);
			s->by_window += strlen((const char *)n->content) + 1;
		}
		if (n->type == XML_TEXT_NODE && n->content != NULL &&
		    s->starter.text == NO_TEXT)
			by_text(m, &s->starter, (const char *)n->content,
			    STARTER, NLABELS);
		/* "Written by" twice: a list of reviews or comments, whose
		 * authors are not the page's */
		if (n->type == XML_TEXT_NODE && n->content != NULL &&
		    !s->by_any_twice) {
			struct by_text *bt = s->by_any.text == NO_TEXT ?
			    &s->by_any : &s->by_any2;

			by_text(m, bt, (const char *)n->content, STRONG,
			    STARTER);
			s->by_any_twice = s->by_any2.text != NO_TEXT;
		}
		if (n->type == XML_TEXT_NODE && s->seen_h1 && n->content != NULL &&
		    s->date_el == NO_TEXT && s->h1_text <= DATE_EL_NEAR)
			s->h1_text += strlen((const char *)n->content);
		/* the text from the first author link on */
		if (n->type == XML_TEXT_NODE && n->content != NULL &&
		    s->author_link != NO_TEXT && m->after_author.len < AFTER_AUTHOR) {
			buf_append(&m->after_author, n->content,
			    strlen((const char *)n->content));
			buf_putc(&m->after_author, ' ');
		}
		if (n->type == XML_TEXT_NODE && s->seen_h1 && n->content != NULL &&
		    m->after_h1.len < AFTER_H1) {
			buf_append(&m->after_h1, n->content,
			    strlen((const char *)n->content));
			buf_putc(&m->after_h1, ' ');
		}
		if (n->type == XML_ELEMENT_NODE) {
			const char *name = (const char *)n->name;

			if (strcmp(name, "script") == 0) {
				if (jsonld_is_script(n))
					jsonld_add_script(&m->ld, n);
			} else if (strcmp(name, "style") != 0) {
				element(m, s, n, in_main);
				down = n->children != NULL;
				if (down && (strcmp(name, "article") == 0 ||
				    strcmp(name, "main") == 0))
					in_main++;
			}
		}
		if (down) {
			n = n->children;
			continue;
		}
		while (n != root && n->next == NULL) {
			n = n->parent;
			if (strcmp((const char *)n->name, "article") == 0 ||
			    strcmp((const char *)n->name, "main") == 0)
				in_main--;
		}
		if (n == root)
			break;
		n = n->next;
	}
}

/* --- the values ----------------------------------------------------------- */

/* Append s[0..n) to m->strs as one clean line: control characters and
 * what is not UTF-8 as spaces, white space collapsed, cut to
 * META_MAX_FIELD at a character boundary.  Its length (0: nothing). */
static size_t
put_line(struct meta *m, const char *s, size_t n)
{
	struct buf *t = &m->tmp;
	size_t mark = t->len, start = m->strs.len, len;

	if (n > META_MAX_FIELD * 4)
		n = META_MAX_FIELD * 4;
	for (int32_t i = 0, k = (int32_t)n; i < k;) {
		int32_t at = i;
		UChar32 c;

		U8_NEXT((const uint8_t *)s, i, k, c);
		if (c < 0x20 || (c >= 0x7f && c < 0xa0))
			buf_putc(t, ' ');
		else
			buf_append(t, s + at, (size_t)(i - at));
	}
	textnorm_space_buf(t->p + mark, t->len - mark, false, &m->strs);
	t->len = mark;
	len = m->strs.len - start;
	if (len > META_MAX_FIELD) {
		len = META_MAX_FIELD;
		while (len > 0 &&
		    ((unsigned char)m->strs.p[start + len] & 0xc0) == 0x80)
			len--;
		m->strs.len = start + len;
	}
	return len;
}

/* Set field f to s (if it has something). */
static bool
set(struct meta *m, enum meta_field f, const char *s)
{
	size_t start = m->strs.len;

	if (s == NULL || m->off[f] != SIZE_MAX)
		return false;
	if (put_line(m, s, strlen(s)) == 0) {
		m->strs.len = start;
		return false;
	}
	buf_putc(&m->strs, '\0');
	m->off[f] = start;
	return true;
}

static bool
word_char(unsigned char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

/* The length of the sign that ends s[0..n) and is no part of a name
 * (a space, a comma, a quote, a footnote's asterisk or dagger, a
 * guillemet or arrow that leads to the author's page, a dash or bullet),
 * or 0. */
static size_t
trailing_sign(const char *s, size_t n)
{
	static const char *const signs[] = { "\xc2\xbb", "\xc2\xab",
	    "\xc2\xb7", "\xe2\x80\xba", "\xe2\x80\xb9", "\xe2\x80\xa0",
	    "\xe2\x80\xa1", "\xe2\x80\xa2", "\xe2\x80\x93",
	    "\xe2\x80\x94", "\xe2\x86\x92" };

	if (s[n - 1] != '\0' && strchr(" ,\"*|;:", s[n - 1]) != NULL)
		return 1;
	for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++) {
		size_t k = strlen(signs[i]);

		if (n >= k && memcmp(s + n - k, signs[i], k) == 0)
			return k;
	}
	return 0;
}

bool
meta_clean_author(const char *s, size_t n, struct buf *out)
{
	static const char *const prefixes[] = { "view all posts by",
	    "all posts by", "more posts by", "posts by", "articles by",
	    "stories by", "written by", "posted by",
	    "published by", "reviewed by", "text by", "post by", "words by",
	    "thread starter", "topic starter", "topic author",
	    "geschrieben von",
	    "verfasst von", "\xc3\xa9" "crit par", "\xc3\x89" "crit par",
	    "escrito por", "scritto da",
	    "geschreven door", "autor:", "auteur:", "autore:",
	    "author:", "authors:", "author", "by:", "by",
	    "\xe4\xbd\x9c\xe8\x80\x85\xef\xbc\x9a", "\xe4\xbd\x9c\xe8\x80\x85:" };
	/* "by" in German, French, Spanish, Italian, Dutch: names begin
	 * with them too ("von Trier", "Di Caprio"), so only before two
	 * words or more */
	static const char *const foreign[] = { "von", "par", "por", "di",
	    "door" };
	/* what follows a name in a byline */
	static const char *const cuts[] = { " | ", " \xc2\xb7 ", " \xe2\x80\xa2 ",
	    " - ", " \xe2\x80\x93 ", " \xe2\x80\x94 ", " published", " Published",
	    " updated", " Updated", " last updated", " Last updated",
	    " posted", " Posted", " on ", " On " };
	size_t start = out->len, len;
	const char *p;
	bool again = true;

	textnorm_space_buf(s, n, false, out);
	while (again) {
		again = false;
		p = out->p + start;
		len = out->len - start;
		for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
			size_t k = strlen(prefixes[i]);

			/* "By" alone: the label, its name elsewhere */
			if (len == k && strncasecmp(p, prefixes[i], k) == 0) {
				out->len = start;
				return false;
			}
			if (len > k && strncasecmp(p, prefixes[i], k) == 0 &&
			    (!word_char((unsigned char)p[k]) ||
			    !word_char((unsigned char)p[k - 1]))) {
				size_t skip = k;

				while (skip < len && (p[skip] == ' ' || p[skip] == ':'))
					skip++;
				memmove(out->p + start, p + skip, len - skip);
				out->len -= skip;
				again = true;
				break;
			}
		}
	}
	p = out->p + start;
	len = out->len - start;
	for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++) {
		size_t k = strlen(foreign[i]);

		if (len > k + 1 && strncasecmp(p, foreign[i], k) == 0 &&
		    p[k] == ' ' && memchr(p + k + 1, ' ', len - k - 1) != NULL) {
			memmove(out->p + start, p + k + 1, len - k - 1);
			out->len -= k + 1;
			break;
		}
	}
	p = out->p + start;
	len = out->len - start;
	/* a word a name is cut before ("published", "updated"), at the
	 * start: a date's line ("Last updated: January 7, 2025", "Posted
	 * on ..."), no name at all */
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		size_t k = strlen(cuts[i]) - 1;

		if (k > 3 && k + 1 < len && strncasecmp(p, cuts[i] + 1, k) == 0 &&
		    !word_char((unsigned char)p[k])) {
			out->len = start;
			return false;
		}
	}
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		const char *c = NULL;

		for (size_t k = 0, cl = strlen(cuts[i]); k + cl <= len; k++)
			if (memcmp(p + k, cuts[i], cl) == 0) {
				c = p + k;
				break;
			}
		if (c != NULL)
			len = (size_t)(c - p);
	}
	{
		struct date d;
		size_t k;

		if (date_find(p, len, 0, &d))
			len = d.at;
		while (len > 0 && (k = trailing_sign(p, len)) > 0)
			len -= k;
		while (len > 0 && *p != '\0' && strchr("\" ,;:|", *p) != NULL)
			memmove(out->p + start, p + 1, --len);
		/* the name twice, a screen reader's copy beside it */
		if (len % 2 == 1 && p[len / 2] == ' ' &&
		    memcmp(p, p + len / 2 + 1, len / 2) == 0)
			len /= 2;
	}
	out->len = start + len;
	{
		bool letters = false, at = false;

		for (size_t i = 0; i < len; i++) {
			const unsigned char *u = (const unsigned char *)p + i;

			/* U+0080..U+00BF and General Punctuation (U+2000..
			 * U+207F): a bullet, a dash, a middle dot is no
			 * letter of a name (a bullet between byline parts) */
			if (u[0] == 0xc2 && i + 1 < len)
				i++;
			else if (u[0] == 0xe2 && i + 2 < len &&
			    (u[1] == 0x80 || u[1] == 0x81))
				i += 2;
			else
				letters |= word_char(u[0]);
			at |= p[i] == '@';
		}
		if (len == 0 || len > 100 || !letters || at ||
		    strncmp(p, "http", 4) == 0 || memchr(p, '/', len) != NULL) {
			out->len = start;
			return false;
		}
	}
	return true;
}

/* Add item[0..n) to the list being built in m->strs from start,
 * "; " between items, unless it is there already (ASCII case aside),
 * the list holds META_MAX_ITEMS or it would pass META_MAX_FIELD. */
static void
add_item(struct meta *m, size_t start, size_t *count, const char *item,
    size_t n)
{
	for (size_t q = start; q < m->strs.len;) {
		size_t e = q;

		while (e < m->strs.len && m->strs.p[e] != ';')
			e++;
		if (e - q == n && strncasecmp(m->strs.p + q, item, n) == 0)
			return;
		q = e + 2;
	}
	if (*count >= META_MAX_ITEMS ||
	    m->strs.len - start + n + 2 > META_MAX_FIELD)
		return;
	if ((*count)++ > 0)
		buf_append(&m->strs, "; ", 2);
	buf_append(&m->strs, item, n);
}

/* Names: each value cleaned, "; " between, the same once. */
static bool
set_names(struct meta *m, const char *const *v, size_t nv)
{
	size_t start = m->strs.len, count = 0;
	struct buf *t = &m->tmp;

	if (m->off[META_AUTHOR] != SIZE_MAX)
		return false;
	for (size_t i = 0; i < nv; i++) {
		const char *s = v[i];

		/* a JSON-LD list is "A; B" already */
		while (s != NULL && *s != '\0') {
			size_t k = strcspn(s, ";"), mark = t->len;

			if (meta_clean_author(s, k, t))
				add_item(m, start, &count, t->p + mark, t->len - mark);
			t->len = mark;
			s += k;
			while (*s == ';' || *s == ' ')
				s++;
		}
	}
	if (count == 0) {
		m->strs.len = start;
		return false;
	}
	buf_putc(&m->strs, '\0');
	m->off[META_AUTHOR] = start;
	return true;
}

/* A list of items (tags, categories): each value split at commas and
 * semicolons (with split), trimmed, the same once (ASCII case aside),
 * "; " between. */
static bool
set_items(struct meta *m, enum meta_field f, const char *const *v,
    size_t nv, bool split)
{
	size_t start = m->strs.len, count = 0;
	struct buf *t = &m->tmp;

	if (m->off[f] != SIZE_MAX)
		return false;
	for (size_t i = 0; i < nv; i++) {
		const char *s = v[i];
		size_t n = strlen(s);

		if (n > META_MAX_FIELD * 4)
			n = META_MAX_FIELD * 4;
		while (n > 0) {
			size_t k = split ? strcspn(s, ",;") : n, mark = t->len;
			size_t sl = m->strs.len;

			if (k > n)
				k = n;
			if (put_line(m, s, k) > 0) {
				/* the item is cut there first; then added */
				buf_append(t, m->strs.p + sl, m->strs.len - sl);
				m->strs.len = sl;
				add_item(m, start, &count, t->p + mark,
				    t->len - mark);
			}
			t->len = mark;
			s += k;
			n -= k;
			if (n > 0) {
				s++;
				n--;
			}
		}
	}
	if (count == 0) {
		m->strs.len = start;
		return false;
	}
	buf_putc(&m->strs, '\0');
	m->off[f] = start;
	return true;
}

/* A URL, made absolute against the page's when it can be. */
static bool
set_url(struct meta *m, enum meta_field f, const char *v, bool have_base)
{
	while (v != NULL && (*v == ' ' || *v == '\t' || *v == '\n'))
		v++;
	if (v == NULL || *v == '\0' || strlen(v) > META_MAX_FIELD)
		return false;
	if (have_base && url_parse(&m->u, v, strlen(v), &m->base) == URL_OK)
		return set(m, f, buf_cstr(&m->u.href));
	return set(m, f, v);
}

/* The first plausible date of the candidates, in ISO 8601. */
static bool
set_date(struct meta *m, enum meta_field f, const char *v, unsigned flags,
    long long now)
{
	struct date d;
	char iso[DATE_BUFSIZE];

	if (v == NULL || m->off[f] != SIZE_MAX ||
	    !date_find(v, strlen(v), flags, &d) || !date_plausible(&d, now))
		return false;
	date_format(&d, iso);
	return set(m, f, iso);
}

static const char *
text_at(const struct meta *m, size_t off)
{
	return off == NO_TEXT ? NULL : m->texts.p + off;
}

/* The date in a URL's path: /2024/03/12/ or 2024-03-12. */
static const char *
url_path(const char *url)
{
	const char *s = strstr(url, "://");

	if (s == NULL)
		return NULL;
	s += 3;
	return s + strcspn(s, "/");
}

/* The date a page shows beside its headline, when it is earlier than
 * the publication date its <meta> tags or JSON-LD give and they give
 * no later modification date: a template that writes the day of the
 * last change as datePublished (often as dateModified too), where the
 * reader sees "November 2, 2022" under the h1.  The same instant
 * written in another zone is the same date.  The sources shown, the
 * first that holds a date: a <time pubdate>, the <time datetime> in
 * the article, the date element and the byline after the h1, a <time>
 * without datetime, the text after the h1, a labelled date ("Published
 * on ...").  (wcxb-dev: 10 dates right, 2 wrong, a comment's <time> in
 * the article and a version number "2024.4.4" after a forum's h1;
 * Readability: 1 right.) */
static void
shown_date(struct meta *m, const struct meta_src *s, long long now)
{
	const char *shown[] = { s->time_pubdate, s->time_main,
	    s->date_el_far ? NULL : text_at(m, s->date_el),
	    text_at(m, s->byline_all), text_at(m, s->time_text),
	    m->after_h1.len > 0 ? buf_cstr(&m->after_h1) : NULL,
	    text_at(m, s->label_date) };
	const char *pv, *uv;
	struct date p, u, v;
	char iso[DATE_BUFSIZE];

	if (m->off[META_DATE] == SIZE_MAX)
		return;
	pv = m->strs.p + m->off[META_DATE];
	if (!date_find(pv, strlen(pv), 0, &p))
		return;
	if (m->off[META_MODIFIED] != SIZE_MAX) {
		uv = m->strs.p + m->off[META_MODIFIED];
		if (date_find(uv, strlen(uv), 0, &u) && date_cmp_day(&u, &p) > 0)
			return;
	}
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
		if (shown[i] == NULL ||
		    !date_find(shown[i], strlen(shown[i]), 0, &v) ||
		    !date_plausible(&v, now))
			continue;
		if (date_cmp_day(&v, &p) < 0 && !date_same_instant(&v, &p)) {
			date_format(&v, iso);
			m->off[META_DATE] = SIZE_MAX;
			set(m, META_DATE, iso);
		}
		return;
	}
}

/* Is name the site's (og:site_name, the JSON-LD publisher or site)?
 * ASCII case aside, and the spaces and signs around it (", USA TODAY":
 * a template's "NAME, Site" without a name). */
static bool
is_site(const char *name, const struct meta_src *s, const struct jsonld *ld)
{
	const char *sites[] = { s->g[G_SITENAME].n > 0 ?
	    s->g[G_SITENAME].v[0] : NULL, jsonld_get(ld, JSONLD_PUBLISHER),
	    jsonld_get(ld, JSONLD_SITE_NAME) };
	size_t n;

	while (*name != '\0' && strchr(" ,;:|-", *name) != NULL)
		name++;
	n = strlen(name);
	while (n > 0 && strchr(" ,;:|-", name[n - 1]) != NULL)
		n--;
	for (size_t i = 0; i < sizeof sites / sizeof sites[0]; i++)
		if (sites[i] != NULL && n > 0 && strlen(sites[i]) == n &&
		    strncasecmp(sites[i], name, n) == 0)
			return true;
	return false;
}

void
meta_read(struct meta *m, xmlDoc *doc, const char *url, long long now)
{
	struct meta_src *s;
	const struct jsonld *ld = &m->ld;
	bool have_base = false;
	const char *v;

	if (m->src == NULL)
		m->src = xmalloc(sizeof *m->src);
	if (!m->url_init) {
		url_init(&m->base);
		url_init(&m->u);
		m->url_init = true;
	}
	s = m->src;
	memset(s, 0, sizeof *s);
	s->ip_author = s->rel_author = s->author_link = s->byline =
	    s->byline_first = s->byline_all = s->byline_all_first = s->date_el = s->by.text = s->by_any.text = s->by_any2.text = s->starter.text = s->time_text = s->date_el_pre = s->label_date =
	    s->label_updated = s->username =
	    s->title = s->h1 = NO_TEXT;
	m->tmp.len = 0;
	m->texts.len = 0;
	m->strs.len = 0;
	m->after_h1.len = 0;
	m->after_author.len = 0;
	m->before_h1.len = 0;
	for (int f = 0; f < META_NFIELDS; f++) {
		m->off[f] = SIZE_MAX;
		m->field[f] = NULL;
	}
	jsonld_reset(&m->ld);
	walk(m, s, doc);
	jsonld_finish(&m->ld);
	if (url != NULL && url_parse(&m->base, url, strlen(url), NULL) == URL_OK)
		have_base = true;
	m->base_ok = have_base;

	/* author: the first source that names one; a name that is the
	 * site's own ("author": {"@type": "Person", "name": "Cleveland
	 * Clinic"}, <meta name=author content="USA TODAY">) only when no
	 * source names anyone else (wcxb-dev: 0.805 -> 0.808, neither half
	 * down); last of all, a byline above the h1 (wcxb-dev: 0.820 ->
	 * 0.824, both halves up; of the 758 pages without an author in the
	 * reference, none more gets one) */
	{
		const char *c[] = { jsonld_get(ld, JSONLD_AUTHOR), NULL,
		    twitter_author(s), text_at(m, s->starter.text),
		    text_at(m, s->ip_author),
		    text_at(m, s->rel_author), text_at(m, s->seen_h1 ?
		    s->byline : s->byline_first),
		    text_at(m, s->by.text), s->by_any_twice ? NULL :
		    text_at(m, s->by_any.text),
		    text_at(m, s->author_link),
		    text_at(m, s->username), s->data_author,
		    s->seen_h1 ? text_at(m, s->byline_first) : NULL };
		const struct group_vals *g = &s->g[G_AUTHOR];
		bool done = false;

		for (int pass = 0; pass < 2 && !done; pass++)
			for (size_t i = 0; i < sizeof c / sizeof c[0] && !done;
			    i++) {
				if (i == 1) {	/* the <meta> tags */
					size_t k = 0, n = best(g);

					while (pass == 0 && k < n &&
					    is_site(g->v[k], s, ld))
						k++;
					done = k < n && set_names(m, g->v, n);
				} else if (c[i] != NULL &&
				    (pass == 1 || !is_site(c[i], s, ld)))
					done = set_names(m, &c[i], 1);
			}
	}

	/* dates */
	set_date(m, META_DATE, jsonld_get(ld, JSONLD_DATE_PUBLISHED), DATE_UNIX,
	    now);
	for (size_t i = 0; i < s->g[G_DATE].n; i++)
		set_date(m, META_DATE, s->g[G_DATE].v[i], 0, now);
	set_date(m, META_DATE, s->ip_date, 0, now);
	set_date(m, META_DATE, s->time_pubdate, 0, now);
	set_date(m, META_DATE, s->time_main, 0, now);
	if (!s->date_el_far)
		set_date(m, META_DATE, text_at(m, s->date_el), 0, now);
	set_date(m, META_DATE, text_at(m, s->byline_all), 0, now);
	/* a page without an h1: its first byline */
	if (!s->seen_h1)
		set_date(m, META_DATE, text_at(m, s->byline_all_first), 0, now);
	set_date(m, META_DATE, s->time_any, 0, now);
	set_date(m, META_DATE, text_at(m, s->time_text), 0, now);
	if (m->after_h1.len > 0)
		set_date(m, META_DATE, buf_cstr(&m->after_h1), 0, now);
	set_date(m, META_DATE, text_at(m, s->label_date), 0, now);
	if (url != NULL)
		set_date(m, META_DATE, url_path(url), 0, now);
	set_date(m, META_DATE, text_at(m, s->date_el_pre), 0, now);
	/* the text just above the h1 ("January 27, 2025" in a plain span)
	 * before a date element far past it, a card of another post, and
	 * before the date beside an author link further down (wcxb-dev: 2
	 * dates right, none wrong, no other page's date changed) */
	if (s->seen_h1 && m->before_h1.len > 0) {
		struct buf *b = &m->before_h1;
		size_t skip = b->len > BEFORE_H1 ? b->len - BEFORE_H1 : 0;

		buf_cstr(b);
		set_date(m, META_DATE, b->p + skip, 0, now);
	}
	set_date(m, META_DATE, text_at(m, s->date_el), 0, now);
	/* the date beside the author's name, a link to the author's page
	 * ("Ann Lee April 8, 2024") */
	if (m->after_author.len > 0)
		set_date(m, META_DATE, buf_cstr(&m->after_author), 0, now);
	set_date(m, META_MODIFIED, jsonld_get(ld, JSONLD_DATE_MODIFIED),
	    DATE_UNIX, now);
	for (size_t i = 0; i < s->g[G_MODIFIED].n; i++)
		set_date(m, META_MODIFIED, s->g[G_MODIFIED].v[i], 0, now);
	set_date(m, META_MODIFIED, s->ip_modified, 0, now);
	/* a page that says only when it was updated: that is its date */
	if (m->off[META_DATE] == SIZE_MAX && m->off[META_MODIFIED] != SIZE_MAX)
		set(m, META_DATE, m->strs.p + m->off[META_MODIFIED]);
	set_date(m, META_DATE, text_at(m, s->label_updated), 0, now);
	shown_date(m, s, now);

	/* the others */
	if (s->g[G_SITENAME].n > 0 && s->g[G_SITENAME].rank[0] == 0)
		set(m, META_SITENAME, s->g[G_SITENAME].v[0]);
	set(m, META_SITENAME, jsonld_get(ld, JSONLD_SITE_NAME));
	set(m, META_SITENAME, jsonld_get(ld, JSONLD_PUBLISHER));
	if (s->g[G_SITENAME].n > 0)
		set(m, META_SITENAME, s->g[G_SITENAME].v[0]);
	if (s->g[G_DESC].n > 0 && s->g[G_DESC].rank[0] <= 1)
		set(m, META_DESCRIPTION, s->g[G_DESC].v[0]);
	set(m, META_DESCRIPTION, jsonld_get(ld, JSONLD_DESCRIPTION));
	if (s->g[G_DESC].n > 0)
		set(m, META_DESCRIPTION, s->g[G_DESC].v[0]);
	set_url(m, META_CANONICAL, s->canonical, have_base);
	if (s->g[G_URL].n > 0)
		set_url(m, META_CANONICAL, s->g[G_URL].v[0], have_base);
	if (s->g[G_IMAGE].n > 0 && s->g[G_IMAGE].rank[0] == 0)
		set_url(m, META_IMAGE, s->g[G_IMAGE].v[0], have_base);
	set_url(m, META_IMAGE, jsonld_get(ld, JSONLD_IMAGE), have_base);
	if (s->g[G_IMAGE].n > 0)
		set_url(m, META_IMAGE, s->g[G_IMAGE].v[0], have_base);
	if (s->g[G_TAGS].n > 0 && s->g[G_TAGS].rank[0] == 0)
		set_items(m, META_TAGS, s->g[G_TAGS].v, best(&s->g[G_TAGS]),
		    false);
	if ((v = jsonld_get(ld, JSONLD_KEYWORDS)) != NULL)
		set_items(m, META_TAGS, &v, 1, true);
	set_items(m, META_TAGS, s->g[G_TAGS].v, best(&s->g[G_TAGS]), true);
	set_items(m, META_CATEGORIES, s->g[G_CATEGORIES].v,
	    best(&s->g[G_CATEGORIES]), false);
	if ((v = jsonld_get(ld, JSONLD_SECTION)) != NULL)
		set_items(m, META_CATEGORIES, &v, 1, true);
	if (s->g[G_TYPE].n > 0)
		set(m, META_TYPE, s->g[G_TYPE].v[0]);
	set(m, META_TYPE, ld->main_type);
	set_url(m, META_LICENSE, s->license, have_base);
	set(m, META_LANG_HINT, s->html_lang);
	set(m, META_LANG_HINT, s->content_language);
	if (s->g[G_LANG].n > 0)
		set(m, META_LANG_HINT, s->g[G_LANG].v[0]);
	set(m, META_LANG_HINT, jsonld_get(ld, JSONLD_IN_LANGUAGE));
	if (s->g[G_TITLE].n > 0 && s->g[G_TITLE].rank[0] == 0)
		set(m, META_TITLE_OG, s->g[G_TITLE].v[0]);
	set(m, META_TITLE_OG, jsonld_get(ld, JSONLD_HEADLINE));
	if (s->g[G_TITLE].n > 0)
		set(m, META_TITLE_OG, s->g[G_TITLE].v[0]);
	set(m, META_SITE_TITLE, text_at(m, s->title));
	set(m, META_H1, text_at(m, s->h1));

	for (int f = 0; f < META_NFIELDS; f++)
		m->field[f] = m->off[f] == SIZE_MAX ? NULL : m->strs.p + m->off[f];
	m->html_lang = s->html_lang;
	m->content_language = s->content_language;
}

void
meta_free(struct meta *m)
{
	jsonld_free(&m->ld);
	free(m->src);
	m->src = NULL;
	buf_free(&m->strs);
	buf_free(&m->tmp);
	buf_free(&m->texts);
	buf_free(&m->after_h1);
	buf_free(&m->after_author);
	buf_free(&m->before_h1);
	if (m->url_init) {
		url_free(&m->base);
		url_free(&m->u);
		m->url_init = false;
	}
}
