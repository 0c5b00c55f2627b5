/* The kind of a web page: article, forum, product, collection, listing,
 * documentation or service (the page types of WCXB, htmltext(1) PAGE
 * TYPES), decided from the evidence a page gives: the schema.org types
 * of its JSON-LD and microdata and its og:type, the words of its URL's
 * path, and what its structure holds (code blocks, prices, shopping-cart
 * controls, timestamps, posts, groups of cards made alike, links).  The
 * caller (extract.c) gathers the evidence; pagetype_decide() weighs it,
 * by the rules and the measurements in pagetype.c. */
#ifndef CRAWLUTILS_PAGETYPE_H
#define CRAWLUTILS_PAGETYPE_H

#include <stdint.h>

enum pagetype {
	PAGETYPE_ARTICLE,
	PAGETYPE_FORUM,
	PAGETYPE_PRODUCT,
	PAGETYPE_COLLECTION,
	PAGETYPE_LISTING,
	PAGETYPE_DOCUMENTATION,
	PAGETYPE_SERVICE,
	PAGETYPE_COUNT
};

/* What a schema.org type or an og:type says (pagetype_schema). */
enum {
	PAGETYPE_S_ARTICLE = 1 << 0,	/* Article, NewsArticle, BlogPosting */
	PAGETYPE_S_FORUM = 1 << 1,	/* DiscussionForumPosting, QAPage */
	PAGETYPE_S_COMMENT = 1 << 2,	/* Comment, Answer */
	PAGETYPE_S_PRODUCT = 1 << 3,	/* Product, ProductGroup */
	PAGETYPE_S_OFFER = 1 << 4,	/* Offer, AggregateOffer */
	PAGETYPE_S_LIST = 1 << 5,	/* ItemList, CollectionPage, ... */
	PAGETYPE_S_DOC = 1 << 6,	/* TechArticle, APIReference */
	PAGETYPE_S_SERVICE = 1 << 7,	/* Service, LocalBusiness, ... */
	PAGETYPE_S_GROUP = 1 << 8,	/* og:product.group */
	PAGETYPE_S_OG_ARTICLE = 1 << 9,	/* og:type article */
	PAGETYPE_S_PUBLISHED = 1 << 10,	/* article:published_time */
	PAGETYPE_S_DATED = 1 << 11,	/* JSON-LD datePublished or author */
	PAGETYPE_S_OG_PRODUCT = 1 << 12, /* og:type product */
};

/* What the words of a URL's path say (pagetype_url). */
enum {
	PAGETYPE_U_FORUM = 1 << 0,	/* forum, thread, topic, questions */
	PAGETYPE_U_PRODUCT = 1 << 1,	/* product, item, dp */
	PAGETYPE_U_COLLECTION = 1 << 2,	/* collections, category, shop */
	PAGETYPE_U_DOC = 1 << 3,	/* docs, api, reference, manual */
	PAGETYPE_U_ARTICLE = 1 << 4,	/* blog, news, article, post */
	PAGETYPE_U_LISTING = 1 << 5,	/* tag, tags, search */
	PAGETYPE_U_SERVICE = 1 << 6,	/* services, pricing, solutions */
};

struct pagetype_evidence {
	unsigned	 schema;	/* PAGETYPE_S_* */
	unsigned	 url;		/* PAGETYPE_U_* */
	unsigned	 title;		/* ... of the title's words */
	uint32_t	 products;	/* Product entities (JSON-LD, microdata) */
	uint32_t	 chars;		/* the body's text after pruning */
	uint32_t	 link_chars;	/* ... in links */
	uint32_t	 links;		/* ... links */
	uint32_t	 all_chars;	/* the body's text, but for step 4 */
	uint32_t	 all_link_chars;	/* ... in links */
	uint32_t	 all_links;	/* links in the whole page */
	uint32_t	 para_chars;	/* ... in paragraphs, links aside */
	uint32_t	 pre_chars;	/* ... in pre blocks */
	uint32_t	 pres;		/* pre blocks */
	uint32_t	 prices;	/* currency amounts in the text */
	uint32_t	 carts;		/* elements named cart, basket, checkout */
	uint32_t	 times;		/* time elements */
	uint32_t	 comment_chars;	/* in sections named for comments */
	uint32_t	 articles;	/* outermost article elements with text */
	uint32_t	 cards;		/* the largest group of siblings made alike */
	uint32_t	 card_chars;	/* ... their text */
	uint32_t	 card_links;	/* ... their link text */
	uint32_t	 held_chars;	/* text of the containers step 6 chose */
	uint32_t	 bylines;	/* elements named author or byline */
};

/* Add the evidence of n entities of a schema.org type ("Product",
 * "schema:Product", "http://schema.org/Product") or of an og:type
 * ("product", "article"). */
void pagetype_schema(struct pagetype_evidence *ev, const char *type,
    unsigned n);
/* Add the evidence of the words of a URL's path. */
void pagetype_url(struct pagetype_evidence *ev, const char *url);
/* Add the evidence of the words of the page's <title>. */
void pagetype_title(struct pagetype_evidence *ev, const char *title);
enum pagetype pagetype_decide(const struct pagetype_evidence *ev);
const char *pagetype_name(enum pagetype t);

#endif
