#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "date.h"

/* Month names, lower case (ASCII folded; the other letters as pages
 * write them), and the month of each.  Abbreviations may end in '.'. */
static const struct month {
	const char	*name;
	int		 month;
} months[] = {
	/* English */
	{ "january", 1 }, { "february", 2 }, { "march", 3 }, { "april", 4 },
	{ "may", 5 }, { "june", 6 }, { "july", 7 }, { "august", 8 },
	{ "september", 9 }, { "october", 10 }, { "november", 11 },
	{ "december", 12 },
	{ "jan", 1 }, { "feb", 2 }, { "mar", 3 }, { "apr", 4 }, { "jun", 6 },
	{ "jul", 7 }, { "aug", 8 }, { "sep", 9 }, { "sept", 9 }, { "oct", 10 },
	{ "nov", 11 }, { "dec", 12 },
	/* German */
	{ "januar", 1 }, { "j\xc3\xa4nner", 1 }, { "februar", 2 },
	{ "m\xc3\xa4rz", 3 }, { "maerz", 3 }, { "mai", 5 }, { "juni", 6 },
	{ "juli", 7 }, { "oktober", 10 }, { "dezember", 12 },
	{ "m\xc3\xa4r", 3 }, { "mrz", 3 }, { "okt", 10 }, { "dez", 12 },
	/* French */
	{ "janvier", 1 }, { "f\xc3\xa9vrier", 2 }, { "fevrier", 2 },
	{ "mars", 3 }, { "avril", 4 }, { "juin", 6 }, { "juillet", 7 },
	{ "ao\xc3\xbbt", 8 }, { "aout", 8 }, { "septembre", 9 },
	{ "octobre", 10 }, { "novembre", 11 }, { "d\xc3\xa9" "cembre", 12 },
	{ "decembre", 12 }, { "janv", 1 }, { "f\xc3\xa9vr", 2 }, { "fevr", 2 },
	{ "avr", 4 }, { "juil", 7 }, { "d\xc3\xa9" "c", 12 },
	/* Spanish */
	{ "enero", 1 }, { "febrero", 2 }, { "marzo", 3 }, { "abril", 4 },
	{ "mayo", 5 }, { "junio", 6 }, { "julio", 7 }, { "agosto", 8 },
	{ "septiembre", 9 }, { "setiembre", 9 }, { "octubre", 10 },
	{ "noviembre", 11 }, { "diciembre", 12 }, { "ene", 1 }, { "abr", 4 },
	{ "ago", 8 }, { "dic", 12 },
	/* Italian */
	{ "gennaio", 1 }, { "febbraio", 2 }, { "aprile", 4 }, { "maggio", 5 },
	{ "giugno", 6 }, { "luglio", 7 }, { "settembre", 9 }, { "ottobre", 10 },
	{ "dicembre", 12 }, { "gen", 1 }, { "mag", 5 }, { "giu", 6 },
	{ "lug", 7 }, { "set", 9 }, { "ott", 10 },
	/* Dutch */
	{ "januari", 1 }, { "februari", 2 }, { "maart", 3 }, { "mei", 5 },
	{ "augustus", 8 }, { "mrt", 3 },
	/* Portuguese */
	{ "janeiro", 1 }, { "fevereiro", 2 }, { "mar\xc3\xa7o", 3 },
	{ "maio", 5 }, { "junho", 6 }, { "julho", 7 }, { "setembro", 9 },
	{ "outubro", 10 }, { "novembro", 11 }, { "dezembro", 12 },
	{ "fev", 2 }, { "out", 10 },
};

/* Weekdays, skipped before a date ("Tue, 12 Mar 2024"). */
static const char *const weekdays[] = {
	"monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
	"sunday", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri",
	"sat", "sun", "montag", "dienstag", "mittwoch", "donnerstag", "freitag",
	"samstag", "sonntag", "lundi", "mardi", "mercredi", "jeudi", "vendredi",
	"samedi", "dimanche",
};

struct cur {
	const unsigned char	*p, *end;
	bool			 first;	/* at the start of the string */
};

static bool
digit(const struct cur *c)
{
	return c->p < c->end && *c->p >= '0' && *c->p <= '9';
}

static bool
letter(unsigned char ch)
{
	return ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') || ch >= 0x80;
}

/* min to max digits, not followed by another: their value. */
static bool
number(struct cur *c, int min, int max, int *v)
{
	const unsigned char *s = c->p;
	int n = 0, val = 0;

	while (s < c->end && *s >= '0' && *s <= '9' && n <= max) {
		val = val * 10 + (*s - '0');
		s++;
		n++;
	}
	if (n < min || n > max)
		return false;
	c->p = s;
	*v = val;
	return true;
}

static bool
lit(struct cur *c, char ch)
{
	if (c->p < c->end && *c->p == (unsigned char)ch) {
		c->p++;
		return true;
	}
	return false;
}

/* The bytes s, at c (UTF-8, exact). */
static bool
lits(struct cur *c, const char *s)
{
	size_t k = strlen(s);

	if ((size_t)(c->end - c->p) >= k && memcmp(c->p, s, k) == 0) {
		c->p += k;
		return true;
	}
	return false;
}

static void
spaces(struct cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

/* A word of letters at c, ASCII folded into w (a final '.' skipped). */
static bool
word(struct cur *c, char *w, size_t cap)
{
	size_t n = 0;
	const unsigned char *s = c->p;

	while (s < c->end && letter(*s)) {
		if (n + 1 >= cap)
			return false;
		w[n++] = (char)(*s < 0x80 ? (*s | 0x20) : *s);
		s++;
	}
	if (n == 0)
		return false;
	w[n] = '\0';
	if (s < c->end && *s == '.')
		s++;
	c->p = s;
	return true;
}

static int
month_named(struct cur *c)
{
	struct cur save = *c;
	char w[24];

	if (word(c, w, sizeof w))
		for (size_t i = 0; i < sizeof months / sizeof months[0]; i++)
			if (strcmp(w, months[i].name) == 0)
				return months[i].month;
	*c = save;
	return 0;
}

static bool
leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int
mdays(int y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };

	return m == 2 && leap(y) ? 29 : days[m - 1];
}

static bool
valid(int y, int m, int d)
{
	return y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 &&
	    d <= mdays(y, m);
}

/* An offset at c: Z, UTC, GMT, +01:00, +0100, +01. */
static void
offset(struct cur *c, struct date *d)
{
	struct cur save = *c;
	int h, m = 0, sign;

	spaces(c);
	if (lit(c, 'Z') || lits(c, "UTC") || lits(c, "GMT")) {
		d->has_offset = true;
		d->offset = 0;
		save = *c;	/* GMT+1 */
	}
	if (c->p < c->end && (*c->p == '+' || *c->p == '-')) {
		sign = *c->p == '-' ? -1 : 1;
		c->p++;
		if (number(c, 4, 4, &h)) {
			m = h % 100;
			h /= 100;
		} else if (number(c, 1, 2, &h)) {
			if (lit(c, ':') && !number(c, 2, 2, &m)) {
				*c = save;
				return;
			}
		} else {
			*c = save;
			return;
		}
		if (h > 14 || m > 59) {
			*c = save;
			return;
		}
		d->has_offset = true;
		d->offset = sign * (h * 60 + m);
		return;
	}
	*c = save;
}

/* A time at c (after T, a space, ", " or " at "), then its offset. */
static void
time_of_day(struct cur *c, struct date *d)
{
	struct cur save = *c;
	int h, m, s = 0;
	char w[8];

	if (!lit(c, 'T')) {
		lit(c, ',');
		spaces(c);
		if (lits(c, "at ") || lits(c, "um ") || lits(c, "\xc3\xa0 "))
			spaces(c);
		lit(c, '-');
		spaces(c);
	}
	if (!number(c, 1, 2, &h) || !lit(c, ':') || !number(c, 2, 2, &m)) {
		*c = save;
		return;
	}
	if (lit(c, ':') && !number(c, 2, 2, &s)) {
		*c = save;
		return;
	}
	if (lit(c, '.') || lit(c, ','))
		while (digit(c))
			c->p++;
	{
		struct cur ap = *c;

		spaces(&ap);
		if (word(&ap, w, sizeof w) && (strcmp(w, "am") == 0 ||
		    strcmp(w, "pm") == 0)) {
			if (h < 1 || h > 12) {
				*c = save;
				return;
			}
			h = h % 12 + (w[0] == 'p' ? 12 : 0);
			*c = ap;
		}
	}
	if (h > 23 || m > 59 || s > 60) {
		*c = save;
		return;
	}
	d->has_time = true;
	d->hour = h;
	d->min = m;
	d->sec = s > 59 ? 59 : s;
	offset(c, d);
}

static bool
set(struct date *d, int y, int m, int day)
{
	if (!valid(y, m, day))
		return false;
	memset(d, 0, sizeof *d);
	d->year = y;
	d->month = m;
	d->day = day;
	return true;
}

/* 2024-03-12, 2024/03/12, 2024.03.12, 2024年3月12日, 2024년 3월 12일,
 * 2024 Mar 12 */
static bool
ymd(struct cur *c, struct date *d)
{
	struct cur s = *c;
	int y, m, day;

	if (!number(&s, 4, 4, &y))
		return false;
	if (lits(&s, "\xe5\xb9\xb4")) {			/* 年 */
		spaces(&s);
		if (number(&s, 1, 2, &m) && lits(&s, "\xe6\x9c\x88") && /* 月 */
		    number(&s, 1, 2, &day) && set(d, y, m, day)) {
			lits(&s, "\xe6\x97\xa5");		/* 日 */
			*c = s;
			return true;
		}
		return false;
	}
	if (lits(&s, "\xeb\x85\x84")) {			/* 년 */
		spaces(&s);
		if (number(&s, 1, 2, &m) && lits(&s, "\xec\x9b\x94")) { /* 월 */
			spaces(&s);
			if (number(&s, 1, 2, &day) && set(d, y, m, day)) {
				*c = s;
				return true;
			}
		}
		return false;
	}
	if (s.p < s.end && (*s.p == '-' || *s.p == '/' || *s.p == '.')) {
		char sep = (char)*s.p++;

		if (!number(&s, 1, 2, &m) || !lit(&s, sep) ||
		    !number(&s, 1, 2, &day) || !set(d, y, m, day))
			return false;
		if (sep == '-')
			time_of_day(&s, d);
		else {
			struct cur t = s;

			spaces(&t);
			time_of_day(&t, d);
			if (d->has_time)
				s = t;
		}
		*c = s;
		return true;
	}
	/* 2023 Jan 7: the NLM's citation style, which
	 * citation_publication_date follows; only to begin the string, as
	 * a meta value does: in a text, a year that ends a heading is as
	 * often followed by the date under it ("The best franchises of
	 * 2024 September 1st, 2023": wcxb-dev, two pages) */
	if (c->first && s.p < s.end && *s.p == ' ') {
		spaces(&s);
		if ((m = month_named(&s)) != 0 && s.p < s.end && *s.p == ' ') {
			spaces(&s);
			if (number(&s, 1, 2, &day) && set(d, y, m, day)) {
				*c = s;
				return true;
			}
		}
	}
	return false;
}

/* 12.03.2024, 12-03-2024 (day first); 03/12/2024 if unambiguous */
static bool
dmy_numeric(struct cur *c, struct date *d)
{
	struct cur s = *c;
	int a, b, y;
	char sep;

	if (!number(&s, 1, 2, &a) || s.p >= s.end ||
	    (*s.p != '.' && *s.p != '-' && *s.p != '/'))
		return false;
	sep = (char)*s.p++;
	if (!number(&s, 1, 2, &b) || !lit(&s, sep) || !number(&s, 4, 4, &y))
		return false;
	if (sep == '/') {
		if (a > 12 && b <= 12) {
			if (!set(d, y, b, a))
				return false;
		} else if (b > 12 && a <= 12) {
			if (!set(d, y, a, b))
				return false;
		} else
			return false;
	} else if (!set(d, y, b, a))
		return false;
	{
		struct cur t = s;

		spaces(&t);
		time_of_day(&t, d);
		if (d->has_time)
			s = t;
	}
	*c = s;
	return true;
}

/* An ordinal's ending: 1st, 2nd, 3rd, 12th, 1er, 1º */
static void
ordinal(struct cur *c)
{
	if (!lits(c, "st") && !lits(c, "nd") && !lits(c, "rd") &&
	    !lits(c, "th") && !lits(c, "er") && !lits(c, "\xc2\xba"))
		lit(c, '.');
}

/* 12 March 2024, 12. März 2024, 12 de marzo de 2024, 12-Mar-2024 */
static bool
d_month_y(struct cur *c, struct date *d)
{
	struct cur s = *c;
	int day, m, y;

	if (!number(&s, 1, 2, &day))
		return false;
	ordinal(&s);
	if (!lit(&s, '-'))
		spaces(&s);
	if (lits(&s, "de "))
		spaces(&s);
	if ((m = month_named(&s)) == 0)
		return false;
	if (!lit(&s, '-')) {
		lit(&s, ',');
		spaces(&s);
	}
	if (lits(&s, "de "))
		spaces(&s);
	if (!number(&s, 4, 4, &y) || !set(d, y, m, day))
		return false;
	time_of_day(&s, d);
	*c = s;
	return true;
}

/* March 12, 2024; Mar. 12 2024; March 12th, 2024 */
static bool
month_d_y(struct cur *c, struct date *d)
{
	struct cur s = *c;
	int day, m, y;

	if ((m = month_named(&s)) == 0)
		return false;
	spaces(&s);
	if (!number(&s, 1, 2, &day))
		return false;
	ordinal(&s);
	lit(&s, ',');
	spaces(&s);
	if (!number(&s, 4, 4, &y) || !set(d, y, m, day))
		return false;
	time_of_day(&s, d);
	*c = s;
	return true;
}

static bool
weekday(struct cur *c)
{
	struct cur s = *c;
	char w[16];

	if (!word(&s, w, sizeof w))
		return false;
	for (size_t i = 0; i < sizeof weekdays / sizeof weekdays[0]; i++)
		if (strcmp(w, weekdays[i]) == 0) {
			lit(&s, ',');
			spaces(&s);
			*c = s;
			return true;
		}
	return false;
}

void
date_from_unix(int64_t t, struct date *d)
{
	/* days to civil date: Howard Hinnant's algorithm */
	int64_t days = t / 86400, secs = t % 86400, era, doe, yoe, doy, mp;

	if (secs < 0) {
		secs += 86400;
		days--;
	}
	days += 719468;
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = days - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	memset(d, 0, sizeof *d);
	d->day = (int)(doy - (153 * mp + 2) / 5 + 1);
	d->month = (int)(mp < 10 ? mp + 3 : mp - 9);
	d->year = (int)(yoe + era * 400 + (d->month <= 2));
	d->hour = (int)(secs / 3600);
	d->min = (int)(secs / 60 % 60);
	d->sec = (int)(secs % 60);
	d->has_time = d->has_offset = true;
}

static bool
unix_time(const char *s, size_t n, struct date *d)
{
	int64_t t = 0;

	if (n != 10 && n != 13)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		t = t * 10 + (s[i] - '0');
	}
	if (n == 13)
		t /= 1000;
	date_from_unix(t, d);
	return true;
}

bool
date_find(const char *s, size_t n, unsigned flags, struct date *d)
{
	struct cur c;
	const unsigned char *u = (const unsigned char *)s;
	const char *const s0 = s;
	bool hit;
	int v;

	if (n > DATE_MAX_SCAN)
		n = DATE_MAX_SCAN;
	while (n > 0 && (*s == ' ' || *s == '\t' || *s == '\n')) {
		s++;
		n--;
		u++;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	c.p = u;
	c.end = u + n;
	c.first = true;
	if (((flags & DATE_UNIX) && unix_time(s, n, d)) ||
	    (n == 8 && number(&c, 8, 8, &v) &&	/* 20240312 */
	    set(d, v / 10000, v / 100 % 100, v % 100))) {
		d->at = (size_t)(s - s0);
		d->end = d->at + n;
		return true;
	}
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && ((u[i - 1] >= '0' && u[i - 1] <= '9') ||
		    (letter(u[i - 1]) && u[i - 1] < 0x80)))
			continue;	/* not the start of a word */
		c.p = u + i;
		c.end = u + n;
		c.first = i == 0;
		hit = false;
		if (u[i] >= '0' && u[i] <= '9')
			hit = ymd(&c, d) || dmy_numeric(&c, d) || d_month_y(&c, d);
		else if (letter(u[i])) {
			weekday(&c);
			hit = month_d_y(&c, d) || d_month_y(&c, d);
		}
		if (hit) {
			d->at = i + (size_t)(s - (const char *)s0);
			d->end = (size_t)((const char *)c.p - (const char *)s0);
			return true;
		}
	}
	return false;
}

int64_t
date_now(void)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");

	if (e != NULL && *e != '\0') {
		char *end;
		long long v = strtoll(e, &end, 10);

		if (*end == '\0')
			return v;
	}
	return (int64_t)time(NULL);
}

bool
date_plausible(const struct date *d, int64_t now)
{
	struct date n;

	if (d->year < DATE_MIN_YEAR)
		return false;
	/* a page's day may be a day ahead of UTC */
	date_from_unix(now + 86400, &n);
	return date_cmp_day(d, &n) <= 0;
}

int
date_cmp_day(const struct date *a, const struct date *b)
{
	long ka = a->year * 10000L + a->month * 100 + a->day;
	long kb = b->year * 10000L + b->month * 100 + b->day;

	return (ka > kb) - (ka < kb);
}

/* The day number of y-m-d, 0 on 1970-01-01 (Howard Hinnant's
 * days_from_civil, the inverse of date_from_unix's). */
static long
civil_days(int y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* Minutes since the epoch, UTC. */
static long
utc_minutes(const struct date *d)
{
	return civil_days(d->year, d->month, d->day) * 1440L + d->hour * 60L +
	    d->min - d->offset;
}

bool
date_same_instant(const struct date *a, const struct date *b)
{
	return a->has_time && a->has_offset && b->has_time &&
	    b->has_offset && utc_minutes(a) == utc_minutes(b);
}

size_t
date_format(const struct date *d, char *out)
{
	int n;

	if (d->has_time && d->has_offset) {
		int off = d->offset < 0 ? -d->offset : d->offset;

		n = snprintf(out, DATE_BUFSIZE, "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d",
		    d->year, d->month, d->day, d->hour, d->min, d->sec,
		    d->offset < 0 ? '-' : '+', off / 60, off % 60);
	} else
		n = snprintf(out, DATE_BUFSIZE, "%04d-%02d-%02d", d->year,
		    d->month, d->day);
	return n < 0 ? 0 : (size_t)n;
}
