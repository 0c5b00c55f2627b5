// The one C++ file of the tree, because CLD2's interface is C++ (a
// namespace, overloads, a std::vector in the signature of the call that
// takes hints) and Debian ships no C binding: this file gives lang.h's
// C interface and nothing else.
#include <cstdio>	// compact_lang_det.h uses FILE without including it
#include <cstring>

#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

#include "lang.h"

// CLD2 still writes the ISO 639-1 codes withdrawn in 1989
static const char *const renamed[][2] = {
	{ "in", "id" }, { "iw", "he" }, { "ji", "yi" }, { "jw", "jv" },
};

static void
copy_code(char *out, const char *code)
{
	size_t n = std::strcspn(code, "-_");

	if (n >= LANG_CODE_MAX)
		n = LANG_CODE_MAX - 1;
	std::memcpy(out, code, n);
	out[n] = '\0';
	for (const auto &r : renamed)
		if (std::strcmp(out, r[0]) == 0)
			std::strcpy(out, r[1]);
}

bool
lang_primary(const char *tag, char *out)
{
	size_t n = 0;

	while (tag != nullptr && (*tag == ' ' || *tag == '\t'))
		tag++;
	if (tag == nullptr)
		return false;
	for (; tag[n] != '\0' && tag[n] != '-' && tag[n] != '_' &&
	    tag[n] != ',' && tag[n] != ';' && tag[n] != ' '; n++) {
		char c = tag[n];

		if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
		    n + 1 >= LANG_CODE_MAX)
			return false;
		out[n] = static_cast<char>(c | 0x20);
	}
	out[n] = '\0';
	return n >= 2 && n <= 3;
}

void
lang_detect(const char *text, size_t n, const char *content_language,
    const char *tld, const char *hint, struct lang_result *r)
{
	CLD2::CLDHints hints = { content_language, tld,
	    CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE };
	CLD2::Language lang3[3];
	int percent3[3], text_bytes, valid_prefix;
	double scores[3];
	bool reliable = false;
	char code[LANG_CODE_MAX];

	std::strcpy(r->code, "und");
	r->n = 0;
	r->reliable = false;
	if (hint != nullptr && lang_primary(hint, code))
		hints.language_hint = CLD2::GetLanguageFromName(code);
	// CLD2 counts in int; a longer text is judged by its first 2 GB
	if (n > 0x7fffffff)
		n = 0x7fffffff;
	CLD2::ExtDetectLanguageSummaryCheckUTF8(text, static_cast<int>(n), true,
	    &hints, 0, lang3, percent3, scores, nullptr, &text_bytes,
	    &reliable, &valid_prefix);
	for (int i = 0; i < 3; i++) {
		if (lang3[i] == CLD2::UNKNOWN_LANGUAGE || percent3[i] <= 0)
			continue;
		copy_code(code, CLD2::LanguageCode(lang3[i]));
		int k = 0;

		while (k < r->n && std::strcmp(r->codes[k], code) != 0)
			k++;
		if (k == r->n) {	// zh and zh-Hant are one "zh"
			std::strcpy(r->codes[k], code);
			r->percent[r->n++] = 0;
		}
		r->percent[k] += percent3[i];
	}
	r->reliable = reliable && r->n > 0 &&
	    lang3[0] != CLD2::UNKNOWN_LANGUAGE;
	if (r->reliable)
		std::strcpy(r->code, r->codes[0]);
}

const char *
lang_version(void)
{
	return CLD2::DetectLanguageVersion();
}
