#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <unicode/uloc.h>

#include "escape.h"
#include "pagemeta.h"

static const char *const names[PM_NFIELDS] = {
	"author", "date", "modified", "sitename", "description", "language",
	"languages", "canonical", "image", "tags", "categories", "type",
	"license", "pagetype", "encoding", "encoding_method",
};

const char *
pagemeta_name(enum pagemeta_field f)
{
	return names[f];
}

bool
pagemeta_parse(const char *list, enum pagemeta_field *v, size_t *n,
    struct buf *bad)
{
	const char *s = list;

	*n = 0;
	for (;;) {
		size_t k = strcspn(s, ","), i;

		for (i = 0; i < PM_NFIELDS; i++)
			if (strlen(names[i]) == k && memcmp(names[i], s, k) == 0)
				break;
		if (i == PM_NFIELDS || *n == PM_NFIELDS * 4) {
			bad->len = 0;
			buf_append(bad, s, k);
			buf_cstr(bad);
			return false;
		}
		v[(*n)++] = (enum pagemeta_field)i;
		if (s[k] == '\0')
			return true;
		s += k + 1;
	}
}

/* The top-level domain of a URL's host when it is a country's
 * (two letters): CLD2's tld hint. */
static bool
tld_of(const char *url, char out[3])
{
	const char *h, *end, *dot;

	if (url == NULL || (h = strstr(url, "://")) == NULL)
		return false;
	h += 3;
	end = h + strcspn(h, "/:?#");
	for (dot = end; dot > h && dot[-1] != '.'; dot--)
		;
	if (end - dot != 2 || dot == h)
		return false;
	out[0] = (char)(dot[0] | 0x20);
	out[1] = (char)(dot[1] | 0x20);
	out[2] = '\0';
	return out[0] >= 'a' && out[0] <= 'z' && out[1] >= 'a' && out[1] <= 'z';
}

static const char *const seps[] = { " | ", " - ", " \xe2\x80\x93 ",
    " \xe2\x80\x94 ", " :: ", " \xc2\xb7 ", " \xc2\xbb ", " : ", " / ",
    " \xe2\x80\xa2 ", " \xef\xbd\x9c ", "\xef\xbd\x9c", "_" };	/* "_": only a site's */

/* t[0..*n) without the site name s at its end or start, with one of
 * seps between them; true if it was there. */
static bool
cut_site(const char *t, size_t *start, size_t *n, const char *s)
{
	size_t sl = strlen(s);

	if (sl == 0 || sl >= *n)
		return false;
	for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		size_t k = strlen(seps[i]);

		if (*n > sl + k && strncasecmp(t + *start + *n - sl, s, sl) == 0 &&
		    memcmp(t + *start + *n - sl - k, seps[i], k) == 0) {
			*n -= sl + k;
			return true;
		}
		if (*n > sl + k && strncasecmp(t + *start, s, sl) == 0 &&
		    memcmp(t + *start + sl, seps[i], k) == 0) {
			*start += sl + k;
			*n -= sl + k;
			return true;
		}
	}
	return false;
}

/* The words of s[0..n): runs of bytes between spaces. */
static size_t
words(const char *s, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++)
		w += s[i] != ' ' && (i == 0 || s[i - 1] == ' ');
	return w;
}

/* The first separator of t[start..start+n) from i on: its offset and
 * length, or n. */
static size_t
next_sep(const char *t, size_t start, size_t n, size_t i, size_t *k)
{
	for (; i < n; i++)
		for (size_t s = 0; s < sizeof seps / sizeof seps[0] - 1; s++) {
			*k = strlen(seps[s]);
			if (i + *k <= n && memcmp(t + start + i, seps[s], *k) == 0)
				return i;
		}
	*k = 0;
	return n;
}

/* A span of a string: where a candidate title lies. */
struct span {
	const char	*p;
	size_t		 n;
};

static bool same(struct span a, struct span b);

/* A <title> (or og:title) is "Headline | Section | Site" as often as not:
 * what the pages of wcxb-dev name their title is its first part (or the
 * second, after a first of one word: "Site | Headline"), more often
 * than the whole (the scorer in bench/metascore.py: 0.739 against 0.677
 * with the site name cut alone, both halves up).  A first word that the
 * page's first h1 says (h1) is the headline, not a site's name
 * ("Kayaks | REI Co-op", "WebSocket - Web APIs | MDN"). */
static struct span
first_part(struct span whole, const char *const *sites, size_t nsites,
    struct span h1)
{
	const char *t = whole.p;
	size_t start = 0, n = whole.n, k, k2, e, e2;

	for (size_t i = 0; i < nsites; i++)
		if (sites[i] != NULL && cut_site(t, &start, &n, sites[i]))
			break;
	e = next_sep(t, start, n, 0, &k);
	if (e < n) {
		e2 = next_sep(t, start, n, e + k, &k2);
		if (words(t + start, e) < 2 &&
		    words(t + start + e + k, e2 - e - k) > words(t + start, e) &&
		    !same((struct span){ t + start, e }, h1)) {
			start += e + k;
			e = e2 - e - k;
		}
	}
	return (struct span){ t + start, e };
}

/* The next character of s from *i for comparing titles: ASCII in lower
 * case, typographic quotes and dashes as ASCII ones, a no-break space as
 * a space (what bench/metascore.py forgives too); other bytes as they
 * are. */
static int
fold_next(struct span s, size_t *i)
{
	static const struct {
		const char	*u;
		char		 c;
	} folds[] = {
		{ "\xe2\x80\x98", '\'' }, { "\xe2\x80\x99", '\'' },
		{ "\xe2\x80\x9c", '"' }, { "\xe2\x80\x9d", '"' },
		{ "\xc2\xab", '"' }, { "\xc2\xbb", '"' },
		{ "\xe2\x80\x90", '-' }, { "\xe2\x80\x91", '-' },
		{ "\xe2\x80\x92", '-' }, { "\xe2\x80\x93", '-' },
		{ "\xe2\x80\x94", '-' }, { "\xe2\x80\x95", '-' },
		{ "\xe2\x88\x92", '-' }, { "\xc2\xa0", ' ' },
	};
	unsigned char c = (unsigned char)s.p[*i];

	if (c >= 0x80)
		for (size_t f = 0; f < sizeof folds / sizeof folds[0]; f++) {
			size_t k = strlen(folds[f].u);

			if (*i + k <= s.n && memcmp(s.p + *i, folds[f].u, k) == 0) {
				*i += k;
				return folds[f].c;
			}
		}
	(*i)++;
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Do two titles say the same, case, typographic quotes and dashes and
 * spaces at the ends aside? */
static bool
same(struct span a, struct span b)
{
	size_t i = 0, j = 0;

	while (a.n > 0 && a.p[a.n - 1] == ' ')
		a.n--;
	while (b.n > 0 && b.p[b.n - 1] == ' ')
		b.n--;
	if (a.n == 0 || b.n == 0)
		return false;
	while (i < a.n && j < b.n)
		if (fold_next(a, &i) != fold_next(b, &j))
			return false;
	return i == a.n && j == b.n;
}

static bool
word_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' &&
	    (c | 0x20) <= 'z') || c >= 0x80;
}

/* The next word of s from *i (letters, digits, any non-ASCII), or false. */
static bool
next_word(struct span s, size_t *i, struct span *w)
{
	while (*i < s.n && !word_byte((unsigned char)s.p[*i]))
		(*i)++;
	if (*i == s.n)
		return false;
	w->p = s.p + *i;
	while (*i < s.n && word_byte((unsigned char)s.p[*i]))
		(*i)++;
	w->n = (size_t)(s.p + *i - w->p);
	return true;
}

static bool
has_word_of(struct span s, struct span w)
{
	struct span v;
	size_t i = 0;

	while (next_word(s, &i, &v))
		if (same(v, w))
			return true;
	return false;
}

/* The words a and b share, in percent of the words of either (Jaccard;
 * a word twice in one counts twice, near enough for titles). */
static int
overlap(struct span a, struct span b)
{
	struct span w;
	size_t i = 0, na = 0, nb = 0, both = 0;

	while (next_word(a, &i, &w)) {
		na++;
		both += has_word_of(b, w);
	}
	for (i = 0; next_word(b, &i, &w);)
		nb++;
	if (na + nb == both)
		return 100;
	return (int)(100 * both / (na + nb - both));
}

/* A headline without the permalink sign that documentation generators
 * put after it: " ¶" (Sphinx, Django), or a private-use icon. */
static struct span
headline_span(const char *s, size_t n)
{
	for (;;) {
		while (n > 0 && s[n - 1] == ' ')
			n--;
		if (n >= 2 && memcmp(s + n - 2, "\xc2\xb6", 2) == 0)
			n -= 2;
		else if (n >= 3 && (unsigned char)s[n - 3] == 0xef &&
		    (unsigned char)s[n - 2] >= 0x80 &&
		    (unsigned char)s[n - 2] <= 0xa3)	/* U+E000..U+F8FF */
			n -= 3;
		else
			return (struct span){ s, n };
	}
}

/* In a tie between the headline and the <title>, the share of words
 * they must have in common for the headline to win, in percent: below
 * it the h1 is a slogan ("Your content. Your canvas.") beside the page's
 * real name (wcxb-dev, the ties: 20 against 30 or 40, both halves). */
#define TIE_OVERLAP	20

/* Is og:title the <title> t without what frames it, a name before or
 * after a separator or a colon ("Site: Headline", "Headline - Site"),
 * and no site name itself?  Then the <title> backs it: the page's own
 * name for it, without the site's (wcxb-dev: 7 titles right, none
 * wrong, both halves up; Readability 0.496 -> 0.512, both halves). */
static bool
framed(struct span t, struct span og, const char *const *sites, size_t ns)
{
	static const char *const more[] = { ": " };

	if (og.n == 0 || t.n <= og.n + 2)
		return false;
	for (size_t i = 0; i < ns; i++)
		if (sites[i] != NULL &&
		    same(og, (struct span){ sites[i], strlen(sites[i]) }))
			return false;
	for (size_t i = 0; i < sizeof seps / sizeof seps[0] - 1 +
	    sizeof more / sizeof more[0]; i++) {
		const char *sep = i < sizeof seps / sizeof seps[0] - 1 ?
		    seps[i] : more[i - (sizeof seps / sizeof seps[0] - 1)];
		size_t k = strlen(sep);

		if (t.n < og.n + k + 1)
			continue;
		if (same((struct span){ t.p + t.n - og.n, og.n }, og) &&
		    memcmp(t.p + t.n - og.n - k, sep, k) == 0)
			return true;
		if (same((struct span){ t.p, og.n }, og) &&
		    memcmp(t.p + og.n, sep, k) == 0)
			return true;
	}
	return false;
}

/* Is the page of a kind whose h1 is as often a slogan or the name of a
 * board as what the page is called?  A service's landing page ("The
 * complete customer service solution" under "Customer service software
 * for ...") and a forum's thread: in a tie between the h1 and the
 * <title>, the <title> names the page (wcxb-dev: 15 titles right, 7
 * wrong, 0.797 -> 0.802, both halves up; articles, products and
 * collections keep the h1, which is right there as often or more). */
static bool
slogan_h1(enum pagetype t)
{
	return t == PAGETYPE_SERVICE || t == PAGETYPE_FORUM;
}

/* Is s, its letters and digits in lower case, a label of the page's
 * host name but its last ("Arch Linux" on bbs.archlinux.org, "Best
 * Mobile App Awards" on bestmobileappawards.com)?  Then it is the
 * site's name shown as a logo, not the page's headline (wcxb-dev: 3
 * titles right, none wrong).  Hyphens in the label aside; only ASCII
 * names, and three characters or more. */
static bool
host_label(struct span s, const struct meta *m)
{
	char a[64];
	size_t n = 0, i, h, end;
	const char *host;

	if (!m->base_ok)
		return false;
	for (i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];

		if (c >= 0x80 || n == sizeof a)
			return false;
		if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
			a[n++] = (char)(c | 0x20);
		else if (c >= '0' && c <= '9')
			a[n++] = (char)c;
	}
	if (n < 3)
		return false;
	host = m->base.href.p + m->base.host_start;
	end = m->base.host_end - m->base.host_start;
	while (end > 0 && host[end - 1] != '.')	/* the top-level domain */
		end--;
	for (h = 0; h < end;) {
		size_t k = 0;

		for (; h < end && host[h] != '.'; h++)
			if (host[h] != '-' && (k >= n || host[h] != a[k++]))
				k = n + 1;
		if (k == n)
			return true;
		h++;
	}
	return false;
}

/* Drop from b the characters that show nothing and only ride along in
 * a copied heading: the soft hyphen, the zero-width space, the
 * direction marks and embeddings (U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069), the invisible operators U+2060..U+2064, the byte
 * order mark, and private-use characters (U+E000..U+F8FF: an icon
 * font's glyph, a permalink's).  The zero-width joiner and non-joiner
 * stay: they change how Persian, Indic scripts and emoji are written.
 * (wcxb-dev: two titles, U+202A..U+202C around a name and a soft
 * hyphen in a word.) */
static void
strip_invisible(struct buf *b)
{
	size_t i = 0, o = 0;

	while (i < b->len) {
		const unsigned char *u = (const unsigned char *)b->p + i;
		size_t k = 0;

		if (u[0] == 0xc2 && i + 1 < b->len && u[1] == 0xad)
			k = 2;
		else if (i + 2 < b->len && u[0] == 0xe2 && ((u[1] == 0x80 &&
		    (u[2] == 0x8b || u[2] == 0x8e || u[2] == 0x8f ||
		    (u[2] >= 0xaa && u[2] <= 0xae))) || (u[1] == 0x81 &&
		    ((u[2] >= 0xa0 && u[2] <= 0xa4) ||
		    (u[2] >= 0xa6 && u[2] <= 0xa9)))))
			k = 3;
		else if (i + 2 < b->len && ((u[0] == 0xee && u[1] >= 0x80) ||
		    (u[0] == 0xef && u[1] >= 0x80 && u[1] <= 0xa3) ||
		    (u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf)))
			k = 3;
		if (k > 0) {
			i += k;
			continue;
		}
		/* the space that stood before a dropped icon, once */
		if (b->p[i] == ' ' && (o == 0 || b->p[o - 1] == ' ')) {
			i++;
			continue;
		}
		b->p[o++] = b->p[i++];
	}
	while (o > 0 && b->p[o - 1] == ' ')
		o--;
	b->len = o;
}

/* Is t a line of the text (a heading of it), as same() compares? */
static bool
text_line(const struct extract *x, struct span t)
{
	const char *p = x->text.p, *end;

	if (x->text.len == 0)
		return false;
	end = p + x->text.len;
	while (p != NULL && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (same((struct span){ p, (size_t)((nl ? nl : end) - p) }, t))
			return true;
		p = nl ? nl + 1 : NULL;
	}
	return false;
}

/*
 * The page's title, from the sources that name it: the headline (the h1
 * extraction chose), the <title>, og:title (else the JSON-LD headline or
 * twitter:title), and the first h1 of the page.  Each candidate (the
 * headline, the first part of the <title> and of og:title, the first h1)
 * gets a vote from every source that is it, whole or in its first part:
 * a headline the <title> repeats wins, a <title> that og:title repeats
 * beats an h1 no other source backs.  In a tie the headline wins, unless
 * it shares almost no words with the <title>.  (wcxb-dev: 0.745 -> 0.796
 * with the ties; the headline alone whenever it differed was 0.745.)
 * Neither that nor slogan_h1() takes the tie from a headline that the
 * JSON-LD headline repeats: the page's own data names it (wcxb-dev: 1
 * title right, none wrong, no other title changed; of the ties where
 * the JSON-LD headline is the <title>'s part, the h1 is the reference
 * more often, so that side gets no such help).  The text votes for the
 * <title>'s name when it is one of its lines: an h2 over the story that
 * the <title> repeats, under an h1 that names the section ("Allergies
 * Health Center") or a slogan (wcxb-dev: 4 titles right, 1 wrong;
 * Readability's pages: 2 right).
 */
static void
choose_title(struct pagemeta *p, const struct extract *x)
{
	const struct meta *m = &p->meta;
	const char *t = m->field[META_SITE_TITLE];
	const char *og = m->field[META_TITLE_OG];
	const char *h1 = m->field[META_H1];
	const char *sites[] = { m->field[META_SITENAME],
	    jsonld_get(&m->ld, JSONLD_SITE_NAME),
	    jsonld_get(&m->ld, JSONLD_PUBLISHER) };
	const size_t ns = sizeof sites / sizeof sites[0];
	const char *ld = jsonld_get(&m->ld, JSONLD_HEADLINE);
	enum { C_X, C_T, C_OG, C_H1, C_N };
	struct span c[C_N] = { { NULL, 0 } }, whole[C_N] = { { NULL, 0 } };
	struct span part[C_N] = { { NULL, 0 } }, first_h1;
	int votes[C_N] = { 0 }, best = -1;

	p->title.len = 0;
	/* the headline, when it is an h1 (it is the <title> otherwise) */
	if (x->title.len > 0 && (t == NULL || x->title.len != strlen(t) ||
	    memcmp(x->title.p, t, x->title.len) != 0))
		whole[C_X] = headline_span(x->title.p, x->title.len);
	if (t != NULL)
		whole[C_T] = (struct span){ t, strlen(t) };
	if (og != NULL)
		whole[C_OG] = (struct span){ og, strlen(og) };
	if (h1 != NULL)
		whole[C_H1] = headline_span(h1, strlen(h1));
	/* the site's name as a logo h1 stands for nothing */
	if (whole[C_X].n > 0 && host_label(whole[C_X], m))
		whole[C_X].n = 0;
	if (whole[C_H1].n > 0 && host_label(whole[C_H1], m))
		whole[C_H1].n = 0;
	first_h1 = whole[C_H1];
	/* no h1 in the text: the page's first h1 stands in for the
	 * headline, as one source (wcxb-dev 0.793 -> 0.796, both halves) */
	if (whole[C_X].n == 0) {
		whole[C_X] = whole[C_H1];
		whole[C_H1].n = 0;
	}
	for (int i = 0; i < C_N; i++) {
		if (whole[i].n == 0)
			continue;
		part[i] = first_part(whole[i], sites, ns, first_h1);
		/* an h1 that copies the whole <title> (a screen reader's
		 * "Headline | Section | Site") is the <title>, and its first
		 * part the name (wcxb-dev: 6 titles right, 3 wrong, where
		 * the <title> was "Headline - Subtitle" whole; half A
		 * unchanged, B up) */
		c[i] = i == C_T || i == C_OG || same(whole[i], whole[C_T]) ?
		    part[i] : whole[i];
	}
	if (c[C_T].n == 0)
		c[C_T] = c[C_OG];	/* no <title>: og:title is it */
	for (int i = 0; i < C_N; i++) {
		if (c[i].n == 0)
			continue;
		for (int s = 0; s < C_N; s++)
			votes[i] += whole[s].n > 0 && (same(whole[s], c[i]) ||
			    same(part[s], c[i]));
		if (i == C_OG && whole[C_T].n > 0 && votes[i] == 1 &&
		    framed(whole[C_T], c[i], sites, ns))
			votes[i]++;
		if (i == C_T && text_line(x, c[i]))
			votes[i]++;
		if (best < 0 || votes[i] > votes[best])
			best = i;
	}
	if (best == C_X && c[C_T].n > 0 && votes[C_T] == votes[C_X] &&
	    (overlap(c[C_X], c[C_T]) < TIE_OVERLAP || slogan_h1(x->type)) &&
	    (ld == NULL || !same(c[C_X], (struct span){ ld, strlen(ld) })))
		best = C_T;
	if (best >= 0)
		buf_append(&p->title, c[best].p, c[best].n);
	if (p->title.len == 0)
		buf_append(&p->title, x->title.p, x->title.len);
	strip_invisible(&p->title);
}

/* The date at the start of the text, where a post or an article puts
 * its own (the first TEXT_DATE bytes, a line or two: a forum's first
 * post, a dateline the headline does not precede), for a page that has
 * no other. */
#define TEXT_DATE	300
static bool
text_date(struct pagemeta *p, const struct extract *x, long long now)
{
	struct date d;
	size_t n = x->text.len < TEXT_DATE ? x->text.len : TEXT_DATE;

	if (n == 0 || !date_find(x->text.p, n, 0, &d) ||
	    !date_plausible(&d, now))
		return false;
	date_format(&d, p->text_date);
	return true;
}

void
pagemeta_run(struct pagemeta *p, const struct html *h,
    const struct extract *x, const char *url, long long now)
{
	const struct meta *m = &p->meta;
	const char *hint, *cl;
	char tld[3];
	size_t len = 0;

	meta_read(&p->meta, h != NULL ? h->doc : NULL, url, now);
	choose_title(p, x);
	for (int f = 0; f < PM_NFIELDS; f++)
		p->value[f] = NULL;
	p->value[PM_AUTHOR] = m->field[META_AUTHOR];
	p->value[PM_DATE] = m->field[META_DATE];
	if (p->value[PM_DATE] == NULL && text_date(p, x, now))
		p->value[PM_DATE] = p->text_date;
	p->value[PM_MODIFIED] = m->field[META_MODIFIED];
	p->value[PM_SITENAME] = m->field[META_SITENAME];
	p->value[PM_DESCRIPTION] = m->field[META_DESCRIPTION];
	p->value[PM_CANONICAL] = m->field[META_CANONICAL];
	p->value[PM_IMAGE] = m->field[META_IMAGE];
	p->value[PM_TAGS] = m->field[META_TAGS];
	p->value[PM_CATEGORIES] = m->field[META_CATEGORIES];
	p->value[PM_TYPE] = m->field[META_TYPE];
	p->value[PM_LICENSE] = m->field[META_LICENSE];
	p->value[PM_PAGETYPE] = x->pagetype;
	if (h != NULL) {	/* a WET record's text has no encoding of its own */
		p->value[PM_ENCODING] = h->cs.name;
		p->value[PM_ENCODING_METHOD] = charset_how_name(h->cs.how);
	}

	hint = m->field[META_LANG_HINT];
	cl = m->content_language != NULL ? m->content_language : hint;
	lang_detect(x->text.p ? x->text.p : "", x->text.len, cl,
	    tld_of(url, tld) ? tld : NULL, hint, &p->lang);
	p->value[PM_LANGUAGE] = p->lang.code;
	p->languages[0] = '\0';
	for (int i = 0; i < p->lang.n; i++) {
		int k = snprintf(p->languages + len, sizeof p->languages - len,
		    "%s%s:%d", i ? "," : "", p->lang.codes[i],
		    p->lang.percent[i]);

		if (k < 0 || (size_t)k >= sizeof p->languages - len)
			break;
		len += (size_t)k;
	}
	if (len > 0)
		p->value[PM_LANGUAGES] = p->languages;
}

void
pagemeta_free(struct pagemeta *p)
{
	meta_free(&p->meta);
	buf_free(&p->title);
	buf_free(&p->tmp);
}

void
pagemeta_write_tsv(struct out *o, const struct pagemeta *p,
    const enum pagemeta_field *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *s = p->value[v[i]];

		if (s != NULL)
			escape_write(o, s, strlen(s));
		out_putc(o, '\t');
	}
}

void
pagemeta_write_json(struct jsonw *w, const struct pagemeta *p)
{
	for (int f = 0; f < PM_NFIELDS; f++) {
		const char *s = p->value[f];

		if (s == NULL)
			continue;
		if (f == PM_LANGUAGES) {
			jsonw_begin(w, names[f]);
			for (int i = 0; i < p->lang.n; i++)
				jsonw_int(w, p->lang.codes[i], p->lang.percent[i]);
			jsonw_end(w);
		} else
			jsonw_str(w, names[f], s, strlen(s));
	}
}

/* The languages CLD2 found, as ISO 639-3 codes (ICU's table of them)
 * apart by commas: what Common Crawl writes in its WET records'
 * WARC-Identified-Content-Language.  False, out empty, when none is known
 * (the text is "und"). */
bool
pagemeta_iso3_languages(const struct pagemeta *p, char *out, size_t cap)
{
	size_t len = 0;

	out[0] = '\0';
	if (strcmp(p->lang.code, "und") == 0)
		return false;
	for (int i = 0; i < p->lang.n; i++) {
		const char *c = uloc_getISO3Language(p->lang.codes[i]);
		int k;

		if (c == NULL || *c == '\0')
			c = p->lang.codes[i];	/* ICU knows no other name */
		k = snprintf(out + len, cap - len, "%s%s", len ? "," : "", c);
		if (k < 0 || (size_t)k >= cap - len)
			break;
		len += (size_t)k;
	}
	return len > 0;
}
