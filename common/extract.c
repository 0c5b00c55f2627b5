#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/tree.h>
#include <xxhash.h>

#include "date.h"
#include "extract.h"
#include "html.h"
#include "jsonld.h"
#include "markdown.h"
#include "pagetype.h"
#include "streamed.h"
#include "textnorm.h"
#include "xalloc.h"

/* --- elements by tag name ------------------------------------------------- */

enum {
	TF_HARD = 1 << 0,	/* step 3: never text */
	TF_STRUCT = 1 << 1,	/* step 4: noise by its tag */
	TF_SCOPED = 1 << 2,	/* ... but not inside article or main */
	TF_BLOCK = 1 << 3,	/* a line ends before and after it */
	TF_CAND = 1 << 4,	/* may hold the article (step 6) */
	TF_HEAD = 1 << 5,	/* h1..h6 */
	TF_H1 = 1 << 6,
	TF_PRE = 1 << 7,
	TF_TR = 1 << 8,
	TF_CELL = 1 << 9,
	TF_A = 1 << 10,
	TF_BR = 1 << 11,
	TF_SEM = 1 << 12,	/* article, main */
	TF_TITLE = 1 << 13,
	TF_BODY = 1 << 14,
	TF_NOPARA = 1 << 15,	/* lists, tables, rows: never a paragraph */
	TF_INLINE = 1 << 16,	/* text-level: never noise by its name */
	TF_LI = 1 << 17,
	TF_NOSCRIPT = 1 << 18,	/* text only for a page without JavaScript */
	TF_TIME = 1 << 19,
	TF_BUTTON = 1 << 20,	/* noise, unless a parse put blocks in it */
};

static const struct tag {
	const char	*name;
	uint32_t	 flags;
} tags[] = {
	{ "a",		TF_A | TF_INLINE },
	{ "abbr",	TF_INLINE },
	{ "address",	TF_BLOCK },
	{ "applet",	TF_HARD },
	{ "area",	TF_HARD },
	{ "article",	TF_BLOCK | TF_CAND | TF_SEM },
	{ "aside",	TF_BLOCK | TF_CAND | TF_STRUCT },
	{ "audio",	TF_HARD },
	{ "b",		TF_INLINE },
	{ "base",	TF_HARD },
	{ "bdi",		TF_INLINE },
	{ "bdo",		TF_INLINE },
	{ "big",		TF_INLINE },
	{ "blockquote",	TF_BLOCK | TF_CAND },
	{ "body",	TF_BLOCK | TF_CAND | TF_BODY },
	{ "br",		TF_BR },
	{ "button",	TF_INLINE | TF_BUTTON },
	{ "canvas",	TF_HARD },
	{ "caption",	TF_BLOCK },
	{ "center",	TF_BLOCK | TF_CAND },
	{ "cite",	TF_INLINE },
	{ "code",	TF_INLINE },
	{ "data",	TF_INLINE },
	{ "datalist",	TF_HARD },
	{ "dd",		TF_BLOCK },
	{ "del",		TF_INLINE },
	{ "details",	TF_BLOCK | TF_CAND },
	{ "dfn",		TF_INLINE },
	{ "dialog",	TF_HARD },
	{ "dir",		TF_BLOCK | TF_NOPARA },
	{ "div",		TF_BLOCK | TF_CAND },
	{ "dl",		TF_BLOCK | TF_NOPARA },
	{ "dt",		TF_BLOCK },
	{ "em",		TF_INLINE },
	{ "embed",	TF_HARD },
	{ "fieldset",	TF_BLOCK | TF_CAND },
	{ "figcaption",	TF_BLOCK },
	{ "figure",	TF_BLOCK | TF_CAND },
	{ "font",	TF_INLINE },
	{ "footer",	TF_BLOCK | TF_CAND | TF_STRUCT | TF_SCOPED },
	{ "form",	TF_BLOCK | TF_CAND | TF_STRUCT },
	{ "frame",	TF_HARD },
	{ "frameset",	TF_HARD },
	{ "h1",		TF_BLOCK | TF_HEAD | TF_H1 },
	{ "h2",		TF_BLOCK | TF_HEAD },
	{ "h3",		TF_BLOCK | TF_HEAD },
	{ "h4",		TF_BLOCK | TF_HEAD },
	{ "h5",		TF_BLOCK | TF_HEAD },
	{ "h6",		TF_BLOCK | TF_HEAD },
	{ "head",	TF_HARD },
	{ "header",	TF_BLOCK | TF_CAND | TF_STRUCT | TF_SCOPED },
	{ "hgroup",	TF_BLOCK },
	{ "hr",		TF_BLOCK | TF_NOPARA },
	{ "html",	TF_BLOCK | TF_CAND },
	{ "i",		TF_INLINE },
	{ "iframe",	TF_HARD },
	{ "img",		TF_INLINE },
	{ "input",	TF_HARD },
	{ "ins",		TF_INLINE },
	{ "kbd",		TF_INLINE },
	{ "label",	TF_INLINE },
	{ "legend",	TF_BLOCK },
	{ "li",		TF_BLOCK | TF_LI },
	{ "link",	TF_HARD },
	{ "listing",	TF_BLOCK | TF_PRE },
	{ "main",	TF_BLOCK | TF_CAND | TF_SEM },
	{ "map",		TF_HARD },
	{ "mark",	TF_INLINE },
	{ "menu",	TF_BLOCK | TF_STRUCT | TF_NOPARA },
	{ "meta",	TF_HARD },
	{ "nav",		TF_BLOCK | TF_CAND | TF_STRUCT },
	{ "nobr",	TF_INLINE },
	{ "noframes",	TF_HARD },
	{ "noscript",	TF_BLOCK | TF_CAND | TF_NOSCRIPT },
	{ "object",	TF_HARD },
	{ "ol",		TF_BLOCK | TF_NOPARA },
	{ "optgroup",	TF_HARD },
	{ "option",	TF_HARD },
	{ "p",		TF_BLOCK },
	{ "param",	TF_HARD },
	{ "picture",	TF_INLINE },
	{ "plaintext",	TF_BLOCK | TF_PRE },
	{ "pre",		TF_BLOCK | TF_PRE },
	{ "q",		TF_INLINE },
	{ "s",		TF_INLINE },
	{ "samp",	TF_INLINE },
	{ "script",	TF_HARD },
	{ "section",	TF_BLOCK | TF_CAND },
	{ "select",	TF_HARD },
	{ "small",	TF_INLINE },
	{ "source",	TF_HARD },
	{ "span",	TF_INLINE },
	{ "strike",	TF_INLINE },
	{ "strong",	TF_INLINE },
	{ "style",	TF_HARD },
	{ "sub",		TF_INLINE },
	{ "summary",	TF_BLOCK },
	{ "sup",		TF_INLINE },
	{ "svg",		TF_HARD },
	{ "table",	TF_BLOCK | TF_NOPARA },
	{ "tbody",	TF_BLOCK | TF_NOPARA },
	{ "td",		TF_BLOCK | TF_CAND | TF_CELL },
	{ "template",	TF_HARD },
	{ "textarea",	TF_HARD },
	{ "tfoot",	TF_BLOCK | TF_NOPARA },
	{ "th",		TF_BLOCK | TF_CAND | TF_CELL },
	{ "thead",	TF_BLOCK | TF_NOPARA },
	{ "time",	TF_INLINE | TF_TIME },
	{ "title",	TF_HARD | TF_TITLE },
	{ "tr",		TF_BLOCK | TF_TR | TF_NOPARA },
	{ "track",	TF_HARD },
	{ "tt",		TF_INLINE },
	{ "u",		TF_INLINE },
	{ "ul",		TF_BLOCK | TF_NOPARA },
	{ "var",		TF_INLINE },
	{ "video",	TF_HARD },
	{ "wbr",		TF_INLINE },
	{ "xmp",		TF_BLOCK | TF_PRE },
};

static int
cmp_tag(const void *key, const void *elem)
{
	return strcmp(key, ((const struct tag *)elem)->name);
}

static uint32_t
tag_flags(const xmlChar *name)
{
	const struct tag *t = bsearch(name, tags, sizeof tags / sizeof tags[0],
	    sizeof tags[0], cmp_tag);

	return t ? t->flags : 0;
}

/* --- class and id words (step 4) ------------------------------------------ */

/* Words that name noise: some always, some only without a content word
 * beside them ("post-header" is the article's own header). */
enum { W_NOISE = 1, W_WEAK = 2, W_CONTENT = 4, W_LINKS = 8, W_PLACE = 16,
    W_COMMENT = 32,		/* a comment section: content on a forum */
    W_OTHERNOISE = 64,		/* (name_words: noise by another word) */
    W_CART = 128,		/* a shop's cart: page-type evidence only */
    W_REVIEW = 256,		/* customers' reviews: noise on a product */
    W_PART = 512,		/* a component: its header is no page's */
    W_OVERLAY = 1024,		/* a layer over the page: a modal, a popup */
    W_SKIP = 2048,		/* "skip": the next word is what a link skips */
    W_OTHERWEAK = 4096,		/* (name_words: weak by a word not a place) */
    W_HEADER = 8192,		/* "header": a component's when repeated */
    W_OTHERPLACE = 16384,	/* (name_words: a place word not header) */
    W_GALLERY = 32768,		/* "gallery": content on a product page */
    W_BYLINE = 65536 };		/* an author's name: page-type evidence */

static const struct word {
	const char	*word;
	unsigned	 what;
} words[] = {
	{ "accordion",		W_PART },
	{ "ad",			W_NOISE },
	{ "ads",		W_NOISE },
	{ "advert",		W_NOISE },
	{ "advertisement",	W_NOISE },
	{ "advertising",	W_NOISE },
	{ "adverts",		W_NOISE },
	{ "article",		W_CONTENT },
	{ "author",		W_NOISE | W_BYLINE },
	{ "banner",		W_WEAK | W_PLACE },
	{ "basket",		W_CART },
	{ "body",		W_CONTENT },
	{ "breadcrumb",		W_NOISE },
	{ "breadcrumbs",	W_NOISE },
	{ "byline",		W_NOISE | W_BYLINE },
	{ "card",		W_PART },
	{ "cart",		W_CART },
	{ "checkout",		W_CART },
	{ "cmt",		W_NOISE | W_COMMENT },
	{ "column",		W_PART },
	{ "comment",		W_NOISE | W_COMMENT },
	{ "comments",		W_NOISE | W_COMMENT },
	{ "consent",		W_NOISE | W_OVERLAY },
	{ "content",		W_CONTENT },
	{ "cookie",		W_NOISE | W_OVERLAY },
	{ "cookies",		W_NOISE | W_OVERLAY },
	{ "crumb",		W_NOISE },
	{ "crumbs",		W_NOISE },
	{ "cta",		W_PART },
	{ "disqus",		W_NOISE | W_COMMENT },
	{ "entry",		W_CONTENT },
	{ "extras",		W_NOISE },
	{ "faq",		W_PART },
	{ "flair",		W_NOISE },
	{ "footer",		W_WEAK | W_PLACE },
	{ "gallery",		W_NOISE | W_GALLERY },
	{ "gdpr",		W_NOISE | W_OVERLAY },
	{ "header",		W_WEAK | W_PLACE | W_HEADER },
	{ "hentry",		W_CONTENT },
	{ "hero",		W_PART },
	{ "item",		W_PART },
	{ "main",		W_CONTENT },
	{ "masthead",		W_WEAK | W_PLACE },
	{ "menu",		W_WEAK | W_LINKS },
	{ "modal",		W_NOISE | W_OVERLAY },
	{ "module",		W_PART },
	{ "nav",		W_WEAK | W_LINKS },
	{ "navbar",		W_WEAK | W_LINKS },
	{ "navigation",		W_WEAK | W_LINKS },
	{ "newsletter",		W_NOISE },
	{ "notices",		W_NOISE },
	{ "outbrain",		W_NOISE },
	{ "pager",		W_NOISE },
	{ "pagination",		W_NOISE },
	{ "paging",		W_NOISE },
	{ "panel",		W_PART },
	{ "popover",		W_NOISE },
	{ "popup",		W_NOISE | W_OVERLAY },
	{ "post",		W_CONTENT },
	{ "promo",		W_NOISE },
	{ "recommend",		W_NOISE },
	{ "recommendations",	W_NOISE },
	{ "recommended",	W_NOISE },
	{ "related",		W_NOISE },
	{ "review",		W_REVIEW },
	{ "reviews",		W_REVIEW },
	{ "row",		W_PART },
	{ "section",		W_PART },
	{ "share",		W_NOISE },
	{ "sharing",		W_NOISE },
	{ "side",		W_NOISE },
	{ "sidebar",		W_NOISE },
	{ "signature",		W_NOISE },
	{ "skip",		W_SKIP },
	{ "social",		W_NOISE },
	{ "sponsor",		W_NOISE },
	{ "sponsored",		W_NOISE },
	{ "story",		W_CONTENT },
	{ "subscribe",		W_NOISE },
	{ "subscription",	W_NOISE },
	{ "tab",		W_PART },
	{ "table",		W_PART },
	{ "taboola",		W_NOISE },
	{ "tag",		W_WEAK | W_PLACE },
	{ "tags",		W_WEAK | W_PLACE },
	{ "text",		W_CONTENT },
	{ "tile",		W_PART },
	{ "toolbar",		W_WEAK | W_LINKS },
};

static int
cmp_word(const void *key, const void *elem)
{
	return strcmp(key, ((const struct word *)elem)->word);
}

static bool
is_lower(unsigned char c)
{
	return c >= 'a' && c <= 'z';
}

static bool
is_upper(unsigned char c)
{
	return c >= 'A' && c <= 'Z';
}

static bool
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Themes glue a word to what it is put in, in lower case:
 * "relatedposts", "sharebox", "commentlist".  Such a word says what the
 * word before the suffix says. */
static const char *const suffixes[] = {
	"area", "bar", "block", "box", "container", "items", "links", "list",
	"module", "panel", "posts", "section", "stories", "widget", "wrap",
	"wrapper",
};

static unsigned
compound(const char *w, size_t n)
{
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		size_t k = strlen(suffixes[i]);
		char head[24];
		const struct word *hit;

		if (n <= k || memcmp(w + n - k, suffixes[i], k) != 0)
			continue;
		memcpy(head, w, n - k);
		head[n - k] = '\0';
		hit = bsearch(head, words, sizeof words / sizeof words[0],
		    sizeof words[0], cmp_word);
		if (hit)
			return hit->what;
	}
	return 0;
}

/* Whether the class at s says what an element hides or lacks rather
 * than what it is: "hide-read-more-ad" on a news grid, "no-sidebar",
 * "without-comments": its words say nothing, as a BEM modifier's below.
 * ("has-byline" is the byline's own box: "has" and "with" are not
 * negations.) */
static bool
negated_class(const unsigned char *s)
{
	static const char *const heads[] = {
		"hide-", "hide_", "no-", "no_", "without-", "without_",
	};

	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (strncasecmp((const char *)s, heads[i], strlen(heads[i])) == 0)
			return true;
	return false;
}

/* Whether the word "side" from start to end of the class value v is one
 * of "side-by-side" (side_by_side, SideBySide), a layout: no sidebar. */
static bool
side_by_side(const unsigned char *v, const unsigned char *start,
    const unsigned char *end)
{
	const unsigned char *p = end;

	if (*p == '-' || *p == '_')
		p++;
	if (strncasecmp((const char *)p, "by", 2) == 0 && !is_lower(p[2]))
		return true;	/* the first side */
	p = start;
	if (p > v && (p[-1] == '-' || p[-1] == '_'))
		p--;
	if (p - v < 2 + 4 || strncasecmp((const char *)p - 2, "by", 2) != 0)
		return false;
	p -= 2;
	if (p - v > 4 && (p[-1] == '-' || p[-1] == '_'))
		p--;
	return p - v >= 4 && strncasecmp((const char *)p - 4, "side", 4) == 0;
}

/* What the words of a class or id value say (W_* bits); *count gets
 * the number of words. */
static unsigned
name_words(const char *v, size_t *count)
{
	const unsigned char *s = (const unsigned char *)v;
	const unsigned char *token_start = s, *token_end = s;
	unsigned what = 0, prev = 0;
	unsigned block = 0;	/* what the words before a "--" said */
	bool in_modifier = false;	/* past a "--" in this class */
	bool modifier = false, hash = false, after_digit;

	*count = 0;
	modifier = negated_class(s);
	while (*s) {
		char w[24];
		size_t n = 0;
		const struct word *hit;
		unsigned hw;

		while (*s && !is_lower(*s) && !is_upper(*s) && !is_digit(*s)) {
			/* a BEM modifier that names a neighbour says what
			 * is beside the block, not what it is: XenForo's
			 * main column "p-body-main--withSidebar",
			 * "layout--has-header", "page--no-footer".  WCXB dev:
			 * half A 0.8318 -> 0.8348, B 0.8389 -> 0.8389 (one
			 * thread whose gold keeps its first post only);
			 * ignoring every modifier gave A 0.8372, B 0.8387.
			 * Nor does any modifier of a content block make it
			 * noise: "m-article--sidebar-right" is an article
			 * laid out beside a sidebar (the block is the words
			 * before the first "--": "duet--article--byline" is
			 * a byline).  WCXB dev: an article 0.03 -> 0.99, no
			 * other page changed; ignoring every modifier took
			 * service, product and Readability down. */
			if (s[0] == '-' && s[1] == '-') {
				const char *m = (const char *)s + 2;

				if ((!in_modifier && (block & W_CONTENT)) ||
				    strncasecmp(m, "with", 4) == 0 ||
				    strncasecmp(m, "has", 3) == 0 ||
				    strncasecmp(m, "no-", 3) == 0)
					modifier = true;
				in_modifier = true;
			} else if (*s == ' ' || (*s >= '\t' && *s <= '\r')) {
				modifier = negated_class(s + 1);
				in_modifier = false;
				prev = block = 0;
			}
			s++;
		}
		if (*s == '\0')
			break;
		if (s >= token_end) {
			/* a run of letters and digits in which a letter
			 * follows a digit is a hash ("5f18ad9",
			 * "builder-4ff8ad25", "jXK9ad"): its letters after a
			 * digit are no words ("ad300x250" is still an ad).
			 * WCXB dev: the "ad" of such hashes pruned the text
			 * of 28 pages */
			hash = false;
			token_start = s;
			for (token_end = s; is_lower(*token_end) ||
			    is_upper(*token_end) || is_digit(*token_end);
			    token_end++)
				if (is_digit(*token_end) &&
				    (is_lower(token_end[1]) ||
				    is_upper(token_end[1])))
					hash = true;
		}
		if (is_digit(*s)) {
			while (is_digit(*s))
				s++;
			continue;
		}
		after_digit = s > token_start && is_digit(s[-1]);
		/* a word: an upper-case run, then lower case ("navBar",
		 * "NAVBar", "Nav") */
		while (is_upper(*s) && (n == 0 || !is_lower(s[1]))) {
			if (n < sizeof w - 1)
				w[n] = (char)(*s + 32);
			n++;
			s++;
		}
		if (n == 0 || is_lower(*s)) {
			if (is_upper(*s)) {
				if (n < sizeof w - 1)
					w[n] = (char)(*s + 32);
				n++;
				s++;
			}
			while (is_lower(*s)) {
				if (n < sizeof w - 1)
					w[n] = (char)*s;
				n++;
				s++;
			}
		}
		++*count;
		if (n >= sizeof w)
			continue;	/* no such long word in the list */
		w[n] = '\0';
		hit = bsearch(w, words, sizeof words / sizeof words[0],
		    sizeof words[0], cmp_word);
		hw = hit ? hit->what : compound(w, n);
		/* CSS Modules' hash after a "__" ("AccordionTextItem_item__
		 * adF2E", "Changelog_changelog__kvY8A": base64 letters and
		 * digits) is no word at all, its letters before the digit
		 * neither.  WCXB dev: a listing's FAQ, open details named
		 * "..._item__adF2E", was pruned as an ad */
		if (modifier || (hash && (after_digit ||
		    (token_start - (const unsigned char *)v >= 2 &&
		    token_start[-1] == '_' && token_start[-2] == '_'))))
			hw = 0;
		if (n == 4 && memcmp(w, "side", 4) == 0 &&
		    side_by_side((const unsigned char *)v, s - n, s))
			hw = 0;
		/* "card-header", "accordion-header": a component's own
		 * header or footer, not the page's.  WCXB dev: halves
		 * 0.8348/0.8389 -> 0.8360/0.8392, service 0.782 -> 0.785,
		 * collection 0.645 -> 0.652 (header was the word whose
		 * pruning lost most of the service pages' text) */
		if ((hw & W_PLACE) && (prev & W_PART))
			hw &= ~(unsigned)(W_WEAK | W_PLACE);
		/* "skip-nav", "skip-to-content": the target of a link that
		 * skips the menu, where the page's own text begins */
		if (prev & W_SKIP)
			hw = 0;
		prev = hw;
		if (!in_modifier)
			block |= hw;
		what |= hw;
		if ((hw & W_NOISE) && !(hw & (W_COMMENT | W_GALLERY)))
			what |= W_OTHERNOISE;
		if ((hw & W_WEAK) && !(hw & W_PLACE))
			what |= W_OTHERWEAK;
		if ((hw & W_PLACE) && !(hw & W_HEADER))
			what |= W_OTHERPLACE;
	}
	return what;
}

unsigned
extract_name_class(const char *value)
{
	size_t count;
	unsigned w = name_words(value, &count), r = 0;

	if ((w & W_NOISE) || ((w & W_WEAK) && !(w & W_CONTENT)))
		r |= NAME_NOISE;
	if (w & W_CONTENT)
		r |= NAME_CONTENT;
	return r;
}

/* Class names that hide an element by convention (Bootstrap, WordPress,
 * Drupal, HTML5 Boilerplate; Foundation's show-for-sr, Bulma's
 * is-sr-only, jQuery UI's): matched whole, as one class of several.  The
 * later ones, WCXB dev: article A 0.95854 -> 0.95884 (an arXiv page's
 * "Bibliographic Explorer Toggle" and its kin), listing A up, no half
 * fell; not screen-reader-only, whose text the references of two
 * service pages keep (a rating's words, a price's terms; service B
 * 0.81680 -> 0.81666 with it). */
#define HIDING(s)	{ s, sizeof s - 1 }
static const struct {
	const char	*name;
	size_t		 len;
} hiding_classes[] = {
	HIDING("element-invisible"), HIDING("hidden"), HIDING("hide"),
	HIDING("offscreen"), HIDING("screen-reader-text"), HIDING("sr-only"),
	HIDING("visually-hidden"), HIDING("visuallyhidden"),
	HIDING("show-for-sr"), HIDING("screenreader-only"),
	HIDING("is-sr-only"), HIDING("u-visually-hidden"),
	HIDING("ui-helper-hidden-accessible"), HIDING("hidden-visually"),
	HIDING("u-hidden-visually"), HIDING("a11y-visually-hidden"),
	HIDING("visuallyHidden"),
};
#undef HIDING

/* Whether the class attribute v has one of hiding_classes: a token's
 * length and first byte are compared before its bytes, for this runs
 * on every class of every element (callgrind, 60 of Readability's
 * pages: with a strlen() of each name, 1.2182 of parse; so, 1.2104). */
static bool
hiding_class(const char *v)
{
	const char *s = v;

	while (*s) {
		size_t n;

		while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
			s++;
		for (n = 0; s[n] && s[n] != ' ' && !(s[n] >= '\t' && s[n] <= '\r');
		    n++)
			;
		if (n >= 4)
			for (size_t i = 0; i < sizeof hiding_classes /
			    sizeof hiding_classes[0]; i++)
				if (hiding_classes[i].len == n &&
				    hiding_classes[i].name[0] == s[0] &&
				    memcmp(hiding_classes[i].name, s, n) == 0)
					return true;
		s += n;
	}
	return false;
}

static bool
ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if ((*a | 0x20) != (*b | 0x20))
			return false;
	return *a == *b;
}

/* Does a style attribute say display:none or visibility:hidden? */
static bool
style_hides(const char *style)
{
	static const char *const props[] = { "display", "visibility" };
	static const char *const vals[] = { "none", "hidden" };

	for (const char *s = style; *s; s++) {
		if (s > style && (((s[-1] | 0x20) >= 'a' && (s[-1] | 0x20) <= 'z') ||
		    s[-1] == '-'))
			continue;	/* not the start of a property name */
		for (int k = 0; k < 2; k++) {
			size_t pl = strlen(props[k]), vl = strlen(vals[k]);
			const char *p = s;
			size_t i;

			for (i = 0; i < pl && p[i] && (p[i] | 0x20) == props[k][i];
			    i++)
				;
			if (i < pl)
				continue;
			p += pl;
			while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
				p++;
			if (*p++ != ':')
				continue;
			while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
				p++;
			for (i = 0; i < vl && p[i] && (p[i] | 0x20) == vals[k][i];
			    i++)
				;
			if (i == vl && !((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'z') &&
			    p[i] != '-')
				return true;
		}
	}
	return false;
}

/* --- the elements of a page, flattened ------------------------------------ */

enum {
	F_NOISE = 1 << 0,	/* noise by tag, role or name (step 4) */
	F_PAGE = 1 << 1,	/* ... by tag or role: a page's banner or nav */
	F_CONTENT = 1 << 2,	/* a content word in its class or id */
	F_SEM = 1 << 3,		/* article, main, role=main, articleBody */
	F_SCOPE = 1 << 4,	/* inside article or main */
	F_PARA = 1 << 5,	/* a paragraph: a block with text of its own */
	F_HASBLOCK = 1 << 6,	/* a block below it */
	F_PRUNED = 1 << 7,
	F_DEAD = 1 << 8,	/* pruned, or inside a pruned element */
	F_ROOT = 1 << 9,	/* where the text is taken from */
	F_SKIP = 1 << 10,	/* the headline given as TITLE */
	F_INROOT = 1 << 11,	/* F_ROOT or inside one */
	F_INPAGE = 1 << 12,	/* F_PAGE or inside one */
	F_ARTICLE = 1 << 13,	/* article, itemprop=articleBody */
	F_SHELL = 1 << 14,	/* holds the article: not pruned by name */
	F_WEAK = 1 << 15,	/* F_NOISE by nav, menu, toolbar only */
	F_NOSCRIPT = 1 << 16,	/* noscript or inside one */
	F_COMMENTS = 1 << 17,	/* F_NOISE by a comment word only */
	F_CART = 1 << 18,	/* named cart, basket, checkout */
	F_LINKBLOCK = 1 << 19,	/* pruned as a block of links (step 5) */
	F_REVIEWS = 1 << 20,	/* named review, reviews */
	F_BOX = 1 << 21,	/* opened by a box heading ("Related") */
	F_COMMENT = 1 << 22,	/* a comment word in its class or id */
	F_OVERLAY = 1 << 23,	/* named modal, popup, cookie, consent */
	F_PLACE = 1 << 24,	/* F_NOISE by the header of its class only */
	F_HOLDSSEM = 1 << 25,	/* an F_SEM element below it */
	F_SHELF = 1 << 26,	/* one of a row of priced cards (shelves()) */
	F_OUT = 1 << 27,	/* left out of the text: a control ("Share"),
				   a dateline, an article's caption */
	F_GALLERY = 1 << 28,	/* F_NOISE by a gallery word only */
	F_HOLDSH1 = 1 << 29,	/* an h1 below it */
	F_CONTROL = 1 << 30,	/* a form control (not a hidden input) below */
};

#define NONE	UINT32_MAX

struct el {
	xmlNode		*node;
	uint32_t	 parent;
	uint32_t	 end;		/* past its last descendant */
	uint32_t	 tf;		/* TF_* */
	uint32_t	 flags;		/* F_* */
	uint32_t	 own;		/* characters in its own text nodes */
	uint32_t	 inl, inl_link;	/* ... and in its inline elements */
	uint32_t	 chars, links;	/* in the subtree */
	uint32_t	 cchars, clinks; /* ... without what was pruned */
	uint32_t	 cptext;	/* ... in paragraphs, links aside */
	uint32_t	 nlinks;	/* ... links (a elements) */
	uint32_t	 cmchars;	/* chars in comment-named subtrees */
	uint32_t	 prices;	/* amounts of money in the subtree */
	uint32_t	 near;		/* paragraphs two levels down at most */
	double		 text;		/* paragraph text, by distance */
	double		 score;
};

/* A paragraph: a block whose own inline text, links aside, is this long. */
#define PARA_MIN	10

static uint32_t
push(struct extract *x, xmlNode *n, uint32_t parent, uint32_t tf)
{
	struct el *e;

	if (x->nels == x->capels)
		x->els = xgrow_array(x->els, &x->capels, x->nels + 1,
		    sizeof *x->els);
	e = &x->els[x->nels];
	memset(e, 0, sizeof *e);
	e->node = n;
	e->parent = parent;
	e->end = (uint32_t)x->nels + 1;
	e->tf = tf;
	n->_private = (void *)(uintptr_t)(x->nels + 1);
	return (uint32_t)x->nels++;
}

static struct el *
el_of(struct extract *x, const xmlNode *n)
{
	uintptr_t i = (uintptr_t)n->_private;

	return i ? &x->els[i - 1] : NULL;
}

/* Characters that are not white space, counted as code points; and the
 * amounts of money among them (a sign $, \u20ac, \u00a3 or \u00a5, then a
 * digit: page-type evidence) added to *prices. */
static uint32_t
count_chars(const xmlChar *s, uint32_t *prices)
{
	uint32_t c = 0;

	for (; *s; s++) {
		const xmlChar *d = NULL;

		c += (*s & 0xc0) != 0x80 && *s != ' ' &&
		    !(*s >= '\t' && *s <= '\r');
		if (*s == '$')
			d = s + 1;
		else if (*s == 0xc2 && (s[1] == 0xa3 || s[1] == 0xa5))
			d = s + 2;
		else if (*s == 0xe2 && s[1] == 0x82 && s[2] == 0xac)
			d = s + 3;
		if (d != NULL) {
			if (*d == ' ')
				d++;
			*prices += *d >= '0' && *d <= '9';
		}
	}
	return c;
}

/* An id of this many words is a slug made from a heading ("sharing-
 * with-a-single-developer"), not a name for what the element is. */
#define SLUG_WORDS	4

/* Microdata: the types of an itemtype, URLs apart by white space. */
static void
item_types(struct extract *x, const char *v)
{
	char t[128];

	while (*v) {
		size_t n;

		v += strspn(v, " \t\n\r\f");
		n = strcspn(v, " \t\n\r\f");
		if (n > 0 && n < sizeof t) {
			memcpy(t, v, n);
			t[n] = '\0';
			pagetype_schema(&x->ev, t, 1);
		}
		v += n;
	}
}

static bool
is_toggle(const xmlNode *n)
{
	const char *role;

	return n->type == XML_ELEMENT_NODE &&
	    (strcmp((const char *)n->name, "button") == 0 ||
	    xmlHasProp(n, (const xmlChar *)"aria-expanded") != NULL ||
	    (xmlHasProp(n, (const xmlChar *)"aria-controls") != NULL &&
	    (role = html_attr(n, "role")) != NULL && ieq(role, "button")));
}

/* h1 ... h6, or role=heading */
static bool
is_heading(const xmlNode *n)
{
	const char *role;

	return html_is_heading(n) || (n->type == XML_ELEMENT_NODE &&
	    (role = html_attr(n, "role")) != NULL && ieq(role, "heading"));
}

static bool
heading_toggle(const xmlNode *p)
{
	if (is_toggle(p)) {
		if (is_heading(p))
			return true;
		for (const xmlNode *c = p->children; c != NULL; c = c->next)
			if (is_heading(c))
				return true;
	} else if (is_heading(p)) {
		for (const xmlNode *c = p->children; c != NULL; c = c->next)
			if (is_toggle(c))
				return true;
	}
	return false;
}

/* The element before n among its siblings, or NULL. */
static const xmlNode *
prev_element(const xmlNode *n)
{
	const xmlNode *p = n->prev;

	while (p != NULL && p->type != XML_ELEMENT_NODE)
		p = p->prev;
	return p;
}

/* An accordion's panel: hidden until the toggle before it opens it, a
 * toggle that names what it opens with a heading (a <button> or an
 * element that says aria-expanded holding a heading, or a heading holding
 * one, as WAI-ARIA's accordion pattern has it).  Its text is the page's
 * (an FAQ's answers, a service's details); a "see details" or "add to
 * cart" button, with no heading, opens a popup. */
static bool
toggled_panel(const xmlNode *n)
{
	const xmlNode *p = prev_element(n);
	const char *role = html_attr(n, "role");

	/* WAI-ARIA's accordion panel names its toggle itself: a region
	 * (or an element of no role: not a tab panel, not a dialog)
	 * labelled by the button that opens it.  With aria-hidden panels
	 * (below): WCXB dev halves 0.88012/0.87722 -> 0.88097/0.87815,
	 * product 0.6961/0.7081 -> 0.7004/0.7199, service A 0.8669 ->
	 * 0.8705, one service page fell (0.71 -> 0.65); no role too: A
	 * 0.88165 -> 0.88223, B unchanged, service A 0.8705 -> 0.8756 */
	if ((role == NULL || ieq(role, "region")) &&
	    html_attr(n, "aria-labelledby") != NULL)
		return true;
	/* the panel alone in a wrapper (that animates its height): WCXB
	 * dev halves 0.88097/0.87815 -> 0.88165/0.87976, collection
	 * 0.7637/0.7008 -> 0.7736/0.7192 (a shop's FAQ on its category
	 * pages), no page fell */
	if (p == NULL && n->parent != NULL &&
	    n->parent->type == XML_ELEMENT_NODE &&
	    html_only_child(n->parent) == n)
		p = prev_element(n->parent);
	if (p == NULL)
		return false;
	if (heading_toggle(p))
		return true;
	/* the toggle alone in a wrapper */
	p = html_only_child(p);
	return p != NULL && heading_toggle(p);
}

/* A table, a row group, a row or a cell. */
static bool
table_part(const xmlNode *n, uint32_t tf)
{
	const char *name = (const char *)n->name;

	return (tf & (TF_TR | TF_CELL)) || strcmp(name, "table") == 0 ||
	    strcmp(name, "tbody") == 0 || strcmp(name, "thead") == 0 ||
	    strcmp(name, "tfoot") == 0;
}

/* Whether n, which the page hides, is a tab panel shown all the same
 * (x->show_tabs); the hidden ones are counted. */
static bool
tab_shown(struct extract *x, const xmlNode *n)
{
	const char *r = html_attr(n, "role");

	if (r == NULL || !ieq(r, "tabpanel"))
		return false;
	x->hidden_tabs++;
	return x->show_tabs;
}

/* A link that is all its parent holds.  aria-hidden="true" hides an
 * element from screen readers, not from the eye: on a card whose
 * heading links to the story, the teaser under it is often a second
 * link to the same place, hidden from readers so they do not hear it
 * twice.  Beside other text the hidden link is the duplicate (a
 * heading's overlay link repeating it), and so does a link without
 * text (an image's).  WCXB dev: that topic page 0.40 -> 0.92, collection
 * half B 0.677 -> 0.685, nothing else moved; every aria-hidden link
 * shown doubled a shop's headings and cost an article its own. */
static bool
shows_text(const xmlNode *n)
{
	/* a walk without recursion: the nesting has no bound */
	const xmlNode *c = n->children;

	while (c != NULL) {
		if (c->type == XML_TEXT_NODE && !xmlIsBlankNode(c))
			return true;
		if (c->type == XML_ELEMENT_NODE && c->children != NULL) {
			c = c->children;
			continue;
		}
		while (c != n && c->next == NULL)
			c = c->parent;
		if (c == n)
			break;
		c = c->next;
	}
	return false;
}

static bool
sole_link(const xmlNode *n)
{
	if (strcmp((const char *)n->name, "a") != 0 || n->parent == NULL ||
	    !shows_text(n))
		return false;
	for (const xmlNode *s = n->parent->children; s != NULL; s = s->next) {
		if (s == n || s->type == XML_COMMENT_NODE)
			continue;
		if (s->type != XML_TEXT_NODE || !xmlIsBlankNode(s))
			return false;
	}
	return true;
}

/* Read the attributes that matter; false if the element is hidden. */
static bool
attributes(struct extract *x, xmlNode *n, uint32_t tf, uint32_t *flags)
{
	unsigned names = 0, class_names = 0;

	for (xmlAttr *a = n->properties; a != NULL; a = a->next) {
		const char *name = (const char *)a->name, *v;
		size_t count;

		/* a popover that light dismisses (popover, popover=auto:
		 * a menu, a prompt, a picker) is not shown until it is
		 * opened, and is gone at the next click: no text.  Not
		 * popover=manual, which a page's script shows and keeps (a
		 * shop's media viewer, whose captions the references of
		 * wcxb-dev keep: six product pages fell when it was hidden
		 * too).  wcxb-dev: forum B 0.8171 -> 0.8187, 3 pages. */
		if (strcmp(name, "popover") == 0 && (a->children == NULL ||
		    (a->children->type == XML_TEXT_NODE &&
		    (ieq((const char *)a->children->content, "") ||
		    ieq((const char *)a->children->content, "auto")))))
			return false;
		if (a->children == NULL) {
			if (strcmp(name, "hidden") == 0 && !toggled_panel(n) &&
			    !tab_shown(x, n))
				return false;
			continue;
		}
		if (a->children->type != XML_TEXT_NODE)
			continue;
		v = (const char *)a->children->content;
		switch (name[0]) {
		case 'a':
			if (strcmp(name, "aria-hidden") == 0 && ieq(v, "true") &&
			    !x->show_hidden && !sole_link(n) &&
			    !toggled_panel(n) && !tab_shown(x, n)) {
				x->hidden_out++;
				return false;
			}
			break;
		case 'c':
			if (strcmp(name, "class") == 0) {
				if (hiding_class(v) && !toggled_panel(n) &&
				    !x->show_hidden && !tab_shown(x, n)) {
					x->hidden_out++;
					return false;
				}
				class_names = name_words(v, &count);
				names |= class_names;
			}
			break;
		case 'h':
			if (strcmp(name, "hidden") == 0 && !toggled_panel(n) &&
			    !tab_shown(x, n))
				return false;
			break;
		case 'i':
			if (strcmp(name, "id") == 0) {
				unsigned w = name_words(v, &count);

				names |= count >= SLUG_WORDS ? w & W_CONTENT : w;
			} else if (strcmp(name, "itemprop") == 0 &&
			    strstr(v, "articleBody") != NULL)
				*flags |= F_SEM | F_ARTICLE;
			else if (strcmp(name, "itemtype") == 0)
				item_types(x, v);
			break;
		case 'r':
			if (strcmp(name, "role") != 0)
				break;
			if (ieq(v, "main"))
				*flags |= F_SEM;
			else if (ieq(v, "navigation") || ieq(v, "banner") ||
			    ieq(v, "contentinfo") || ieq(v, "complementary") ||
			    ieq(v, "menu") || ieq(v, "menubar") ||
			    ieq(v, "dialog") || ieq(v, "alertdialog"))
				*flags |= F_NOISE | F_PAGE;
			break;
		case 's':
			if (strcmp(name, "style") == 0 && !x->show_hidden &&
			    style_hides(v) && !toggled_panel(n) &&
			    !tab_shown(x, n)) {
				x->hidden_out++;
				return false;
			}
			break;
		}
	}
	if (names & W_CONTENT)
		*flags |= F_CONTENT;
	if (names & W_CART)
		*flags |= F_CART;
	if (names & W_BYLINE)
		x->ev.bylines++;
	if ((names & W_REVIEW) && !(tf & TF_INLINE))
		*flags |= F_REVIEWS;
	if (names & W_COMMENT)
		*flags |= F_COMMENT;
	if (names & W_OVERLAY)
		*flags |= F_OVERLAY;
	/* text-level elements and the page's own article are not judged by
	 * their names; nor is a table or a part of one by a place word: a
	 * "sticky-header" table has a header row that stays in view */
	if (((names & W_NOISE) || ((names & W_WEAK) && !(names & W_CONTENT))) &&
	    !(tf & (TF_INLINE | TF_SEM)) && !(*flags & F_SEM) &&
	    !(table_part(n, tf) && !(names & (W_NOISE | W_OTHERWEAK)))) {
		*flags |= F_NOISE;
		if (!(names & (W_NOISE | W_PLACE)))
			*flags |= F_WEAK;
		if (names == class_names && (names & W_HEADER) &&
		    !(names & (W_NOISE | W_OTHERWEAK | W_OTHERPLACE)))
			*flags |= F_PLACE;
		if ((names & (W_NOISE | W_COMMENT)) == (W_NOISE | W_COMMENT) &&
		    !(names & (W_OTHERNOISE | W_GALLERY)))
			*flags |= F_COMMENTS;
		if ((names & W_GALLERY) &&
		    !(names & (W_OTHERNOISE | W_COMMENT)))
			*flags |= F_GALLERY;
	}
	return true;
}

static const char *
class_value(const xmlNode *n)
{
	for (const xmlAttr *a = n->properties; a != NULL; a = a->next)
		if (strcmp((const char *)a->name, "class") == 0 &&
		    a->children != NULL && a->children->type == XML_TEXT_NODE)
			return (const char *)a->children->content;
	return "";
}

static int
cmp_class(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A page has one site header: a class named header that three elements
 * or more share ("new-listing__header" on each of eighty listings,
 * "widgetHeader") is a component's, its title, and names nothing.  Not
 * so footer and banner: a forum post's "message-footer" and its author's
 * "userBanner" are repeated noise.  WCXB dev: pruning by header alone
 * lost most of some listings' and collections' text. */
#define SHARED_PLACE_MIN	3

static void
shared_places(struct extract *x)
{
	const char **v = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < x->nels; i++)
		if (x->els[i].flags & F_PLACE) {
			v = xgrow_array(v, &cap, n + 1, sizeof *v);
			v[n++] = class_value(x->els[i].node);
		}
	if (n >= SHARED_PLACE_MIN) {
		size_t shared = 0;

		/* the classes shared, each once, in order: a run of equal
		 * ones is looked at once, so that 50,000 nested wrappers of
		 * one class cost a sort, not 50,000 runs of 50,000 */
		qsort(v, n, sizeof *v, cmp_class);
		for (size_t i = 0, j; i < n; i = j) {
			for (j = i + 1; j < n && strcmp(v[j], v[i]) == 0; j++)
				;
			if (j - i >= SHARED_PLACE_MIN)
				v[shared++] = v[i];
		}
		for (size_t i = 0; shared > 0 && i < x->nels; i++) {
			struct el *e = &x->els[i];
			const char *c;

			if (!(e->flags & F_PLACE))
				continue;
			c = class_value(e->node);
			if (bsearch(&c, v, shared, sizeof *v, cmp_class) != NULL)
				e->flags &= ~(uint32_t)(F_NOISE | F_PLACE);
		}
	}
	free(v);
}

/* What an element of <head> says: the title, the page's og:type, its
 * JSON-LD. */
static void
head_element(struct extract *x, xmlNode *c, xmlNode **title)
{
	const char *v;

	if (*title == NULL && (tag_flags(c->name) & TF_TITLE))
		*title = c;
	else if (strcmp((const char *)c->name, "meta") == 0) {
		if ((v = html_attr(c, "property")) == NULL ||
		    html_attr(c, "content") == NULL)
			return;
		if (strcmp(v, "og:type") == 0)
			pagetype_schema(&x->ev, html_attr(c, "content"), 1);
		else if (strcmp(v, "article:published_time") == 0)
			x->ev.schema |= PAGETYPE_S_PUBLISHED;
		else if (strcmp(v, "og:url") == 0 && x->canonical.len == 0)
			buf_append(&x->canonical, html_attr(c, "content"),
			    strlen(html_attr(c, "content")));
	} else if (strcmp((const char *)c->name, "link") == 0) {
		if ((v = html_attr(c, "rel")) != NULL &&
		    strcmp(v, "canonical") == 0 &&
		    (v = html_attr(c, "href")) != NULL) {
			x->canonical.len = 0;
			buf_append(&x->canonical, v, strlen(v));
		}
	} else if (strcmp((const char *)c->name, "script") == 0 &&
	    jsonld_is_script(c))
		jsonld_add_script(&x->ld, c);
}

/* A <form> element, pruned by its tag in step 4. */
static bool
form_el(const struct el *e)
{
	return (e->tf & TF_STRUCT) &&
	    strcmp((const char *)e->node->name, "form") == 0;
}

/* A form without a control a reader sees: on a forum, a post's text
 * (old Reddit puts each comment's body in its edit form).  On other
 * pages it stays noise: a shop's grid of products in its compare form
 * is no text of the references of wcxb-dev (collection A 0.760 ->
 * 0.747 when it was), and a forum's gained B 0.8096 -> 0.8165. */
static bool
bare_form(const struct el *e)
{
	return form_el(e) && !(e->flags & F_CONTROL);
}

/* Whether n is a control a reader of the form sees: a button, a select,
 * a textarea, an input that is not hidden.  A form with none (old
 * Reddit's comment bodies, a forum's post in its edit form: a hidden
 * input and the text) is bare_form(). */
static bool
form_control(const xmlNode *n, uint32_t tf)
{
	const char *name = (const char *)n->name, *type;

	if (tf & TF_BUTTON)
		return true;
	if (!(tf & TF_HARD))
		return false;
	if (strcmp(name, "input") == 0)
		return (type = html_attr(n, "type")) == NULL ||
		    !ieq(type, "hidden");
	return strcmp(name, "select") == 0 || strcmp(name, "textarea") == 0;
}

/* Step 3, and the array of the other elements in document order. */
static void
flatten(struct extract *x, xmlNode *root, xmlNode **title)
{
	xmlNode *n = root;
	uint32_t cur = NONE;

	for (;;) {
		bool down = false;

		if (n->type == XML_ELEMENT_NODE) {
			uint32_t tf = tag_flags(n->name), flags = 0;

			n->_private = NULL;
			if ((tf & TF_TITLE) && *title == NULL)
				*title = n;
			if ((tf & TF_HARD) &&
			    strcmp((const char *)n->name, "head") == 0) {
				/* the <title> in <head>, its og:type and
				 * JSON-LD */
				for (xmlNode *c = n->children; c; c = c->next)
					if (c->type == XML_ELEMENT_NODE)
						head_element(x, c, title);
			}
			if ((tf & TF_HARD) && n->name[0] == 's' &&
			    strcmp((const char *)n->name, "script") == 0 &&
			    jsonld_is_script(n))
				jsonld_add_script(&x->ld, n);
			if (cur != NONE && form_control(n, tf))
				x->els[cur].flags |= F_CONTROL;
			if (!(tf & TF_HARD) && attributes(x, n, tf, &flags)) {
				uint32_t i;

				if (tf & TF_SEM)
					flags |= F_SEM;
				if (strcmp((const char *)n->name, "article") == 0)
					flags |= F_ARTICLE;
				if (cur != NONE && (x->els[cur].flags & F_SCOPE))
					flags |= F_SCOPE;
				if ((tf & TF_NOSCRIPT) || (cur != NONE &&
				    (x->els[cur].flags & F_NOSCRIPT)))
					flags |= F_NOSCRIPT;
				if ((tf & TF_STRUCT) &&
				    !((tf & TF_SCOPED) && (flags & F_SCOPE)))
					flags |= F_NOISE | F_PAGE;
				if ((flags & F_PAGE) || (cur != NONE &&
				    (x->els[cur].flags & F_INPAGE)))
					flags |= F_INPAGE;
				i = push(x, n, cur, tf);
				x->ev.times += (tf & TF_TIME) != 0;
				x->ev.all_links += (tf & TF_A) != 0;
				if (flags & F_SEM)
					flags |= F_SCOPE;
				x->els[i].flags = flags;
				if (n->children) {
					cur = i;
					down = true;
				}
			} else if (n->children != NULL &&
			    !(tf & TF_TITLE) &&
			    strcmp((const char *)n->name, "head") != 0)
				x->pruned++;	/* noise that held something */
		} else if ((n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && cur != NONE &&
		    n->content != NULL) {
			uint32_t prices = x->ev.prices;

			x->els[cur].own += count_chars(n->content,
			    &x->ev.prices);
			x->els[cur].prices += x->ev.prices - prices;
		}
		if (down) {
			n = n->children;
			continue;
		}
		while (n != root && n->next == NULL) {
			n = n->parent;
			x->els[cur].end = (uint32_t)x->nels;
			cur = x->els[cur].parent;
		}
		if (n == root)
			break;
		n = n->next;
	}
	if (x->nels > 0)
		x->els[0].end = (uint32_t)x->nels;
}

/* What noscript holds is what a browser without JavaScript shows: the
 * page itself on a site that renders its pages with scripts and gives
 * the text to crawlers only there (Discourse's forums), but on most
 * pages a "turn JavaScript on" line, a tracking pixel, or a second copy
 * of a menu.  So it is text only when the page has less than half as
 * much text outside every noscript as in the elements inside them. */
static void
noscript_text(struct extract *x)
{
	uint64_t inside = 0;

	for (size_t i = 0; i < x->nels; i++)
		if (x->els[i].tf & TF_NOSCRIPT) {
			/* the elements in it, not a text of its own: libxml2
			 * leaves some noscripts' markup as one text node */
			inside += x->els[i].chars - x->els[i].own;
			i = x->els[i].end - 1;
		}
	x->noscript = x->nels > 0 &&
	    (x->els[0].chars - inside) * 2 < inside;
}

/* Subtree sums, and what is a paragraph. */
static void
sums(struct extract *x)
{
	struct el *els = x->els;

	for (size_t i = x->nels; i-- > 0;) {
		struct el *e = &els[i];

		e->chars += e->own;
		e->inl += e->own;
		if (e->tf & TF_A) {
			e->links = e->chars;
			e->inl_link = e->inl;
		}
		if (e->flags & F_COMMENT)
			e->cmchars = e->chars;
		if ((e->tf & TF_BLOCK) && !(e->tf & (TF_HEAD | TF_NOPARA)) &&
		    e->inl - e->inl_link >= PARA_MIN)
			e->flags |= F_PARA;
		if (e->parent == NONE)
			continue;
		els[e->parent].chars += e->chars;
		els[e->parent].links += e->links;
		els[e->parent].cmchars += e->cmchars;
		els[e->parent].prices += e->prices;
		if (!(e->tf & TF_BLOCK)) {
			els[e->parent].inl += e->inl;
			els[e->parent].inl_link += e->inl_link;
		}
		if ((e->tf & TF_BLOCK) || (e->flags & F_HASBLOCK))
			els[e->parent].flags |= F_HASBLOCK;
		if (e->flags & (F_SEM | F_HOLDSSEM))
			els[e->parent].flags |= F_HOLDSSEM;
		if ((e->tf & TF_H1) || (e->flags & F_HOLDSH1))
			els[e->parent].flags |= F_HOLDSH1;
		if (e->flags & F_CONTROL)
			els[e->parent].flags |= F_CONTROL;
	}
	noscript_text(x);
}

/* Step 5: a block of links is at least this many links, more than half
 * of its text.  A single link is a link in a sentence, a table cell of
 * links is data. */
#define LINK_BLOCK_MIN	2

/* ... but a paragraph with this many characters of its own outside its
 * links is a sentence whose links are long, not a block of links
 * (Readability's medium-3: "The response, from all quarters, including
 * Marco, ... who <a>blocked a friend of mine for ...</a>, is
 * disgusting.").  WCXB dev, halves 0.88357/0.88089 -> 0.88359/0.88097
 * (articles both up; a forum post's parts list and a listing whose
 * type then came out as a service page fell); Readability's pages
 * 0.9669 -> 0.9671.  At 120 or 200 the gains went and the two losses
 * stayed. */
#define LINK_PROSE	80

/* Steps 4 and 5: what is pruned, and the sums without it.  Step 4 only
 * with by_name, and never for an element marked F_SHELL. */
/* A wrapper named nav or menu that holds mostly paragraphs, as a page's
 * "sticky-nav" section around its whole text does, is no menu.  So is a
 * wrapper named header alone (F_PLACE) once the page's first header or
 * nav has ended (part_end): a "headerWrapper" section around the text;
 * the first one, a shop's mega menu of categories, is still its header.
 * WCXB dev: all 0.850 -> 0.851, two pages up, none down; without the
 * part_end test two products' menus came in (0.80 -> 0.35). */
#define NAV_PARA_MIN	1000

static bool
nav_of_paragraphs(const struct el *e)
{
	return e->cptext >= NAV_PARA_MIN &&
	    (uint64_t)e->clinks * 4 < e->cchars;
}

/* A wrapper named header alone after the page's first header, that holds
 * the h1 and paragraphs (HEADER_PARA_MIN characters of them, few links):
 * the head of a reference page, its name and what it is.  Counted
 * (headers_out) and kept with keep_headers, which extract_run() sets on
 * documentation only: on an article the same wrapper holds the
 * standfirst, which the references leave out. */
#define HEADER_PARA_MIN	200

static bool
headline_header(struct extract *x, size_t i)
{
	const struct el *e = &x->els[i];

	if (!(e->flags & F_HOLDSH1) || e->cptext < HEADER_PARA_MIN ||
	    (uint64_t)e->clinks * 4 >= e->cchars)
		return false;
	x->headers_out++;
	return x->keep_headers;
}

/* A comment section hangs under a post when the element around it holds
 * text of its own outside comment sections (the post): at least the
 * section's own length (attached_comments(x, e, e->chars), which
 * counts the posts), or any paragraph of it once the page has been seen
 * to hang comments under two posts at least (a short answer with long
 * comments).  The page must show two: a thread whose replies are its
 * one comment section, after a long first post (Vanilla's CommentsWrap),
 * keeps them, and a comment count in a table cell is no section.
 * Measured on WCXB dev: forum 0.761 -> 0.773 (halves 0.764/0.759 ->
 * 0.768/0.778), no page down; Stack Exchange's references leave its
 * comments out. */
static bool
attached_comments(const struct extract *x, const struct el *e,
    uint32_t post_min)
{
	const struct el *p = e;

	while (p->parent != NONE && p->chars <= e->chars)
		p = &x->els[p->parent];
	return p->chars > e->chars && p->chars - p->cmchars >= post_min;
}

/* Whether comment sections hang under each post, two of them at least. */
static bool
comments_per_post(const struct extract *x)
{
	unsigned n = 0;

	for (size_t i = 0; i < x->nels; i++) {
		const struct el *e = &x->els[i];

		if (!(e->flags & F_COMMENT))
			continue;
		if ((e->flags & F_COMMENTS) && e->chars >= PARA_MIN &&
		    attached_comments(x, e, e->chars))
			n++;
		i = e->end - 1;
	}
	return n >= 2;
}

/* A form that holds more than half of the page's text is the page, not a
 * form beside it: a scholar's profile whose table of papers sits in the
 * form that selects them, a shop's grid inside its filter form.  WCXB
 * dev: 3 pages (0.05 -> 0.55, 0.11 -> 0.60, 0.41 -> 0.50), all halves
 * 0.88445/0.88228 -> 0.88511/0.88306, no page fell, Readability's pages
 * unchanged; at a third a shop's compare form, whose grid its
 * reference leaves out, came in (a page 1.00 -> 0.50). */
static bool
page_form(const struct extract *x, const struct el *e)
{
	return form_el(e) && (uint64_t)e->chars * 2 > x->els[0].chars;
}

static void
prune(struct extract *x, bool by_name)
{
	struct el *els = x->els;
	size_t n = x->nels;
	size_t part_end = SIZE_MAX;	/* where the page's first header ends */

	for (size_t i = 0; i < n; i++) {
		struct el *e = &els[i];

		e->cchars = e->clinks = e->cptext = e->nlinks = 0;
		e->flags &= ~(uint32_t)(F_PRUNED | F_DEAD | F_LINKBLOCK);
		e->text = e->score = 0;
		e->near = 0;
	}
	for (size_t i = 0; i < n; i++)
		if ((els[i].flags & F_NOISE) &&
		    (els[i].flags & (F_PAGE | F_PLACE)) && els[i].end < part_end)
			part_end = els[i].end;
	for (size_t i = n; i-- > 0;) {
		struct el *e = &els[i];
		bool pruned = false;

		e->cchars += e->own;
		if (e->tf & TF_A) {
			e->clinks = e->cchars;
			e->nlinks++;
		}
		if (e->flags & F_PARA)
			e->cptext += e->inl - e->inl_link;
		if (e->parent == NONE || (e->tf & TF_BODY))
			continue;
		if ((e->tf & TF_NOSCRIPT) && !x->noscript)
			pruned = true;
		else if ((e->tf & TF_BUTTON) && !(e->flags & F_HASBLOCK))
			pruned = true;
		else if ((e->flags & (F_REVIEWS | F_SHELF)) && x->prune_reviews)
			pruned = true;
		else if ((e->flags & (F_BOX | F_SHELL)) == F_BOX && by_name &&
		    !x->keep_links)
			pruned = true;
		else if (by_name && (e->flags & (F_NOISE | F_SHELL)) == F_NOISE &&
		    !(x->keep_comments && bare_form(e)) &&
		    !page_form(x, e) &&
		    !((e->flags & F_COMMENTS) && x->keep_comments &&
		    !(x->post_comments &&
		    attached_comments(x, e, PARA_MIN))) &&
		    !((e->flags & F_GALLERY) && x->keep_galleries) &&
		    !((e->flags & F_WEAK) && e->nlinks == 0 &&
		    !(e->tf & TF_CELL)) &&
		    !((e->flags & F_WEAK) && nav_of_paragraphs(e)) &&
		    !((e->flags & F_PLACE) && i >= part_end &&
		    (nav_of_paragraphs(e) || headline_header(x, i))) &&
		    /* "pt-header", the room under a fixed header, holds
		     * main: WCXB dev, a listing given whole again once its
		     * streamed parts were in place (streamed.h) */
		    (e->flags & (F_PLACE | F_HOLDSSEM)) != (F_PLACE | F_HOLDSSEM))
			pruned = true;
		/* a block of links (step 5), but on a service page one
		 * whose links hold paragraphs: the teasers of its blog or
		 * its case studies, cards that are links, which the
		 * references of service pages keep (wcxb-dev: service
		 * 0.86685/0.81534 -> 0.86694/0.81608, halves 0.88011/0.87714
		 * -> 0.88012/0.87722, no type fell but listing B by 0.00004;
		 * at a third and at three quarters both halves rose too) */
		else if (!x->keep_links && (e->tf & TF_BLOCK) &&
		    !(e->tf & (TF_HEAD | TF_CELL)) &&
		    e->nlinks >= LINK_BLOCK_MIN &&
		    (uint64_t)e->clinks * 2 > e->cchars &&
		    !((e->flags & F_PARA) && e->cptext >= LINK_PROSE) &&
		    !(x->type == PAGETYPE_SERVICE && by_name &&
		    (uint64_t)e->cptext * 2 > e->cchars)) {
			pruned = true;
			e->flags |= F_LINKBLOCK;
		}
		if (pruned) {
			e->flags |= F_PRUNED;
			continue;
		}
		els[e->parent].cchars += e->cchars;
		els[e->parent].clinks += e->clinks;
		els[e->parent].cptext += e->cptext;
		els[e->parent].nlinks += e->nlinks;
	}
	x->pruned_steps = 0;
	for (size_t i = 0; i < n; i++) {
		struct el *e = &els[i];
		bool dead_parent = e->parent != NONE &&
		    (els[e->parent].flags & F_DEAD);

		if (dead_parent)
			e->flags |= F_DEAD;
		else if (e->flags & F_PRUNED) {
			e->flags |= F_DEAD;
			x->pruned_steps++;
		}
	}
}

/* --- step 6 and 7: where the article is ----------------------------------- */

/* Step 6's score, text * (1 - LINK_WEIGHT * link density) + PARA_SCORE *
 * min(paragraphs, PARA_CAP) + NAME_BONUS for a content name: the formula
 * of the seed the suite was designed from (seeds/001, its 300-page
 * corpus): the link weight above 1 puts a container that is all links
 * out of the running, the cap keeps the body from winning by its number
 * of paragraphs.  Not refitted since; documented in htmltext(1), "6. The
 * content": change both. */
#define PARA_SCORE	55.0
#define PARA_CAP	12
#define LINK_WEIGHT	1.6
#define NAME_BONUS	200.0

static double
link_density(const struct el *e)
{
	return e->cchars ? (double)e->clinks / e->cchars : 0;
}

/* Step 6: every paragraph gives its text (links aside) to itself, its
 * parent and grandparent, and less to the next three ancestors; the best
 * container is the one whose share of text, discounted by its link
 * density, with a bonus per paragraph near it and for a content word in
 * its name, is highest. */
static uint32_t
choose(struct extract *x)
{
	static const double share[] = { 1, 1, 0.5, 1.0 / 6, 1.0 / 9 };
	struct el *els = x->els;
	uint32_t best = NONE;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		uint32_t a = (uint32_t)i;
		double v;

		if ((e->flags & (F_PARA | F_DEAD)) != F_PARA)
			continue;
		v = e->inl - e->inl_link;
		for (int d = 0; d < 5 && a != NONE; d++) {
			els[a].text += v * share[d];
			if (d <= 2)
				els[a].near++;
			a = els[a].parent;
		}
	}
	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		double s;

		if ((e->flags & F_DEAD) || !(e->tf & TF_CAND) || e->text <= 0)
			continue;
		s = e->text * (1 - LINK_WEIGHT * link_density(e)) +
		    PARA_SCORE * (e->near < PARA_CAP ? e->near : PARA_CAP);
		if (e->flags & (F_CONTENT | F_SEM))
			s += NAME_BONUS;
		if (e->flags & F_NOISE)
			s -= NAME_BONUS;
		e->score = s;
		if (best == NONE || s > els[best].score)
			best = (uint32_t)i;
	}
	return best;
}

static bool
stop_climb(const struct el *e)
{
	return e->parent == NONE || (e->tf & TF_BODY);
}

/* Step 7: the article can be split over several containers, and the best
 * one holds only a part.  Climb to the ancestor that holds the others:
 *  - that holds three of the five next best containers when they score
 *    at least 3/4 of the best (a story cut into chunks);
 *  - whose score beats the best's, as long as the scores on the way up
 *    stay above a third of it;
 *  - while the container is the only child of its parent with
 *    paragraphs. */
#define ALT_TOP		5
#define ALT_MIN		3
#define ALT_SHARE	0.75

static uint32_t
promote(struct extract *x, uint32_t best)
{
	struct el *els = x->els;
	uint32_t alt[ALT_TOP];
	size_t nalt = 0;
	double last, bar;

	/* the five next best, not inside or around the best */
	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		size_t k;

		if (e->score <= 0 || i == best ||
		    (i > best && i < els[best].end) ||
		    (best > i && best < e->end))
			continue;
		for (k = nalt; k > 0 && els[alt[k - 1]].score < e->score; k--)
			if (k < ALT_TOP)
				alt[k] = alt[k - 1];
		if (k < ALT_TOP) {
			alt[k] = (uint32_t)i;
			if (nalt < ALT_TOP)
				nalt++;
		}
	}
	while (nalt > 0 && els[alt[nalt - 1]].score < ALT_SHARE * els[best].score)
		nalt--;
	if (nalt >= ALT_MIN) {
		for (uint32_t a = els[best].parent; a != NONE &&
		    !stop_climb(&els[a]); a = els[a].parent) {
			size_t in = 0;

			for (size_t k = 0; k < nalt; k++)
				in += alt[k] > a && alt[k] < els[a].end;
			if (in >= ALT_MIN) {
				best = a;
				break;
			}
		}
	}
	last = els[best].score;
	bar = last / 3;
	for (uint32_t a = els[best].parent; !stop_climb(&els[best]) && a != NONE &&
	    !stop_climb(&els[a]); a = els[a].parent) {
		if (els[a].score <= 0)
			continue;
		if (els[a].score < bar)
			break;
		if (els[a].score > last) {
			best = a;
			break;
		}
		last = els[a].score;
	}
	while (!stop_climb(&els[best])) {
		uint32_t p = els[best].parent;
		size_t kids = 0;

		for (size_t i = p + 1; i < els[p].end; i = els[i].end)
			if (!(els[i].flags & F_DEAD) && els[i].cptext > 0)
				kids++;
		if (kids != 1 || stop_climb(&els[p]))
			break;
		if (els[p].score < els[best].score)
			els[p].score = els[best].score;
		best = p;
	}
	return best;
}

/* Containers made alike: the same tag and the same class.  A story cut
 * into chunks, a how-to cut into steps, a manual cut into sections.  Two
 * bare <div>s are not alike: that says nothing. */
static bool
alike(const struct el *a, const struct el *b)
{
	const char *ca = html_attr(a->node, "class");
	const char *cb = html_attr(b->node, "class");

	return ca != NULL && cb != NULL && *ca != '\0' &&
	    strcmp(ca, cb) == 0 && strcmp((const char *)a->node->name,
	    (const char *)b->node->name) == 0;
}

/* The text of the siblings of e alike to it. */
static uint64_t
alike_text(struct extract *x, const struct el *e)
{
	struct el *els = x->els;
	uint64_t t = 0;

	for (size_t i = e->parent + 1; i < els[e->parent].end; i = els[i].end)
		if (&els[i] != e && !(els[i].flags & F_DEAD) &&
		    els[i].cptext > 0 && alike(&els[i], e))
			t += els[i].cptext;
	return t;
}

/* Step 7: climb from the best container through the wrappers that add
 * little text of their own, to the level where it has siblings made
 * alike that hold a quarter as much text again; or stay. */
#define WRAPPER_LEVELS	4

static uint32_t
expand(struct extract *x, uint32_t best)
{
	struct el *els = x->els;
	uint32_t cur = best;

	for (int k = 0; k <= WRAPPER_LEVELS && !stop_climb(&els[cur]); k++) {
		uint32_t p = els[cur].parent;

		if (alike_text(x, &els[cur]) * 4 >= els[cur].cptext &&
		    els[cur].cptext > 0)
			return cur;
		if (stop_climb(&els[p]) ||
		    els[p].cptext - els[cur].cptext > els[cur].cptext / 4)
			break;
		cur = p;
	}
	return best;
}

/* Step 7, last: the siblings of the chosen container that hold more of
 * the article: made alike, or a fifth of the best score, or a paragraph
 * of 80 characters with few links; and a heading just before one. */
#define SIBLING_SHARE	0.2
#define SIBLING_PARA	80

static void
siblings(struct extract *x, uint32_t root, double best_score)
{
	struct el *els = x->els, *b = &els[root], *prev_heading = NULL;
	double bar = best_score * SIBLING_SHARE;

	b->flags |= F_ROOT;
	if (b->parent == NONE)
		return;
	for (size_t i = b->parent + 1; i < els[b->parent].end; i = els[i].end) {
		struct el *s = &els[i];
		bool take = false;

		if (s->flags & F_DEAD)
			continue;
		if (s == b)
			take = true;
		else if ((s->tf & TF_CAND) && s->score > 0 && s->score >= bar)
			take = true;
		else if (s->cptext > 0 && alike(s, b))
			take = true;
		else if ((s->flags & F_PARA) &&
		    s->inl - s->inl_link >= SIBLING_PARA &&
		    link_density(s) < 0.25)
			take = true;
		if (take) {
			s->flags |= F_ROOT;
			if (prev_heading)
				prev_heading->flags |= F_ROOT;
		}
		prev_heading = (s->tf & TF_HEAD) ? s : NULL;
	}
}

/* Step 6 prefers the page's own markup: a best container inside an
 * article means that element is the article (the outermost, for the
 * headline, summary and captions around an itemprop=articleBody). */
/* A listing (a front page, a search result, a blog's index) marks each
 * teaser up as an article: the best container is then one teaser among
 * many.  An article is one of a listing when the page has this many
 * outermost articles with text, and this one holds less than half of
 * their text. */
#define LISTING_MIN	3

static bool
listing(struct extract *x, uint32_t art)
{
	struct el *els = x->els;
	uint64_t all = 0;
	size_t n = 0;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];

		if ((e->flags & (F_ARTICLE | F_DEAD)) != F_ARTICLE ||
		    e->cptext == 0)
			continue;
		n++;
		all += e->cptext;
		i = e->end - 1;		/* not the articles inside it */
	}
	return n >= LISTING_MIN && (uint64_t)els[art].cptext * 2 < all;
}

/* The lowest element that holds a and b. */
static uint32_t
common_ancestor(struct extract *x, uint32_t a, uint32_t b)
{
	while (a != NONE && !(b >= a && b < x->els[a].end))
		a = x->els[a].parent;
	return a;
}

/* The container of a listing: the lowest ancestor of the teaser art
 * that holds all the outermost articles with text, or, when only body
 * does, the one that holds those up to the first it does not.  Each
 * climb starts where the last one stopped: linear in the depth. */
static uint32_t
listing_root(struct extract *x, uint32_t art)
{
	struct el *els = x->els;
	uint32_t root = art;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];

		if ((e->flags & (F_ARTICLE | F_DEAD)) != F_ARTICLE ||
		    e->cptext == 0)
			continue;
		if (i != art) {
			uint32_t c = common_ancestor(x, root, (uint32_t)i);

			if (c == NONE || stop_climb(&els[c]))
				break;	/* only body holds them all */
			root = c;
		}
		i = e->end - 1;
	}
	return root;
}

/* Step 6 prefers the page's own markup: a best container inside an
 * article means that element is the article (the outermost, for the
 * headline, summary and captions around an itemprop=articleBody),
 * unless that article is a teaser of a listing (then the listing is
 * the content); and main (or role=main) is the content when its text
 * is spread over its sections (a landing page), not held by one
 * article: it scores half as well as the best container inside it,
 * which holds less than half of its text.  What main holds that is not
 * content is pruned as anywhere else. */
#define MAIN_SHARE	2
static void
content(struct extract *x, uint32_t best)
{
	uint32_t art = NONE, main = NONE;
	bool listed = false;

	for (uint32_t a = best; a != NONE; a = x->els[a].parent) {
		if (x->els[a].flags & F_ARTICLE)
			art = a;
		else if ((x->els[a].flags & F_SEM) && main == NONE)
			main = a;
	}
	if (art != NONE && listing(x, art)) {
		if (main == NONE || main > art)
			main = listing_root(x, art);
		art = NONE;
		listed = true;
	}
	if (art != NONE)
		x->els[art].flags |= F_ROOT;
	else if (main != NONE && (listed ||
	    (x->els[main].score * MAIN_SHARE >= x->els[best].score &&
	    (uint64_t)x->els[best].cptext * MAIN_SHARE < x->els[main].cptext)))
		x->els[main].flags |= F_ROOT;
	else {
		best = promote(x, best);
		siblings(x, expand(x, best), x->els[best].score);
	}
}

/* Steps 4 to 6: prune (steps 4 and 5) and choose the best container
 * (step 6), with step 4's thin shell.  Pruning by name can delete the
 * article: a missing </div> puts it inside class="header", ASP.NET puts
 * every page in a <form>, a theme calls its main column
 * "content-with-sidebar".  So
 * the best container is also found with no name looked at; if pruning
 * by name leaves nothing that scores a quarter as well, the elements
 * around that container are the shell of the article and are kept (what
 * they hold is still pruned); unless that container is in a modal or a
 * footer (layers of the page, see below).  Returns the best container.
 * The layers, on WCXB dev: 7 pages from a privacy policy, a cookie
 * settings panel or a footer's legal text to their content (F1 +0.02 to
 * +0.43 each, none down), all 0.842 -> 0.845, halves 0.841/0.843 ->
 * 0.845/0.846. */
#define SHELL_SHARE	4
/* A footer that is all a page's text is the page (a missing end tag put
 * it there) when it holds this much text outside its links; less is a
 * footer still, the disclaimer and the legal links of a page whose
 * content a script draws.  WCXB dev: such a footer holds 8,000
 * characters on a listing whose reference is its text, fewer than 1,000
 * (a crisis line and "Privacy Policy") on a service page whose
 * reference is empty: service B 0.800 -> 0.812, collection B +0.002
 * (two footers' lines left out beside the grid), no page fell. */
#define FOOTER_PAGE_CHARS	1000
/* On a service page, a <section> named as noise by its class
 * ("profile-banner", "banner-bundle") that holds a paragraph's worth
 * of text (this many characters in paragraphs) is one of the page's
 * sections, a band of its text: kept as a shell, what it holds still
 * judged.  WCXB dev: service halves 0.8637/0.8136 -> 0.8647/0.8140,
 * 3 pages, the same from 80 to 300 characters, no type fell at 200 */
#define SECTION_PTEXT	200

static bool
tag_is(const struct el *e, const char *name)
{
	return strcmp((const char *)e->node->name, name) == 0;
}

/* A footer element.  (A missing end tag puts an article inside a
 * header, not inside the footer after it.) */
static bool
footer(const struct el *e)
{
	return (e->tf & TF_STRUCT) && tag_is(e, "footer");
}

/* Whether element a is a layer over the page (a modal, a popup, a
 * cookie notice: F_OVERLAY) rather than a page that a wrong name or a
 * missing end tag put in one: it holds no header, nav or footer
 * element, and is not the body. */
static bool
overlay(const struct extract *x, uint32_t a)
{
	const struct el *els = x->els;

	if (!(els[a].flags & F_OVERLAY) || (els[a].tf & TF_BODY))
		return false;
	for (uint32_t i = a + 1; i < els[a].end; i++)
		if ((els[i].tf & TF_STRUCT) && (tag_is(&els[i], "header") ||
		    tag_is(&els[i], "nav") || footer(&els[i])))
			return false;
	return true;
}

static uint32_t
prune_and_choose(struct extract *x)
{
	uint32_t free_best, best;
	double free_score;

	prune(x, false);
	free_best = choose(x);
	if (free_best == NONE)
		return NONE;
	free_score = x->els[free_best].score;
	prune(x, true);
	best = choose(x);
	if (best != NONE && x->els[best].score * SHELL_SHARE >= free_score)
		return best;
	/* a privacy policy in a modal is no article in a shell; nor legal
	 * text in a footer, when there is text elsewhere, or when there is
	 * none but a footer of less than FOOTER_PAGE_CHARS */
	for (uint32_t a = free_best; a != NONE; a = x->els[a].parent)
		if (overlay(x, a) || (footer(&x->els[a]) && (best != NONE ||
		    x->els[a].chars - x->els[a].links < FOOTER_PAGE_CHARS)))
			return best;
	for (uint32_t a = free_best; a != NONE; a = x->els[a].parent)
		x->els[a].flags |= F_SHELL;
	prune(x, true);
	return choose(x);
}

/* --- step 8: the text ----------------------------------------------------- */

/* Append text, with control characters as spaces. */
static void
append_text(struct buf *b, const char *s, bool keep_lines)
{
	size_t n = strlen(s);
	const unsigned char *u = (const unsigned char *)s;

	buf_reserve(b, n);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = u[i];

		if (c < 0x20 || c == 0x7f) {
			if (!(c == '\n' && keep_lines) && c != '\t')
				c = ' ';
		} else if (c == 0xc2 && i + 1 < n && u[i + 1] >= 0x80 &&
		    u[i + 1] <= 0x9f && u[i + 1] != 0x85) {
			i++;	/* a C1 control */
			c = ' ';
		}
		b->p[b->len++] = (char)c;
	}
}

#define MIN_HEADING	2
#define MIN_BLOCK	10

/* Copies.  A page holds some of its text twice where a browser shows it
 * once: a reply quoting the post before it, the desktop and the phone
 * copy of a block, a print copy of the article.  A line of DUP_MIN
 * characters or more (a long line) that the text already holds is left
 * out when it is in a quote (a blockquote), or when it is one of a run
 * of RUN_MIN copies or more in the order of their first lines (a copy of
 * a block): the walk that finds such a run is done again without it.
 * A line the page repeats on its own (each offer's terms, each webcam's
 * credit, a grid's cards alike, a refrain) stays; plans that list the
 * same features in the same order are taken for copies.  WCXB dev:
 * quotes, forum 0.769 -> 0.785 and all 0.865 -> 0.866 (halves
 * 0.868/0.861 -> 0.868/0.863), Readability's pages unchanged; runs, all
 * 0.866 -> 0.868 (0.870/0.865: an article given twice 0.51 -> 0.99, a
 * product's description given for phones and desktops 0.68 -> 0.95;
 * pricing plans down), Readability's unchanged once lines a <br> ends
 * made no run (0.9682 with them: a test page of lines copied on
 * purpose).  Every repeated line left out did as much
 * on WCXB but lost what pages repeat on purpose, and Readability's
 * pages of repeated paragraphs (0.9638); asking the copy to stand apart
 * from its first lines changed nothing.
 * Two types of page hold copies where others repeat on purpose.  On a
 * forum every copy of a long line is left out, as in a quote: a reply
 * that quotes without a blockquote, a member's signature under each of
 * their posts.  On a product page a line of TWICE_MIN characters or
 * more that the first walk met exactly twice loses its second copy in
 * a second walk (the phone and the desktop copy of a description, a
 * paragraph in a tab and in the accordion that stands for it on
 * phones), where a line met three times or more is a pattern (each
 * variant's or card's line) and stays, as do short ones (two cards'
 * "For Monitors: 9-50 lbs").  WCXB dev, halves A/B: forum
 * 0.79672/0.81924 -> 0.79944/0.82420, product 0.70043/0.71986 ->
 * 0.70471/0.72110, all 0.88238/0.88017 -> 0.88298/0.88071; no type's
 * half fell (every copy on product pages: product 0.7154 but a
 * collection typed a product B 0.7229 -> 0.7197; the second copy of
 * lines of 20 characters: collection B down; of 60: product 0.7109).
 * The long lines met are an idtab (compared byte for byte), numbered as
 * first met: the copies of a block's lines have consecutive numbers,
 * and copies[] counts each of TWICE_MIN characters or more in the first
 * walk (the others stay at 0). */
#define DUP_MIN		20
#define TWICE_MIN	40
#define RUN_MIN		3
#define LINES_KEEP	(64 << 10)	/* bytes of the table kept from page
					   to page: a bigger one is let go */

/* Before a walk: no line met yet. */
static void
lines_reset(struct extract *x)
{
	if (idtab_bytes(&x->lines) > LINES_KEEP)
		idtab_free(&x->lines);
	else
		idtab_clear(&x->lines);
	x->nlong = 0;
	x->run_len = 0;
	x->dropat = 0;
}

/* The run of copies ends: remembered when long enough. */
static void
run_end(struct extract *x)
{
	if (x->run_len >= RUN_MIN) {
		x->drops = xgrow_array(x->drops, &x->capdrops, x->ndrops + 2,
		    sizeof *x->drops);
		x->drops[x->ndrops++] = x->run_start;
		x->drops[x->ndrops++] = x->run_start + x->run_len;
	}
	x->run_len = 0;
}

/* Whether long line number, the first-th distinct one (copy: met
 * before), is a copy to leave out: in a quote, on a forum, one of a run
 * (the second walk), a product's line met twice (the second walk).  A
 * line that a <br> ends is a part of a paragraph, not a block: it ends a
 * run and starts none (a poem's lines, a paragraph written twice on
 * purpose). */
static bool
copy_out(struct extract *x, uint32_t number, uint32_t first, bool copy,
    bool quoted, bool at_br)
{
	if (x->dropping) {
		while (x->dropat < x->ndrops && x->drops[x->dropat + 1] <= number)
			x->dropat += 2;
		if (x->dropat < x->ndrops && x->drops[x->dropat] <= number)
			return true;
	} else if (copy && !at_br && x->run_len > 0 &&
	    first == x->run_last + 1) {
		x->run_len++;
		x->run_last = first;
	} else {
		run_end(x);
		if (copy && !at_br) {
			x->run_start = number;
			x->run_len = 1;
			x->run_last = first;
		}
	}
	return copy && (quoted || x->type == PAGETYPE_FORUM ||
	    (x->twice_out && x->copies[first] == 2));
}

/* Placeholder text: the Latin of "Lorem ipsum dolor sit amet ..." that
 * a template shows until its words are written.  A line of two words or
 * more, two thirds of them words of that text ("Lorem Ipsum 2" too), is
 * placeholder; such lines are left out, in a second walk, when the rest
 * of the text is a text of its own, PLACEHOLDER_REST characters or more,
 * and one of them begins "Lorem ipsum" (alone, the words are Latin's, and
 * some French's and Portuguese's: "Qui est-ce ?"):
 * a page that is all placeholder (a template's demo, Readability's
 * test pages) is what it is.  wcxb-dev: 30 such lines on two pages,
 * none in a reference; article A 0.95702 -> 0.95817, product B
 * 0.72110 -> 0.72360, no other page changed; Readability's pages, 31 of
 * them of placeholder text, unchanged. */
#define PLACEHOLDER_REST	200

static int cmp_phrase(const void *key, const void *elem);

static const char *const placeholder_words[] = {	/* sorted: bsearch */
	"ad", "adipiscing", "adipisicing", "aliqua", "aliquip", "amet",
	"anim", "aute", "cillum", "commodo", "consectetur", "consequat",
	"culpa", "cupidatat", "deserunt", "do", "dolor", "dolore",
	"duis", "ea", "eiusmod", "elit", "enim", "esse", "est", "et",
	"eu", "ex", "excepteur", "exercitation", "fugiat", "id", "in",
	"incididunt", "ipsum", "irure", "labore", "laboris", "laborum",
	"lorem", "magna", "minim", "mollit", "nisi", "non", "nostrud",
	"nulla", "occaecat", "officia", "pariatur", "proident", "qui",
	"quis", "reprehenderit", "sed", "sint", "sit", "sunt", "tempor",
	"ullamco", "ut", "velit", "veniam", "voluptate",
};

static bool
placeholder_line(const char *s, size_t n)
{
	char w[16];
	size_t nw = 0, hits = 0;

	for (size_t i = 0; i < n;) {
		size_t k = 0;

		while (i < n && !isalnum((unsigned char)s[i]))
			i++;
		if (i == n)
			break;
		while (i < n && isalnum((unsigned char)s[i])) {
			if (k < sizeof w - 1)
				w[k++] = (char)tolower((unsigned char)s[i]);
			i++;
		}
		w[k] = '\0';
		nw++;
		if (bsearch(w, placeholder_words, sizeof placeholder_words /
		    sizeof placeholder_words[0], sizeof placeholder_words[0],
		    cmp_phrase) != NULL)
			hits++;
		else if (nw == 1)
			return false;	/* most lines: the first word says */
	}
	return nw >= 2 && 3 * hits >= 2 * nw;
}

/* Does the first walk's text hold PLACEHOLDER_REST characters besides
 * its placeholder lines?  (Read only when a line began "Lorem ipsum":
 * other pages pay nothing.) */
static bool
placeholder_rest(const struct extract *x)
{
	const char *p = x->text.p, *end = p + x->text.len;
	size_t rest = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl != NULL ? nl : end) - p);

		if (!placeholder_line(p, n) &&
		    (rest += charset_chars(p, n)) >= PLACEHOLDER_REST)
			return true;
		p += n + 1;
	}
	return false;
}

/* Add a line to the text, white space collapsed, if it is long enough
 * and no copy or placeholder to leave out. */
static void
add_line(struct extract *x, const char *p, size_t n, size_t min,
    bool quoted, bool at_br)
{
	size_t mark = x->text.len, at = mark + (mark > 0), chars;
	uint32_t first;
	bool added, placeholder;

	if (x->text.len > 0)
		buf_putc(&x->text, '\n');
	textnorm_space_buf(p, n, false, &x->text);
	chars = charset_chars(x->text.p + at, x->text.len - at);
	if (x->text.len == at || (chars < min &&
	    textnorm_width(x->text.p + at, x->text.len - at) < min)) {
		x->text.len = mark;
		return;
	}
	placeholder = x->lorem_out &&
	    placeholder_line(x->text.p + at, x->text.len - at);
	if (!x->dropping && x->text.len - at >= 11 &&
	    strncasecmp(x->text.p + at, "lorem ipsum", 11) == 0)
		x->lorem_seen = true;
	if (chars < DUP_MIN) {
		if (placeholder)
			x->text.len = mark;
		return;
	}
	first = idtab_add(&x->lines, x->text.p + at, x->text.len - at, &added);
	if (!x->dropping) {
		if (added) {
			x->copies = xgrow_array(x->copies, &x->capcopies,
			    (size_t)first + 1, sizeof *x->copies);
			x->copies[first] = 0;
			x->ncopies = (size_t)first + 1;
		}
		/* only lines of TWICE_MIN characters are counted */
		if (chars >= TWICE_MIN && x->copies[first] < UINT8_MAX)
			x->copies[first]++;
	}
	if (copy_out(x, x->nlong++, first, !added, quoted, at_br) ||
	    placeholder)
		x->text.len = mark;
}

/* A pre's lines as they are, but for trailing white space and blank
 * lines. */
static void
add_pre(struct extract *x, const char *p, size_t n)
{
	const char *end = p + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *s = p;

		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		for (const char *q = s; q < e; q++)
			if (*q != ' ' && *q != '\t') {
				if (x->text.len > 0)
					buf_putc(&x->text, '\n');
				buf_append(&x->text, s, (size_t)(e - s));
				break;
			}
		p = nl ? nl + 1 : end;
	}
}

struct walk {
	struct extract	*x;
	int		 heading;	/* inside h1..h6 */
	int		 li;		/* inside li */
	bool		 edge;		/* an element's edge since the last text */
	uint64_t	 li_long;	/* bit d: the li at depth d is one of a
					   long list */
	const xmlNode	*list;		/* the last list counted ... */
	size_t		 list_items;	/* ... and its items */
	int		 pre;		/* inside pre */
	const struct el	*row;		/* the row of cells without blocks read
					   as a line (a tr inside it, which a
					   broken table makes, is not one) */
	int		 link;		/* inside a */
	size_t		 chars, links;	/* of the line: not white space, in a */
	bool		 all;		/* keep every line: short, links too */
	int		 quote;		/* inside blockquote */
	bool		 at_br;		/* the line ends at a <br> */
	bool		 after_br;	/* ... or begins after one */
	struct markdown	*md;		/* --markdown: told what is kept */
	bool		 rescuing;	/* inside a rescued element: pruned
					   ones are walked */
};

/* A list of LONG_LIST items or more: on a page whose links are its
 * text, its items are kept from MIN_HEADING characters, an index's
 * entries, each a link and often a word ("ABAP", "Ada"), not a card's
 * tags ("Open", "Dynamic"), which come two or three a list.  WCXB dev:
 * listing 0.707 -> 0.710 (halves 0.708/0.706 -> 0.714/0.706: a
 * Wikipedia language list in half B comes in), collection 0.716 ->
 * 0.717, all halves 0.8733/0.8682 -> 0.8739/0.8683; 3, 8 and 12 did
 * the same or less on half B; items without blocks only (not a grid's
 * cards) lost the collections' gain.  li's bit of w->li_long says
 * whether it is one. */
#define LONG_LIST	5

static void
long_list_item(struct walk *w, const xmlNode *li)
{
	uint64_t bit = (uint64_t)1 << w->li;

	if (li->parent != w->list) {
		w->list = li->parent;
		w->list_items = 0;
		/* counted up to LONG_LIST: a list of lists, met again
		 * after each inner one, costs no more than that */
		for (const xmlNode *c = li->parent ? li->parent->children : li;
		    c != NULL && w->list_items < LONG_LIST; c = c->next)
			w->list_items += c->type == XML_ELEMENT_NODE &&
			    strcmp((const char *)c->name, "li") == 0;
	}
	if (w->list_items >= LONG_LIST)
		w->li_long |= bit;
	else
		w->li_long &= ~bit;
}

static bool
in_long_list(const struct walk *w)
{
	return w->li > 0 && w->li <= 64 && (w->li_long >> (w->li - 1) & 1);
}

/* Step 5 for a line of the text: one that is nothing but a link (nine
 * tenths of it) is not kept; "Read more: <a>...</a>" is.  A heading is,
 * for headings often link to themselves. */
static bool post_date_line(const char *s, size_t n);

static bool
link_line(const struct walk *w)
{
	if (w->all || w->x->keep_links || w->heading ||
	    w->links * 10 <= w->chars * 9)
		return false;
	/* a post's date, a link to the post, is when it was written */
	return w->x->type != PAGETYPE_FORUM ||
	    !post_date_line(w->x->line.p, w->x->line.len);
}

static void lower_ascii(char *low, size_t cap, const char *s, size_t n);

/* Whether s[0..n) has word (lower case) in any case, found by its
 * byte at (a rare letter, as the k of "cookie") with memchr() in both
 * cases: most lines have none, and a byte loop over every line cost
 * 0.5% of the run (callgrind). */
static bool
has_word(const char *s, size_t n, const char *word, size_t at)
{
	size_t len = strlen(word);

	for (int c = 0; c < 2; c++) {
		char b = c == 0 ? word[at] : (char)(word[at] - 'a' + 'A');

		for (const char *q = s + at, *end = s + n;
		    q < end && (q = memchr(q, b, (size_t)(end - q))) != NULL;
		    q++)
			if ((size_t)(end - q) >= len - at &&
			    strncasecmp(q - at, word, len) == 0)
				return true;
	}
	return false;
}

/* A site's notice among the lines of its text, which no class or id
 * names as one.  A notice is a line of min to max bytes with one of its
 * gate words (each found by its letter at, with has_word()), then, in
 * lower case, one of its phrases and, if it has any, one of its second
 * phrases too.
 *
 * Cookie notices: the site uses cookies and asks for the reader's
 * consent ("We use cookies on our website to give you the most
 * relevant experience ... By clicking Accept", "iFixit uses cookies to
 * enhance site functionality ... By using our site, you agree", "This
 * content isn't visible due to your cookie preferences").  Both, so
 * that a sentence about cookies ("No need for cookie banners or GDPR
 * consent", "Clearing cookies and cache", "To change cookie settings,
 * open Settings") stays; at most 600 bytes, so that an article on
 * tracking does not lose a paragraph.  WCXB dev: 17 lines on 10 pages
 * of 6 sites, none in a reference, no page fell (product halves
 * 0.70471/0.72366 -> 0.70614/0.72398, listing 0.72491/0.73409 ->
 * 0.72570/0.73522, all 0.88359/0.88097 -> 0.88380/0.88106); the
 * references keep 36 lines about cookies, none of them a notice.
 *
 * Affiliate disclosures: affiliate links or a commission, and the
 * site's words that it earns by them ("This post may contain affiliate
 * links", "When you buy through our links, we may earn a commission",
 * "As an Amazon Associate, I earn from qualifying purchases").  A
 * sentence on commissions ("Streamers earn a commission when viewers
 * buy") has none of the site's words and stays.  On articles only: a
 * service's or a shop's page gives it as its terms, which the
 * references keep.  WCXB dev: 46 lines on 36 articles, 10 of them in a
 * reference; article halves 0.95823/0.95827 -> 0.95839/0.95866, no
 * other type moved (on every type, a service page fell).  The shortest
 * is 38 characters ("This post may contain affiliate links.").
 *
 * Copyright notices ("Copyright (c) 2025 NPR. All rights reserved.",
 * "(c) LegalZoom.com, Inc. All rights reserved."), a footer's line that
 * a page's layout left beside its text; at most 300 bytes, a notice,
 * not a paragraph on rights.  WCXB dev: 12 pages rose (forum, product,
 * listing B and both article halves up), none fell; the references
 * leave 11 such lines out and keep one.
 *
 * Newsletter sign-ups: a newsletter, a mailing list or the reader's
 * inbox, and the site's offer of it: a sentence that opens with "Sign
 * up", "Subscribe" or "Join our" ("Join Our Genius Newsletter", "Like
 * this article? Subscribe to our blog", "Just sign up below"), or
 * something "delivered to your inbox"; at most 200 bytes, a box's line.
 * Where the verb stands inside a sentence ("the newsletters I
 * subscribe to") the line is about newsletters and stays, and so do
 * "subscribers".  Not on a service's or a shop's page, whose every
 * section the references keep, its sign-up offer too.  WCXB dev: 27
 * lines on 18 pages, none in a reference; article halves
 * 0.95845/0.95869 -> 0.95851/0.95888, forum B and listing up, no page
 * fell; on every type two service pages fell.
 *
 * Sign-in prompts: a sentence that opens with "Sign in to" or "Log in
 * to" and an action on the site (comment, post, add, save, view, ...),
 * or "Log in or register", "You must be logged in", "Already have an
 * account? Log in"; at most 200 bytes.  "Log in to your router" is an
 * instruction and stays, and so does a sentence with the words inside
 * it.  WCXB dev: 21 lines on 20 pages, none in a reference; halves
 * 0.88395/0.88219 -> 0.88419/0.88226, product A 0.70614 -> 0.70852
 * (a game shop's "Sign in to add this item to your wishlist" on each
 * of its pages), every type up or unchanged, one page fell by 0.001.
 *
 * Thanks of a form or a sign-off: a line that opens with "Thank you
 * for" or "Thanks for" and reading, subscribing, signing up, visiting
 * or "your feedback" ("Thanks for your feedback!", "Thank you for
 * subscribing to our daily newsletter.", "Thanks for reading Cloud
 * Database Report!"); at most 200 bytes.  The line must open so: an
 * author's "..., stay safe. Thanks for reading" closing a paragraph
 * stays, and so do thanks for anything else ("Thanks for your
 * support!").  WCXB dev: 15 lines on 9 pages, none in a reference,
 * halves 0.88419/0.88226 -> 0.88421/0.88228, no page fell.
 *
 * The languages: English, German, French, Spanish, Italian, Dutch,
 * Portuguese (the affiliate disclosures in English only). */
#define NOTICE_BYTES	600

struct notice {
	const char		*gate[8];	/* NULL-ended */
	unsigned char		 at[8];
	size_t			 min, max;
	unsigned		 types;		/* 1 << PAGETYPE_*: where */
	const char *const	*says;		/* NULL-ended */
	const char *const	*opens;		/* NULL, or says, opening a
						   sentence: NULL-ended */
	const char *const	*then;		/* NULL, or the words one of
						   which must follow opens */
	bool			 line_start;	/* opens opens the line */
	const char *const	*asks;		/* NULL, or NULL-ended */
};

#define ON(t)		(1u << (t))
#define ON_ALL		(ON(PAGETYPE_COUNT) - 1)

static const char *const cookie_says[] = {
	"we use cookies", "uses cookies", "use of cookies",
	"cookie preferences", "cookie settings", "cookie policy",
	"wir verwenden cookies", "verwendet cookies", "nutzt cookies",
	"nous utilisons des cookies", "utilisons des cookies",
	"utilise des cookies", "utilizamos cookies", "utiliza cookies",
	"utilizziamo i cookie", "utilizza i cookie", "utilizza cookie",
	"wij gebruiken cookies", "gebruikt cookies", "usamos cookies", NULL,
};
static const char *const cookie_asks[] = {
	"accept", "agree", "consent", "by using", "by clicking",
	"by continuing", "opt-out", "opt out", "opt in", "allow",
	"zustimm", "akzeptier", "einverstanden", "einwillig",
	"acceptez", "accepter", "aceptar", "aceptas",
	"consentimiento", "acconsent", "accett", "akkoord",
	"toestemming", "aceitar", "concorda", NULL,
};
static const char *const affiliate_says[] = {
	"affiliate links are used", "at no additional cost",
	"at no extra cost", "contain affiliate", "contains affiliate",
	"contains some affiliate", "earn from qualifying",
	"earns from qualifying", "earn us", "i earn", "i may earn",
	"may contain affiliate", "may earn", "may receive",
	"small commission", "use affiliate links", "uses affiliate links",
	"we earn", "we may use affiliate", NULL,
};
static const char *const copyright_says[] = {
	"all rights reserved", "alle rechte vorbehalten",
	"tous droits r\xc3\xa9serv\xc3\xa9s", "todos los derechos reservados",
	"tutti i diritti riservati", "alle rechten voorbehouden",
	"todos os direitos reservados", NULL,
};

static const char *const newsletter_says[] = {
	"delivered to your inbox", "sent to your inbox",
	"right to your inbox", "straight to your inbox",
	"straight into your inbox", "directly to your inbox",
	"directly in your inbox",
	"abonnieren", "anmelden", "inscrivez-vous", "abonnez-vous",
	"suscr\xc3\xad" "bete", "suscr\xc3\xad" "base", "iscriviti",
	"schrijf je in", "meld je aan", "abonneer", "assine",
	"inscreva-se", NULL,
};
static const char *const newsletter_opens[] = {
	"sign up", "sign-up", "signup", "subscribe", "join our", "join the",
	NULL,
};

static const char *const login_says[] = {
	"you must be logged in", "you need to be logged in",
	"you must log in", "you need to log in", "you need to login",
	"you must login", "you must sign in", "you need to sign in",
	"already have an account? log in", "already have an account? login",
	"already have an account? sign in",
	"melden sie sich an, um", "anmelden, um", "connectez-vous pour",
	"identifiez-vous pour", "inicia sesi\xc3\xb3n para",
	"inicie sesi\xc3\xb3n para", "accedi per", "log in om",
	"fa\xc3\xa7" "a login para", NULL,
};
static const char *const login_opens[] = {
	"sign in to", "sign in or", "sign-in to", "signin to", "log in to",
	"log in or", "log-in to", "login to", "login or", NULL,
};
static const char *const login_then[] = {
	"access", "add", "answer", "ask", "bookmark", "close", "comment",
	"continue", "create", "download", "edit", "follow", "join", "leave",
	"like", "manage", "post", "rate", "read", "register", "reply",
	"review", "save", "see", "set", "sign up", "start", "track", "unlock",
	"update", "use", "view", "vote", "write", NULL,
};

static const char *const thanks_says[] = {
	"danke f\xc3\xbcr ihr feedback", "danke f\xc3\xbcr deine anmeldung",
	"danke f\xc3\xbcr ihre anmeldung", "merci pour votre retour",
	"merci pour votre inscription", "merci de votre inscription",
	"gracias por suscribirte", "gracias por tu opini\xc3\xb3n",
	"grazie per il feedback", "grazie per l'iscrizione",
	"bedankt voor je feedback", "bedankt voor uw feedback",
	"bedankt voor je inschrijving", "obrigado pelo feedback",
	"obrigada pelo feedback", "obrigado por se inscrever", NULL,
};
static const char *const thanks_opens[] = {
	"thank you for", "thanks for", "thank you so much for",
	"thanks so much for", NULL,
};
static const char *const thanks_then[] = {
	"listening", "reading", "signing up", "stopping by", "subscribing",
	"visiting", "watching", "your feedback", NULL,
};

/* A forum app's signature under a post ("Sent from my iPhone using
 * Tapatalk", "Gesendet von meinem SM-G991B mit Tapatalk"). */
static const char *const sentfrom_opens[] = {
	"sent from my", "gesendet von meinem", "gesendet von meinen",
	"envoy\xc3\xa9 de mon", "enviado desde mi", "enviado do meu",
	"enviado de meu", "inviato dal mio", "verzonden vanaf mijn",
	"verstuurd vanaf mijn", NULL,
};
static const char *const nothing_says[] = { NULL };

static const struct notice notices[] = {
	{ { "cookie", NULL }, { 3 }, 12, 600, ON_ALL, cookie_says, NULL,
	    NULL, false, cookie_asks },
	{ { "affiliate", "commission", "qualifying purchases", NULL },
	    { 1, 2, 0 }, 30, 600, ON(PAGETYPE_ARTICLE), affiliate_says, NULL,
	    NULL, false, NULL },
	{ { "reserv", "riserv", "vorbeh", "voorbeh", NULL }, { 5, 5, 0, 0 },
	    12, 300, ON_ALL, copyright_says, NULL, NULL, false, NULL },
	{ { "newsletter", "inbox", "mailing list", "nieuwsbrief", NULL },
	    { 2, 4, 6, 4 }, 12, 200,
	    ON_ALL & ~(ON(PAGETYPE_SERVICE) | ON(PAGETYPE_PRODUCT)),
	    newsletter_says, newsletter_opens, NULL, false, NULL },
	{ { "sign", "log", "connectez", "identifiez", "melde", "inici",
	    "accedi", NULL }, { 2, 2, 8, 9, 0, 3, 1 }, 12, 200, ON_ALL,
	    login_says, login_opens, login_then, false, NULL },
	{ { "thank", "danke", "bedankt", "grazie", "obrigad", "votre",
	    "gracias", NULL }, { 4, 3, 5, 3, 1, 0, 0 }, 12, 200, ON_ALL,
	    thanks_says, thanks_opens, thanks_then, true, NULL },
	{ { "sent", "gesendet", "envoy", "enviado", "inviato", "verzonden",
	    "verstuurd", NULL }, { 0, 0, 4, 2, 1, 2, 4 }, 12, 120,
	    ON(PAGETYPE_FORUM), nothing_says, sentfrom_opens, NULL, true,
	    NULL },
};

static bool
any_phrase(const char *low, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strstr(low, *list) != NULL)
			return true;
	return false;
}

/* Whether p, after its spaces, begins with a word of list. */
static bool
followed_by(const char *p, const char *const *list)
{
	while (*p == ' ')
		p++;
	for (; *list != NULL; list++) {
		size_t len = strlen(*list);

		if (strncmp(p, *list, len) == 0 && !is_lower((unsigned char)p[len]))
			return true;
	}
	return false;
}

/* Whether low (lower case) has a phrase of list where a sentence opens:
 * at its start or after its leading symbols (an emoji, a bullet), after
 * a sentence's end or a colon, or after "just" ("Just sign up below");
 * and as a word, not the start of one ("subscribers"); then, if it is
 * not NULL, one of its words must follow ("Sign in to comment", not
 * "Log in to your console"). */
static bool
opening_phrase(const char *low, const char *const *list,
    const char *const *then, bool line_start)
{
	for (; *list != NULL; list++) {
		size_t len = strlen(*list);

		for (const char *q = low; (q = strstr(q, *list)) != NULL; q++) {
			const char *b = q;

			if (is_lower((unsigned char)q[len]) ||
			    (then != NULL && !followed_by(q + len, then)))
				continue;
			while (b > low && b[-1] == ' ')
				b--;
			if (!line_start && b >= low + 4 &&
			    strncmp(b - 4, "just", 4) == 0 &&
			    (b == low + 4 || !is_lower((unsigned char)b[-5])))
				return true;
			while (b > low && !is_lower((unsigned char)b[-1]) &&
			    !is_digit((unsigned char)b[-1]) && b[-1] != ',' &&
			    b[-1] != ';' && b[-1] != '.' && b[-1] != '!' &&
			    b[-1] != '?' && b[-1] != ':')
				b--;
			if (b == low || (!line_start && (b[-1] == '.' ||
			    b[-1] == '!' || b[-1] == '?' || b[-1] == ':')))
				return true;
		}
	}
	return false;
}

static bool
notice_line(const struct walk *w)
{
	const char *p = w->x->line.p;
	size_t n = w->x->line.len;
	char low[NOTICE_BYTES + 1];
	bool lowered = false;
	/* bit c - 'a': the line has c in any case.  One pass over the
	 * line spares the memchr() of each gate whose letter it lacks:
	 * with five notices, 1.2154 -> 1.2120 of parse (callgrind, 60 of
	 * Readability's pages); each notice still costs about 0.002 */
	uint32_t letters = 0;

	if (w->all || w->heading || n > NOTICE_BYTES)
		return false;
	for (size_t k = 0; k < n; k++) {
		unsigned c = ((unsigned char)p[k] | 0x20) - 'a';

		if (c < 26)
			letters |= (uint32_t)1 << c;
	}
	for (size_t i = 0; i < sizeof notices / sizeof notices[0]; i++) {
		const struct notice *nt = &notices[i];
		bool gated = false;

		if (n < nt->min || n > nt->max || !(nt->types & ON(w->x->type)))
			continue;
		for (size_t g = 0; nt->gate[g] != NULL && !gated; g++)
			gated = (letters >> (nt->gate[g][nt->at[g]] - 'a') & 1) &&
			    has_word(p, n, nt->gate[g], nt->at[g]);
		if (!gated)
			continue;
		if (!lowered) {
			lower_ascii(low, sizeof low, p, n);
			lowered = true;
		}
		if ((any_phrase(low, nt->says) || (nt->opens != NULL &&
		    opening_phrase(low, nt->opens, nt->then,
		    nt->line_start))) &&
		    (nt->asks == NULL || any_phrase(low, nt->asks)))
			return true;
	}
	return false;
}

/* A teaser of another page inside the text: a label and a colon, then
 * nothing but a link ("Related: <a>...</a>", "See also: <a>...</a>").
 * Not "Read more:", which the references of wcxb-dev keep as often as
 * not (19 of 48 lines); "Related:" they keep 1 of 24, "See also:" 0 of
 * 8, "Also read:" 7 of 25.  wcxb-dev: article halves 0.95513/0.95504 ->
 * 0.95515/0.95527, all 0.87391/0.86827 -> 0.87392/0.86839.  The
 * labels in Russian, Polish, Czech and Turkish came later (no dev page
 * has them); TEASER_BYTES holds the longest, 27 bytes in Cyrillic. */
#define TEASER_BYTES	32

static bool
teaser_line(const struct walk *w)
{
	static const char *const labels[] = { "related", "related article",
	    "related articles", "related content", "related link",
	    "related links", "related post", "related posts",
	    "related reading", "related stories", "related story",
	    "see also", "must read", "also read", "read also",
	    "lesen sie auch", "siehe auch", "lire aussi", "\xc3\xa0 lire aussi",
	    "voir aussi", "lea tambi\xc3\xa9n", "ver tambi\xc3\xa9n",
	    "leggi anche", "vedi anche", "leia tamb\xc3\xa9m",
	    "veja tamb\xc3\xa9m", "lees ook", "zie ook", "Читайте также",
	    "читайте также", "Смотрите также", "смотрите также",
	    "zobacz też", "zobacz także", "czytaj też", "czytaj także",
	    "Čtěte také", "čtěte také", "ilgili haber", "İlgili haber" };
	const char *p = w->x->line.p, *end = p + w->x->line.len;

	if (w->all || w->heading || w->links == 0)
		return false;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
		p++;
	/* the colon comes within the longest label's bytes, or no label */
	if (memchr(p, ':', (size_t)(end - p) < TEASER_BYTES ?
	    (size_t)(end - p) : TEASER_BYTES) == NULL)
		return false;
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		size_t k = strlen(labels[i]);
		const char *c = p + k;

		if ((size_t)(end - p) <= k || strncasecmp(p, labels[i], k) != 0)
			continue;
		while (c < end && *c == ' ')
			c++;
		/* the label's characters and the colon are all that is not
		 * the link: no sentence around it */
		if (c < end && *c == ':' &&
		    w->chars - w->links <= charset_chars(p, (size_t)(c - p)) + 1)
			return true;
	}
	return false;
}

/* A marquee: one phrase of up to MARQUEE_PERIOD words, repeated
 * MARQUEE_REPEATS times or more and nothing else ("Book Now * Book Now *
 * ..." scrolled by a script, "word word word ..." measuring a font).
 * Words are compared without the ASCII punctuation at their edges.  On
 * wcxb-dev four pages have one (a service, a listing and two products),
 * none of them in the reference; no kept line of a reference is one. */
#define MARQUEE_PERIOD	4
#define MARQUEE_REPEATS	4

struct marquee_word {
	const char	*p;
	size_t		 len;
};

/* The next word from *pp, without its edge punctuation; false at end. */
static bool
marquee_next(const char **pp, const char *end, struct marquee_word *m)
{
	const char *p = *pp, *q;

	for (;;) {
		while (p < end && (isspace((unsigned char)*p) ||
		    ispunct((unsigned char)*p)))
			p++;
		if (p == end)
			return false;
		q = p;
		while (q < end && !isspace((unsigned char)*q))
			q++;
		*pp = q;
		while (q > p && ispunct((unsigned char)q[-1]))
			q--;
		m->p = p;
		m->len = (size_t)(q - p);
		return true;
	}
}

static bool
marquee_line(const struct walk *w)
{
	struct marquee_word ring[MARQUEE_PERIOD];
	const char *start = w->x->line.p, *end = start + w->x->line.len;

	if (w->all || w->pre ||
	    w->chars < MARQUEE_PERIOD * MARQUEE_REPEATS)
		return false;
	for (size_t period = 1; period <= MARQUEE_PERIOD; period++) {
		const char *p = start;
		struct marquee_word m;
		size_t n = 0;
		bool same = true;

		for (; same && marquee_next(&p, end, &m); n++) {
			struct marquee_word *r = &ring[n % period];

			same = n < period || (r->len == m.len &&
			    memcmp(r->p, m.p, m.len) == 0);
			*r = m;
		}
		if (same && n >= period * MARQUEE_REPEATS)
			return true;
	}
	return false;
}

/* Is the line an item of a list written with <br>s ("1. Finland<br>2.
 * Norway<br>...", "• Parking<br>• Wifi")?  It begins with a number of
 * three digits at most and a full stop or a parenthesis, or with a
 * bullet, then a space.  Such an item is kept from MIN_HEADING
 * characters, as a list's are (Readability's cnn page: five countries
 * of a ranking lost). */
static bool
br_item(const struct walk *w, const char *p, size_t n)
{
	static const char *const bullets[] = { "\xe2\x80\xa2 ", "- ",
	    "* ", "\xc2\xb7 ", "\xe2\x80\x93 " };
	size_t i = 0, d;

	if (!w->at_br && !w->after_br)
		return false;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	for (d = 0; d < 3 && i + d < n && p[i + d] >= '0' && p[i + d] <= '9';)
		d++;
	if (d > 0)
		return i + d + 2 < n && (p[i + d] == '.' || p[i + d] == ')') &&
		    p[i + d + 1] == ' ';
	for (size_t b = 0; b < sizeof bullets / sizeof bullets[0]; b++) {
		size_t k = strlen(bullets[b]);

		if (i + k < n && memcmp(p + i, bullets[b], k) == 0)
			return true;
	}
	return false;
}

static void
flush(struct walk *w)
{
	struct extract *x = w->x;

	size_t mark = x->text.len;

	if (x->line.len > 0) {
		if (w->pre)
			add_pre(x, x->line.p, x->line.len);
		else if (!link_line(w) && !teaser_line(w) &&
		    !marquee_line(w) && !notice_line(w))
			add_line(x, x->line.p, x->line.len, w->all ? 1 :
			    w->heading || (w->li && (w->links == 0 ||
			    (x->keep_links && in_long_list(w)))) ||
			    br_item(w, x->line.p, x->line.len) ?
			    MIN_HEADING : MIN_BLOCK, w->quote > 0, w->at_br);
	}
	w->after_br = w->at_br;
	if (w->md != NULL) {
		/* the lines kept, decorated */
		if (x->text.len == mark)
			markdown_drop(w->md);
		else if (w->pre)
			markdown_pre(w->md, x->text.p + mark + (mark > 0),
			    x->text.len - mark - (mark > 0));
		else
			markdown_line(w->md);
	}
	x->line.len = 0;
	w->chars = w->links = 0;
}

/* The cells of a row were joined with TAB: collapse each, then keep the
 * row if it is long enough. */
static void
flush_row(struct walk *w)
{
	struct extract *x = w->x;
	struct buf *t = &x->tmp;
	const char *p = buf_cstr(&x->line), *end = p + x->line.len;

	t->len = 0;
	while (p < end) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *ce = tab ? tab : end;
		size_t mark = t->len;

		if (t->len > 0)
			buf_putc(t, '\t');
		textnorm_space_buf(p, (size_t)(ce - p), false, t);
		if (t->len == mark + (mark > 0))
			t->len = mark;	/* an empty cell */
		p = tab ? tab + 1 : end;
	}
	if ((w->all || textnorm_width(t->p, t->len) >= MIN_BLOCK) &&
	    t->len > 0 && !link_line(w)) {
		if (x->text.len > 0)
			buf_putc(&x->text, '\n');
		buf_append(&x->text, t->p, t->len);
		if (w->md != NULL)
			markdown_row(w->md);
	} else if (w->md != NULL)
		markdown_drop(w->md);
	x->line.len = 0;
	w->chars = w->links = 0;
}

/* Whether a space goes between the line so far and the text s that an
 * element's edge parts from it: a lower-case letter or a sentence's
 * end, then a capital ("<b class=title>Industry Competency</b>Our
 * experts", "regulation.</span><span>The brain"): the element is a
 * block by its style, which is not read, and the words are two.  A
 * capital after a capital ("<span>T</span>he", a drop cap), after a
 * letter alone or a capital and a letter ("<b>i</b>Phone",
 * "Mc<span>D</span>onald's") and anything after a
 * comment (React's <!-- --> between two parts of one word) join as
 * they are.  WCXB dev: collection halves 0.756/0.686 -> 0.760/0.689,
 * listing 0.715/0.706 -> 0.717/0.709, all 0.8739/0.8684 ->
 * 0.8744/0.8689; Readability's pages 0.9669 -> 0.9661, their expected
 * text being the DOM's textContent, which joins them too. */
static bool
edge_space(const struct walk *w, const char *s)
{
	const struct buf *l = &w->x->line;
	unsigned char a, b = (unsigned char)s[0];

	if (!w->edge || w->pre || l->len == 0 || !(b >= 'A' && b <= 'Z'))
		return false;
	a = (unsigned char)l->p[l->len - 1];
	if (a >= 'a' && a <= 'z') {
		size_t run = 0;

		/* not after a letter alone or a capital and a letter:
		 * "<b>i</b>Phone", "Mc<span>D</span>onald's" are one word,
		 * "on<a>February 3</a>" and "54m<span>R</span>" two */
		while (run < l->len && run < 3 &&
		    (is_lower((unsigned char)l->p[l->len - 1 - run]) ||
		    is_upper((unsigned char)l->p[l->len - 1 - run]) ||
		    is_digit((unsigned char)l->p[l->len - 1 - run])))
			run++;
		return run == 3 || (run == 2 &&
		    is_lower((unsigned char)l->p[l->len - 2]));
	}
	return a == '.' || a == '!' || a == '?' || a == ':' || a == ';' ||
	    a == ',' || a == ')';
}

static void
text(struct walk *w, const char *s)
{
	struct extract *x = w->x;
	size_t mark = x->line.len, c;

	if (edge_space(w, s)) {
		buf_putc(&x->line, ' ');
		if (w->md != NULL)
			markdown_text(w->md, " ", false);
	}
	w->edge = false;
	append_text(&x->line, s, w->pre > 0);
	if (w->md != NULL)
		markdown_text(w->md, s, w->pre > 0);
	c = 0;
	for (size_t i = mark; i < x->line.len; i++) {
		unsigned char b = (unsigned char)x->line.p[i];

		c += (b & 0xc0) != 0x80 && b > ' ';
	}
	w->chars += c;
	if (w->link)
		w->links += c;
}

/* Is tr a row of cells with inline content only (a row of data)? */
static bool
data_row(struct extract *x, xmlNode *tr)
{
	for (xmlNode *c = tr->children; c != NULL; c = c->next) {
		struct el *e = el_of(x, c);

		if (c->type == XML_ELEMENT_NODE && e && (e->tf & TF_CELL) &&
		    (e->flags & F_HASBLOCK))
			return false;
	}
	return true;
}

static void
enter(struct walk *w, struct el *e)
{
	struct extract *x = w->x;

	if (e->tf & TF_A)
		w->link++;
	w->edge = true;
	if (w->md != NULL && !(e->tf & TF_BLOCK))
		markdown_enter(w->md, e->node);
	if (w->row) {
		/* cells of a data row: one line, TAB between cells */
		if ((e->tf & TF_CELL) && x->line.len > 0) {
			buf_putc(&x->line, '\t');
			if (w->md != NULL)
				markdown_cell(w->md);
		} else if ((e->tf & TF_BR) || (e->tf & TF_BLOCK)) {
			buf_putc(&x->line, ' ');
			if (w->md != NULL) {
				if (e->tf & TF_BR)
					markdown_break(w->md);
				else
					markdown_text(w->md, " ", false);
			}
		}
		return;
	}
	if (e->tf & TF_BR) {
		if (w->pre)
			buf_putc(&x->line, '\n');
		else {
			w->at_br = true;
			flush(w);
			w->at_br = false;
		}
		return;
	}
	if (!(e->tf & TF_BLOCK))
		return;
	if (w->pre) {
		/* a pre in a pre is counted, so that its end, which leave()
		 * takes like this one's, does not end the outer one: a
		 * fuzzer's page, where an li inside both then left the list
		 * count at -1 */
		if (e->tf & TF_PRE)
			w->pre++;
		buf_putc(&x->line, '\n');
		return;
	}
	flush(w);
	if (w->md != NULL)
		markdown_enter(w->md, e->node);
	if (e->tf & TF_HEAD)
		w->heading++;
	if (e->tf & TF_LI) {
		if (w->li < 64)
			long_list_item(w, e->node);
		w->li++;
	}
	if (e->tf & TF_PRE)
		w->pre++;
	if (tag_is(e, "blockquote"))
		w->quote++;
	if ((e->tf & TF_TR) && data_row(x, e->node))
		w->row = e;
}

static void
leave(struct walk *w, struct el *e)
{
	struct extract *x = w->x;

	if (e->tf & TF_A)
		w->link--;
	w->edge = true;
	if (!(e->tf & TF_BLOCK)) {
		if (w->md != NULL)
			markdown_leave(w->md, e->node);
		return;
	}
	if (w->row) {
		/* the row's own end: a tr nested in it ends nothing (its
		 * end had ended the row, and the li around the table then
		 * left the list count at -1: a fuzzer's page) */
		if (e == w->row) {
			flush_row(w);
			w->row = NULL;
		}
		return;
	}
	if (w->pre > 1 || (w->pre && !(e->tf & TF_PRE))) {
		if (e->tf & TF_PRE)
			w->pre--;
		buf_putc(&x->line, '\n');
		return;
	}
	flush(w);
	if (w->md != NULL)
		markdown_leave(w->md, e->node);
	if (e->tf & TF_HEAD)
		w->heading--;
	if (e->tf & TF_LI)
		w->li--;
	if (e->tf & TF_PRE)
		w->pre--;
	if (tag_is(e, "blockquote"))
		w->quote--;
}

static void walk_tree(struct walk *w, xmlNode *root);

/* The rescued elements inside pruned element e (rescue_dates()): each
 * a line of its own, however short. */
static void
walk_rescued(struct walk *w, const struct el *e)
{
	struct extract *x = w->x;
	uint32_t i = (uint32_t)(e - x->els);
	size_t lo = 0, hi = x->nrescued;

	while (lo < hi) {		/* the first one after i */
		size_t mid = lo + (hi - lo) / 2;

		if (x->rescued[mid] <= i)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->nrescued && x->rescued[lo] < e->end; lo++) {
		flush(w);
		w->rescuing = true;
		w->heading++;		/* a short line, a link, is kept */
		walk_tree(w, x->els[x->rescued[lo]].node);
		flush(w);
		w->heading--;
		w->rescuing = false;
	}
}

static void
walk_tree(struct walk *w, xmlNode *root)
{
	struct extract *x = w->x;
	xmlNode *n = root;

	for (;;) {
		bool down = false;
		struct el *e;

		if (n->type == XML_ELEMENT_NODE) {
			e = el_of(x, n);
			if (e && !(e->flags & (F_SKIP | F_OUT)) &&
			    (!(e->flags & F_DEAD) || w->rescuing)) {
				enter(w, e);
				down = n->children != NULL;
				if (!down)
					leave(w, e);
			} else if (e && (e->flags & F_DEAD) &&
			    x->nrescued > 0 && !w->rescuing && !w->row &&
			    !w->pre)
				walk_rescued(w, e);
		} else if ((n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && n->content)
			text(w, (const char *)n->content);
		if (down) {
			n = n->children;
			continue;
		}
		while (n != root && n->next == NULL) {
			n = n->parent;
			leave(w, el_of(x, n));
		}
		if (n == root)
			break;
		n = n->next;
	}
}

static void
extract_from(struct extract *x, xmlNode *root, bool all)
{
	struct walk w = { .x = x, .all = all,
	    .md = x->markdown ? &x->md : NULL };

	walk_tree(&w, root);
	flush(&w);
}

/* Does the first walk of a product page meet a line exactly twice? */
static bool
met_twice(const struct extract *x)
{
	if (x->type != PAGETYPE_PRODUCT)
		return false;
	for (size_t i = 0; i < x->ncopies; i++)
		if (x->copies[i] == 2)
			return true;
	return false;
}

/* Step 8: the text of the roots; again without the copies of blocks
 * the first walk found, and a product's lines met twice. */
static void
walk_roots(struct extract *x, bool all)
{
	x->ndrops = 0;
	x->dropping = false;
	x->twice_out = x->lorem_out = x->lorem_seen = false;
	x->ncopies = 0;
	if (x->capcopies > LINES_KEEP) {
		free(x->copies);
		x->copies = NULL;
		x->capcopies = 0;
	}
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			run_end(x);
			x->twice_out = met_twice(x);
			x->lorem_out = x->lorem_seen && placeholder_rest(x);
			if (x->ndrops == 0 && !x->twice_out && !x->lorem_out)
				break;
			x->dropping = true;
		}
		x->text.len = 0;
		if (x->markdown)
			markdown_reset_out(&x->md);
		lines_reset(x);
		for (size_t i = 0; i < x->nels; i++)
			if (x->els[i].flags & F_ROOT)
				extract_from(x, x->els[i].node, all);
	}
}

/* All the text of an element on one line, white space collapsed: a
 * space where a block or a <br> ends a line (a headline's
 * "Product<br>Management", a comment's "2 days ago" and what follows do
 * not run into each other); hard noise (step 3) is not in it. */
static void
inline_text(struct extract *x, xmlNode *root, struct buf *out)
{
	xmlNode *n = root;

	x->line.len = 0;
	for (;;) {
		bool down = false;

		if (n->type == XML_ELEMENT_NODE) {
			struct el *e = el_of(x, n);

			if (e != NULL && (e->tf & (TF_BLOCK | TF_BR)))
				buf_putc(&x->line, ' ');
			down = n->children && (n == root || e != NULL ||
			    (tag_flags(n->name) & TF_TITLE));
		} else if ((n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && n->content)
			append_text(&x->line, (const char *)n->content, false);
		if (down) {
			n = n->children;
			continue;
		}
		while (n != root && n->next == NULL) {
			n = n->parent;
			if (el_of(x, n) && (el_of(x, n)->tf & TF_BLOCK))
				buf_putc(&x->line, ' ');
		}
		if (n == root)
			break;
		n = n->next;
	}
	out->len = 0;
	textnorm_space_buf(buf_cstr(&x->line), x->line.len, false, out);
	x->line.len = 0;
}

/* --- the comments (--comments) ------------------------------------------ */

/* The user comments: the regions step 4 pruned for a comment word in
 * their class or id (comment, comments, cmt, disqus, commentlist, ...),
 * each outermost one; in each, its items, one a line: the outermost li,
 * article or element named for a comment below the region, else the
 * region itself.  A comment's line is all its text, white space
 * collapsed (its author and date too: they are part of it). */
#define COMMENT_MIN	2

static void
comment_line(struct extract *x, xmlNode *n)
{
	inline_text(x, n, &x->tmp);
	if (charset_chars(x->tmp.p, x->tmp.len) < COMMENT_MIN)
		return;
	if (x->comments.len > 0)
		buf_putc(&x->comments, '\n');
	buf_append(&x->comments, x->tmp.p, x->tmp.len);
	x->ncomments++;
}

static void
comments(struct extract *x)
{
	struct el *els = x->els;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *r = &els[i];
		size_t before = x->ncomments;

		if ((r->flags & (F_COMMENT | F_PRUNED)) != (F_COMMENT | F_PRUNED) ||
		    r->chars == 0)
			continue;
		for (size_t k = i + 1; k < r->end;) {
			struct el *e = &els[k];

			if (e->chars > 0 && ((e->tf & TF_LI) ||
			    (e->flags & (F_COMMENT | F_ARTICLE)))) {
				comment_line(x, e->node);
				k = e->end;
			} else
				k++;
		}
		if (x->ncomments == before)
			comment_line(x, r->node);
		i = r->end - 1;
	}
}

/* --- the title ------------------------------------------------------------ */

static bool
pct_hex(unsigned char c, int *v)
{
	if (c >= '0' && c <= '9')
		*v = c - '0';
	else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		*v = (c | 0x20) - 'a' + 10;
	else
		return false;
	return true;
}

/*
 * The last segment of a URL's path, words apart: ".../my-first_post.html"
 * gives "my first post".  Deliberately small, for a last-resort title:
 * htmltext has no other use for the URL.
 */
static void
url_title(struct extract *x, const char *url, struct buf *out)
{
	static const char *const exts[] = { ".html", ".htm", ".shtml",
	    ".php", ".asp", ".aspx", ".jsp" };
	const char *p = url, *end, *seg, *s;
	struct buf *t = &x->tmp;
	struct utf8_scan sc;

	if ((s = strstr(p, "://")) != NULL)
		p = s + 3 + strcspn(s + 3, "/?#");	/* past the authority */
	end = p + strcspn(p, "?#");
	while (end > p && end[-1] == '/')
		end--;
	seg = end;
	while (seg > p && seg[-1] != '/')
		seg--;
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		size_t n = strlen(exts[i]), k;

		if ((size_t)(end - seg) <= n)
			continue;
		for (k = 0; k < n && ((end - n)[k] | 0x20) == exts[i][k]; k++)
			;
		if (k == n) {
			end -= n;
			break;
		}
	}
	t->len = 0;
	for (s = seg; s < end; s++) {
		int hi, lo;

		if (*s == '%' && end - s >= 3 &&
		    pct_hex((unsigned char)s[1], &hi) &&
		    pct_hex((unsigned char)s[2], &lo) && hi * 16 + lo != 0) {
			buf_putc(t, (char)(hi * 16 + lo));
			s += 2;
		} else
			buf_putc(t, *s);
	}
	/* escapes that do not decode to UTF-8 are left as they were */
	charset_scan_utf8(buf_cstr(t), t->len, &sc);
	if (sc.invalid) {
		t->len = 0;
		buf_append(t, seg, (size_t)(end - seg));
	}
	for (size_t i = 0; i < t->len; i++)
		if (t->p[i] == '-' || t->p[i] == '_')
			t->p[i] = ' ';
	x->line.len = 0;
	append_text(&x->line, buf_cstr(t), false);
	out->len = 0;
	textnorm_space_buf(buf_cstr(&x->line), x->line.len, false, out);
	x->line.len = 0;
}

/* Cut a site name after the last " | ", " - ", " – ", " — ", " :: ",
 * " · " or " » " of a <title>, if something is left before it. */
static void
strip_site(struct buf *t)
{
	static const char *const seps[] = { " | ", " - ", " \xe2\x80\x93 ",
	    " \xe2\x80\x94 ", " :: ", " \xc2\xb7 ", " \xc2\xbb " };
	size_t cut = 0;

	for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		size_t n = strlen(seps[i]);

		for (size_t k = 1; k + n <= t->len; k++)
			if (memcmp(t->p + k, seps[i], n) == 0 && k > cut)
				cut = k;
	}
	if (cut > 0)
		t->len = cut;
}

/* The first h1 in the text's subtrees, else the last one before them
 * that is not in a page's banner or navigation. */
static struct el *
headline(struct extract *x)
{
	struct el *before = NULL;
	bool seen = false;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &x->els[i];

		if (e->parent != NONE && (x->els[e->parent].flags & F_INROOT))
			e->flags |= F_INROOT;
		if (e->flags & F_ROOT)
			e->flags |= F_INROOT;
	}
	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &x->els[i];

		if (e->flags & F_INROOT) {
			seen = true;
			if ((e->tf & TF_H1) && e->chars > 0 &&
			    !(e->flags & F_DEAD))
				return e;
		} else if ((e->tf & TF_H1) && e->chars > 0 &&
		    !(e->flags & F_INPAGE) && !seen)
			before = e;
	}
	return before;
}

static uint32_t
body_of(struct extract *x)
{
	for (size_t i = 0; i < x->nels; i++)
		if (x->els[i].tf & TF_BODY)
			return (uint32_t)i;
	return 0;
}



/* The bytes of a sign at s[0..n) that is no word: ASCII punctuation and
 * space, and the signs outside ASCII that pages put around a control's
 * or a box's words: general punctuation (U+2000-U+206F: dashes,
 * bullets, quotes, ellipsis), the middle dot, guillemets, arrows
 * (U+2190-U+21FF), geometric shapes (U+25A0-U+25FF: triangles) and
 * CJK symbols and punctuation (U+3000-U+303F: brackets, stops, the
 * ideographic space) and the fullwidth forms of ASCII's punctuation
 * (U+FF01-U+FF0F, U+FF1A-U+FF20, U+FF3B-U+FF40, U+FF5B-U+FF65); 0 for
 * anything else. */
static size_t
sign_bytes(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return is_lower(u[0]) || is_upper(u[0]) || is_digit(u[0]) ? 0 : 1;
	if (n >= 2 && u[0] == 0xc2 &&
	    (u[1] == 0xb7 || u[1] == 0xab || u[1] == 0xbb || u[1] == 0xa0))
		return 2;
	if (n >= 3 && u[0] == 0xe2 &&
	    (u[1] == 0x80 || u[1] == 0x81 || u[1] == 0x86 || u[1] == 0x87 ||
	    u[1] == 0x96 || u[1] == 0x97))
		return 3;
	if (n >= 3 && u[0] == 0xe3 && u[1] == 0x80)
		return 3;	/* CJK brackets and stops: 【関連記事】 */
	if (n >= 3 && ((u[0] == 0xef && u[1] == 0xbc && ((u[2] >= 0x81 &&
	    u[2] <= 0x8f) || (u[2] >= 0x9a && u[2] <= 0xa0) ||
	    u[2] >= 0xbb)) || (u[0] == 0xef && u[1] == 0xbd &&
	    (u[2] == 0x80 || (u[2] >= 0x9b && u[2] <= 0xa5)))))
		return 3;	/* fullwidth punctuation: （）：！ */
	return 0;
}

/* Boxes that say what they are in their heading: "Related articles",
 * "You may also like", "Newsletter", ... (matched on the start of a
 * short heading, ASCII case aside; English, and the common ones of
 * twelve more languages).  The container a heading opens is noise, like
 * a container named so.  "Explore related" (a shop's "Explore related
 * items"): WCXB dev product halves 0.682/0.697 -> 0.690/0.702, three
 * pages, nothing else moved.  "About the reviewer", "Disclaimer", "Be
 * the first to know" (and "Sponsored", "Partner content" as controls):
 * article B 0.9553 -> 0.9559, product A 0.6898 -> 0.6908, all halves
 * 0.87530/0.86949 -> 0.87539/0.86982.  "Recommended stories", "Top
 * stories", "You might like", "Other posts you may enjoy", "More to
 * explore", "Trending topics" and their kin, with the controls "Article
 * continues below", "Share this on", "Summarize with AI", "You are not
 * logged in.", "Pin for later", "Filter & sort", "Results per page"
 * (boilerplate snippets of the references): all halves 0.87716/0.87153
 * -> 0.87729/0.87159, no type fell; "Out of stock" as a control cost
 * product B 0.0004 (the references keep a product's availability).
 * Forum engines' "Posting Permissions" (vBulletin) and "Similar threads"
 * (XenForo): forum halves 0.7945/0.8094 -> 0.7958/0.8096, no other page
 * moved. */
static const char *const box_headings[] = {
	"a lire aussi", "abonnez-vous", "about the author",
	"about the reviewer", "advertisement", "articles récents",
	"articles similaires", "articoli correlati",
	"articoli recenti", "artigos relacionados",
	"artículos relacionados", "auch interessant",
	"be the first to know", "benzer haberler",
	"create an account or sign in", "customers also",
	"customers who", "czytaj także", "dans la même rubrique",
	"das könnte sie auch", "deixe um comentário",
	"deja un comentario", "disclaimer", "empfohlene artikel",
	"en çok okunanlar", "entradas relacionadas", "explore more",
	"explore related", "follow us", "frequently bought",
	"gerelateerde artikelen", "good articles to read",
	"i più letti", "ilgili haberler", "laat een reactie achter",
	"laisser un commentaire", "lascia un commento", "latest news",
	"leave a comment", "leave a reply", "lees ook", "leggi anche",
	"leia também", "les plus lus", "lesen sie auch", "lire aussi",
	"lo más leído", "mais lidas", "meest gelezen",
	"mehr zum thema", "meistgelesen", "mohlo by vás zajímat",
	"more from", "more like this", "more stories",
	"more to explore", "more topics from", "most popular",
	"most read", "más leídas", "najczęściej czytane",
	"nejčtenější", "newsletter", "noticias relacionadas",
	"notícias relacionadas", "ook interessant",
	"other interesting articles", "other posts you may enjoy",
	"people also", "people who", "più letti", "podobne artykuły",
	"popular posts", "popular stories", "posting permissions",
	"potrebbe interessarti", "read more", "read next",
	"recently viewed", "recommended", "recommended stories",
	"related", "share this", "sign up for", "similar items",
	"similar products", "similar threads", "sobre el autor",
	"sobre o autor", "související články", "sponsored",
	"subscribe to", "sur le même sujet", "suscríbete",
	"también te puede interesar", "te puede interesar",
	"ti potrebbe interessare", "top collections",
	"top posters in this topic", "top stories", "trending",
	"trending searches", "trending topics", "veja também",
	"verwandte artikel", "vous aimerez aussi",
	"vous aimerez peut-être", "weitere artikel",
	"you may also like", "you might also like", "you might like",
	"zobacz także", "À lire aussi", "À propos de l'auteur",
	"À propos de l’auteur", "Ähnliche artikel", "Über den autor",
	"Über die autorin", "à lire aussi", "à propos de l'auteur",
	"à propos de l’auteur", "ähnliche artikel", "über den autor",
	"über die autorin", "İlgili haberler", "Похожие статьи",
	"Читайте также", "похожие статьи", "читайте также",
	"おすすめ記事", "この記事を書いた人", "人気記事", "发表评论",
	"推荐阅读", "推薦閱讀", "最新文章", "热门文章", "熱門文章",
	"猜你喜欢", "相关推荐", "相关文章", "相关阅读", "相關文章",
	"関連記事", "關聯文章",
};

/* s[0..n) with ASCII in lower case into low, at most cap - 1 bytes and
 * a NUL. */
static void
lower_ascii(char *low, size_t cap, const char *s, size_t n)
{
	size_t k = 0;

	for (; k < n && k < cap - 1; k++)
		low[k] = (char)(is_upper((unsigned char)s[k]) ? s[k] | 0x20 :
		    s[k]);
	low[k] = '\0';
}

static bool
box_heading(struct extract *x, struct el *e)
{
	char low[48];
	size_t i = 0;

	if (e->chars >= sizeof low || e->chars == 0)
		return false;
	inline_text(x, e->node, &x->tmp);
	/* "• Sponsored", "» Related" */
	while (i < x->tmp.len) {
		size_t k = sign_bytes(x->tmp.p + i, x->tmp.len - i);

		if (k == 0)
			break;
		i += k;
	}
	lower_ascii(low, sizeof low, x->tmp.p + i, x->tmp.len - i);
	for (i = 0; i < sizeof box_headings / sizeof box_headings[0]; i++)
		if (strncmp(low, box_headings[i], strlen(box_headings[i])) == 0)
			return true;
	/* "Customer service" opens a footer's box of links ("Customer
	 * Service", "Customer service & help"), and a service page's
	 * sentence: "Customer service that puts people first", its hero.
	 * So it is a box's heading with two words after it at most.
	 * WCXB dev: one page's hero (service B 0.8140 -> 0.8143), no page
	 * fell. */
	if (strncmp(low, "customer service", 16) == 0) {
		size_t more = 0;

		for (const char *p = low + 16; *p != '\0'; p++)
			more += *p != ' ' && p[-1] == ' ';
		return more <= 2;
	}
	return false;
}

/* Whether element i comes first among the blocks with text of its
 * parent. */
static bool
first_block(const struct extract *x, uint32_t i)
{
	const struct el *els = x->els;

	for (size_t k = els[i].parent + 1; k < i; k = els[k].end)
		if ((els[k].tf & TF_BLOCK) && els[k].chars > 0)
			return false;
	return true;
}

/* Whether a box heading may mark element p as its box: not the body nor
 * a semantic container of the page. */
static bool
box_container(const struct el *p)
{
	return !(p->tf & (TF_BODY | TF_SEM)) && !(p->flags & F_SEM);
}

/* Mark the containers that a box heading opens: the heading is the first
 * block of its parent.  A parent that holds the heading alone (a
 * div.title around the h2) opens nothing: the box is the first
 * container up that holds more, when the heading's wrapper comes first
 * in it ("section > div.header > h2" and the carousel after it). */
static void
boxes(struct extract *x)
{
	struct el *els = x->els;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		uint32_t p;

		if (!(e->tf & TF_HEAD) || (e->tf & TF_H1) || e->parent == NONE)
			continue;
		p = e->parent;
		if (!box_container(&els[p]) || !box_heading(x, e) ||
		    !first_block(x, (uint32_t)i))
			continue;
		while (els[p].chars == e->chars && els[p].parent != NONE &&
		    box_container(&els[els[p].parent]) && first_block(x, p))
			p = els[p].parent;
		els[p].flags |= F_BOX;
	}
}

/* --- the page type --------------------------------------------------------- */

struct sig {
	uint32_t	 parent;
	uint32_t	 el;
	uint64_t	 hash;		/* of the tag and the class */
};

static int
cmp_sig(const void *a, const void *b)
{
	const struct sig *x = a, *y = b;

	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->el < y->el ? -1 : x->el > y->el;
}

/* The live block elements under body with a class (or any, with
 * classless), into x->sigs sorted by parent and by a hash of tag and
 * class, so that siblings made alike are runs: n log n in the elements,
 * whatever the page.  Returns their number. */
static size_t
sibling_sigs(struct extract *x, uint32_t body, bool classless)
{
	struct el *els = x->els;
	size_t n = 0;

	for (size_t i = body + 1; i < els[body].end; i++) {
		struct el *e = &els[i];
		const char *cls;
		const char *tag = (const char *)e->node->name;

		if (e->flags & F_DEAD) {
			i = e->end - 1;
			continue;
		}
		if (e->cchars == 0 || !(e->tf & TF_BLOCK))
			continue;
		if ((cls = html_attr(e->node, "class")) == NULL)
			cls = "";
		if (*cls == '\0' && !classless)
			continue;
		x->sigs = xgrow_array(x->sigs, &x->capsigs, n + 1,
		    sizeof *x->sigs);
		x->sigs[n].parent = e->parent;
		x->sigs[n].el = (uint32_t)i;
		x->sigs[n].hash = XXH3_64bits_withSeed(cls, strlen(cls),
		    XXH3_64bits(tag, strlen(tag)));
		n++;
	}
	if (n > 0)	/* x->sigs may be NULL: qsort wants a pointer */
		qsort(x->sigs, n, sizeof *x->sigs, cmp_sig);
	return n;
}

/* The end of the run of x->sigs (of n) that begins at i. */
static size_t
sig_run(const struct extract *x, size_t i, size_t n)
{
	size_t j = i;

	while (j < n && x->sigs[j].parent == x->sigs[i].parent &&
	    x->sigs[j].hash == x->sigs[i].hash)
		j++;
	return j;
}

/* The largest group of siblings made alike in the body, by their text:
 * a listing's cards, a shop's grid, a thread's posts. */
static void
cards(struct extract *x, uint32_t body)
{
	struct el *els = x->els;
	size_t n = sibling_sigs(x, body, false);

	for (size_t i = 0, j; i < n; i = j) {
		uint32_t chars = 0, links = 0;

		j = sig_run(x, i, n);
		for (size_t k = i; k < j; k++) {
			chars += els[x->sigs[k].el].cchars;
			links += els[x->sigs[k].el].clinks;
		}
		if (j - i >= 3 && chars > x->ev.card_chars) {
			x->ev.cards = (uint32_t)(j - i);
			x->ev.card_chars = chars;
			x->ev.card_links = links;
		}
	}
}

/* A shop's rows of other products on a product's page ("Seller's other
 * items", "Explore related items", "Complete the look"): siblings made
 * alike, at least SHELF_MIN, each a link with a price, none holding the
 * headline, less than half the body's text together.  They are pruned
 * with the reviews (F_SHELF), and so are their siblings of the same tag
 * that are priced links too: a carousel's first or active card has a
 * class of its own. */
#define SHELF_MIN	3

static bool
priced_card(const struct extract *x, uint32_t i)
{
	const struct el *e = &x->els[i];

	if (e->prices == 0 || e->nlinks == 0)
		return false;
	for (size_t d = i; d < e->end; d++)
		if (x->els[d].tf & TF_H1)
			return false;
	return true;
}

static void
shelves(struct extract *x, uint32_t body)
{
	struct el *els = x->els;
	size_t n = sibling_sigs(x, body, true);

	for (size_t i = 0, j; i < n; i = j) {
		uint32_t chars = 0, parent = x->sigs[i].parent;
		const xmlChar *tag = els[x->sigs[i].el].node->name;
		size_t k;

		j = sig_run(x, i, n);
		if (j - i < SHELF_MIN)
			continue;
		for (k = i; k < j && priced_card(x, x->sigs[k].el); k++)
			chars += els[x->sigs[k].el].cchars;
		/* the cards that are most of the page are its text: a
		 * shop's category page taken for a product's */
		if (k < j || 2 * (uint64_t)chars >= els[body].cchars)
			continue;
		for (uint32_t c = parent + 1; c < els[parent].end;
		    c = els[c].end)
			if (xmlStrcmp(els[c].node->name, tag) == 0 &&
			    !(els[c].flags & F_DEAD) && priced_card(x, c))
				els[c].flags |= F_SHELF;
	}
}

/* What the body holds, after steps 3 to 5, that says what the page is.
 * The blocks of links step 5 pruned count as text for the listing rule
 * when they come after the page's first h1: cards under the heading of
 * a listing, not a menu above it. */
static void
evidence(struct extract *x)
{
	struct el *els = x->els;
	uint32_t body = body_of(x), h1;
	struct pagetype_evidence *ev = &x->ev;

	for (h1 = body; h1 < els[body].end; h1++)
		if ((els[h1].tf & TF_H1) && els[h1].chars > 0)
			break;
	if (h1 == els[body].end)
		h1 = body;
	ev->chars = els[body].cchars;
	ev->link_chars = els[body].clinks;
	ev->links = els[body].nlinks;
	ev->all_chars = els[body].cchars;
	ev->all_link_chars = els[body].clinks;
	ev->para_chars = els[body].cptext;
	for (size_t i = body; i < els[body].end; i++) {
		struct el *e = &els[i];

		if (e->flags & F_COMMENTS)
			ev->comment_chars += e->chars;
		if (e->flags & F_DEAD) {
			if ((e->flags & F_LINKBLOCK) && i > h1) {
				ev->all_chars += e->cchars;
				ev->all_link_chars += e->clinks;
			}
			i = e->end - 1;
			continue;
		}
		ev->carts += (e->flags & F_CART) != 0;
		if (e->tf & TF_PRE) {
			ev->pres++;
			ev->pre_chars += e->cchars;
		}
		if ((e->flags & F_ARTICLE) && e->cptext > 0) {
			ev->articles++;
			i = e->end - 1;
		}
	}
	cards(x, body);
	for (size_t i = 0; i < x->ld.ntypes; i++)
		pagetype_schema(ev, x->ld.types[i], x->ld.type_nodes[i]);
	if (jsonld_get(&x->ld, JSONLD_DATE_PUBLISHED) != NULL ||
	    jsonld_get(&x->ld, JSONLD_AUTHOR) != NULL)
		ev->schema |= PAGETYPE_S_DATED;
}

/* Step 6, last: a page whose text is spread.  When the containers of
 * the text hold less than half of what the body keeps after steps 3 to
 * 5, the page's text is not in one place (a service page's sections,
 * a listing's cards, a thread's posts, a product's tabs) and the body
 * is the content; unless a container the page names as its article
 * (article, main, itemprop=articleBody, a content word) holds ten
 * paragraphs or more: an article followed by a longer stream of
 * teasers.  Measured on WCXB dev (bench/htmltext.sh): the half took all
 * from 0.769 to 0.808; the named article kept the Readability pages at
 * 0.968 (0.962 without it) for 0.806. */
#define SPREAD_SHARE	2
#define ARTICLE_PARAS	10

static void
spread(struct extract *x)
{
	struct el *els = x->els;
	uint32_t body = body_of(x);
	uint64_t held = 0;
	size_t paras = 0;
	bool named = false;

	for (size_t i = 0; i < x->nels; i++) {
		if (!(els[i].flags & F_ROOT))
			continue;
		held += els[i].cchars;
		named |= (els[i].flags & (F_CONTENT | F_SEM | F_ARTICLE)) != 0;
		for (size_t k = i; k < els[i].end; k++)
			paras += (els[k].flags & (F_PARA | F_DEAD)) == F_PARA;
		i = els[i].end - 1;
	}
	x->ev.held_chars = (uint32_t)held;
	if (held * SPREAD_SHARE >= els[body].cchars ||
	    (named && paras >= ARTICLE_PARAS))
		return;
	for (size_t i = 0; i < x->nels; i++)
		els[i].flags &= ~(uint32_t)F_ROOT;
	els[body].flags |= F_ROOT;
}

/* --- structured data as evidence ---------------------------------------- */

static bool
word_byte(unsigned char c)
{
	return c >= 0x80 || is_lower(c) || is_upper(c) || is_digit(c);
}

/* The words of s (runs of letters and digits, any byte from 0x80 a letter,
 * ASCII lower-cased), each as a hash, into h. */
static void
word_hashes(const char *s, size_t n, struct buf *h)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	char w[64];

	h->len = 0;
	while (p < end) {
		size_t k = 0;
		uint64_t v;

		while (p < end && !word_byte(*p))
			p++;
		while (p < end && word_byte(*p)) {
			if (k < sizeof w)
				w[k++] = (char)(*p < 0x80 && *p >= 'A' && *p <= 'Z' ?
				    *p | 0x20 : *p);
			p++;
		}
		if (k == 0)
			continue;
		v = XXH3_64bits(w, k);
		buf_append(h, (const char *)&v, sizeof v);
	}
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The share of the words of s that the text already holds. */
static double
covered(struct extract *x, const char *s)
{
	struct buf *ht = &x->tmp, hs = { 0 };
	size_t nt, ns, found = 0;
	uint64_t *t, *w;

	word_hashes(x->text.p ? x->text.p : "", x->text.len, ht);
	word_hashes(s, strlen(s), &hs);
	nt = ht->len / sizeof *t;
	ns = hs.len / sizeof *w;
	t = (uint64_t *)(void *)ht->p;
	w = (uint64_t *)(void *)hs.p;
	if (nt > 0)
		qsort(t, nt, sizeof *t, cmp_u64);
	for (size_t i = 0; i < ns; i++)
		found += nt > 0 && bsearch(&w[i], t, nt, sizeof *t, cmp_u64) != NULL;
	buf_free(&hs);
	return ns ? (double)found / ns : 1;
}

/* Put the text v (its lines, white space collapsed, empty ones left
 * out) before the page's text, flat and in Markdown. */
static void
open_text(struct extract *x, const char *v)
{
	struct buf *t = &x->tmp;
	size_t n;

	t->len = 0;
	for (const char *p = v, *e; *p != '\0'; p = *e ? e + 1 : e) {
		size_t before = t->len;

		e = p + strcspn(p, "\n");
		if (t->len > 0)
			buf_putc(t, '\n');
		textnorm_space_buf(p, (size_t)(e - p), false, t);
		if (t->len == before + (before > 0))
			t->len = before;	/* an empty line */
	}
	if ((n = t->len) == 0)
		return;
	if (x->markdown)
		markdown_open(&x->md, t->p, n);
	buf_reserve(&x->text, n + 1);
	memmove(x->text.p + n + (x->text.len > 0), x->text.p, x->text.len);
	memcpy(x->text.p, t->p, n);
	if (x->text.len > 0)
		x->text.p[n] = '\n';
	x->text.len += n + (x->text.len > 0);
}

/* The JSON-LD of a page confirms its text or supplies what the markup
 * hides (a product's description in a script or a tab template, an
 * article's body rendered by JavaScript): the main entity's articleBody
 * or text, or a Product's description, opens the text when less than
 * half of its words are in it already.  (Not an article's description:
 * that is a teaser.)  WCXB dev: product 0.555 -> 0.563, the other types
 * unchanged. */
#define SUPPLY_SHARE	0.5

static void
supply(struct extract *x)
{
	const char *v = jsonld_get(&x->ld, JSONLD_ARTICLE_BODY);

	if (v == NULL)
		v = jsonld_get(&x->ld, JSONLD_TEXT);
	if (v == NULL && x->ld.main_type != NULL &&
	    strncmp(x->ld.main_type, "Product", 7) == 0)
		v = jsonld_get(&x->ld, JSONLD_DESCRIPTION);
	if (v == NULL || covered(x, v) >= SUPPLY_SHARE)
		return;
	open_text(x, v);
}

/* An article, documentation or service page whose chosen text is mostly
 * blocks of links that step 5 pruned is a list of links, not an article
 * with a menu in it: an index, Wikipedia's "List of ..." pages, a
 * documentation site's table of pages.  Its pruned blocks of links
 * inside the text have more than LINK_PAGE_SHARE times the characters
 * the text kept.  Measured on
 * wcxb-dev: 3 pages change, listing 0.644 -> 0.657, all 0.839 -> 0.840,
 * halves 0.838/0.840 -> 0.839/0.841; a share of 1 or 3 does less. */
#define LINK_PAGE_SHARE	2

static bool
link_page(const struct extract *x)
{
	uint64_t kept = 0, links = 0;

	for (size_t r = 0; r < x->nels; r++) {
		if (!(x->els[r].flags & F_ROOT))
			continue;
		kept += x->els[r].cchars;
		for (size_t i = r + 1; i < x->els[r].end; i++) {
			const struct el *e = &x->els[i];

			if (!(e->flags & F_PRUNED))
				continue;
			if (e->flags & F_LINKBLOCK)
				links += e->cchars;
			i = e->end - 1;	/* what is inside it is pruned too */
		}
	}
	return links > LINK_PAGE_SHARE * kept;
}

/* A listing's cards inside a container named for noise: the news feed
 * of a topic page in "container--section-more", a category's entries in
 * "related-product".  With nothing pruned by name, the largest group of
 * siblings made alike (GRID_MIN cards or more, outside the page's header,
 * nav and footer, GRID_CARD_CHARS characters a card or more: a menu's
 * items are a link each) that holds a GRID_SHARE-th of the body's text or
 * more is the list; the elements above it hold it and are not pruned by
 * their names (F_SHELL), while what is beside it (a filter panel, the
 * pager) still is.  WCXB dev: listing 0.667 -> 0.683 (halves 0.669/0.664
 * -> 0.682/0.685), no page down; without the share a product's row of
 * related items and a service page's news came in (service and product
 * half B down).  Not for a shop's grid (collection): the dev pages'
 * references keep the grid on some shops and only the category's text
 * on others (collection half A 0.725 -> 0.710).  A service page's grid
 * too, and its cards themselves when their shared class names them as
 * noise (a firm's offers in "cmp-promo__services"), not when one alone
 * is (a section whose id is footer, made like the others): service half
 * A 0.8508 -> 0.8568 (an audit firm's page 0.35 -> 0.86), no other page
 * changed; with the lone one too, a footer came in on half B. */
#define GRID_MIN	4
#define GRID_CARD_CHARS	40
#define GRID_SHARE	5

static void
grid_shell(struct extract *x)
{
	struct el *els = x->els;
	uint32_t body = body_of(x), best = NONE;
	uint64_t best_chars = 0;
	size_t n, first = 0, past = 0;
	bool named = true;

	prune(x, false);
	n = sibling_sigs(x, body, false);
	for (size_t i = 0, j; i < n; i = j) {
		uint64_t chars = 0;

		j = sig_run(x, i, n);
		if (j - i < GRID_MIN || (els[x->sigs[i].parent].flags & F_INPAGE))
			continue;
		for (size_t k = i; k < j; k++)
			chars += els[x->sigs[k].el].cchars;
		if (chars >= GRID_CARD_CHARS * (j - i) && chars > best_chars) {
			best_chars = chars;
			best = x->sigs[i].parent;
			first = i;
			past = j;
		}
	}
	if (best_chars * GRID_SHARE < els[body].cchars)
		return;
	for (uint32_t a = best; a != NONE; a = els[a].parent)
		els[a].flags |= F_SHELL;
	if (x->type != PAGETYPE_SERVICE)
		return;
	/* a service page's cards that their shared class names as noise
	 * ("cmp-promo__services": each offer of the firm); not when one
	 * of them only is (a section whose id says footer) */
	for (size_t k = first; k < past; k++)
		named &= (els[x->sigs[k].el].flags & F_NOISE) != 0;
	for (size_t k = first; named && k < past; k++)
		els[x->sigs[k].el].flags |= F_SHELL;
}

/* What the page type changes.  A forum's posts are content even when
 * their class says comment, and a thread is the body's posts; a
 * listing's or a shop's cards are links, and their grid is the body's
 * blocks of links: steps 4 and 5 are run again without those rules, and
 * the body is the text.  The other types keep what step 6 chose.
 * Measured on WCXB dev, by page type with the human labels: forum
 * 0.694 -> 0.709, listing 0.500 -> 0.679, collection 0.537 -> 0.657; with
 * pagetype_decide()'s labels all pages 0.806 -> 0.821.  A product's or
 * a service page's text is its sections too, and their body is the text
 * (a product's reviews pruned): WCXB dev product 0.620 -> 0.640, service
 * 0.785 -> 0.787, all 0.840 -> 0.842, halves 0.839/0.841 -> 0.841/0.843,
 * where choosing again left a product's tabs and its specifications out.
 * An article or documentation page that is a list of links (link_page())
 * is chosen again with its blocks of links kept. */
/* The root of a page whose text is its body (a service, a product, a
 * listing, a collection, a forum's thread): the body, or its main
 * element (main, or role=main) when that holds three quarters of what
 * the body keeps or more: what the page puts outside its main (a
 * pre-footer's call to act, a newsletter box, the testimonials of the
 * site's every page) is none of its text.  WCXB dev, services: halves
 * 0.87908/0.87654 -> 0.87944/0.87669, service 0.8646/0.8147 ->
 * 0.8667/0.8153, no type fell, the same for any share from a hundredth
 * to three quarters; products then: -> 0.87969/0.87694, product
 * 0.6929/0.7042 -> 0.6956/0.7079 (at a half, a shop's category
 * description under its main was lost: collection B -0.014; at nine
 * tenths service fell); listings, collections and forums then: ->
 * 0.88006/0.87710, each of the three up in both halves */
#define MAIN_HOLDS_NUM	3
#define MAIN_HOLDS_DEN	4
static uint32_t
main_root(struct extract *x)
{
	uint32_t body = body_of(x);

	for (uint32_t i = body + 1; i < x->els[body].end; i++) {
		const struct el *e = &x->els[i];
		const char *role;

		if ((e->flags & F_DEAD) || (!tag_is(e, "main") &&
		    ((role = html_attr(e->node, "role")) == NULL ||
		    !ieq(role, "main"))))
			continue;
		if ((uint64_t)e->cchars * MAIN_HOLDS_DEN >=
		    (uint64_t)x->els[body].cchars * MAIN_HOLDS_NUM)
			return i;
		break;
	}
	return body;
}

static void
profile(struct extract *x)
{
	uint32_t best;
	bool body = true;

	switch (x->type) {
	case PAGETYPE_FORUM:
		x->keep_comments = true;
		x->post_comments = comments_per_post(x);
		break;
	case PAGETYPE_LISTING:
		x->keep_links = true;
		grid_shell(x);
		break;
	case PAGETYPE_COLLECTION:
		x->keep_links = true;
		break;
	case PAGETYPE_PRODUCT:
		x->prune_reviews = true;
		/* a product's "gallery" is a tour of its features, a
		 * heading and a paragraph over each picture, not an
		 * article's strip of captioned photos.  WCXB dev: product
		 * 0.681 -> 0.688 (halves 0.675/0.690 -> 0.682/0.697), 11
		 * pages changed; gallery no noise word on every page cost
		 * Readability's pages 0.9669 -> 0.9640 and a service page */
		x->keep_galleries = true;
		shelves(x, body_of(x));
		break;
	case PAGETYPE_SERVICE:
		/* the body, as steps 4 and 5 left it but for its grid */
		grid_shell(x);
		/* a section named as noise by its class ("hero-teaser",
		 * "banner") that holds the page's h1 is its hero, the
		 * head of its text: kept as a shell (what it holds is still
		 * judged).  WCXB dev: all halves 0.87781/0.87421 ->
		 * 0.87789/0.87429, service 0.8632/0.8124 -> 0.8636/0.8127,
		 * no type fell.  So is such a section that holds a
		 * paragraph (SECTION_PTEXT) */
		for (size_t i = 0; i < x->nels; i++)
			if (((x->els[i].flags & (F_NOISE | F_PAGE | F_HOLDSH1)) ==
			    (F_NOISE | F_HOLDSH1)) || ((x->els[i].flags &
			    (F_NOISE | F_PAGE)) == F_NOISE &&
			    tag_is(&x->els[i], "section") &&
			    x->els[i].cptext >= SECTION_PTEXT))
				x->els[i].flags |= F_SHELL;
		break;
	default:
		/* a list of links keeps them, and chooses again */
		if (!link_page(x))
			return;
		x->keep_links = true;
		body = false;
		break;
	}
	prune(x, true);
	for (size_t i = 0; i < x->nels; i++)
		x->els[i].flags &= ~(uint32_t)F_ROOT;
	if (body)
		x->els[main_root(x)].flags |= F_ROOT;
	else if ((best = choose(x)) == NONE)
		x->els[body_of(x)].flags |= F_ROOT;
	else {
		content(x, best);
		spread(x);
	}
	/* A forum word in the URL (/topic/) on a page whose text, so
	 * chosen, is mostly the blocks of links step 5 pruned: a topic's
	 * index of stories or threads, kept as a listing's cards are.
	 * WCXB dev: one page (a news site's topic page gave its copyright
	 * line), collection half B 0.671 -> 0.677; nothing else moved. */
	if (x->type == PAGETYPE_FORUM && !x->keep_links && link_page(x)) {
		x->keep_links = true;
		grid_shell(x);
		prune(x, true);
		for (size_t i = 0; i < x->nels; i++)
			x->els[i].flags &= ~(uint32_t)F_ROOT;
		x->els[body_of(x)].flags |= F_ROOT;
	}
}

/* The words of a page's controls, on an element of their own: a link
 * that skips the menu, a share or print button, a newsletter's sign-up,
 * "Log in", "Advertisement" over an empty slot, "5 min read".  Matched
 * whole (case, white space and the arrows and colons around them aside):
 * a sentence that holds the words is text.  English only, as the box
 * headings of step 4.  WCXB dev: boilerplate snippets leaked 0.076 ->
 * 0.075, word F1 unchanged; "Table of contents" was left out of the
 * list, the references of documentation pages keep it.  A shop's
 * controls ("Add to cart", "View details", "Loading", "Compare": lines
 * that no reference kept): leaked 0.075 -> 0.074, collection 0.700 ->
 * 0.701, all 0.864 -> 0.865 (halves 0.867/0.861 -> 0.868/0.861);
 * "Learn more", "Quick view" and "Free shipping" were kept by some.
 * "In this article", "Like this:", "Like Loading...", "Recently viewed"
 * and "Apply now" (no reference kept any of their 45 lines): all
 * halves 0.87444/0.86884 -> 0.87446/0.86887; "Table of contents" still
 * not (documentation half B 0.924 -> 0.923).  A forum's "Author" label,
 * XenForo's "Not open for further replies." and a Q&A site's "Explore
 * related questions", "Start asking to get answers" (forum engines'
 * templates, on thousands of sites each): forum halves 0.7799/0.8007
 * -> 0.7803/0.8019.  "Be the first to review this product" and its
 * kin, "Create an account or sign in to comment": collection B 0.690
 * -> 0.691, forum 0.7803/0.8019 -> 0.7804/0.8022.  "Was this page
 * helpful", "Skip to", "Keyboard shortcuts", "Related searches", "0
 * reviews", "New arrival": collection A 0.7597 -> 0.7600, no type
 * falls.  A "Save 25%" badge as a control lost collection pages (the
 * references keep it beside the price).  "Skip advertisement", "Play
 * video", "Watch next", "Contact us", "Get in touch", "Download now"
 * and their kin: all halves 0.87540/0.86982 -> 0.87542/0.86985, no
 * type falls.  A shop's "Top rated" badge (99 lines given, none in a
 * reference), "Sort by", "Price: low to high": collection halves
 * 0.7601/0.6927 -> 0.7604/0.6933, no page fell.  A Q&A engine's "Find
 * the answer to your question by asking.", "See similar questions with
 * these tags." and "You must log in to answer this question." (on 12
 * pages, no reference; UI_CHARS 32 -> 48 for them): forum halves
 * 0.7942/0.8079 -> 0.7945/0.8094, no other page moved.  Webflow's form
 * messages, which its style sheet hides until a form is sent ("Thank
 * you! Your submission has been received!"): service B +0.0001.  A
 * shop's "Read full article", "Quick view View options", "Calculate
 * shipping", "Qty:", "View fullsize", "Select your size", "Back-order"
 * (143 lines given, none in a reference): collection halves
 * 0.7735/0.7192 -> 0.7749/0.7221, no other page moved. */
static const char *const ui_phrases[] = {
	"0 reviews", "abmelden", "abone ol", "abonneren",
	"abonnez-vous", "abonnieren", "accedi", "accept all",
	"accept all cookies", "accept cookies", "accetta tutti",
	"accetta tutto", "aceitar todos", "aceitar tudo",
	"aceptar todas", "aceptar todo", "add a comment", "add to bag",
	"add to basket", "add to cart", "add to compare",
	"add to wish list", "add to wishlist", "adicionar ao carrinho",
	"advertentie", "advertisement", "afdrukken",
	"aggiungi al carrello", "agregar al carrito",
	"ajouter au panier", "all rights reserved", "alle ablehnen",
	"alle akzeptieren", "aller au contenu",
	"aller au contenu principal", "alles accepteren",
	"alles weigeren", "anmelden", "anzeige", "apply now",
	"article continues below", "assinar", "author",
	"añadir al carrito", "back to top", "back-order",
	"be the first to ask a question", "be the first to comment",
	"be the first to review this product",
	"be the first to write a review", "book a demo", "cadastre-se",
	"calculate shipping", "cargar más", "carica altro",
	"carregar mais", "charger plus", "choose options",
	"coming soon", "compare", "compartilhar", "compartilhe",
	"compartir", "condividi", "connect with us", "connexion",
	"contact us", "continua a leggere", "continuar a ler",
	"continuar lendo", "continue reading", "cookie policy",
	"cookie settings", "copia link", "copiar enlace",
	"copiar link", "copier le lien", "copy link",
	"create an account", "create an account or sign in to comment",
	"czytaj dalej", "czytaj więcej", "datenschutz",
	"datenschutzerklärung", "deixe um comentário",
	"deja un comentario", "delen", "devamını oku", "download now",
	"drucken", "drukuj", "entrar", "explore related questions",
	"filter & sort", "find the answer to your question by asking",
	"follow us", "follow us on", "ga naar inhoud", "get a demo",
	"get a quote", "get in touch", "get started for free",
	"giriş yap", "gizlilik politikası", "go to top", "imprimer",
	"imprimir", "in den warenkorb", "in this article",
	"in winkelwagen", "informativa sulla privacy",
	"iniciar sesión", "inloggen", "inscreva-se", "inscription",
	"ir al contenido", "ir para o conteúdo", "iscriviti",
	"join our mailing list", "join our newsletter", "jump to",
	"jump to content", "keyboard shortcuts", "kommentar schreiben",
	"laisser un commentaire", "lascia un commento", "latest news",
	"leave a comment", "leave a reply", "leer más", "lees meer",
	"leggi di più", "leia mais", "like loading", "like this",
	"link copied", "link kopieren", "link kopiëren",
	"lire la suite", "load more", "loading", "log in",
	"log in or sign up", "log in to comment", "login",
	"manage cookies", "meer laden", "mehr laden", "mehr lesen",
	"mentions légales", "most popular", "most read", "my account",
	"naar boven", "naar de inhoud", "nach oben", "new arrival",
	"newsletter", "newsletter abonnieren", "newsletter signup",
	"newsletters", "next article", "next post", "next topic",
	"not open for further replies",
	"oops! something went wrong while submitting the form",
	"open in app", "paid content", "partager", "partilhar",
	"partner content", "paylaş", "pick up in store",
	"pin for later", "pin this for later", "plaats een reactie",
	"play video", "politique de confidentialité",
	"polityka prywatności", "política de privacidad",
	"política de privacidade", "popular posts", "post a comment",
	"previous article", "previous post", "price: high to low",
	"price: low to high", "print", "print article",
	"print this page", "privacy policy", "privacybeleid",
	"pubblicità", "publicidad", "publicidade", "publicité",
	"pular para o conteúdo", "přihlásit se", "qty", "quick shop", "quick view",
	"quick view view options", "read full article", "read more",
	"recent posts", "recently viewed", "rechazar todo",
	"recommended for you", "registar", "register", "registrarse",
	"registrati", "registreren", "registrieren", "regístrate",
	"reject all", "rejeitar todos", "reklam", "reklama",
	"related articles", "related content", "related posts",
	"related searches", "related stories",
	"report inappropriate content", "request a demo",
	"request a quote", "results per page", "retour en haut",
	"rifiuta tutto", "s'abonner", "s'inscrire",
	"salta al contenuto", "saltar al contenido", "scroll to top",
	"sdílet", "se connecter", "see details",
	"see similar questions with these tags", "seguir leyendo",
	"select a size", "select all", "select options",
	"select your size", "share", "share article",
	"share on facebook", "share on linkedin", "share on twitter",
	"share on x", "share this", "share this article",
	"share this article with your friends", "share this on",
	"share this page", "share this post", "share this story",
	"share via email", "show more comments", "sign in", "sign up",
	"sign up for our newsletter", "sign up now",
	"skip advertisement", "skip listing", "skip this section",
	"skip to", "skip to content", "skip to footer",
	"skip to main content", "skip to main navigation",
	"skip to navigation", "skip to product list", "sort by",
	"sponsored", "sponsored content", "stampa",
	"start asking to get answers", "subscribe", "subscribe now",
	"subscribe to our newsletter", "subskrybuj",
	"summarize with ai", "suscribirse", "suscríbete", "s’abonner",
	"s’inscrire", "teilen", "terms and conditions",
	"terms of service", "terms of use",
	"thank you! your submission has been received",
	"toggle caption", "top rated", "torna su", "tout accepter",
	"tout refuser", "trending", "trending now",
	"tüm hakları saklıdır", "udostępnij", "vai al contenuto",
	"verder lezen", "view details", "view fullsize",
	"voltar ao topo", "volver arriba", "všechna práva vyhrazena",
	"was this page helpful", "watch next", "weiterlesen",
	"werbung", "where to buy", "write a review",
	"wszelkie prawa zastrzeżone", "yazdır",
	"you are not logged in", "you may also like",
	"you might also like",
	"you must log in to answer this question", "zaloguj się",
	"zarejestruj się", "zum hauptinhalt springen",
	"zum inhalt springen", "zur merkliste", "Číst dál", "číst dál",
	"Версия для печати", "Войти", "Все права защищены", "Наверх",
	"Поделиться", "Подписаться", "Показать еще", "Показать ещё",
	"Политика конфиденциальности", "Регистрация", "Реклама",
	"Читать далее", "версия для печати", "войти",
	"все права защищены", "наверх", "поделиться", "подписаться",
	"показать еще", "показать ещё", "политика конфиденциальности",
	"регистрация", "реклама", "читать далее", "もっと見る",
	"カートに入れる", "コメントする", "シェア", "トップへ戻る",
	"ページトップへ", "ログイン", "共有", "分享", "分享到",
	"分享到微信", "分享到微博", "加入購物車", "加入购物车",
	"加载中", "加载更多", "印刷", "发表评论", "复制链接", "广告",
	"広告", "廣告", "打印", "推荐阅读", "推薦閱讀", "收藏",
	"新規登録", "查看更多", "正在加载", "注册", "版权所有",
	"版權所有", "登录", "登錄", "發表評論", "相关文章", "相关阅读",
	"相關文章", "相關閱讀", "続きを読む", "註冊", "読み込み中",
	"載入中", "返回頂部", "返回顶部", "関連記事", "閱讀更多",
	"阅读全文", "阅读更多", "공유하기", "관련기사", "광고",
	"더보기", "로그인", "맨 위로", "회원가입",
};

static int
cmp_phrase(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

/* Whether every phrase of list is in lower case, as the line it is
 * looked for in. */
static bool
phrases_lower(const char *const *list)
{
	for (; list != NULL && *list != NULL; list++)
		for (const char *c = *list; *c; c++)
			if (is_upper((unsigned char)*c))
				return false;
	return true;
}

bool
extract_notices_valid(void)
{
	for (size_t i = 0; i < sizeof notices / sizeof notices[0]; i++) {
		const struct notice *nt = &notices[i];
		size_t g = 0;

		for (; g < sizeof nt->gate / sizeof nt->gate[0] &&
		    nt->gate[g] != NULL; g++)
			if (nt->at[g] >= strlen(nt->gate[g]) ||
			    !is_lower((unsigned char)nt->gate[g][nt->at[g]]))
				return false;
		if (g == 0 || g == sizeof nt->gate / sizeof nt->gate[0] ||
		    nt->max > NOTICE_BYTES || nt->says == NULL ||
		    !phrases_lower(nt->says) || !phrases_lower(nt->opens) ||
		    !phrases_lower(nt->then) || !phrases_lower(nt->asks))
			return false;
	}
	return true;
}

bool
extract_tables_sorted(void)
{
	for (size_t i = 1; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i - 1].word, words[i].word) >= 0)
			return false;
	for (size_t i = 1; i < sizeof ui_phrases / sizeof ui_phrases[0]; i++)
		if (strcmp(ui_phrases[i - 1], ui_phrases[i]) >= 0)
			return false;
	for (size_t i = 1; i < sizeof placeholder_words /
	    sizeof placeholder_words[0]; i++)
		if (strcmp(placeholder_words[i - 1], placeholder_words[i]) >= 0)
			return false;
	return true;
}

/* Whether low (lower case) is a timestamp for machines, ISO 8601 with
 * its time ("2024-05-04t12:34:56.000z"): a template's raw value, no
 * text (WCXB dev: 28 such lines on 3 pages, none in a reference). */
static bool
machine_time(const char *low)
{
	static const char shape[] = "dddd-dd-ddtdd:dd";

	for (size_t i = 0; shape[i] != '\0'; i++)
		if (shape[i] == 'd' ? !is_digit((unsigned char)low[i]) :
		    low[i] != shape[i])
			return false;
	for (const char *p = low + sizeof shape - 1; *p != '\0'; p++)
		if (!is_digit((unsigned char)*p) && *p != ':' && *p != '.' &&
		    *p != 'z' && *p != '+' && *p != '-')
			return false;
	return true;
}

/* The length of an amount of time at s ("3 days", "a year", "11
 * months"), 0 if there is none. */
static size_t
time_amount(const char *s)
{
	static const char *const units[] = { "second", "sec", "minute",
	    "min", "hour", "hr", "day", "week", "month", "year", "yr" };
	const char *p = s;

	if (is_digit((unsigned char)*p))
		while (is_digit((unsigned char)*p))
			p++;
	else if (strncmp(p, "an", 2) == 0 && p[2] == ' ')
		p += 2;
	else if (*p == 'a' && p[1] == ' ')
		p += 1;
	else
		return 0;
	if (*p++ != ' ')
		return 0;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t k = strlen(units[i]);

		if (strncmp(p, units[i], k) == 0) {
			p += k;
			if (*p == 's')
				p++;
			return *p == ' ' || *p == ',' || *p == '\0' ?
			    (size_t)(p - s) : 0;
		}
	}
	return 0;
}

/* Whether low (lower case) is a labelled time relative to now, a
 * post's or a question's ("Asked 13 years, 8 months ago", "Modified a
 * year ago", "Published 6 hours ago"): metadata, not text.  WCXB dev:
 * forum halves 0.7846/0.8057 -> 0.7847/0.8066; without a label ("2
 * days ago") too, 188 lines went, 14 of them in the references, and a
 * listing of jobs (each "3 hours ago") fell: half A 0.8757 -> 0.8756. */
static bool
time_ago(const char *low)
{
	static const char *const labels[] = { "asked ", "modified ",
	    "edited ", "posted ", "updated ", "answered ", "published ",
	    "active ", "created " };
	const char *p = low;
	size_t k;

	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (strncmp(p, labels[i], strlen(labels[i])) == 0) {
			p += strlen(labels[i]);
			break;
		}
	if (p == low || (k = time_amount(p)) == 0)
		return false;
	p += k;
	if (p[0] == ',' && p[1] == ' ' && (k = time_amount(p + 2)) > 0)
		p += 2 + k;
	return strcmp(p, " ago") == 0;
}

/* A control's words are this many characters at most (white space
 * aside): "Find the answer to your question by asking" is 36. */
#define UI_CHARS	48

/* The length of a count at s as counters write it ("376k", "1,693",
 * "26.2k"), 0 if there is none. */
static size_t
view_amount(const char *s)
{
	const char *p = s;

	if (!is_digit((unsigned char)*p))
		return 0;
	while (is_digit((unsigned char)*p) ||
	    ((*p == ',' || *p == '.') && is_digit((unsigned char)p[1])))
		p++;
	if (*p == 'k' || *p == 'm')
		p++;
	return (size_t)(p - s);
}

/* Whether the count of k bytes at low is a whole number ("1,204",
 * "3k"), not a score ("4.5 rating" is the text's). */
static bool
review_count(const char *low, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (low[i] == '.')
			return false;
	return true;
}

/* Whether low (lower case) is a page's view counter ("Viewed 11k
 * times", "1,693 views", "Views 26.2k"): metadata, not text.  WCXB
 * dev: 14 lines on 14 pages (Q&A sites, a forum, an article), none in
 * a reference; forum halves 0.7961/0.8168 -> 0.7963/0.8174.  So is a
 * card's count of reviews ("13 Reviews", "(1,204 ratings)"): 54 lines
 * on 8 pages (shops' grids), none in a reference. */
static bool
view_count(const char *low)
{
	size_t k;

	if (strncmp(low, "viewed ", 7) == 0 && (k = view_amount(low + 7)) > 0)
		return strcmp(low + 7 + k, " times") == 0 ||
		    strcmp(low + 7 + k, " time") == 0;
	if (strncmp(low, "views ", 6) == 0 && (k = view_amount(low + 6)) > 0)
		return low[6 + k] == '\0';
	if ((k = view_amount(low)) > 0)
		return strcmp(low + k, " views") == 0 || (review_count(low, k) &&
		    (strcmp(low + k, " reviews") == 0 ||
		    strcmp(low + k, " review") == 0 ||
		    strcmp(low + k, " ratings") == 0 ||
		    strcmp(low + k, " rating") == 0));
	return false;
}

/* Whether low (lower case) is a list's sort control: "Sort:" or "Sort
 * by:" and its choice, SORT_WORDS words at most ("Sort: Best Match",
 * "Sort by: Price, low to high", "Sort :"); a sentence that says "sort
 * by" has no colon.  WCXB dev: 24 lines on 18 pages (shops' grids, a
 * repository list), none in a reference. */
#define SORT_WORDS	5

static bool
sort_words(const char *low)
{
	size_t n = 0;

	if (strncmp(low, "sort", 4) != 0)
		return false;
	low += 4;
	if (strncmp(low, " by", 3) == 0)
		low += 3;
	while (*low == ' ')
		low++;
	if (*low++ != ':')
		return false;
	for (; *low != '\0'; low++)
		if (*low == ' ' && low[1] != ' ' && low[1] != '\0' &&
		    ++n >= SORT_WORDS)
			return false;
	return true;
}

/* Whether low (lower case) is a link's that skips to a part of the
 * page: "skip to" and a part's name ("Skip to main content", "Skip To
 * Product Results", "Skip to the main content", "Skip to selected
 * filters"), which the page shows only while the link has the
 * keyboard's focus, by classes of its own ("display--hide-visual").
 * A part's name, so that "Skip to our section on costs" stays.  WCXB
 * dev: 7 lines on 7 pages, none in a reference (the skip links that
 * ui_phrases[] names whole were already out). */
static bool
skip_words(const char *low)
{
	static const char *const parts[] = {
		"content", "filters", "footer", "header", "main", "menu",
		"nav", "navigation", "page", "primary", "product", "results",
		"search", "selected", "sidebar", "toolbar",
	};

	if (strncmp(low, "skip to ", 8) != 0)
		return false;
	low += 8;
	if (strncmp(low, "the ", 4) == 0)
		low += 4;
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		size_t k = strlen(parts[i]);

		if (strncmp(low, parts[i], k) == 0 &&
		    (low[k] == '\0' || low[k] == ' '))
			return true;
	}
	return false;
}

/* A line's words as the control checks below read them: without the
 * signs around them (arrows, bullets, colons, a count's sign), ASCII
 * in lower case, in low (cap bytes); false if they do not fit. */
static bool
control_low(const char *s, size_t n, char *low, size_t cap)
{
	size_t i = 0;

	for (;;) {
		size_t k = 0;

		if (n == 0)
			break;
		while (k < 3 && k + 1 < n &&
		    ((unsigned char)s[n - 1 - k] & 0xc0) == 0x80)
			k++;	/* back to the start of the last character */
		if (sign_bytes(s + n - 1 - k, k + 1) != k + 1)
			break;
		n -= k + 1;
	}
	while (i < n) {
		size_t k = sign_bytes(s + i, n - i);

		if (k == 0)
			break;
		i += k;
	}
	if (n - i >= cap)
		return false;
	lower_ascii(low, cap, s + i, n - i);
	return true;
}

/* Whether low (control_low()) is a control's words. */
static bool
ui_words(const char *low)
{
	size_t i;
	const char *rest;

	/* "5 min read", "12 minute read" */
	for (i = 0; is_digit((unsigned char)low[i]); i++)
		;
	rest = low + i + (low[i] == ' ');
	if (i > 0 && (strcmp(rest, "min read") == 0 ||
	    strcmp(rest, "mins read") == 0 || strcmp(rest, "minute read") == 0 ||
	    strcmp(rest, "minutes read") == 0))
		return true;
	if (machine_time(low) || time_ago(low) || view_count(low) ||
	    skip_words(low) || sort_words(low))
		return true;
	return bsearch(low, ui_phrases, sizeof ui_phrases / sizeof ui_phrases[0],
	    sizeof ui_phrases[0], cmp_phrase) != NULL;
}

/* Whether a control's text (s, n bytes; low its control_low()) is a
 * script's placeholder while it loads: a word for loading, at most
 * LOADING_WORDS words after it, and an ellipsis to end the text
 * ("Loading posts…", "Loading Reviews...", "Cargando...",
 * "Chargement…"; lower_ascii() leaves a non-ASCII capital as it is, so
 * "Загрузка" is listed as written).  The ellipsis keeps "Loading Docks"
 * a heading.
 * wcxb-dev: 19 such lines on 5 pages, none in a reference; the 5 pages
 * rose (all halves 0.88515/0.88308 -> 0.88517/0.88309), none fell. */
#define LOADING_WORDS	2

static bool
loading_words(const char *low, const char *s, size_t n)
{
	static const char *const loading[] = {
		"caricamento", "cargando", "carregando", "chargement",
		"laden", "loading", "wird geladen", "yükleniyor",
		"ładowanie", "Ładowanie", "загрузка", "Загрузка",
	};
	size_t len = 0, after = 0;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
	    s[n - 1] == '\n'))
		n--;
	if (n < 3 || (memcmp(s + n - 3, "...", 3) != 0 &&
	    memcmp(s + n - 3, "\xe2\x80\xa6", 3) != 0))
		return false;
	for (size_t k = 0; k < sizeof loading / sizeof loading[0]; k++) {
		len = strlen(loading[k]);
		if (strncmp(low, loading[k], len) == 0 &&
		    (low[len] == '\0' || low[len] == ' ' || low[len] == '.'))
			break;
		len = 0;
	}
	if (len == 0)
		return false;
	for (const char *p = low + len; *p != '\0'; p++)
		if (*p != ' ' && *p != '.' && (p[-1] == ' ' || p[-1] == '.'))
			after++;
	return after <= LOADING_WORDS;
}

/* Whether low (control_low()) is a table of contents' heading ("Table
 * of contents", "Contents", "On this page"):
 * a control beside the text on any page but documentation, whose
 * references keep it (wcxb-dev: of the 41 such lines given, 3 in a
 * reference, one of them documentation's; halves 0.88006/0.87710 ->
 * 0.88008/0.87713, 30 pages). */
static bool
toc_words(const char *low)
{
	static const char *const heads[] = {
		"contents", "in this article", "on this page",
		"table of contents",
	};

	for (size_t k = 0; k < sizeof heads / sizeof heads[0]; k++)
		if (strcmp(low, heads[k]) == 0)
			return true;
	return false;
}

/* Whether low (lower case) is a forum member's figures beside a post:
 * "Posts: 1,024", "312 posts", "Reputation: 40", "8 helpful votes",
 * "Joined: Mar 2019", "Member since 2011".  Metadata of the poster, not
 * the post (wcxb-dev: 70 such lines on forums, 2 in a reference). */
static bool
member_stat(const char *low)
{
	static const char *const counts[] = {
		"answers", "helpful votes", "likes", "messages", "points",
		"posts", "reactions", "reaction score", "replies",
		"reputation", "solutions", "threads",
	};
	static const char *const since[] = {
		"joined", "member since", "registered",
	};
	const char *p;
	size_t k;

	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		k = strlen(counts[i]);
		if (strncmp(low, counts[i], k) == 0) {	/* "Posts: 12" */
			p = low + k;
			if (*p == ':')
				p++;
			while (*p == ' ')
				p++;
			k = view_amount(p);
			if (k > 0 && p[k] == '\0')
				return true;
		}
	}
	if ((k = view_amount(low)) > 0 && low[k] == ' ')	/* "12 posts" */
		for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
			if (strcmp(low + k + 1, counts[i]) == 0)
				return true;
	for (size_t i = 0; i < sizeof since / sizeof since[0]; i++) {
		k = strlen(since[i]);
		if (strncmp(low, since[i], k) == 0 &&
		    (low[k] == ':' || low[k] == ' ')) {
			size_t n = strlen(low);

			/* a year at the end: "Joined: Mar 2019" */
			if (n < k + 5 || is_digit((unsigned char)low[n - 5]) ||
			    (low[n - 4] != '1' && low[n - 4] != '2'))
				return false;
			for (size_t d = n - 3; d < n; d++)
				if (!is_digit((unsigned char)low[d]))
					return false;
			return true;
		}
	}
	return false;
}

/* Whether a child of element i holds all its text: then i says nothing
 * its child does not, and only the child is looked at (a chain of
 * 100,000 wrappers around one word costs one look, not 100,000). */
static bool
child_holds_all(const struct extract *x, size_t i)
{
	const struct el *els = x->els;

	for (size_t j = i + 1; j < els[i].end; j = els[j].end)
		if (els[j].chars == els[i].chars)
			return true;
	return false;
}

/* What a sibling of an inline element does to its line: ends it (a
 * block, a <br>), adds to it (text, an element with text) or nothing
 * (white space, a comment, an icon or an image). */
enum { SIB_NOTHING, SIB_ENDS, SIB_ADDS };

static int
sibling_in_line(struct extract *x, const xmlNode *n)
{
	const struct el *e;

	switch (n->type) {
	case XML_ELEMENT_NODE:
		if ((tag_flags(n->name) & TF_BLOCK) ||
		    strcmp((const char *)n->name, "br") == 0)
			return SIB_ENDS;
		/* what step 5 pruned (a button, a link's button) adds
		 * nothing to the line */
		e = el_of(x, n);
		return e != NULL && e->cchars > 0 && !(e->flags & F_DEAD) ?
		    SIB_ADDS : SIB_NOTHING;
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
		for (const xmlChar *c = n->content; c && *c; c++)
			if (*c != ' ' && *c != '\t' && *c != '\n' && *c != '\r' &&
			    *c != '\f')
				return SIB_ADDS;
		return SIB_NOTHING;
	default:
		return SIB_NOTHING;
	}
}

/* Whether element i is a line of the text of its own: a block, or an
 * inline element with nothing beside it up to its block but blocks,
 * line breaks and elements without text ("<div><span>Moderator</span>
 * <div>Posts: 9</div></div>", an icon before "5 min read"). */
static bool
own_line(struct extract *x, size_t i)
{
	const struct el *els = x->els;

	for (uint32_t a = (uint32_t)i; !(els[a].tf & TF_BLOCK);
	    a = els[a].parent) {
		const xmlNode *n = els[a].node;
		int k = SIB_NOTHING;

		for (const xmlNode *s = n->prev; s && k == SIB_NOTHING;
		    s = s->prev)
			k = sibling_in_line(x, s);
		for (const xmlNode *s = n->next; s && k != SIB_ADDS &&
		    (k = sibling_in_line(x, s)) != SIB_ENDS; s = s->next)
			;
		if (k == SIB_ADDS || els[a].parent == NONE)
			return false;
	}
	return true;
}

/* Picture credits outside a <figcaption>, on any type of page
 * ("Credit: Getty Images / fizkes", "Image: Rob Schultz", "Source:
 * statista.com", "Photo illustration: Consumer Reports", "Courtesy of
 * brand", "Travnikov / Shutterstock"): who made the picture beside the
 * line, not the text.  A line of CREDIT_CHARS at most (white space
 * aside) that begins with a credit's label and a colon, or is a label of
 * two words alone, or "Courtesy of" someone, or names a stock agency
 * before or after a "/".  wcxb-dev: of the 134 such lines we gave on
 * articles, 17 in a reference (a roundup's credits to the blogs it
 * shows, "Source: GitHut 2.0" under a chart); news benchmarks' article
 * bodies have none.  Halves 0.88234/0.88001 -> 0.88237/0.88009 (on
 * articles only: 0.88235/0.88006); Readability's pages, which keep
 * credits, 0.9655 either way. */
#define CREDIT_CHARS	100

static bool
credit_words(const char *low)
{
	static const char *const labels[] = {
		"credit", "credits", "featured image", "featured image credit",
		"graphic", "header image", "illustration", "illustrations",
		"image", "image courtesy", "image credit", "image credits",
		"image source", "images", "lead image", "photo",
		"photo courtesy", "photo credit", "photo credits",
		"photo illustration", "photo source", "photograph",
		"photographs", "photos", "picture", "picture credit",
		"source", "top image", "來源", "图片来源", "圖片來源",
		"摄影", "攝影", "来源", "編輯", "编辑", "責任編輯", "责任编辑",
	};
	static const char *const agencies[] = {
		"adobe stock", "alamy", "depositphotos", "getty", "getty images",
		"istock", "istockphoto", "pexels", "pixabay", "shutterstock",
		"unsplash",
	};
	char label[32];
	const char *p = low, *slash, *colon, *colon_at = NULL;
	size_t k;

	if (*p == '(')
		p++;
	k = strcspn(p, ":)");
	/* a Chinese label ends at a fullwidth colon: "责任编辑：马骏" */
	if ((colon = strstr(p, "\xef\xbc\x9a")) != NULL &&
	    (size_t)(colon - p) < k) {
		k = (size_t)(colon - p);
		colon_at = p + k;
	}
	if (k < sizeof label) {
		const char *end = p + k;

		memcpy(label, p, k);
		label[k] = '\0';
		while (k > 0 && label[k - 1] == ' ')
			label[--k] = '\0';
		/* "Image: ...", or a label of two words alone: "(Image
		 * Source)", "Photo credit" ("Photos" alone is a heading) */
		if (bsearch(label, labels, sizeof labels / sizeof labels[0],
		    sizeof labels[0], cmp_phrase) != NULL && (*end == ':' ||
		    end == colon_at ||
		    (strchr(label, ' ') != NULL && (*end == '\0' ||
		    strcmp(end, ")") == 0))))
			return true;
	}
	if (strncmp(low, "courtesy of ", 12) == 0)
		return true;
	/* "Tada Images / Shutterstock", "Getty Images / Holger Leue" */
	if ((slash = strrchr(low, '/')) != NULL) {
		while (*++slash == ' ')
			;
		if (bsearch(slash, agencies, sizeof agencies / sizeof agencies[0],
		    sizeof agencies[0], cmp_phrase) != NULL)
			return true;
	}
	if ((slash = strchr(low, '/')) != NULL && slash > low) {
		k = (size_t)(slash - low);
		while (k > 0 && low[k - 1] == ' ')
			k--;
		if (k < sizeof label) {
			memcpy(label, low, k);
			label[k] = '\0';
			if (bsearch(label, agencies, sizeof agencies /
			    sizeof agencies[0], sizeof agencies[0],
			    cmp_phrase) != NULL)
				return true;
		}
	}
	return false;
}

/* Mark the outermost short elements of the text whose words are a
 * control's or a picture's credit (F_OUT): step 8 leaves them out. */
static void
ui_controls(struct extract *x)
{
	struct el *els = x->els;
	char low[CREDIT_CHARS * 4 + 8];

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		bool control;

		if (!(e->flags & F_INROOT) || (e->flags & F_DEAD)) {
			if (e->flags & F_DEAD)
				i = e->end - 1;
			continue;
		}
		if (e->tf & TF_PRE) {	/* code is code */
			i = e->end - 1;
			continue;
		}
		if (e->chars == 0 || e->chars > CREDIT_CHARS ||
		    child_holds_all(x, i))
			continue;
		/* a block, or an inline element that is its block's line */
		if (!own_line(x, i))
			continue;
		inline_text(x, e->node, &x->tmp);
		if (!control_low(x->tmp.p, x->tmp.len, low, sizeof low))
			continue;
		/* a control's words: UI_CHARS characters, as many bytes and a
		 * few */
		control = e->chars <= UI_CHARS && strlen(low) < UI_CHARS + 8;
		if ((control && (ui_words(low) ||
		    loading_words(low, x->tmp.p, x->tmp.len) ||
		    (x->type != PAGETYPE_DOCUMENTATION && toc_words(low)) ||
		    (x->type == PAGETYPE_FORUM && member_stat(low)))) ||
		    credit_words(low)) {
			e->flags |= F_OUT;
			i = e->end - 1;
		}
		/* else a control may be inside it: a header of "Recent
		 * posts" and a "See all" link */
	}
}

/* An article's dateline: a line at its head that is its date and the
 * words around it ("Posted on", "Last updated", "5 min read"; in the
 * languages of date.c's month names too: "Veröffentlicht am", "Publié
 * le", "Publicado por", "Aggiornato il", "Bijgewerkt op") and little
 * else: its author at most, DATELINE_WORDS words.  It is the metadata's
 * (--fields date,author), not the text: the references of wcxb-dev
 * hold 6 of the 126 such lines we gave on 109 articles, and article
 * benchmarks' (a page's articleBody) none.  Only lines before the
 * article's first block of DATELINE_BODY characters or more (its first
 * paragraph: a date further down is the text's own), of at most
 * DATELINE_CHARS, with a plausible date (1995 to now: "7 May 1856" is
 * history).  wcxb-dev: article 0.9535/0.9534 -> 0.9539/0.9536 (halves),
 * no type falls; Readability's pages keep some datelines (0.9697 ->
 * 0.9695).  A reading time stands for the date ("By Ann Lee · 5 min
 * read", "4 min read time" with no date beside it): five more articles
 * rose, none fell (article halves 0.95884/0.95898 -> 0.95886/0.95899),
 * Readability's pages unchanged; of all the lines with a reading time
 * we gave on wcxb-dev's articles, the references keep none. */
#define DATELINE_WORDS	3
#define DATELINE_BODY	150
#define DATELINE_CHARS	120

/* Whether word w (n bytes) is one of a word list (lower-cased ASCII,
 * sorted). */
static bool
word_in(const char *w, size_t n, const char *const *list, size_t count)
{
	char low[16];

	if (n >= sizeof low)
		return false;
	lower_ascii(low, sizeof low, w, n);
	return bsearch(low, list, count, sizeof list[0], cmp_phrase) != NULL;
}

static bool
dateline_filler(const char *w, size_t n)
{
	static const char *const fill[] = {
		"actualizado", "aggiornato", "aktualisiert", "am",
		"at", "atualizado", "author", "bijgewerkt", "by",
		"date", "del", "di", "door", "edited", "el", "em",
		"gepubliceerd", "geändert", "il", "jour", "last", "le",
		"lectura", "lecture", "leestijd", "leitura",
		"lesezeit", "lettura", "min", "mins", "minute",
		"minutes", "mis", "modified", "modifié", "on", "op",
		"originally", "par", "pm", "por", "posted",
		"pubblicato", "publicado", "published", "publié",
		"read", "reading", "reviewed", "time", "uhr", "um",
		"updated", "veröffentlicht", "von", "written",
		"zuletzt",
	};

	return word_in(w, n, fill, sizeof fill / sizeof fill[0]);
}

/* The words of s[0..n) other than a dateline's: numbers and a lone
 * sign ("·", "📅") are not words. */
static size_t
dateline_others(const char *s, size_t n)
{
	size_t other = 0;

	for (size_t i = 0, j; i < n; i = j) {
		bool letter = false;

		if (!word_byte((unsigned char)s[i])) {
			j = i + 1;
			continue;
		}
		for (j = i; j < n && word_byte((unsigned char)s[j]); j++)
			letter |= is_lower((unsigned char)s[j]) ||
			    is_upper((unsigned char)s[j]);
		if ((letter || j - i > 4) && !dateline_filler(s + i, j - i))
			other++;
	}
	return other;
}

/* Whether s (n bytes) gives a reading time: a number, a minute's word
 * just after it, and a word of reading in the line ("5 min read",
 * "12-minute read", "Lesezeit: 4 Min.", "3 min de lectura"). */
static bool
reading_time(const char *s, size_t n)
{
	static const char *const minutes[] = {
		"min", "mins", "minute", "minuten", "minutes", "minuti",
		"minuto", "minutos",
	};
	static const char *const reading[] = {
		"lectura", "lecture", "leestijd", "leitura", "lesezeit",
		"lettura", "read", "reading",
	};
	bool number = false, timed = false, read = false;

	for (size_t i = 0, j; i < n; i = j) {
		bool digits = true;

		if (!word_byte((unsigned char)s[i])) {
			j = i + 1;
			continue;
		}
		for (j = i; j < n && word_byte((unsigned char)s[j]); j++)
			digits &= is_digit((unsigned char)s[j]);
		if (number && word_in(s + i, j - i, minutes,
		    sizeof minutes / sizeof minutes[0]))
			timed = true;
		if (word_in(s + i, j - i, reading,
		    sizeof reading / sizeof reading[0]))
			read = true;
		number = digits;
	}
	return timed && read;
}

/* Whether s (n bytes) is a dateline: a plausible date or a reading
 * time or both, and DATELINE_WORDS other words at most. */
static bool
dateline_words(const char *s, size_t n, int64_t now)
{
	struct date d;
	size_t other = 0;
	bool dated = reading_time(s, n);

	while (n > 0 && date_find(s, n, 0, &d)) {
		if (!date_plausible(&d, now))
			return false;
		dated = true;
		other += dateline_others(s, d.at);
		s += d.end;
		n -= d.end;
	}
	other += dateline_others(s, n);
	return dated && other <= DATELINE_WORDS;
}

static void
datelines(struct extract *x)
{
	struct el *els = x->els;
	int64_t now = date_now();

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];

		if (!(e->flags & F_INROOT) ||
		    (e->flags & (F_DEAD | F_OUT | F_SKIP))) {
			if (e->flags & (F_DEAD | F_OUT | F_SKIP))
				i = e->end - 1;	/* the headline too */
			continue;
		}
		if ((e->tf & TF_BLOCK) && e->own + e->inl >= DATELINE_BODY)
			return;		/* the article's body has begun */
		if (e->chars == 0 || e->chars > DATELINE_CHARS ||
		    child_holds_all(x, i))
			continue;
		if (!own_line(x, i))
			continue;
		inline_text(x, e->node, &x->tmp);
		if (dateline_words(x->tmp.p, x->tmp.len, now)) {
			e->flags |= F_OUT;
			i = e->end - 1;
		}
	}
}

/* An article's captions (<figcaption>) are not its text: what a picture
 * shows and who took it.  The references of wcxb-dev hold 63 of the 724
 * caption lines we gave on article pages (article F1 halves
 * 0.9538/0.9536 -> 0.9551/0.9550, all 0.8703/0.8654 -> 0.8710/0.8662;
 * a documentation page typed as an article lost 0.02), and an article's
 * body as news benchmarks take it has none.  Readability keeps them:
 * its 130 pages fall 0.9695 -> 0.9669 (precision up, recall down).  The
 * other types keep theirs: a collection's pictures are its items. */
static void
captions(struct extract *x)
{
	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &x->els[i];

		if ((e->flags & F_INROOT) && strcmp((const char *)e->node->name,
		    "figcaption") == 0) {
			e->flags |= F_OUT;
			i = e->end - 1;
		}
	}
}

/* A thread's labels: each post says who wrote it with the same words
 * ("Registered User", "Join Date", "Posts: 1,077", "Reply With Quote",
 * a member's rank).  On a forum page a line shorter than REPEAT_CHARS
 * that the text gives REPEAT_MIN times or more, outside code, is such a
 * label and is left out (a poster's name written over each of their
 * posts goes with them).  wcxb-dev: 467 lines left out, 56 of them in
 * the references (names); forum halves 0.7783/0.7976 -> 0.7798/0.8007,
 * no half of another type falls; twice, or under 20 or 25 characters,
 * did less on one half or took a product page's lines.  A date a person
 * reads ("Oct 8, 2024", "28/11/2025 at 7:07 pm") is not a label: it is
 * when each post was written, and the references keep it under the
 * poster's name (forum halves 0.79948/0.82444 -> 0.80031/0.82444; each
 * month's dates were one label, and three posts of a month lost theirs).
 * A machine's ("2018-05-21 20:37:55 +00:00") the references leave out,
 * and it stays a label (with it, forum B fell 0.00005).  Nor is a
 * poster's name, a line that is all a link to their profile: the
 * references keep it over each post (13 names on 5 pages, all in their
 * references; forum halves 0.80031/0.82444 -> 0.80041/0.82447). */
#define REPEAT_CHARS	30
#define REPEAT_MIN	3

struct repeat {
	uint64_t	 hash;
	uint32_t	 el;
};

static int
cmp_repeat(const void *a, const void *b)
{
	const struct repeat *p = a, *q = b;

	return p->hash < q->hash ? -1 : p->hash > q->hash;
}

/* A label's words as a hash: a line's words with its numbers as one
 * sign ("29,553 posts" and "9,239 posts" are one label), and of a line
 * "Words: value" its words before the colon only ("Join Date: Mar
 * 2016", "Location: Ohio").  WCXB dev: forum halves 0.7807/0.8028 ->
 * 0.7830/0.8049 (a post's header of its author, date and number given
 * for three posts in a month comes out too: some references keep it),
 * all 0.87542/0.86985 -> 0.87560/0.87004, no type falls.  A line is
 * an element without blocks below it: a poster's box of a name over a
 * count ("Reddig" over "5,258 posts"), short as a whole, is two lines
 * (forum halves 0.7830/0.8049 -> 0.7842/0.8056).  A heading's numbers
 * stay its own ("Story 1 about new headphones" over each card of a
 * topic's page). */
static uint64_t
label_hash(const char *s, size_t n)
{
	char k[REPEAT_CHARS * 5];	/* 4 bytes a character, a space
					   between them: the whole line */
	size_t m = 0;
	const char *colon = memchr(s, ':', n);

	if (colon != NULL && colon > s) {
		bool digit = false;

		for (const char *p = s; p < colon; p++)
			digit |= is_digit((unsigned char)*p);
		if (!digit)
			n = (size_t)(colon - s) + 1;
	}
	for (size_t i = 0; i < n && m < sizeof k; i++) {
		if (is_digit((unsigned char)s[i]) || ((s[i] == ',' ||
		    s[i] == '.') && i > 0 && is_digit((unsigned char)s[i - 1]) &&
		    i + 1 < n && is_digit((unsigned char)s[i + 1]))) {
			if (m == 0 || k[m - 1] != '#')
				k[m++] = '#';
			continue;
		}
		k[m++] = s[i];
	}
	return XXH3_64bits(k, m);
}

/* Whether s[0..n) is a date and little else, written for people: not
 * ISO 8601's year first ("2024-01-04 11:37:44"). */
static bool
posted_date(const char *s, size_t n)
{
	struct date d;

	return date_find(s, n, 0, &d) && d.at <= 3 && d.end + 3 >= n &&
	    !(n > 4 && s[4] == '-' && is_digit((unsigned char)s[0]));
}

/* Whether a line (s, n bytes, white space around it) is a post's date
 * for people, its number before it or not ("#1 · Jan 14, 2024").  On a
 * forum such a line is kept though it is a link (to the post) and
 * though each post gives one: the references keep it under the
 * poster's name.  WCXB dev: forum halves 0.80085/0.82459 ->
 * 0.80302/0.82522 (13 pages up, 8 down: some references leave every
 * date out), no other type moved. */
static bool
post_date_line(const char *s, size_t n)
{
	size_t at = 0, k;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	while (at < n && isspace((unsigned char)s[at]))
		at++;
	if (at < n && s[at] == '#') {
		for (at++; at < n && is_digit((unsigned char)s[at]); at++)
			;
		while (at < n && (k = isspace((unsigned char)s[at]) ? 1 :
		    sign_bytes(s + at, n - at)) > 0)
			at += k;
	}
	return posted_date(s + at, n - at);
}

/* Whether element i is a heading or inside one, up to its block. */
static bool
in_heading(const struct extract *x, size_t i)
{
	for (uint32_t a = (uint32_t)i; a != NONE; a = x->els[a].parent) {
		if (x->els[a].tf & TF_HEAD)
			return true;
		if (x->els[a].tf & TF_BLOCK)
			break;
	}
	return false;
}

/* Whether element i's text is all a link to a member's profile ("/u/",
 * "/user/", "/users/", "/members/", "/profile/", phpBB's "viewprofile"):
 * a poster's name. */
static bool
member_name(const struct extract *x, size_t i)
{
	static const char *const paths[] = { "/u/", "/user/", "/users/",
	    "/member", "/profile", "viewprofile",
	};

	for (size_t k = i; k < x->els[i].end; k++) {
		const char *h;

		if (!(x->els[k].tf & TF_A) || x->els[k].chars != x->els[i].chars)
			continue;
		if ((h = html_attr(x->els[k].node, "href")) == NULL)
			return false;
		for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++)
			if (strstr(h, paths[p]) != NULL)
				return true;
		return false;
	}
	return false;
}

static void
thread_labels(struct extract *x)
{
	struct el *els = x->els;
	struct repeat *r = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];

		if (!(e->flags & F_INROOT) ||
		    (e->flags & (F_DEAD | F_OUT | F_SKIP))) {
			if (e->flags & (F_DEAD | F_OUT | F_SKIP))
				i = e->end - 1;
			continue;
		}
		if (e->tf & TF_PRE) {	/* code is code */
			i = e->end - 1;
			continue;
		}
		if (e->chars == 0 || e->chars >= REPEAT_CHARS ||
		    (e->flags & F_HASBLOCK) || child_holds_all(x, i) ||
		    !own_line(x, i))
			continue;
		inline_text(x, e->node, &x->tmp);
		if (member_name(x, i) || post_date_line(x->tmp.p, x->tmp.len)) {
			i = e->end - 1;
			continue;
		}
		if (n == cap)
			r = xgrow_array(r, &cap, n + 1, sizeof *r);
		/* a heading's number is its own: "Part 1", "Story 2" */
		r[n].hash = in_heading(x, i) ?
		    XXH3_64bits(x->tmp.p, x->tmp.len) :
		    label_hash(x->tmp.p, x->tmp.len);
		r[n++].el = (uint32_t)i;
		i = e->end - 1;
	}
	if (n > 0)
		qsort(r, n, sizeof *r, cmp_repeat);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && r[j].hash == r[i].hash; j++)
			;
		if (j - i >= REPEAT_MIN)
			for (size_t k = i; k < j; k++)
				els[r[k].el].flags |= F_OUT;
	}
	free(r);
}

/* A forum post's date inside a box pruned as noise (an author column,
 * a post's header named for its author): the first <time> in it that
 * is a date for people and nothing else, and not a member's (after
 * "Joined", "Member since": member_date(); a <time>, for such dates are
 * mostly written as text).  The references keep it over
 * each post.  A box with links to more than POST_PROFILES members'
 * profiles is a list of members, not a post's.  WCXB dev: forum halves
 * 0.80302/0.82522 -> 0.80411/0.82541 (6 pages up, 9 down whose
 * references leave the dates out).  Its poster's name, the link to
 * their profile in the same box, did worse: the references of
 * question-and-answer sites leave the user cards out, and forum B fell
 * (0.82522 -> 0.82476) even where the post shows the name elsewhere. */
#define POST_PROFILES	2
#define MEMBER_LABEL	40	/* bytes of the text before a <time> read */

/* Whether the text just before a <time> (t) says it is a member's date
 * ("Joined", "Member since", "Last seen"), not the post's: the node
 * before it, or before its parent when it comes first, a text or a
 * short element, ends with such a label and perhaps a colon. */
static bool
member_date(struct extract *x, const xmlNode *t)
{
	static const char *const labels[] = {
		"birthday", "join date", "joined", "last active",
		"last online", "last seen", "last visit", "member since",
		"registered", "since",
	};
	const xmlNode *p = t->prev != NULL ? t->prev :
	    t->parent != NULL ? t->parent->prev : NULL;
	const struct el *pe;
	const xmlChar *c;
	xmlChar *copy = NULL;
	char low[MEMBER_LABEL + 1];
	size_t n, at;
	bool label = false;

	if (p == NULL || (p->type != XML_TEXT_NODE &&
	    (p->type != XML_ELEMENT_NODE || (pe = el_of(x, p)) == NULL ||
	    pe->chars > MEMBER_LABEL)))
		return false;
	/* a text is read where it is; a short element's, copied */
	c = p->type == XML_TEXT_NODE ? p->content :
	    (copy = xmlNodeGetContent(p));
	if (c == NULL)
		return false;
	n = strlen((const char *)c);
	while (n > 0 && (isspace(c[n - 1]) || c[n - 1] == ':'))
		n--;
	at = n > MEMBER_LABEL ? n - MEMBER_LABEL : 0;
	lower_ascii(low, sizeof low, (const char *)c + at, n - at);
	n -= at;
	xmlFree(copy);
	for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++) {
		size_t m = strlen(labels[k]);

		if (n >= m && memcmp(low + n - m, labels[k], m) == 0 &&
		    (n == m || !isalpha((unsigned char)low[n - m - 1])))
			label = true;
	}
	return label;
}

static void
rescue_dates(struct extract *x)
{
	struct el *els = x->els;

	for (size_t i = 0; i < x->nels; i++) {
		struct el *e = &els[i];
		size_t date = NONE, profiles = 0;

		if (!(e->flags & F_INROOT) || !(e->flags & F_DEAD) ||
		    (e->flags & F_OUT))
			continue;
		for (size_t k = i + 1; k < e->end; k++) {
			const struct el *c = &els[k];

			if (c->chars == 0 || (c->flags & F_OUT))
				continue;
			if ((c->tf & TF_A) && member_name(x, k))
				profiles++;
			else if (date == NONE && tag_is(c, "time") &&
			    !member_date(x, c->node)) {
				inline_text(x, c->node, &x->tmp);
				if (post_date_line(x->tmp.p, x->tmp.len))
					date = k;
			}
		}
		if (date != NONE && profiles <= POST_PROFILES) {
			x->rescued = xgrow_array(x->rescued, &x->caprescued,
			    x->nrescued + 1, sizeof *x->rescued);
			x->rescued[x->nrescued++] = (uint32_t)date;
		}
		i = e->end - 1;
	}
}

static void
run(struct extract *x, xmlDoc *doc, const char *url)
{
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	xmlNode *title = NULL;
	bool from_head = true;

	x->title.len = x->text.len = x->line.len = 0;
	x->chars = x->pruned = 0;
	x->hidden_out = 0;
	x->hidden_tabs = 0;
	x->headers_out = 0;
	x->no_blocks = true;
	x->comments.len = x->ncomments = 0;
	x->nrescued = 0;
	if (x->markdown)
		markdown_begin(&x->md, url);
	x->nels = 0;
	memset(&x->ev, 0, sizeof x->ev);
	x->keep_comments = x->keep_links = x->prune_reviews = false;
	x->keep_galleries = false;
	x->post_comments = false;
	x->canonical.len = 0;
	jsonld_reset(&x->ld);
	/* step 3 (and what steps 4 to 8 read of each element) */
	if (root != NULL) {
		flatten(x, root, &title);
		shared_places(x);
	}
	jsonld_finish(&x->ld);
	if (title != NULL)
		for (const xmlNode *c = title->children; c != NULL; c = c->next)
			if (c->type == XML_TEXT_NODE && c->content != NULL)
				pagetype_title(&x->ev, (const char *)c->content);
	if (url != NULL)
		pagetype_url(&x->ev, url);
	else if (x->canonical.len > 0)
		pagetype_url(&x->ev, buf_cstr(&x->canonical));
	x->type = PAGETYPE_ARTICLE;
	if (x->nels > 0) {
		uint32_t best;
		struct el *h1;
		bool empty;

		sums(x);
		boxes(x);			/* step 4's box headings */
		best = prune_and_choose(x);	/* steps 4 to 6 */
		x->pruned += x->pruned_steps;
		evidence(x);
		if (best == NONE)
			x->els[body_of(x)].flags |= F_ROOT;
		else {
			content(x, best);	/* steps 6 and 7 */
			spread(x);		/* step 6, last */
		}
		x->type = pagetype_decide(&x->ev);
		profile(x);			/* what the type changes */
		/* step 8 */
		h1 = headline(x);	/* marks F_INROOT too */
		ui_controls(x);
		if (x->type == PAGETYPE_ARTICLE) {
			datelines(x);
			captions(x);
		}
		if (x->type == PAGETYPE_FORUM) {
			thread_labels(x);
			rescue_dates(x);
		}
		if (h1 != NULL) {
			inline_text(x, h1->node, &x->title);
			if (x->title.len > 0) {
				from_head = false;
				h1->flags |= F_SKIP;
			}
		}
		walk_roots(x, false);
		/* A page whose text is all short lines or links ("Test", a
		 * list of five words) would give nothing: then it gives
		 * all of them, rather than an empty answer. */
		empty = x->text.len == 0;
		x->no_blocks = empty;
		if (empty)
			walk_roots(x, true);
	}
	if (x->nels > 0)
		supply(x);
	if (x->title.len == 0 && title != NULL) {
		inline_text(x, title, &x->title);
		if (x->strip_site)
			strip_site(&x->title);
	}
	if (x->title.len == 0 && url != NULL)
		url_title(x, url, &x->title);
	if (x->want_comments && x->nels > 0)
		comments(x);
	if (x->markdown)
		markdown_end(&x->md);
	/* a headline that did not come from an h1 of the text may still
	 * open it */
	if (from_head && x->title.len > 0 && x->text.len >= x->title.len &&
	    memcmp(x->text.p, x->title.p, x->title.len) == 0 &&
	    (x->text.len == x->title.len || x->text.p[x->title.len] == '\n')) {
		size_t cut = x->title.len + (x->text.len > x->title.len);

		memmove(x->text.p, x->text.p + cut, x->text.len - cut);
		x->text.len -= cut;
		if (x->markdown)
			markdown_cut_first(&x->md);
	}
	x->chars = charset_chars(x->text.p, x->text.len);
	/* a page without any text is of no type */
	x->pagetype = x->nels > 0 && x->els[0].chars > 0 ?
	    pagetype_name(x->type) : NULL;
}

/* The words of a text: runs of bytes between spaces and line ends. */
static size_t
text_words(const struct buf *b)
{
	size_t w = 0;

	for (size_t i = 0; i < b->len; i++)
		w += b->p[i] != ' ' && b->p[i] != '\n' &&
		    (i == 0 || b->p[i - 1] == ' ' || b->p[i - 1] == '\n');
	return w;
}

/* A page that has no block of text (step 8 kept nothing but for the
 * short lines it falls back to) while a style attribute, a hiding class
 * or aria-hidden="true" hid something is a page a script reveals: a
 * store's lock-down app wraps all of it in display:none until it has
 * run, a fade-in starts from visibility:hidden, a preloader takes "hide"
 * off the page's wrapper, a modal left open marks the page aria-hidden.
 * It is read again as if none of them hid anything, and that text is
 * kept if it has REVEAL_WORDS words or more (the pages of wcxb-dev whose
 * reference text is empty have a word or four behind such a style, a
 * "Loading" or a counter: they set 10).  On wcxb-dev 4 of the 27 empty
 * pages gain their text by the style, F1 0.838 to 0.839, both halves up;
 * 3 more by the class and aria-hidden, 0.858 to 0.859 (half A 0.857 ->
 * 0.860, B unchanged; the hidden attribute as well lost a listing whose
 * reference is empty, 1.0 -> 0, and was left out).  A page with text is
 * read once, as before. */
#define REVEAL_WORDS	10

void
extract_run(struct extract *x, xmlDoc *doc, const char *url)
{
	if (doc != NULL)
		streamed_place(doc);
	run(x, doc, url);
	/* Documentation's tabs are its text: every language's code sample,
	 * every system's steps, where the page shows one (a page still of
	 * that type with them; the other types keep the tab shown: products'
	 * boilerplate tabs came in, and service pages' half B fell).
	 * wcxb-dev: documentation half A 0.9221 -> 0.9332, B unchanged, no
	 * other page changed.  A panel hidden by aria-hidden="true" too (a
	 * docs theme writes it beside hidden): documentation B 0.9240 ->
	 * 0.9275, two pages, nothing else moved.  And a header that holds
	 * the h1 and an introduction is its text (headline_header()): on
	 * every page the same rule cost articles' halves 0.0001 (their
	 * standfirsts) for a documentation page and a collection; here,
	 * documentation A 0.9336 -> 0.9384, one page, no other. */
	if (x->type == PAGETYPE_DOCUMENTATION &&
	    (x->hidden_tabs > 0 || x->headers_out > 0)) {
		x->show_tabs = true;
		x->keep_headers = true;
		run(x, doc, url);
		if (x->type != PAGETYPE_DOCUMENTATION) {
			x->show_tabs = x->keep_headers = false;
			run(x, doc, url);
		}
	}
	if (x->hidden_out > 0 && x->no_blocks) {
		x->show_hidden = true;
		run(x, doc, url);
		x->show_hidden = false;
		if (text_words(&x->text) < REVEAL_WORDS)
			run(x, doc, url);
	}
	x->show_tabs = x->keep_headers = false;
}

void
extract_free(struct extract *x)
{
	free(x->els);
	x->els = NULL;
	x->nels = x->capels = 0;
	buf_free(&x->title);
	buf_free(&x->text);
	buf_free(&x->line);
	buf_free(&x->tmp);
	buf_free(&x->canonical);
	jsonld_free(&x->ld);
	idtab_free(&x->lines);
	free(x->drops);
	x->drops = NULL;
	x->ndrops = x->capdrops = 0;
	free(x->copies);
	x->copies = NULL;
	x->ncopies = x->capcopies = 0;
	free(x->sigs);
	x->sigs = NULL;
	x->capsigs = 0;
	buf_free(&x->comments);
	markdown_free(&x->md);
	free(x->rescued);
	x->rescued = NULL;
	x->nrescued = x->caprescued = 0;
}

/* --- for bench/htmlexplain: why this content ------------------------------ */

void
extract_dump(const struct extract *x, FILE *f, size_t min_chars,
    bool pruned_text)
{
	static const struct { uint32_t bit; char c; } marks[] = {
		{ F_NOISE, 'N' }, { F_PAGE, 'G' }, { F_CONTENT, 'C' },
		{ F_SEM, 'S' }, { F_PARA, 'P' }, { F_PRUNED, 'X' },
		{ F_DEAD, 'd' }, { F_ROOT, 'R' }, { F_SKIP, 'T' },
		{ F_ARTICLE, 'A' }, { F_SHELL, 'H' }, { F_WEAK, 'w' },
	};

	fprintf(f, "pagetype %s: schema %#x url %#x products %u chars %u "
	    "all %u/%u/%u nlinks %u links %u ptext %u pre %u/%u prices %u carts %u times %u "
	    "comments %u articles %u cards %u/%u/%u held %u bylines %u\n",
	    x->pagetype,
	    x->ev.schema, x->ev.url, x->ev.products, x->ev.chars,
	    x->ev.all_chars, x->ev.all_link_chars, x->ev.all_links,
	    x->ev.links, x->ev.link_chars, x->ev.para_chars, x->ev.pres, x->ev.pre_chars,
	    x->ev.prices, x->ev.carts, x->ev.times, x->ev.comment_chars,
	    x->ev.articles, x->ev.cards, x->ev.card_chars, x->ev.card_links,
	    x->ev.held_chars, x->ev.bylines);
	for (size_t i = 0; i < x->nels; i++) {
		const struct el *e = &x->els[i];
		const char *cls = html_attr(e->node, "class");
		const char *id = html_attr(e->node, "id");
		char fl[sizeof marks / sizeof marks[0] + 1];
		size_t nf = 0;
		int depth = 0;

		if (e->chars < min_chars || !(e->tf & TF_BLOCK))
			continue;
		if ((e->flags & F_DEAD) && e->parent != NONE &&
		    (x->els[e->parent].flags & F_DEAD))
			continue;	/* below a pruned element */
		for (uint32_t a = e->parent; a != NONE; a = x->els[a].parent)
			depth++;
		for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
			if (e->flags & marks[k].bit)
				fl[nf++] = marks[k].c;
		fl[nf] = '\0';
		fprintf(f, "%6zu %*s%s%s%.40s%s%.30s [%s] chars %u/%u links %u "
		    "ptext %u near %u score %.0f\n", i, depth > 60 ? 60 : depth,
		    "", (const char *)e->node->name, cls ? "." : "",
		    cls ? cls : "", id ? "#" : "", id ? id : "", fl, e->cchars,
		    e->chars, e->clinks, e->cptext, e->near, e->score);
		if (pruned_text && (e->flags & F_PRUNED)) {
			xmlChar *t = xmlNodeGetContent(e->node);

			fprintf(f, "PRUNEDTEXT %s\n", t ? (const char *)t : "");
			xmlFree(t);
		}
	}
}
