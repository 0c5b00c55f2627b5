/* What htmltext writes about a page beside its text: the metadata
 * fields by name (meta.h, lang.h, the encoding of html.h, the page type
 * of extract.h), and the title chosen with them, as TSV fields
 * (--fields) or as the keys of a JSON Lines object (--json).
 *
 * The title with metadata: the headline extract.h found (an h1 of the
 * text) when there is one and it is not the site's logo (a label of
 * the host name); else the <title> without the site's name
 * (the og:site_name or JSON-LD site name, or what an og:title or
 * JSON-LD headline shows is not part of the title: " | Site" after
 * it); else og:title or the JSON-LD headline; else extract.h's title.
 *
 * The language: lang.h's answer on the text (with the <html lang>,
 * Content-Language, og:locale and top-level domain hints); "und" when
 * it cannot say.  languages: "en:88,fr:12" in TSV, {"en":88,"fr":12}
 * in JSON. */
#ifndef CRAWLUTILS_PAGEMETA_H
#define CRAWLUTILS_PAGEMETA_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "date.h"
#include "extract.h"
#include "html.h"
#include "jsonw.h"
#include "lang.h"
#include "meta.h"
#include "out.h"

enum pagemeta_field {
	PM_AUTHOR,
	PM_DATE,
	PM_MODIFIED,
	PM_SITENAME,
	PM_DESCRIPTION,
	PM_LANGUAGE,
	PM_LANGUAGES,
	PM_CANONICAL,
	PM_IMAGE,
	PM_TAGS,
	PM_CATEGORIES,
	PM_TYPE,
	PM_LICENSE,
	PM_PAGETYPE,
	PM_ENCODING,
	PM_ENCODING_METHOD,
	PM_NFIELDS
};

/* "author", "date", ..., "encoding_method" */
const char *pagemeta_name(enum pagemeta_field f);
/* A comma-separated list of names into v (at most PM_NFIELDS * 4);
 * false with the first bad name in bad (NUL-terminated). */
bool pagemeta_parse(const char *list, enum pagemeta_field *v, size_t *n,
    struct buf *bad);

struct pagemeta {
	const char		*value[PM_NFIELDS];	/* NULL: absent */
	struct buf		 title;
	struct meta		 meta;
	struct lang_result	 lang;
	char			 languages[64];
	char			 text_date[DATE_BUFSIZE];	/* from x->text */
	struct buf		 tmp;
};

/* Everything about the page of h, whose text x holds; h is NULL for a
 * text without markup (a WET record): no encoding then. */
void pagemeta_run(struct pagemeta *p, const struct html *h,
    const struct extract *x, const char *url, long long now);
/* The languages found, ISO 639-3 apart by commas ("eng,fra"), into out;
 * false when none is known. */
bool pagemeta_iso3_languages(const struct pagemeta *p, char *out,
    size_t cap);
void pagemeta_free(struct pagemeta *p);

/* Each of the n fields of v, escaped, each followed by TAB (an absent
 * one is empty). */
void pagemeta_write_tsv(struct out *o, const struct pagemeta *p,
    const enum pagemeta_field *v, size_t n);
/* Every field that has a value as a key of the object w is writing. */
void pagemeta_write_json(struct jsonw *w, const struct pagemeta *p);

#endif
