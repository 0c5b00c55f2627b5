/* The language of a text: CLD2, the detector Common Crawl runs on every
 * page it archives, on the extracted text (not the markup), once per
 * document.
 *
 * lang_detect() gives up to three languages with their share of the
 * text in percent, as CLD2 reports them, and the first as the answer
 * when CLD2 calls it reliable; otherwise the answer is "und" (the text
 * is too short or too mixed to say).  Codes are ISO 639-1 where the
 * language has one ("en", "zh", "ja", "ko": CLD2's "zh-Hant" is "zh",
 * its "iw" and "in" are "he" and "id"),
 * else CLD2's code (ISO 639-2/3, "haw", "ceb").  The hints are those
 * CLD2 takes: a Content-Language value ("en", "fr-CA,en"; <html lang>,
 * <meta http-equiv> or og:locale), a top-level domain ("de"), and a
 * language code that boosts one language; each may be NULL.  Hints bias
 * the scores; a long text in another language still wins.  Results
 * depend on Debian's libcld2 tables (0.0.0-git20150806). */
#ifndef CRAWLUTILS_LANG_H
#define CRAWLUTILS_LANG_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LANG_CODE_MAX	12

struct lang_result {
	char	code[LANG_CODE_MAX];	/* the answer, or "und" */
	int	n;			/* languages found, 0 to 3 */
	char	codes[3][LANG_CODE_MAX];
	int	percent[3];
	bool	reliable;
};

void lang_detect(const char *text, size_t n, const char *content_language,
    const char *tld, const char *hint, struct lang_result *r);

/* The primary subtag of a language tag, lower case, into out
 * (LANG_CODE_MAX bytes): "en-US" and "en_us" give "en"; false if tag
 * is no language tag. */
bool lang_primary(const char *tag, char *out);

/* CLD2's own version string (for --version). */
const char *lang_version(void);

#ifdef __cplusplus
}
#endif

#endif
