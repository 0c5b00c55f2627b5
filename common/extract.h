/* The main text of a parsed page (html.h): its title and its text, one
 * block per line.  The steps, each described in htmltext(1):
 *   3  hard noise: script, style, hidden elements, ... are not text
 *   4  structural noise: nav, aside, header, footer, form, ARIA roles, and
 *      class or id tokens that name noise, unless the element is the thin
 *      shell around the article (the seed's missing </div>)
 *   5  blocks that are mostly link text
 *   6  the content: main/article when it holds the text, else the
 *      container with the best score
 *   7  the article's parts in sibling containers
 *   8  the text, one block per line, and the title
 * Nothing here recurses: a page nested 100,000 deep is walked like any
 * other.  The scratch memory is reused from page to page. */
#ifndef CRAWLUTILS_EXTRACT_H
#define CRAWLUTILS_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libxml/tree.h>

#include "buf.h"
#include "idtab.h"
#include "jsonld.h"
#include "pagetype.h"
#include "markdown.h"

struct el;
struct sig;

struct extract {
	/* results */
	struct buf	 title;		/* one line, white space collapsed */
	struct buf	 text;		/* the blocks, joined by LF */
	size_t		 chars;		/* characters of text */
	size_t		 pruned;	/* elements removed as noise */
	enum pagetype	 type;		/* what kind of page it is */
	const char	*pagetype;	/* ... its name; NULL for a page of no text */
	struct buf	 comments;	/* with want_comments: one a line */
	size_t		 ncomments;
	struct markdown	 md;		/* with markdown: the text in md.out */
	/* options */
	bool		 strip_site;	/* cut " | Site" from a <title> */
	bool		 markdown;	/* build md too (md.links, md.images) */
	bool		 want_comments;	/* gather the user comments */
	/* scratch */
	struct el	*els;
	size_t		 nels, capels;
	struct buf	 line, tmp;
	size_t		 pruned_steps;
	bool		 noscript;	/* the page's text is in noscript */
	bool		 show_hidden;	/* a style, a hiding class or
					   aria-hidden hides nothing */
	size_t		 hidden_out;	/* elements they hid */
	bool		 show_tabs;	/* role=tabpanel is never hidden */
	size_t		 hidden_tabs;	/* tab panels hidden */
	bool		 keep_headers;	/* a header holding the h1 is text */
	size_t		 headers_out;	/* such headers pruned */
	bool		 no_blocks;	/* step 8 kept no block of text */
	bool		 keep_comments;	/* comment sections are content */
	bool		 post_comments;	/* ... but those under each post not */
	bool		 keep_links;	/* blocks of links are content */
	bool		 prune_reviews;	/* customers' reviews are noise */
	bool		 keep_galleries;	/* "gallery" names no noise */
	struct pagetype_evidence ev;
	struct jsonld	 ld;
	struct buf	 canonical;	/* the page's own URL, for the evidence */
	struct sig	*sigs;		/* for the groups of cards */
	size_t		 capsigs;
	struct idtab	 lines;		/* the long lines met, distinct */
	uint32_t	 nlong;		/* long lines met in this walk */
	uint32_t	 run_start, run_len, run_last; /* a run of copies */
	uint32_t	*drops;		/* runs to leave out: start, end */
	size_t		 ndrops, capdrops, dropat;
	bool		 dropping;	/* the walk that leaves them out */
	uint8_t		*copies;	/* each distinct long line: how often
					   the first walk met it (to 255) */
	size_t		 ncopies, capcopies;
	bool		 twice_out;	/* the second walk leaves out the
					   second of a line met twice */
	bool		 lorem_seen;	/* a line begins "Lorem ipsum" */
	bool		 lorem_out;	/* the second walk leaves those out */
	uint32_t	*rescued;	/* elements given from inside pruned
					   ones (a forum post's date), in
					   document order */
	size_t		 nrescued, caprescued;
};

/* Extract from doc (which may be NULL: an empty page); url, if not
 * NULL, gives a title when the page has none. */
void extract_run(struct extract *x, xmlDoc *doc, const char *url);
void extract_free(struct extract *x);

/* After extract_run: one line per block element with min_chars
 * characters or more (what it is, its flags, sums and score), for
 * bench/htmlexplain; with pruned_text, the text of each pruned element
 * after it on a line "PRUNEDTEXT text". */
void extract_dump(const struct extract *x, FILE *f, size_t min_chars,
    bool pruned_text);

/* Step 4's test of a class or id value: the tokens it holds (split at
 * anything but letters and digits, between letters and digits and
 * before an upper-case letter that follows a lower-case one) and
 * what they say. */
enum {
	NAME_NOISE = 1,		/* a noise word */
	NAME_CONTENT = 2,	/* a content word */
};
unsigned extract_name_class(const char *value);
/* Whether the word tables that are searched by bisection are sorted. */
bool extract_tables_sorted(void);
/* Whether each notice of step 5 (a cookie notice, a sign-in prompt ...)
 * is well formed: each gate's letter a lower-case ASCII letter of its
 * word (it picks a bit of the line's letters), its phrases in lower case
 * (they are looked for in the line lowered), its gates NULL-ended within
 * their array, its longest line within the longest the check lowers. */
bool extract_notices_valid(void);

#endif
