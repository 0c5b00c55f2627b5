/* The text of a page as CommonMark with GitHub's tables (--markdown),
 * built beside the flat text by step 8 of extract.c: the same walk, the
 * same blocks kept, in the same order; this module only decorates them.
 *
 * extract.c tells it what the walk meets (markdown_enter/leave for
 * elements, markdown_text for text, markdown_cell between the cells of
 * a row) and what it keeps: markdown_line() when a line of flat text is
 * kept, markdown_row() for a row of a data table, markdown_pre() with the
 * lines a <pre> gave; markdown_drop() when the line is not kept.
 *
 * What comes out:
 *   h1..h6       "#" .. "######" and the text
 *   p, div, ...  a paragraph; blocks are separated by a blank line
 *   ul, ol, li   "- " and "1. " items, nested by indenting, tight
 *   blockquote   "> " before each line
 *   pre          a fenced code block (longer fences than any run of
 *                backticks inside), its language from class="language-X"
 *                or "lang-X" on the pre or its code
 *   tables       a pipe table per run of data rows: the first row is the
 *                header, every row padded to the widest; "|" in a cell
 *                escaped, a line break in a cell "<br>"
 *   em i, strong b, code kbd samp tt   *x*, **x**, `x` (markers moved
 *                inside the white space around the text, and left out
 *                where CommonMark would not read them: around text that
 *                starts or ends with punctuation)
 *   a, img       [text](URL), ![alt](URL) with links / images set: URLs
 *                absolute (resolved against the page's), in <> when they
 *                hold a space or parenthesis
 * Text is escaped where it would change the meaning: \ ` * _ [ ] < > &
 * # ~ | are written with a backslash, and so are "-", "+", "=" and
 * "1." or "1)" that would start a line as a list or heading marker. */
#ifndef CRAWLUTILS_MARKDOWN_H
#define CRAWLUTILS_MARKDOWN_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "buf.h"
#include "url.h"

#define MARKDOWN_MAX_DEPTH	32	/* lists and quotes deeper count as this */

struct markdown_span {
	size_t		 mark;		/* where its text starts in line */
	unsigned char	 kind;
	const char	*href;		/* a: the link's URL */
};

struct markdown {
	/* settings */
	bool		 links, images;
	/* the result */
	struct buf	 out;
	size_t		 first_end;	/* out's length after the first block */
	/* the line being built, and the context of the walk */
	struct buf	 line;
	struct markdown_span spans[MARKDOWN_MAX_DEPTH];
	int		 nspans;
	int		 heading;	/* level of the heading we are in, or 0 */
	int		 quote;
	int		 code;		/* inside inline code */
	int		 nlists;
	struct {
		bool	 ordered;
		bool	 implicit;	/* opened by an li outside a list */
		int	 number;	/* of the next item */
		bool	 item_open;	/* an li of it has begun */
		bool	 item_started;	/* ... and has given a line */
	} lists[MARKDOWN_MAX_DEPTH];
	bool		 last_item;	/* the last block was a list item */
	const char	*pre_lang;
	/* a table being gathered: its rows, cells split by \x1f */
	struct buf	 rows;
	size_t		 nrows, ncols;
	struct url	 base, u;
	bool		 have_base, url_init;
	struct buf	 tmp;
};

/* Before a page: forget the last one; url (NULL: none) resolves links. */
void markdown_begin(struct markdown *md, const char *url);
void markdown_reset_out(struct markdown *md);
void markdown_enter(struct markdown *md, const xmlNode *n);
void markdown_leave(struct markdown *md, const xmlNode *n);
void markdown_text(struct markdown *md, const char *s, bool pre);
void markdown_cell(struct markdown *md);
void markdown_break(struct markdown *md);	/* a <br> inside a row */
void markdown_line(struct markdown *md);
void markdown_row(struct markdown *md);
void markdown_pre(struct markdown *md, const char *p, size_t n);
void markdown_drop(struct markdown *md);
/* After the walk: the table still gathered, if any. */
void markdown_end(struct markdown *md);
/* Put the lines s[0..n) (one paragraph each) before the text. */
void markdown_open(struct markdown *md, const char *s, size_t n);
/* Remove the first block (the flat text lost its first line). */
void markdown_cut_first(struct markdown *md);
void markdown_free(struct markdown *md);

/* Append s[0..n) to b with the characters Markdown reads escaped
 * (at_start: also those that mean something at the start of a line). */
void markdown_escape(struct buf *b, const char *s, size_t n, bool at_start);

#endif
