/* Unit tests of common/charset.c. */
#include "charset.h"

#include "unit.h"

void
test_labels(void)
{
	static const char *const cases[][2] = {
		{ "latin1", "windows-1252" }, { "ISO-8859-1", "windows-1252" },
		{ " GB2312 ", "GBK" }, { "x-gbk", "GBK" }, { "gbk", "GBK" },
		{ "gb18030", "gb18030" }, { "utf8", "UTF-8" },
		{ "Shift_JIS", "Shift_JIS" }, { "euc-kr", "EUC-KR" },
		{ "big5", "Big5" }, { "utf-16", "UTF-16LE" },
		{ "windows-1251", "windows-1251" }, { "koi8-r", "KOI8-R" },
		{ "ascii", "windows-1252" },
	};
	static const char *const unknown[] = { "", "bogus", "iso-8859-16",
	    "utf-7", "hz-gb-2312", "utf-8 x", "x-user-defined-and-more" };
	bool sorted = true;
	const char *prev = NULL, *l;

	for (size_t i = 0; (l = charset_label_at(i)) != NULL; i++) {
		if (prev && strcmp(prev, l) >= 0)
			sorted = false;
		prev = l;
	}
	ok(sorted, "charset: the label table is sorted (bsearch needs it)");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *e = charset_label(cases[i][0], strlen(cases[i][0]));

		ok(e && strcmp(e, cases[i][1]) == 0, "charset: label '%s' is %s",
		    cases[i][0], cases[i][1]);
	}
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
		ok(charset_label(unknown[i], strlen(unknown[i])) == NULL,
		    "charset: label '%s' is unknown", unknown[i]);
	l = charset_label("\t\f utf-8\r\n", 10);
	ok(l && strcmp(l, "UTF-8") == 0,
	    "charset: ASCII white space around a label does not matter");
	ok(charset_label("gbk\0junk", 8) == NULL &&
	    charset_label("utf-8\0", 6) == NULL,
	    "charset: a label is not cut at a NUL byte");
}

void
test_scan_utf8(void)
{
	static const struct {
		const char	*s;
		size_t		 invalid, multibyte, chars;
		bool		 esc;
		const char	*name;
	} cases[] = {
		{ "", 0, 0, 0, false, "empty" },
		{ "plain ascii text here", 0, 0, 21, false, "ASCII" },
		{ "caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", 0, 3, 8, false,
		    "2, 3 and 4 bytes" },
		{ "\xc0\xaf", 2, 0, 2, false, "overlong lead C0: two bytes bad" },
		{ "\xe0\x80\xaf", 3, 0, 3, false, "overlong E0 80" },
		{ "\xed\xa0\x80", 3, 0, 3, false, "a surrogate" },
		{ "\xf4\x90\x80\x80", 4, 0, 4, false, "above U+10FFFF" },
		{ "a\xe4\xb8", 1, 0, 2, false, "truncated at the end: one bad" },
		{ "\xe4\xb8" "a", 1, 0, 2, false, "truncated before ASCII" },
		{ "\xd6\xd0\xce\xc4", 4, 0, 4, false, "GBK is not UTF-8" },
		{ "\x1b$B!!\x1b(B", 0, 0, 8, true, "ISO-2022-JP escapes" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct utf8_scan sc;

		charset_scan_utf8(cases[i].s, strlen(cases[i].s), &sc);
		ok(sc.invalid == cases[i].invalid &&
		    sc.multibyte == cases[i].multibyte &&
		    sc.chars == cases[i].chars && sc.esc == cases[i].esc,
		    "charset: scan %s (invalid %zu multibyte %zu chars %zu)",
		    cases[i].name, sc.invalid, sc.multibyte, sc.chars);
	}
}

void
test_prescan(void)
{
	static const struct {
		const char	*s;
		const char	*want;	/* NULL: none found */
		const char	*name;
	} cases[] = {
		{ "<meta charset=\"gbk\">", "gbk", "meta charset" },
		{ "<META CHARSET=GB2312>", "gb2312", "upper case, unquoted" },
		{ "<meta http-equiv=\"Content-Type\" content=\"text/html; "
		    "charset=iso-8859-1\">", "iso-8859-1", "http-equiv" },
		{ "<meta content='text/html;charset = \"big5\"' "
		    "http-equiv=content-type>", "big5", "content first, quoted" },
		{ "<meta content=\"text/html; charset=gbk\">", NULL,
		    "content without http-equiv" },
		{ "<!-- <meta charset=gbk> --><meta charset=utf-8>", "utf-8",
		    "a meta in a comment is skipped" },
		{ "<meta charset=bogus><meta charset=euc-jp>", "euc-jp",
		    "an unknown label: the next meta" },
		{ "<p title='<meta charset=gbk>'>x</p>", NULL,
		    "a meta in an attribute value is not one" },
		{ "<meta charset=\"gbk", NULL, "cut in the value" },
		{ "<metacharset=gbk>", NULL, "not a meta tag" },
		{ "<meta/charset=koi8-r>", "koi8-r", "slash before attribute" },
		{ "<meta name=x charset=utf-16>", "utf-16", "utf-16 is found "
		    "(and read as UTF-8)" },
		{ "<!--><meta charset=gbk>", "gbk", "<!--> ends at once" },
		{ "<script>\"<meta charset=gbk>\"</script>", "gbk",
		    "the prescan does not know scripts (as in browsers)" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char label[64];
		size_t n;
		bool found = charset_prescan(cases[i].s, strlen(cases[i].s),
		    label, sizeof label, &n);

		ok(cases[i].want ? found && n == strlen(cases[i].want) &&
		    memcmp(label, cases[i].want, n) == 0 : !found,
		    "charset: prescan: %s", cases[i].name);
	}
}

void
test_decode(void)
{
	static const struct {
		const char	*s;
		const char	*http;
		const char	*name, *how, *text;
		const char	*what;
	} cases[] = {
		{ "\xef\xbb\xbf<p>x\xc3\xa9</p>", NULL, "UTF-8", "bom",
		    "<p>x\xc3\xa9</p>", "UTF-8 byte order mark, removed" },
		{ "\xff\xfe<\0p\0>\0\xe9\0", NULL, "UTF-16LE", "bom",
		    "<p>\xc3\xa9", "UTF-16LE byte order mark" },
		{ "\xfe\xff\0<\0p\0>\0\xe9", NULL, "UTF-16BE", "bom",
		    "<p>\xc3\xa9", "UTF-16BE byte order mark" },
		{ "<meta charset=gb2312><p>\xe4\xb8\xad\xe6\x96\x87</p>", NULL,
		    "UTF-8", "utf8", NULL, "UTF-8 bytes declared gb2312 (qq.com)" },
		{ "<meta charset=gb2312><p>\xd6\xd0\xce\xc4</p>", NULL, "GBK",
		    "meta", "<meta charset=gb2312><p>\xe4\xb8\xad\xe6\x96\x87</p>",
		    "GBK declared gb2312" },
		{ "<p>\xd6\xd0\xce\xc4</p>", "gbk", "GBK", "header",
		    "<p>\xe4\xb8\xad\xe6\x96\x87</p>", "an HTTP charset" },
		{ "<meta charset=latin1><p>\x80 caf\xe9</p>", NULL,
		    "windows-1252", "meta", "<meta charset=latin1><p>\xe2\x82\xac "
		    "caf\xc3\xa9</p>", "latin1 is windows-1252" },
		{ "<p>plain</p>", NULL, "UTF-8", "utf8", NULL,
		    "ASCII with no declaration" },
		{ "<meta charset=windows-1251><p>plain</p>", NULL, "windows-1251",
		    "meta", NULL, "ASCII with a declaration" },
		{ "", NULL, "UTF-8", "utf8", "", "empty" },
		{ "<meta charset=utf-8><p>\xd6\xd0\xce\xc4\xd6\xd0</p>", NULL,
		    "gb18030", NULL, NULL, "a wrong declaration: replacements, "
		    "the next candidate" },
		/* ICU's detector said UTF-16BE: CJK out of latin-1 */
		{ "<meta charset=\"utf-8\"><p>caf\xe9 latin-1 called UTF-8</p>",
		    NULL, "windows-1252", NULL, "<meta charset=\"utf-8\"><p>"
		    "caf\xc3\xa9 latin-1 called UTF-8</p>",
		    "latin-1 declared UTF-8 is not UTF-16" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf out = { 0 };
		struct charset_result r;
		size_t n = strlen(cases[i].s);

		/* the UTF-16 samples hold NULs: measure them by hand */
		if (cases[i].s[0] == '\xff' || cases[i].s[0] == '\xfe')
			n = 10;
		charset_decode(cases[i].s, n, cases[i].http, &out, &r);
		ok(strcmp(r.name, cases[i].name) == 0 &&
		    (cases[i].how == NULL ||
		    strcmp(charset_how_name(r.how), cases[i].how) == 0) &&
		    (cases[i].text == NULL || (r.len == strlen(cases[i].text) &&
		    memcmp(r.text, cases[i].text, r.len) == 0)) && r.replaced == 0,
		    "charset: decode %s: %s %s", cases[i].what, r.name,
		    charset_how_name(r.how));
		if (strcmp(cases[i].how ? cases[i].how : "", "utf8") == 0 &&
		    cases[i].text == NULL)
			ok(r.text == cases[i].s, "charset: %s: no copy",
			    cases[i].what);
		buf_free(&out);
	}
}

void
test_binary(void)
{
	char big[4096];
	const char *why;

	memset(big, 'a', sizeof big);
	big[100] = '\0';
	ok(!charset_binary(big, sizeof big, &why),
	    "charset: one NUL in 4 KB is not binary");
	for (int i = 0; i < 300; i++)
		big[i * 13] = (char)(i % 2 ? 0 : 1);
	ok(charset_binary(big, sizeof big, &why),
	    "charset: 300 control bytes in 4 KB are binary");
	ok(charset_binary("%PDF-1.7\n", 9, &why), "charset: a PDF is binary");
	ok(!charset_binary("\xff\xfe<\0p\0>\0", 8, &why),
	    "charset: UTF-16 with a byte order mark is not binary");
	ok(!charset_binary("", 0, &why), "charset: empty is not binary");
	ok(!charset_binary("\x1b$B!!\x1b(B text\r\n\f\v\t", 18, &why),
	    "charset: ESC, CR, FF, VT and TAB are text");
}
