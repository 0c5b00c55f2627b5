/* Unit tests of common/pagetype.c. */
#include "pagetype.h"
#include "url.h"

#include "unit.h"

void
test_pagetype(void)
{
	struct pagetype_evidence ev;
	static const struct { const char *url; unsigned bits; } urls[] = {
		{ "https://forum.example.com/t/first-telescope/1555", PAGETYPE_U_FORUM },
		{ "https://example.com/Threads/budget.547532/", PAGETYPE_U_FORUM },
		{ "https://shop.example/products/blue-shoe", PAGETYPE_U_PRODUCT },
		{ "https://example.org/docs/api/index.html", PAGETYPE_U_DOC },
		{ "https://example.org/blog/2025/spring", PAGETYPE_U_ARTICLE },
		{ "https://example.org/collections/mens?page=2#top", PAGETYPE_U_COLLECTION },
		/* the host, the query and the fragment say nothing */
		{ "https://docs.example.com/page?category=shoes#forum", 0 },
		{ "relative/services/garden", PAGETYPE_U_SERVICE },
		{ "https://example.org/threadsafe/blogging", 0 },
		/* a letter alone only as a whole segment */
		{ "https://shop.example/products/arrival-t-shirt", PAGETYPE_U_PRODUCT },
		{ "https://shop.example/t", PAGETYPE_U_FORUM },
		{ "t/x", PAGETYPE_U_FORUM },
		{ "shirts/t-shirt", 0 },
		/* a library of topics is no forum; a topic is */
		{ "https://example.org/topics/health/walking", 0 },
		{ "https://example.org/topic/1234-walking", PAGETYPE_U_FORUM },
	};
	int bad = 0;

	for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
		memset(&ev, 0, sizeof ev);
		pagetype_url(&ev, urls[i].url);
		if (ev.url != urls[i].bits) {
			printf("# %s: %#x, want %#x\n", urls[i].url, ev.url,
			    urls[i].bits);
			bad++;
		}
	}
	ok(bad == 0, "pagetype_url: path words, not the host, query or fragment");
	static const struct {
		const char *title;
		bool forum;
	} titles[] = {
		{ "Tips from a first time visitor - Japan Forum - Travel", true },
		{ "Doom9's Forum", true },
		{ "FORUMS", true },
		{ "Schuhe \u2022 Foren", true },
		{ "Walkers \u2022 View topic - Wool shoes", true },
		{ "Forumla shoes: a view of the topic", false },
		{ "The forumula", false },
		{ "", false },
	};

	bad = 0;
	for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
		memset(&ev, 0, sizeof ev);
		pagetype_title(&ev, titles[i].title);
		if ((ev.title == PAGETYPE_U_FORUM) != titles[i].forum) {
			printf("# %s: %#x\n", titles[i].title, ev.title);
			bad++;
		}
	}
	ok(bad == 0, "pagetype_title: forum words, whole; view topic");
	memset(&ev, 0, sizeof ev);
	pagetype_schema(&ev, "http://schema.org/Product", 1);
	pagetype_schema(&ev, "schema:Product", 1);
	pagetype_schema(&ev, "Offer", 1);
	ok(ev.schema == (PAGETYPE_S_PRODUCT | PAGETYPE_S_OFFER) && ev.products == 2,
	    "pagetype_schema: prefixes cut, Products counted");
	pagetype_schema(&ev, "Product", 40);
	ok(ev.products == 42, "pagetype_schema: n entities of a type counted");
	memset(&ev, 0, sizeof ev);
	pagetype_schema(&ev, "product.group", 1);
	pagetype_schema(&ev, "NoSuchType", 1);
	pagetype_schema(&ev, "", 1);
	ok(ev.schema == PAGETYPE_S_GROUP && ev.products == 0,
	    "pagetype_schema: og:type product.group; unknown types say nothing");

	/* the rules, one case each, and what outranks what */
	memset(&ev, 0, sizeof ev);
	ev.chars = ev.held_chars = 5000;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: nothing claims it: article");
	ev.held_chars = 2000;
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: text spread over the page: service");
	ev.schema = PAGETYPE_S_ARTICLE;
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: ... an undated Article too (a CMS writes it on every page)");
	ev.schema = PAGETYPE_S_ARTICLE | PAGETYPE_S_DATED;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... unless it says it is an Article, dated");
	ev.link_chars = 1000;
	ev.all_links = 50;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: an Article rich in links is an article");
	ev.schema = 0;
	ok(pagetype_decide(&ev) == PAGETYPE_LISTING, "pagetype: a fifth of the text in links: listing");
	ev.all_links = 10;
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: ... not on a page of ten links");
	ev.schema = PAGETYPE_S_ARTICLE;
	ev.articles = 8;
	ev.times = 8;
	ok(pagetype_decide(&ev) == PAGETYPE_LISTING, "pagetype: eight dated article elements: listing, even an Article");
	ev.times = 7;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... not when one is undated");
	ev.schema = 0;
	ev.articles = ev.times = 0;
	ev.prices = 20;
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: twenty prices in 5000 characters (an article on costs): no collection");
	ev.chars = 3000;
	ok(pagetype_decide(&ev) == PAGETYPE_COLLECTION, "pagetype: twenty prices in 3000 characters: collection");
	ev.schema = PAGETYPE_S_LIST;
	ok(pagetype_decide(&ev) == PAGETYPE_COLLECTION, "pagetype: ... outranks an ItemList");
	ev.schema = 0;
	ev.carts = 1;
	ev.prices = 1;
	ok(pagetype_decide(&ev) == PAGETYPE_PRODUCT, "pagetype: a cart and a price: product");
	ev.carts = 0;
	ev.prices = 20;
	pagetype_schema(&ev, "Product", 1);
	ok(pagetype_decide(&ev) == PAGETYPE_PRODUCT, "pagetype: one Product: product");
	pagetype_schema(&ev, "Product", 1);
	pagetype_schema(&ev, "Product", 1);
	ok(pagetype_decide(&ev) == PAGETYPE_COLLECTION, "pagetype: three Products: collection");
	ev.schema |= PAGETYPE_S_ARTICLE;
	ok(pagetype_decide(&ev) == PAGETYPE_PRODUCT, "pagetype: ... not in an Article (a review of three): product");
	ev.schema &= ~(unsigned)PAGETYPE_S_ARTICLE;
	ev.pres = 4;
	ev.pre_chars = 1000;
	ok(pagetype_decide(&ev) == PAGETYPE_DOCUMENTATION, "pagetype: code blocks outrank shop evidence");
	pagetype_url(&ev, "https://example.org/forum/thread/42");
	ok(pagetype_decide(&ev) == PAGETYPE_FORUM, "pagetype: a forum outranks everything");
	/* og:type article on a page neither dated nor signed (what SEO
	 * plugins write on every page) is no Article: a spread-out text is
	 * a service page's sections; a date or a byline makes it a story */
	memset(&ev, 0, sizeof ev);
	pagetype_schema(&ev, "article", 1);
	ev.chars = 1000;
	ev.held_chars = 400;
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: og:type article, undated, unsigned, spread: service");
	ev.bylines = 1;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... with a byline: article");
	ev.bylines = 0;
	ev.times = 1;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... with a time element: article");
	ev.times = 0;
	ev.schema |= PAGETYPE_S_PUBLISHED;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... with article:published_time: article");
	ev.schema = 0;
	pagetype_schema(&ev, "Article", 1);
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: a schema.org Article, undated, unsigned, spread: service");
	ev.held_chars = 600;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... its text in one place: article");
	ev.held_chars = 400;
	ev.schema |= PAGETYPE_S_DATED;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... with a JSON-LD datePublished or author: article");
	ev.schema |= PAGETYPE_S_LIST;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: ... beside an ItemList (a review's list): article");
	ev.schema &= ~(unsigned)PAGETYPE_S_ARTICLE;
	ok(pagetype_decide(&ev) == PAGETYPE_LISTING, "pagetype: an ItemList alone: listing");
	memset(&ev, 0, sizeof ev);
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: an empty page: article");
	ev.chars = ev.held_chars = 1000;
	ev.comment_chars = 20000;
	ok(pagetype_decide(&ev) == PAGETYPE_ARTICLE, "pagetype: comments twenty times the text: still an article");
	ev.comment_chars = 20001;
	ok(pagetype_decide(&ev) == PAGETYPE_FORUM, "pagetype: ... more than that: a discussion, forum");
	memset(&ev, 0, sizeof ev);
	pagetype_schema(&ev, "Product", 1);
	pagetype_schema(&ev, "LocalBusiness", 1);
	ok(pagetype_decide(&ev) == PAGETYPE_SERVICE, "pagetype: a business's Product (stars for its service), no price, no cart: service");
	ev.prices = 1;
	ok(pagetype_decide(&ev) == PAGETYPE_PRODUCT, "pagetype: ... with a price: product");
	ev.prices = 0;
	ev.carts = 1;
	ok(pagetype_decide(&ev) == PAGETYPE_PRODUCT, "pagetype: ... with a cart: product");
	ok(strcmp(pagetype_name(PAGETYPE_DOCUMENTATION), "documentation") == 0 &&
	    strcmp(pagetype_name(PAGETYPE_COUNT), "article") == 0, "pagetype_name");
}
