/* Unit tests of common/extract.c. */
#include "extract.h"

#include "unit.h"

void
test_names(void)
{
	static const struct {
		const char	*v;
		unsigned	 want;
	} cases[] = {
		{ "site-header", NAME_NOISE }, { "header", NAME_NOISE },
		{ "download", 0 }, { "ad-slot", NAME_NOISE },
		{ "ad300x250", NAME_NOISE }, { "loadMore", 0 },
		{ "sideBar", NAME_NOISE }, { "CommentList", NAME_NOISE },
		{ "NAVBar", NAME_NOISE }, { "post-header", NAME_CONTENT },
		{ "entry-content share-enabled", NAME_NOISE | NAME_CONTENT },
		{ "headline", 0 }, { "comments_area", NAME_NOISE },
		{ "tag-cloud", NAME_NOISE }, { "post-tags", NAME_CONTENT },
		{ "breadcrumbs", NAME_NOISE }, { "post-content", NAME_CONTENT },
		{ "css-1fanzo5 StoryBodyCompanion", NAME_CONTENT },
		{ "jp-relatedposts", NAME_NOISE }, { "sharebox", NAME_NOISE },
		{ "commentlist", NAME_NOISE }, { "download-area", 0 },
		{ "navbox", NAME_NOISE }, { "contentwrapper", NAME_CONTENT },
		{ "box", 0 }, { "wrapper", 0 }, { "adwrap", NAME_NOISE },
		{ "", 0 }, { "-_- 123", 0 },
		{ "averyveryveryveryverylongwordthatmatchesnothing", 0 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ok(extract_name_class(cases[i].v) == cases[i].want,
		    "extract: class '%s' says %u", cases[i].v, cases[i].want);
	ok(extract_tables_sorted(),
	    "extract: the class words and the controls' phrases are sorted "
	    "(bsearch needs it)");
	ok(extract_notices_valid(),
	    "extract: the notices' gate letters are lower-case letters of "
	    "their words and their phrases are in lower case");
}
