/* The metadata of a page: author, dates, site, description, tags, ...,
 * from its JSON-LD (jsonld.h), its <meta> tags (OpenGraph, article:,
 * Twitter cards, Dublin Core, citation_*, the plain names), <link> and
 * <a rel>, microdata (itemprop) and <time>, and, last, a byline element
 * near the headline.  One walk over the tree (it does not recurse).
 *
 * The first source that gives a value wins, in this order (htmltext(1)
 * has the same list):
 *   AUTHOR       JSON-LD author; <meta name=author>, article:author,
 *                dc.creator, citation_author, parsely-author,
 *                sailthru.author, byl; a forum's "Thread starter"
 *                label; itemprop=author; rel=author; a
 *                byline element (class or id "author" or "byline") after
 *                the first h1 (the first one when there is no h1), the
 *                first whose text names someone (not a date, "Read the
 *                bio"); a
 *                "By", "Written by", ... text after an h1; a "Written
 *                by" text anywhere, if only one; an author link; a
 *                forum's class=username; data-author; the first byline
 *                element before the h1.  Names several, "; " between;
 *                "By " and its kind cut; URLs, e-mail addresses and
 *                values without a letter (a bullet) are no names.
 *   DATE         JSON-LD datePublished (dateCreated); article:published_time;
 *                citation_publication_date, citation_date, dc.date.issued,
 *                dc.date, dcterms.created, date, pubdate, publishdate,
 *                publish_date, parsely-pub-date, sailthru.date,
 *                og:published_time, and such names behind a vendor's
 *                prefix (w-published-date); itemprop=datePublished or
 *                dateCreated (the first); a <time> with pubdate, else
 *                the first <time datetime> in article or main, else the
 *                first one; a date element and the text after the
 *                h1; a labelled date ("Published on ..."); a date in the
 *                URL's path (/2024/03/12/); what is above the h1; a
 *                date element far past it; beside the first author
 *                link; a
 *                modification date; an "Updated ..." text.  The first
 *                plausible one (date.h); htmltext(1) has the whole order.
 *                Then a date shown beside the h1 (a <time>, the date
 *                element, the byline, the text after it) that is earlier
 *                wins when no later modification date is given.
 *   MODIFIED     JSON-LD dateModified; article:modified_time,
 *                og:updated_time, dcterms.modified, last-modified;
 *                itemprop=dateModified.
 *   SITENAME     og:site_name; JSON-LD WebSite name, publisher name;
 *                application-name; dc.publisher.
 *   DESCRIPTION  og:description; <meta name=description>; JSON-LD
 *                description; twitter:description; dc.description.
 *   CANONICAL    <link rel=canonical>; og:url.  Resolved against the URL.
 *   IMAGE        og:image; JSON-LD image; twitter:image.  Resolved.
 *   TAGS         article:tag (each); JSON-LD keywords; <meta
 *                name=keywords>: split at commas and semicolons, "; "
 *                between.
 *   CATEGORIES   article:section (each); JSON-LD articleSection.
 *   TYPE         og:type; JSON-LD main @type.
 *   LICENSE      <link rel=license> or <a rel=license>; resolved.
 *   LANG_HINT    <html lang>, <meta http-equiv=content-language>, og:locale,
 *                dc.language, JSON-LD inLanguage: hints for the language
 *                detector, not the language.
 *   TITLE_OG     og:title; JSON-LD headline; twitter:title; dc.title,
 *                citation_title: for the title (extract.h's is the h1 or
 *                <title>).
 *   SITE_TITLE   the <title> itself.
 *   H1           the text of the first h1 that has one.
 * Every value is one line of UTF-8, white space collapsed, at most
 * META_MAX_FIELD bytes (cut at a character boundary); NULL when absent.
 */
#ifndef CRAWLUTILS_META_H
#define CRAWLUTILS_META_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "buf.h"
#include "jsonld.h"
#include "url.h"

#define META_MAX_FIELD	2048
#define META_MAX_ITEMS	64	/* tags, categories, authors */

enum meta_field {
	META_AUTHOR,
	META_DATE,
	META_MODIFIED,
	META_SITENAME,
	META_DESCRIPTION,
	META_CANONICAL,
	META_IMAGE,
	META_TAGS,
	META_CATEGORIES,
	META_TYPE,
	META_LICENSE,
	META_LANG_HINT,
	META_TITLE_OG,
	META_SITE_TITLE,
	META_H1,
	META_NFIELDS
};

struct meta_src;

struct meta {
	const char	*field[META_NFIELDS];
	const char	*html_lang;	/* <html lang>, as written */
	const char	*content_language;	/* http-equiv */
	struct jsonld	 ld;
	/* scratch */
	struct meta_src	*src;
	struct buf	 strs, tmp, texts, after_h1, before_h1, after_author;
	size_t		 off[META_NFIELDS];
	struct url	 base, u;
	bool		 url_init;
	bool		 base_ok;	/* base is the page's URL, parsed */
};

/* Read doc (NULL: nothing); url, if not NULL, is the page's URL (for
 * relative links and the date in its path); now as date_now(). */
void meta_read(struct meta *m, xmlDoc *doc, const char *url, long long now);
void meta_free(struct meta *m);

/* For the unit tests: is the table of <meta> names in order? */
bool meta_keys_sorted(void);

/* Cut "By " and the like from a name; false if what is left is no
 * name (empty, a URL, an e-mail address, too long). */
bool meta_clean_author(const char *s, size_t n, struct buf *out);

#endif
