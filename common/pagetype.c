#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "pagetype.h"

static const char *const names[PAGETYPE_COUNT] = {
	"article", "forum", "product", "collection", "listing",
	"documentation", "service",
};

const char *
pagetype_name(enum pagetype t)
{
	return t < PAGETYPE_COUNT ? names[t] : "article";
}

struct word {
	const char	*word;
	unsigned	 bits;
};

static int
cmp_word(const void *key, const void *elem)
{
	return strcmp(key, ((const struct word *)elem)->word);
}

static unsigned
lookup(const struct word *table, size_t n, const char *w)
{
	const struct word *hit = bsearch(w, table, n, sizeof *table, cmp_word);

	return hit ? hit->bits : 0;
}

/* schema.org types and og:type values, sorted (strcmp) */
static const struct word schema_words[] = {
	{ "APIReference",		PAGETYPE_S_DOC },
	{ "AggregateOffer",		PAGETYPE_S_OFFER },
	{ "AnalysisNewsArticle",	PAGETYPE_S_ARTICLE },
	{ "Article",			PAGETYPE_S_ARTICLE },
	{ "AutoRepair",			PAGETYPE_S_SERVICE },
	{ "Blog",			PAGETYPE_S_ARTICLE },
	{ "BlogPosting",		PAGETYPE_S_ARTICLE },
	{ "CollectionPage",		PAGETYPE_S_LIST },
	{ "Comment",			PAGETYPE_S_COMMENT },
	{ "Dentist",			PAGETYPE_S_SERVICE },
	{ "DiscussionForumPosting",	PAGETYPE_S_FORUM },
	{ "FinancialService",		PAGETYPE_S_SERVICE },
	{ "HomeAndConstructionBusiness", PAGETYPE_S_SERVICE },
	{ "IndividualProduct",		PAGETYPE_S_PRODUCT },
	{ "ItemList",			PAGETYPE_S_LIST },
	{ "LegalService",		PAGETYPE_S_SERVICE },
	{ "LiveBlogPosting",		PAGETYPE_S_ARTICLE },
	{ "LocalBusiness",		PAGETYPE_S_SERVICE },
	{ "MedicalBusiness",		PAGETYPE_S_SERVICE },
	{ "NewsArticle",		PAGETYPE_S_ARTICLE },
	{ "Offer",			PAGETYPE_S_OFFER },
	{ "OfferCatalog",		PAGETYPE_S_LIST },
	{ "OpinionNewsArticle",		PAGETYPE_S_ARTICLE },
	{ "Product",			PAGETYPE_S_PRODUCT },
	{ "ProductGroup",		PAGETYPE_S_PRODUCT },
	{ "ProductModel",		PAGETYPE_S_PRODUCT },
	{ "ProfessionalService",	PAGETYPE_S_SERVICE },
	{ "QAPage",			PAGETYPE_S_FORUM },
	{ "ReportageNewsArticle",	PAGETYPE_S_ARTICLE },
	{ "SearchResultsPage",		PAGETYPE_S_LIST },
	{ "Service",			PAGETYPE_S_SERVICE },
	{ "SoftwareSourceCode",		PAGETYPE_S_DOC },
	{ "TechArticle",		PAGETYPE_S_DOC },
	{ "article",			PAGETYPE_S_OG_ARTICLE },
	{ "product",			PAGETYPE_S_OG_PRODUCT },
	{ "product.group",		PAGETYPE_S_GROUP },
	{ "product.item",		PAGETYPE_S_OG_PRODUCT },
};

void
pagetype_schema(struct pagetype_evidence *ev, const char *type, unsigned n)
{
	const char *t = type, *s;
	unsigned bits;

	/* "http://schema.org/Product", "schema:Product", "og:product" */
	if ((s = strrchr(t, '/')) != NULL)
		t = s + 1;
	if ((s = strchr(t, ':')) != NULL)
		t = s + 1;
	bits = lookup(schema_words, sizeof schema_words / sizeof schema_words[0],
	    t);
	ev->schema |= bits;
	if (bits & (PAGETYPE_S_PRODUCT | PAGETYPE_S_OG_PRODUCT))
		ev->products += n;
}

/* words of a URL's path, sorted */
static const struct word url_words[] = {
	{ "api",		PAGETYPE_U_DOC },
	{ "article",		PAGETYPE_U_ARTICLE },
	{ "articles",		PAGETYPE_U_ARTICLE },
	{ "blog",		PAGETYPE_U_ARTICLE },
	{ "blogs",		PAGETYPE_U_ARTICLE },
	{ "catalog",		PAGETYPE_U_COLLECTION },
	{ "categories",		PAGETYPE_U_COLLECTION },
	{ "category",		PAGETYPE_U_COLLECTION },
	{ "collection",		PAGETYPE_U_COLLECTION },
	{ "collections",	PAGETYPE_U_COLLECTION },
	{ "community",		PAGETYPE_U_FORUM },
	{ "discussion",		PAGETYPE_U_FORUM },
	{ "discussions",	PAGETYPE_U_FORUM },
	{ "doc",		PAGETYPE_U_DOC },
	{ "docs",		PAGETYPE_U_DOC },
	{ "documentation",	PAGETYPE_U_DOC },
	{ "dp",			PAGETYPE_U_PRODUCT },
	{ "forum",		PAGETYPE_U_FORUM },
	{ "forums",		PAGETYPE_U_FORUM },
	{ "item",		PAGETYPE_U_PRODUCT },
	{ "itm",		PAGETYPE_U_PRODUCT },
	{ "manual",		PAGETYPE_U_DOC },
	{ "news",		PAGETYPE_U_ARTICLE },
	{ "post",		PAGETYPE_U_ARTICLE },
	{ "posts",		PAGETYPE_U_ARTICLE },
	{ "pricing",		PAGETYPE_U_SERVICE },
	{ "product",		PAGETYPE_U_PRODUCT },
	{ "products",		PAGETYPE_U_PRODUCT },
	{ "question",		PAGETYPE_U_FORUM },
	{ "questions",		PAGETYPE_U_FORUM },
	{ "reference",		PAGETYPE_U_DOC },
	{ "search",		PAGETYPE_U_LISTING },
	{ "service",		PAGETYPE_U_SERVICE },
	{ "services",		PAGETYPE_U_SERVICE },
	{ "shop",		PAGETYPE_U_COLLECTION },
	{ "showthread",		PAGETYPE_U_FORUM },
	{ "solutions",		PAGETYPE_U_SERVICE },
	{ "story",		PAGETYPE_U_ARTICLE },
	{ "t",			PAGETYPE_U_FORUM },
	{ "tag",		PAGETYPE_U_LISTING },
	{ "tags",		PAGETYPE_U_LISTING },
	{ "thread",		PAGETYPE_U_FORUM },
	{ "threads",		PAGETYPE_U_FORUM },
	{ "topic",		PAGETYPE_U_FORUM },
	{ "viewtopic",		PAGETYPE_U_FORUM },
};

static bool
is_letter(char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/* The run of ASCII letters at *pp, lower-cased into w (size bytes, with
 * its NUL) when it fits; *pp is moved past it.  Returns its length:
 * size or more when it did not fit. */
static size_t
letters(const char **pp, char *w, size_t size)
{
	const char *p = *pp;
	size_t n = 0;

	for (; is_letter(*p); p++, n++)
		if (n < size - 1)
			w[n] = (char)(*p | 0x20);
	if (n < size)
		w[n] = '\0';
	*pp = p;
	return n;
}

void
pagetype_url(struct pagetype_evidence *ev, const char *url)
{
	const char *p = url, *s;

	if ((s = strstr(p, "://")) != NULL)
		p = s + 3 + strcspn(s + 3, "/?#");	/* past the authority */
	while (*p && *p != '?' && *p != '#') {
		char w[24];
		size_t n;

		while (*p && *p != '?' && *p != '#' && !is_letter(*p))
			p++;
		bool segment = p == url || p[-1] == '/';

		n = letters(&p, w, sizeof w);
		if (n == 0 || n >= sizeof w)
			continue;
		/* a letter alone is a word only as a whole segment
		 * (Discourse's /t/slug/1): the "t" of "t-shirt" is not */
		if (n == 1 && !(segment && (*p == '/' || *p == '\0' ||
		    *p == '?' || *p == '#')))
			continue;
		ev->url |= lookup(url_words, sizeof url_words / sizeof url_words[0],
		    w);
	}
}

/* words of a title that name a forum, sorted */
static const struct word title_words[] = {
	{ "foren",		PAGETYPE_U_FORUM },
	{ "foro",		PAGETYPE_U_FORUM },
	{ "foros",		PAGETYPE_U_FORUM },
	{ "forum",		PAGETYPE_U_FORUM },
	{ "forums",		PAGETYPE_U_FORUM },
};

/* A title that names a forum: "... - Japan Forum - Tripadvisor",
 * "Doom9's Forum", phpBB's "Site &bull; View topic - ...". */
void
pagetype_title(struct pagetype_evidence *ev, const char *title)
{
	const char *p = title;
	bool view = false;

	while (*p) {
		char w[8];
		size_t n;

		while (*p && !is_letter(*p))
			p++;
		n = letters(&p, w, sizeof w);
		if (n == 0 || n >= sizeof w)
			continue;
		if (view && strcmp(w, "topic") == 0)
			ev->title |= PAGETYPE_U_FORUM;
		ev->title |= lookup(title_words,
		    sizeof title_words / sizeof title_words[0], w);
		view = strcmp(w, "view") == 0;
	}
}

/*
 * The rules, strongest evidence first.  The shares are of the 1,497 pages
 * of WCXB's dev split (bench/htmltext.sh), the page type a human gave each
 * against what the rule says:
 *  - a schema.org DiscussionForumPosting, QAPage or Comment, or a forum
 *    word in the URL: 89% of the forum pages, 1% of the others;
 *  - a forum named in the title, on a page that is not an Article (a
 *    news story on the World Economic Forum): on WCXB dev 47 titles do,
 *    all forum pages; it types three threads without a forum word in
 *    their URL or a schema, taken for service pages before (forum
 *    halves 0.80041/0.82447 -> 0.80085/0.82459; one page of the three
 *    fell, 0.726 -> 0.707; no other page moved);
 *  - comment sections holding more than DISCUSSION_SHARE times the text
 *    kept: a link aggregator's story (a link; the comments are the
 *    page).  On WCXB dev two forum pages hold 24 and 25 times their
 *    text, and no page of another type more than 13 (a news article's
 *    comments): forum halves 0.7847/0.8067 -> 0.7940/0.8076, no other
 *    page moved;
 *  - TechArticle or APIReference, a docs word in the URL, or three pre
 *    blocks holding a tenth of the text: 60% of the documentation, no
 *    article in a hundred;
 *  - og:product.group, a collection word in the URL, or three Product
 *    entities or more (microdata items or JSON-LD nodes, each counted:
 *    a grid may write a block for each product) on a page that is not an
 *    Article (a review of three products): a shop's grid.  Counting
 *    the JSON-LD nodes, not their types once: WCXB dev collection
 *    0.693 -> 0.700 (halves 0.731/0.663 -> 0.745/0.663), all 0.862;
 *  - og:type product alone (no Product entity, no product word in the
 *    URL) with the prices of a grid (the rule of fifteen prices below):
 *    a shop's plug-in writes og:type product on its category pages
 *    too, and their prices say what they are (WCXB dev: one page, a
 *    grid of pots 0.367 -> 0.917, listing B 0.73522 -> 0.74717; a
 *    product page with 47 prices in its variants kept its type by the
 *    product word in its URL);
 *  - one Product, or a product word in the URL with a cart or a price
 *    beside it: 71% of the products; not a Product beside a Service or
 *    LocalBusiness on a page without a cart or a price: a business's
 *    service, given a Product for the stars search engines show (WCXB
 *    dev: one page, service A 0.8577 -> 0.8617, no other page moved);
 *  - fifteen prices or more, one in 150 characters of the text or
 *    more, and no Article: a grid again (an article on what things
 *    cost names as many, in far more text: WCXB dev all halves
 *    0.87802/0.87552 -> 0.87873/0.87599, articles and collections
 *    both up, 32 pages);
 *  - a cart and a price on a page that is not an Article: a product;
 *  - an ItemList, CollectionPage or SearchResultsPage not beside an
 *    Article, a listing word in the URL, or more than an eighth of the
 *    text in links after steps 4 and 5 (2% of the articles, 43% of the
 *    listings), or a quarter before step 5 when step 5 pruned half as
 *    much as it kept (it prunes cards that are mostly links; an article
 *    keeps more than that beside its menus), on a page of twenty links
 *    or more that does not say it is an Article (Wikipedia's articles
 *    are that rich in links); or
 *    DATED_ARTICLES article elements with text or more, and at least as
 *    many time elements: a blog's index of dated posts, whatever its
 *    schema says (WCXB dev listing 0.696 -> 0.705, halves 0.705/0.686
 *    -> 0.706/0.704, all 0.863 -> 0.864, no article changed; the same
 *    for 4 to 12);
 *  - Service or LocalBusiness, or a service word in the URL;
 *  - an Article, or an article word in the URL.  An og:type article is
 *    an Article only on a page dated or signed (a time element, an
 *    article:published_time, an element named author or byline): SEO
 *    plug-ins write it on a site's every page, its service pages and
 *    its indexes too.  WCXB dev: all halves 0.8769/0.8705 ->
 *    0.8772/0.8715, listing 0.718/0.709 -> 0.722/0.718, service
 *    0.862/0.799 -> 0.863/0.800, article 0.9553/0.9559 -> 0.9548/0.9567,
 *    collection A -0.0001; without the bylines, article A fell 0.0008;
 *  - a text spread over the page (step 6's containers hold less than
 *    half of it, or less than three quarters of it on a page without a
 *    time element or an article element: a story is dated, or says it
 *    is an article, a page of sections does neither): a service page's
 *    sections.  The undated rule: WCXB dev service 0.811 -> 0.823
 *    (halves 0.842/0.778 -> 0.849/0.795), collection 0.689 ->
 *    0.693, all 0.860 -> 0.861 (both halves up), Readability unchanged;
 *    forum 0.773 -> 0.769 (three threads without a forum word or
 *    schema, whose references keep their first posts);
 *  - else an article.
 * Labels right on about 0.7 of the pages of each half; service pages,
 * without schema or URL words, are the ones most often taken for
 * articles (they are then extracted as articles are) or for listings.
 */
#define DISCUSSION_SHARE 20	/* comments 20 times the text: a discussion */
#define PRE_MIN		3
#define PRE_SHARE	10	/* pre text more than 1/PRE_SHARE */
#define GRID_PRODUCTS	3
#define GRID_PRICES	15
#define PRICE_CHARS	150	/* ... one in this many characters or more:
				   a grid's cards (a name and a price), not
				   an article on costs; wcxb-dev, both halves
				   up from 70 to 1000, collection A falls at 40 */
#define LINK_SHARE	8	/* link text more than 1/LINK_SHARE */
#define ALL_LINK_SHARE	4	/* ... or before steps 4 and 5, 1/4 */
#define LISTING_LINKS	20	/* a page of a few links is no listing:
				   no WCXB page has fewer and is one */
#define DATED_ARTICLES	8
#define SPREAD_HALF	2	/* held * 2 < chars: spread */
#define UNDATED_NUM	4	/* held * 4 < chars * 3, undated: spread */
#define UNDATED_DEN	3

enum pagetype
pagetype_decide(const struct pagetype_evidence *ev)
{
	unsigned s = ev->schema, u = ev->url;
	uint64_t chars = ev->chars;
	bool dated = ev->times > 0 || ev->bylines > 0 ||
	    (s & PAGETYPE_S_PUBLISHED), weak = false;

	if ((s & PAGETYPE_S_OG_ARTICLE) && dated)
		s |= PAGETYPE_S_ARTICLE;
	/* and a schema.org Article is one when it is dated or signed or
	 * its text is in one place: a CMS writes Article on every page,
	 * on a school's list of programs too, whose text is spread.  It
	 * still says that products on the page are reviewed, not sold
	 * (the rules of collections below).  WCXB dev: one listing page
	 * 0.14 -> 0.80 (listing B 0.7188 -> 0.7332), no other page moved;
	 * the same at a quarter; without the spread, three articles and
	 * Readability's pages fell */
	else if ((s & PAGETYPE_S_ARTICLE) && !dated &&
	    !(s & PAGETYPE_S_DATED) &&
	    (uint64_t)ev->held_chars * SPREAD_HALF < chars)
		weak = true;

	if ((s & (PAGETYPE_S_FORUM | PAGETYPE_S_COMMENT)) ||
	    (u & PAGETYPE_U_FORUM) ||
	    ((ev->title & PAGETYPE_U_FORUM) && !(s & PAGETYPE_S_ARTICLE)) ||
	    (uint64_t)ev->comment_chars > chars * DISCUSSION_SHARE)
		return PAGETYPE_FORUM;
	if ((s & PAGETYPE_S_DOC) || (u & PAGETYPE_U_DOC) ||
	    (ev->pres >= PRE_MIN && (uint64_t)ev->pre_chars * PRE_SHARE > chars))
		return PAGETYPE_DOCUMENTATION;
	if ((s & PAGETYPE_S_GROUP) || (u & PAGETYPE_U_COLLECTION) ||
	    (ev->products >= GRID_PRODUCTS && !(s & PAGETYPE_S_ARTICLE)))
		return PAGETYPE_COLLECTION;
	if ((s & PAGETYPE_S_OG_PRODUCT) && !(s & PAGETYPE_S_PRODUCT) &&
	    !(u & PAGETYPE_U_PRODUCT) && !(s & PAGETYPE_S_ARTICLE) &&
	    ev->prices >= GRID_PRICES &&
	    (uint64_t)ev->prices * PRICE_CHARS >= chars)
		return PAGETYPE_COLLECTION;
	if (s & PAGETYPE_S_OG_PRODUCT)	/* else og:product is a Product */
		s |= PAGETYPE_S_PRODUCT;
	if (((s & PAGETYPE_S_PRODUCT) && !((s & PAGETYPE_S_SERVICE) &&
	    ev->carts == 0 && ev->prices == 0)) ||
	    ((u & PAGETYPE_U_PRODUCT) && (ev->carts > 0 || ev->prices > 0)))
		return PAGETYPE_PRODUCT;
	if (ev->prices >= GRID_PRICES && !(s & PAGETYPE_S_ARTICLE) &&
	    (uint64_t)ev->prices * PRICE_CHARS >= chars)
		return PAGETYPE_COLLECTION;
	if (weak)
		s &= ~(unsigned)PAGETYPE_S_ARTICLE;
	/* a cart and a price, without a schema or a URL word: a shop's
	 * page of one product (WCXB dev: 8 pages, halves 0.87903/0.87632 ->
	 * 0.87908/0.87654, products and collections up) */
	if (ev->carts > 0 && ev->prices > 0 && !(s & PAGETYPE_S_ARTICLE))
		return PAGETYPE_PRODUCT;
	/* an ItemList beside an Article is the article's list of the
	 * things it reviews ("The 10 best ..."): WCXB dev, 12 pages have
	 * both, all articles; all halves 0.87873/0.87599 ->
	 * 0.87894/0.87622 */
	if (((s & PAGETYPE_S_LIST) && !(s & PAGETYPE_S_ARTICLE)) ||
	    (u & PAGETYPE_U_LISTING) ||
	    (ev->articles >= DATED_ARTICLES && ev->times >= ev->articles) ||
	    (((uint64_t)ev->link_chars * LINK_SHARE > chars ||
	    ((uint64_t)ev->all_link_chars * ALL_LINK_SHARE > ev->all_chars &&
	    (uint64_t)(ev->all_chars - ev->chars) * 2 > chars)) &&
	    ev->all_links >= LISTING_LINKS && !(s & PAGETYPE_S_ARTICLE)))
		return PAGETYPE_LISTING;
	if ((s & PAGETYPE_S_SERVICE) || (u & PAGETYPE_U_SERVICE))
		return PAGETYPE_SERVICE;
	if ((s & PAGETYPE_S_ARTICLE) || (u & PAGETYPE_U_ARTICLE))
		return PAGETYPE_ARTICLE;
	if ((uint64_t)ev->held_chars * SPREAD_HALF < chars ||
	    (ev->times == 0 && ev->articles == 0 &&
	    (uint64_t)ev->held_chars * UNDATED_NUM < chars * UNDATED_DEN))
		return PAGETYPE_SERVICE;
	return PAGETYPE_ARTICLE;
}
