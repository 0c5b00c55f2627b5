#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>

#include "charset.h"
#include "diag.h"

/*
 * The encodings of the WHATWG Encoding Standard that ICU can decode, and
 * the ICU converter for each.  GBK is decoded as GB18030 (its superset,
 * as WHATWG does), Big5 as Big5-HKSCS, Shift_JIS as windows-31j and
 * EUC-KR as windows-949, which are what those labels mean on the web.
 * ISO-8859-16 is missing from ICU's data, so its labels are unknown.
 */
enum enc {
	E_UTF8, E_IBM866, E_8859_2, E_8859_3, E_8859_4, E_8859_5, E_8859_6,
	E_8859_7, E_8859_8, E_8859_8I, E_8859_10, E_8859_13, E_8859_14,
	E_8859_15, E_KOI8R, E_KOI8U, E_MAC, E_WIN874, E_WIN1250, E_WIN1251,
	E_WIN1252, E_WIN1253, E_WIN1254, E_WIN1255, E_WIN1256, E_WIN1257,
	E_WIN1258, E_MACCYR, E_GBK, E_GB18030, E_BIG5, E_EUCJP, E_ISO2022JP,
	E_SJIS, E_EUCKR, E_UTF16BE, E_UTF16LE, E_COUNT
};

static const struct {
	const char	*name;
	const char	*icu;
	bool		 ascii;		/* ASCII bytes decode as themselves */
} encs[E_COUNT] = {
	[E_UTF8] =	{ "UTF-8",		"UTF-8",		true },
	[E_IBM866] =	{ "IBM866",		"ibm-866_P100-1995",	true },
	[E_8859_2] =	{ "ISO-8859-2",		"ISO-8859-2",		true },
	[E_8859_3] =	{ "ISO-8859-3",		"ISO-8859-3",		true },
	[E_8859_4] =	{ "ISO-8859-4",		"ISO-8859-4",		true },
	[E_8859_5] =	{ "ISO-8859-5",		"ISO-8859-5",		true },
	[E_8859_6] =	{ "ISO-8859-6",		"ISO-8859-6",		true },
	[E_8859_7] =	{ "ISO-8859-7",		"ISO-8859-7",		true },
	[E_8859_8] =	{ "ISO-8859-8",		"ISO-8859-8",		true },
	[E_8859_8I] =	{ "ISO-8859-8-I",	"ISO-8859-8",		true },
	[E_8859_10] =	{ "ISO-8859-10",	"iso-8859_10-1998",	true },
	[E_8859_13] =	{ "ISO-8859-13",	"ISO-8859-13",		true },
	[E_8859_14] =	{ "ISO-8859-14",	"iso-8859_14-1998",	true },
	[E_8859_15] =	{ "ISO-8859-15",	"ISO-8859-15",		true },
	[E_KOI8R] =	{ "KOI8-R",		"KOI8-R",		true },
	[E_KOI8U] =	{ "KOI8-U",		"KOI8-U",		true },
	[E_MAC] =	{ "macintosh",		"macos-0_2-10.2",	true },
	[E_WIN874] =	{ "windows-874",	"windows-874-2000",	true },
	[E_WIN1250] =	{ "windows-1250",	"ibm-5346_P100-1998",	true },
	[E_WIN1251] =	{ "windows-1251",	"ibm-5347_P100-1998",	true },
	[E_WIN1252] =	{ "windows-1252",	"ibm-5348_P100-1997",	true },
	[E_WIN1253] =	{ "windows-1253",	"ibm-5349_P100-1998",	true },
	[E_WIN1254] =	{ "windows-1254",	"ibm-5350_P100-1998",	true },
	[E_WIN1255] =	{ "windows-1255",	"ibm-9447_P100-2002",	true },
	[E_WIN1256] =	{ "windows-1256",	"ibm-9448_X100-2005",	true },
	[E_WIN1257] =	{ "windows-1257",	"ibm-9449_P100-2002",	true },
	[E_WIN1258] =	{ "windows-1258",	"ibm-5354_P100-1998",	true },
	[E_MACCYR] =	{ "x-mac-cyrillic",	"macos-7_3-10.2",	true },
	[E_GBK] =	{ "GBK",		"gb18030",		true },
	[E_GB18030] =	{ "gb18030",		"gb18030",		true },
	[E_BIG5] =	{ "Big5",		"ibm-1375_P100-2008",	true },
	[E_EUCJP] =	{ "EUC-JP",		"euc-jp-2007",		true },
	[E_ISO2022JP] =	{ "ISO-2022-JP",	"ISO_2022,locale=ja,version=0", false },
	[E_SJIS] =	{ "Shift_JIS",		"ibm-943_P15A-2003",	true },
	[E_EUCKR] =	{ "EUC-KR",		"windows-949-2000",	true },
	[E_UTF16BE] =	{ "UTF-16BE",		"UTF-16BE",		false },
	[E_UTF16LE] =	{ "UTF-16LE",		"UTF-16LE",		false },
};

/* The WHATWG labels, sorted for bsearch (tests/unit/charset.c checks the order). */
static const struct label {
	const char	*label;
	enum enc	 enc;
} labels[] = {
	{ "866", E_IBM866 },
	{ "ansi_x3.4-1968", E_WIN1252 },
	{ "arabic", E_8859_6 },
	{ "ascii", E_WIN1252 },
	{ "asmo-708", E_8859_6 },
	{ "big5", E_BIG5 },
	{ "big5-hkscs", E_BIG5 },
	{ "chinese", E_GBK },
	{ "cn-big5", E_BIG5 },
	{ "cp1250", E_WIN1250 },
	{ "cp1251", E_WIN1251 },
	{ "cp1252", E_WIN1252 },
	{ "cp1253", E_WIN1253 },
	{ "cp1254", E_WIN1254 },
	{ "cp1255", E_WIN1255 },
	{ "cp1256", E_WIN1256 },
	{ "cp1257", E_WIN1257 },
	{ "cp1258", E_WIN1258 },
	{ "cp819", E_WIN1252 },
	{ "cp866", E_IBM866 },
	{ "csbig5", E_BIG5 },
	{ "cseuckr", E_EUCKR },
	{ "cseucpkdfmtjapanese", E_EUCJP },
	{ "csgb2312", E_GBK },
	{ "csibm866", E_IBM866 },
	{ "csiso2022jp", E_ISO2022JP },
	{ "csiso58gb231280", E_GBK },
	{ "csiso88596e", E_8859_6 },
	{ "csiso88596i", E_8859_6 },
	{ "csiso88598e", E_8859_8 },
	{ "csiso88598i", E_8859_8I },
	{ "csisolatin1", E_WIN1252 },
	{ "csisolatin2", E_8859_2 },
	{ "csisolatin3", E_8859_3 },
	{ "csisolatin4", E_8859_4 },
	{ "csisolatin5", E_WIN1254 },
	{ "csisolatin6", E_8859_10 },
	{ "csisolatin9", E_8859_15 },
	{ "csisolatinarabic", E_8859_6 },
	{ "csisolatincyrillic", E_8859_5 },
	{ "csisolatingreek", E_8859_7 },
	{ "csisolatinhebrew", E_8859_8 },
	{ "cskoi8r", E_KOI8R },
	{ "csksc56011987", E_EUCKR },
	{ "csmacintosh", E_MAC },
	{ "csshiftjis", E_SJIS },
	{ "csunicode", E_UTF16LE },
	{ "cyrillic", E_8859_5 },
	{ "dos-874", E_WIN874 },
	{ "ecma-114", E_8859_6 },
	{ "ecma-118", E_8859_7 },
	{ "elot_928", E_8859_7 },
	{ "euc-jp", E_EUCJP },
	{ "euc-kr", E_EUCKR },
	{ "gb18030", E_GB18030 },
	{ "gb2312", E_GBK },
	{ "gb_2312", E_GBK },
	{ "gb_2312-80", E_GBK },
	{ "gbk", E_GBK },
	{ "greek", E_8859_7 },
	{ "greek8", E_8859_7 },
	{ "hebrew", E_8859_8 },
	{ "ibm819", E_WIN1252 },
	{ "ibm866", E_IBM866 },
	{ "iso-10646-ucs-2", E_UTF16LE },
	{ "iso-2022-jp", E_ISO2022JP },
	{ "iso-8859-1", E_WIN1252 },
	{ "iso-8859-10", E_8859_10 },
	{ "iso-8859-11", E_WIN874 },
	{ "iso-8859-13", E_8859_13 },
	{ "iso-8859-14", E_8859_14 },
	{ "iso-8859-15", E_8859_15 },
	{ "iso-8859-2", E_8859_2 },
	{ "iso-8859-3", E_8859_3 },
	{ "iso-8859-4", E_8859_4 },
	{ "iso-8859-5", E_8859_5 },
	{ "iso-8859-6", E_8859_6 },
	{ "iso-8859-6-e", E_8859_6 },
	{ "iso-8859-6-i", E_8859_6 },
	{ "iso-8859-7", E_8859_7 },
	{ "iso-8859-8", E_8859_8 },
	{ "iso-8859-8-e", E_8859_8 },
	{ "iso-8859-8-i", E_8859_8I },
	{ "iso-8859-9", E_WIN1254 },
	{ "iso-ir-100", E_WIN1252 },
	{ "iso-ir-101", E_8859_2 },
	{ "iso-ir-109", E_8859_3 },
	{ "iso-ir-110", E_8859_4 },
	{ "iso-ir-126", E_8859_7 },
	{ "iso-ir-127", E_8859_6 },
	{ "iso-ir-138", E_8859_8 },
	{ "iso-ir-144", E_8859_5 },
	{ "iso-ir-148", E_WIN1254 },
	{ "iso-ir-149", E_EUCKR },
	{ "iso-ir-157", E_8859_10 },
	{ "iso-ir-58", E_GBK },
	{ "iso8859-1", E_WIN1252 },
	{ "iso8859-10", E_8859_10 },
	{ "iso8859-11", E_WIN874 },
	{ "iso8859-13", E_8859_13 },
	{ "iso8859-14", E_8859_14 },
	{ "iso8859-15", E_8859_15 },
	{ "iso8859-2", E_8859_2 },
	{ "iso8859-3", E_8859_3 },
	{ "iso8859-4", E_8859_4 },
	{ "iso8859-5", E_8859_5 },
	{ "iso8859-6", E_8859_6 },
	{ "iso8859-7", E_8859_7 },
	{ "iso8859-8", E_8859_8 },
	{ "iso8859-9", E_WIN1254 },
	{ "iso88591", E_WIN1252 },
	{ "iso885910", E_8859_10 },
	{ "iso885911", E_WIN874 },
	{ "iso885913", E_8859_13 },
	{ "iso885914", E_8859_14 },
	{ "iso885915", E_8859_15 },
	{ "iso88592", E_8859_2 },
	{ "iso88593", E_8859_3 },
	{ "iso88594", E_8859_4 },
	{ "iso88595", E_8859_5 },
	{ "iso88596", E_8859_6 },
	{ "iso88597", E_8859_7 },
	{ "iso88598", E_8859_8 },
	{ "iso88599", E_WIN1254 },
	{ "iso_8859-1", E_WIN1252 },
	{ "iso_8859-15", E_8859_15 },
	{ "iso_8859-1:1987", E_WIN1252 },
	{ "iso_8859-2", E_8859_2 },
	{ "iso_8859-2:1987", E_8859_2 },
	{ "iso_8859-3", E_8859_3 },
	{ "iso_8859-3:1988", E_8859_3 },
	{ "iso_8859-4", E_8859_4 },
	{ "iso_8859-4:1988", E_8859_4 },
	{ "iso_8859-5", E_8859_5 },
	{ "iso_8859-5:1988", E_8859_5 },
	{ "iso_8859-6", E_8859_6 },
	{ "iso_8859-6:1987", E_8859_6 },
	{ "iso_8859-7", E_8859_7 },
	{ "iso_8859-7:1987", E_8859_7 },
	{ "iso_8859-8", E_8859_8 },
	{ "iso_8859-8:1988", E_8859_8 },
	{ "iso_8859-9", E_WIN1254 },
	{ "iso_8859-9:1989", E_WIN1254 },
	{ "koi", E_KOI8R },
	{ "koi8", E_KOI8R },
	{ "koi8-r", E_KOI8R },
	{ "koi8-ru", E_KOI8U },
	{ "koi8-u", E_KOI8U },
	{ "koi8_r", E_KOI8R },
	{ "korean", E_EUCKR },
	{ "ks_c_5601-1987", E_EUCKR },
	{ "ks_c_5601-1989", E_EUCKR },
	{ "ksc5601", E_EUCKR },
	{ "ksc_5601", E_EUCKR },
	{ "l1", E_WIN1252 },
	{ "l2", E_8859_2 },
	{ "l3", E_8859_3 },
	{ "l4", E_8859_4 },
	{ "l5", E_WIN1254 },
	{ "l6", E_8859_10 },
	{ "l9", E_8859_15 },
	{ "latin1", E_WIN1252 },
	{ "latin2", E_8859_2 },
	{ "latin3", E_8859_3 },
	{ "latin4", E_8859_4 },
	{ "latin5", E_WIN1254 },
	{ "latin6", E_8859_10 },
	{ "logical", E_8859_8I },
	{ "mac", E_MAC },
	{ "macintosh", E_MAC },
	{ "ms932", E_SJIS },
	{ "ms_kanji", E_SJIS },
	{ "shift-jis", E_SJIS },
	{ "shift_jis", E_SJIS },
	{ "sjis", E_SJIS },
	{ "sun_eu_greek", E_8859_7 },
	{ "tis-620", E_WIN874 },
	{ "ucs-2", E_UTF16LE },
	{ "unicode", E_UTF16LE },
	{ "unicode-1-1-utf-8", E_UTF8 },
	{ "unicode11utf8", E_UTF8 },
	{ "unicode20utf8", E_UTF8 },
	{ "unicodefeff", E_UTF16LE },
	{ "unicodefffe", E_UTF16BE },
	{ "us-ascii", E_WIN1252 },
	{ "utf-16", E_UTF16LE },
	{ "utf-16be", E_UTF16BE },
	{ "utf-16le", E_UTF16LE },
	{ "utf-8", E_UTF8 },
	{ "utf8", E_UTF8 },
	{ "visual", E_8859_8 },
	{ "windows-1250", E_WIN1250 },
	{ "windows-1251", E_WIN1251 },
	{ "windows-1252", E_WIN1252 },
	{ "windows-1253", E_WIN1253 },
	{ "windows-1254", E_WIN1254 },
	{ "windows-1255", E_WIN1255 },
	{ "windows-1256", E_WIN1256 },
	{ "windows-1257", E_WIN1257 },
	{ "windows-1258", E_WIN1258 },
	{ "windows-31j", E_SJIS },
	{ "windows-874", E_WIN874 },
	{ "windows-949", E_EUCKR },
	{ "x-cp1250", E_WIN1250 },
	{ "x-cp1251", E_WIN1251 },
	{ "x-cp1252", E_WIN1252 },
	{ "x-cp1253", E_WIN1253 },
	{ "x-cp1254", E_WIN1254 },
	{ "x-cp1255", E_WIN1255 },
	{ "x-cp1256", E_WIN1256 },
	{ "x-cp1257", E_WIN1257 },
	{ "x-cp1258", E_WIN1258 },
	{ "x-euc-jp", E_EUCJP },
	{ "x-gbk", E_GBK },
	{ "x-mac-cyrillic", E_MACCYR },
	{ "x-mac-roman", E_MAC },
	{ "x-mac-ukrainian", E_MACCYR },
	{ "x-sjis", E_SJIS },
	{ "x-unicode20utf8", E_UTF8 },
	{ "x-user-defined", E_WIN1252 },
	{ "x-x-big5", E_BIG5 },
};

const char *
charset_label_at(size_t i)
{
	return i < sizeof labels / sizeof labels[0] ? labels[i].label : NULL;
}

static const char *const how_names[] = {
	[CHARSET_BOM] = "bom",
	[CHARSET_UTF8] = "utf8",
	[CHARSET_HEADER] = "header",
	[CHARSET_META] = "meta",
	[CHARSET_DETECTOR] = "detector",
	[CHARSET_FALLBACK] = "fallback",
};

const char *
charset_how_name(enum charset_how how)
{
	return how_names[how];
}

static bool
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int
cmp_label(const void *key, const void *elem)
{
	return strcmp(key, ((const struct label *)elem)->label);
}

static int
lookup(const char *label, size_t n)
{
	char key[32];
	const struct label *l;
	size_t i;

	while (n > 0 && is_space((unsigned char)*label)) {
		label++;
		n--;
	}
	while (n > 0 && is_space((unsigned char)label[n - 1]))
		n--;
	/* a NUL would end the key early: "gbk\0junk" is no label */
	if (n == 0 || n >= sizeof key || memchr(label, '\0', n) != NULL)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)label[i];

		key[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	key[n] = '\0';
	l = bsearch(key, labels, sizeof labels / sizeof labels[0],
	    sizeof labels[0], cmp_label);
	return l ? (int)l->enc : -1;
}

const char *
charset_label(const char *label, size_t n)
{
	int e = lookup(label, n);

	return e < 0 ? NULL : encs[e].name;
}

/*
 * UTF-8 validation is on the path of every page, ahead of a parser that
 * runs near 120 MB/s, so it must cost far less: ASCII is skipped eight
 * bytes at a time and only multi-byte sequences are decoded.  ICU has no
 * bulk validator (u_strFromUTF8 converts to UTF-16, several times slower).
 * The ranges are those of Table 3-7 of the Unicode Standard.
 */
void
charset_scan_utf8(const char *p, size_t n, struct utf8_scan *s)
{
	const unsigned char *u = (const unsigned char *)p, *end = u + n;

	memset(s, 0, sizeof *s);
	while (u < end) {
		unsigned char c = *u, lo = 0x80, hi = 0xbf;
		int need;

		if (c < 0x80) {
			uint64_t w;
			const unsigned char *start = u;

			while (end - u >= 8) {
				memcpy(&w, u, 8);
				if (w & UINT64_C(0x8080808080808080))
					break;
				u += 8;
			}
			while (u < end && *u < 0x80)
				u++;
			if (!s->esc && memchr(start, 0x1b, (size_t)(u - start)))
				s->esc = true;
			s->chars += (size_t)(u - start);
			continue;
		}
		s->chars++;
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			if (c == 0xe0)
				lo = 0xa0;
			else if (c == 0xed)
				hi = 0x9f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			if (c == 0xf0)
				lo = 0x90;
			else if (c == 0xf4)
				hi = 0x8f;
		} else {
			s->invalid++;
			u++;
			continue;
		}
		u++;
		/* the second byte has its own range, the others 80..BF */
		if (u < end && *u >= lo && *u <= hi) {
			u++;
			while (--need > 0 && u < end && *u >= 0x80 && *u <= 0xbf)
				u++;
			if (need == 0) {
				s->multibyte++;
				continue;
			}
		}
		s->invalid++;
	}
}

/* Count what the decoder could not decode, and write U+FFFD for it
 * (ICU's own substitution writes U+001A for some single-byte tables). */
static void U_CALLCONV
count_replace(const void *ctx, UConverterToUnicodeArgs *args,
    const char *units, int32_t len, UConverterCallbackReason why,
    UErrorCode *err)
{
	static const UChar fffd = 0xfffd;

	(void)units;
	(void)len;
	if (why > UCNV_IRREGULAR)
		return;
	(*(size_t *)(uintptr_t)ctx)++;
	*err = U_ZERO_ERROR;
	ucnv_cbToUWriteUChars(args, &fffd, 1, 0, err);
}

static UConverter *converters[E_COUNT], *to_utf8;
static UCharsetDetector *detector;
static size_t replaced;

static UConverter *
converter(enum enc e)
{
	UErrorCode err = U_ZERO_ERROR;

	if (to_utf8 == NULL) {
		to_utf8 = ucnv_open("UTF-8", &err);
		if (U_FAILURE(err))
			diag_fatal("ICU: UTF-8 converter: %s", u_errorName(err));
	}
	if (converters[e] == NULL) {
		converters[e] = ucnv_open(encs[e].icu, &err);
		if (U_FAILURE(err))
			diag_fatal("ICU: converter %s: %s", encs[e].icu,
			    u_errorName(err));
		ucnv_setToUCallBack(converters[e], count_replace, &replaced,
		    NULL, NULL, &err);
		if (U_FAILURE(err))
			diag_fatal("ICU: callback: %s", u_errorName(err));
	}
	ucnv_reset(converters[e]);
	ucnv_reset(to_utf8);
	return converters[e];
}

/* Convert p[0..n) from e to UTF-8 in out; the number of replacements. */
static size_t
convert(enum enc e, const char *p, size_t n, struct buf *out)
{
	UConverter *from = converter(e);
	UChar pivot[4096], *psrc = pivot, *ptgt = pivot;
	const char *src = p;
	char *tgt;

	replaced = 0;
	out->len = 0;
	/* UTF-8 takes at most three bytes per input byte (per two for
	 * UTF-16), plus a U+FFFD for a truncated end; overflow is handled
	 * anyway */
	buf_reserve(out, (e == E_UTF16BE || e == E_UTF16LE ? n / 2 * 3 :
	    3 * n) + 16);
	for (;;) {
		UErrorCode err = U_ZERO_ERROR;

		tgt = out->p + out->len;
		ucnv_convertEx(to_utf8, from, &tgt, out->p + out->cap, &src,
		    p + n, pivot, &psrc, &ptgt, pivot + 4096, false, true, &err);
		out->len = (size_t)(tgt - out->p);
		if (err == U_BUFFER_OVERFLOW_ERROR) {
			buf_reserve(out, out->cap);
			continue;
		}
		if (U_FAILURE(err))
			diag_fatal("ICU: converting from %s: %s", encs[e].name,
			    u_errorName(err));
		return replaced;
	}
}

size_t
charset_chars(const char *p, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)p[i] & 0xc0) != 0x80;
	return c;
}

struct decoding {
	const char		*p;	/* without a byte order mark */
	size_t			 n;
	struct utf8_scan	 scan;
	struct buf		*out;
	struct charset_result	*r;
};

/* Decode as e; true (and r filled in) if it is clean or must be taken. */
static bool
try(struct decoding *d, enum enc e, enum charset_how how, bool last)
{
	struct charset_result *r = d->r;
	size_t bad;

	if (e == E_UTF8 && d->scan.invalid == 0) {
		/* valid already: the bytes themselves */
		r->text = d->p;
		r->len = d->n;
		bad = 0;
	} else if (encs[e].ascii && d->scan.multibyte == 0 &&
	    d->scan.invalid == 0 && !(d->scan.esc && e != E_UTF8)) {
		r->text = d->p;	/* ASCII reads the same in e */
		r->len = d->n;
		bad = 0;
	} else {
		bad = convert(e, d->p, d->n, d->out);
		if (!last && bad > 0 &&
		    bad * CHARSET_BAD_SHARE > charset_chars(d->out->p, d->out->len))
			return false;
		r->text = d->out->p;
		r->len = d->out->len;
	}
	r->name = encs[e].name;
	r->how = how;
	r->replaced = bad;
	return true;
}

/*
 * What ICU's detector is shown: the words (runs without white space or
 * angle brackets) that hold a byte above 0x7F or an ESC, one space
 * apart, up to DETECT_SAMPLE bytes.  A modern page can carry 100 KB of
 * ASCII script before its first word of text, and the detector's
 * statistics are about the text.  The detector runs near 1 MB/s (its
 * single-byte n-gram recognizers; ICU 72 runs them even when they are
 * disabled), so the sample is small: 1 KB gave the same answers as 64 KB
 * on GBK, Big5, Shift_JIS, EUC-JP, windows-1250, ISO-8859-2 and
 * windows-1252 versions of the corpus pages, in a fifth of the time.
 */
static size_t
detector_sample(const char *p, size_t n, char *s, size_t cap)
{
	size_t i = 0, len = 0;

	while (i < n && len < cap) {
		size_t start;
		bool keep = false;

		while (i < n && (is_space((unsigned char)p[i]) || p[i] == '<' ||
		    p[i] == '>'))
			i++;
		start = i;
		while (i < n && !is_space((unsigned char)p[i]) && p[i] != '<' &&
		    p[i] != '>') {
			if ((unsigned char)p[i] >= 0x80 || p[i] == 0x1b)
				keep = true;
			i++;
		}
		if (keep) {
			size_t w = i - start;

			if (w > cap - len - 1)
				w = cap - len - 1;
			memcpy(s + len, p + start, w);
			len += w;
			s[len++] = ' ';
		}
	}
	return len;
}

#define DETECT_SAMPLE	1024
#define DETECT_TRIES	3

static bool
try_detector(struct decoding *d)
{
	static char sample[DETECT_SAMPLE];
	const UCharsetMatch **m;
	UErrorCode err = U_ZERO_ERROR;
	int32_t count, tries = 0;
	size_t len;

	if (detector == NULL) {
		detector = ucsdet_open(&err);
		if (U_FAILURE(err))
			diag_fatal("ICU: charset detector: %s", u_errorName(err));
	}
	len = detector_sample(d->p, d->n, sample, sizeof sample);
	if (len == 0)
		return false;
	ucsdet_setText(detector, sample, (int32_t)len, &err);
	m = ucsdet_detectAll(detector, &count, &err);
	if (U_FAILURE(err))
		return false;
	for (int32_t i = 0; i < count && tries < DETECT_TRIES; i++) {
		const char *name = ucsdet_getName(m[i], &err);
		int e;

		if (U_FAILURE(err))
			return false;
		e = lookup(name, strlen(name));
		if (e < 0 || e == E_UTF8)
			continue;	/* not on the web, or tried already */
		/* ICU guesses UTF-16 for a few high bytes in ASCII text
		 * (a latin-1 "caf\xe9" became CJK); without a BOM a page is
		 * not UTF-16 (WHATWG): its markup was read as ASCII */
		if (e == E_UTF16BE || e == E_UTF16LE)
			continue;
		tries++;
		if (try(d, (enum enc)e, CHARSET_DETECTOR, false))
			return true;
	}
	return false;
}

/* WHATWG: a <meta> cannot declare UTF-16 (the bytes were read as ASCII
 * to find it), and x-user-defined means windows-1252 for text. */
static int
meta_encoding(const char *label, size_t n)
{
	int e = lookup(label, n);

	if (e == E_UTF16BE || e == E_UTF16LE)
		return E_UTF8;
	return e;
}

void
charset_decode(const char *p, size_t n, const char *http_charset,
    struct buf *out, struct charset_result *r)
{
	struct decoding d = { .p = p, .n = n, .out = out, .r = r };
	const unsigned char *u = (const unsigned char *)p;
	char label[64];
	size_t llen;
	int e;

	if (n >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		d.p += 3;
		d.n -= 3;
		charset_scan_utf8(d.p, d.n, &d.scan);
		if (try(&d, E_UTF8, CHARSET_BOM, false))
			return;
	} else if (n >= 2 && ((u[0] == 0xff && u[1] == 0xfe) ||
	    (u[0] == 0xfe && u[1] == 0xff))) {
		d.p += 2;
		d.n -= 2;
		d.scan.invalid = 1;	/* never read as ASCII */
		if (try(&d, u[0] == 0xff ? E_UTF16LE : E_UTF16BE, CHARSET_BOM,
		    false))
			return;
		d.p = p;	/* not UTF-16 after all */
		d.n = n;
	}
	charset_scan_utf8(d.p, d.n, &d.scan);
	if (d.scan.multibyte > 0 &&
	    d.scan.invalid * CHARSET_BAD_SHARE <= d.scan.chars &&
	    d.scan.invalid * CHARSET_MULTIBYTE_SHARE <= d.scan.multibyte &&
	    try(&d, E_UTF8, CHARSET_UTF8, false))
		return;
	if (http_charset != NULL &&
	    (e = lookup(http_charset, strlen(http_charset))) >= 0 &&
	    try(&d, (enum enc)e, CHARSET_HEADER, false))
		return;
	if (charset_prescan(d.p, d.n < CHARSET_PRESCAN ? d.n : CHARSET_PRESCAN,
	    label, sizeof label, &llen) &&
	    (e = meta_encoding(label, llen)) >= 0 &&
	    try(&d, (enum enc)e, CHARSET_META, false))
		return;
	if (d.scan.multibyte == 0 && d.scan.invalid == 0 && !d.scan.esc) {
		try(&d, E_UTF8, CHARSET_UTF8, true);	/* ASCII */
		return;
	}
	if (try_detector(&d))
		return;
	if (try(&d, E_GB18030, CHARSET_FALLBACK, false))
		return;
	try(&d, E_WIN1252, CHARSET_FALLBACK, true);
}

bool
charset_binary(const char *p, size_t n, const char **why)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t bad = 0, i;

	if (n >= 2 && ((u[0] == 0xff && u[1] == 0xfe) ||
	    (u[0] == 0xfe && u[1] == 0xff)))
		return false;
	if (n >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		u += 3;
		n -= 3;
	}
	if (n >= 5 && memcmp(u, "%PDF-", 5) == 0) {
		*why = "binary content (a PDF file)";
		return true;
	}
	if (n > CHARSET_BINARY_SPAN)
		n = CHARSET_BINARY_SPAN;
	for (i = 0; i < n; i++)
		if ((u[i] < 0x20 && u[i] != '\t' && u[i] != '\n' &&
		    u[i] != '\v' && u[i] != '\f' && u[i] != '\r' &&
		    u[i] != 0x1b))
			bad++;
	if (bad * CHARSET_BINARY_SHARE > n) {
		*why = "binary content (control characters)";
		return true;
	}
	return false;
}

/* --- the WHATWG prescan (HTML Standard, "prescan a byte stream") ------- */

struct prescan {
	const unsigned char	*p, *end;
	char			 name[16], value[64];
	size_t			 nlen, vlen;
};

static bool
pre_space(unsigned char c)
{
	return c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d || c == 0x20;
}

static unsigned char
lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static void
put(char *s, size_t *len, size_t cap, unsigned char c)
{
	if (*len < cap)		/* a longer name or label matches nothing */
		s[(*len)++] = (char)c;
}

/* "Get an attribute": false when there is none (or at the end). */
static bool
get_attribute(struct prescan *ps)
{
	const unsigned char *p = ps->p, *end = ps->end;
	unsigned char q;

	ps->nlen = ps->vlen = 0;
	while (p < end && (pre_space(*p) || *p == '/'))
		p++;
	if (p >= end)
		goto none;
	if (*p == '>') {
		ps->p = p;
		return false;
	}
	for (;; p++) {
		if (p >= end)
			goto none;
		if (*p == '=' && ps->nlen > 0) {
			p++;
			goto value;
		}
		if (pre_space(*p))
			break;
		if (*p == '/' || *p == '>')
			goto done;
		put(ps->name, &ps->nlen, sizeof ps->name, lower(*p));
	}
	while (p < end && pre_space(*p))
		p++;
	if (p >= end)
		goto none;
	if (*p != '=')
		goto done;
	p++;
value:
	while (p < end && pre_space(*p))
		p++;
	if (p >= end)
		goto none;
	if (*p == '"' || *p == '\'') {
		q = *p++;
		for (; p < end && *p != q; p++)
			put(ps->value, &ps->vlen, sizeof ps->value, lower(*p));
		if (p >= end)
			goto none;
		p++;
		goto done;
	}
	if (*p == '>')
		goto done;
	for (; p < end && !pre_space(*p) && *p != '>'; p++)
		put(ps->value, &ps->vlen, sizeof ps->value, lower(*p));
	if (p >= end)
		goto none;
done:
	ps->p = p;
	return true;
none:
	ps->p = end;
	return false;
}

/* "Extract a character encoding from a meta element" (content="..."). */
static bool
content_charset(const char *s, size_t n, const char **label, size_t *len)
{
	size_t i = 0;

	for (;;) {
		const char *c = NULL;

		for (; i + 7 <= n; i++)
			if (memcmp(s + i, "charset", 7) == 0) {	/* lowered */
				c = s + i;
				break;
			}
		if (c == NULL)
			return false;
		i += 7;
		while (i < n && pre_space((unsigned char)s[i]))
			i++;
		if (i < n && s[i] == '=')
			break;
	}
	i++;
	while (i < n && pre_space((unsigned char)s[i]))
		i++;
	if (i >= n)
		return false;
	if (s[i] == '"' || s[i] == '\'') {
		const char *q = memchr(s + i + 1, s[i], n - i - 1);

		if (q == NULL)
			return false;
		*label = s + i + 1;
		*len = (size_t)(q - *label);
		return true;
	}
	*label = s + i;
	for (*len = 0; i + *len < n && !pre_space((unsigned char)s[i + *len]) &&
	    s[i + *len] != ';'; (*len)++)
		;
	return true;
}

static bool
starts(const unsigned char *p, const unsigned char *end, const char *s)
{
	size_t n = strlen(s);

	if ((size_t)(end - p) < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower(p[i]) != (unsigned char)s[i])
			return false;
	return true;
}

static bool
alpha(unsigned char c)
{
	c = lower(c);
	return c >= 'a' && c <= 'z';
}

/* One <meta>: its label, if it declares one the way the prescan wants. */
static bool
meta_label(struct prescan *ps, char *label, size_t cap, size_t *len)
{
	bool got_pragma = false, seen_he = false, seen_ct = false,
	    seen_cs = false;
	int need_pragma = -1;	/* unknown */
	const char *cs = NULL;
	size_t cslen = 0;
	char csbuf[64];

	while (get_attribute(ps)) {
		const char *l;
		size_t n;

		if (ps->nlen == 10 && memcmp(ps->name, "http-equiv", 10) == 0) {
			if (seen_he)
				continue;
			seen_he = true;
			if (ps->vlen == 12 &&
			    memcmp(ps->value, "content-type", 12) == 0)
				got_pragma = true;
		} else if (ps->nlen == 7 &&
		    memcmp(ps->name, "content", 7) == 0) {
			if (seen_ct)
				continue;
			seen_ct = true;
			if (cs == NULL &&
			    content_charset(ps->value, ps->vlen, &l, &n)) {
				memcpy(csbuf, l, n);
				cs = csbuf;
				cslen = n;
				need_pragma = 1;
			}
		} else if (ps->nlen == 7 &&
		    memcmp(ps->name, "charset", 7) == 0) {
			if (seen_cs)
				continue;
			seen_cs = true;
			memcpy(csbuf, ps->value, ps->vlen);
			cs = csbuf;
			cslen = ps->vlen;
			need_pragma = 0;
		}
	}
	if (need_pragma < 0 || (need_pragma == 1 && !got_pragma) || cs == NULL)
		return false;
	if (meta_encoding(cs, cslen) < 0)
		return false;
	if (cslen > cap)
		cslen = cap;
	memcpy(label, cs, cslen);
	*len = cslen;
	return true;
}

bool
charset_prescan(const char *text, size_t n, char *label, size_t cap,
    size_t *len)
{
	struct prescan ps = { .p = (const unsigned char *)text,
	    .end = (const unsigned char *)text + n };

	while (ps.p < ps.end) {
		const unsigned char *p = ps.p;

		if (starts(p, ps.end, "<!--")) {
			const unsigned char *q = p + 2;

			while (q + 3 <= ps.end && memcmp(q, "-->", 3) != 0)
				q++;
			if (q + 3 > ps.end)
				return false;
			ps.p = q + 3;
			continue;
		}
		if (starts(p, ps.end, "<meta") && ps.end - p > 5 &&
		    (pre_space(p[5]) || p[5] == '/')) {
			ps.p = p + 5;
			if (meta_label(&ps, label, cap, len))
				return true;
			continue;	/* ps.p is past the attributes */
		}
		if (p + 1 < ps.end && p[0] == '<' && (alpha(p[1]) ||
		    (p[1] == '/' && p + 2 < ps.end && alpha(p[2])))) {
			ps.p = p + 1;
			while (ps.p < ps.end && !pre_space(*ps.p) && *ps.p != '>')
				ps.p++;
			while (get_attribute(&ps))
				;
			continue;
		}
		if (p + 1 < ps.end && p[0] == '<' &&
		    (p[1] == '!' || p[1] == '/' || p[1] == '?')) {
			const unsigned char *q = memchr(p, '>',
			    (size_t)(ps.end - p));

			if (q == NULL)
				return false;
			ps.p = q + 1;
			continue;
		}
		ps.p++;
	}
	return false;
}

void
charset_cleanup(void)
{
	for (int e = 0; e < E_COUNT; e++)
		if (converters[e] != NULL) {
			ucnv_close(converters[e]);
			converters[e] = NULL;
		}
	if (to_utf8 != NULL)
		ucnv_close(to_utf8);
	to_utf8 = NULL;
	if (detector != NULL)
		ucsdet_close(detector);
	detector = NULL;
}
