/* Dates as pages write them, to ISO 8601.
 *
 * date_find() finds the first date in a string, at the start of a word:
 *   2024-03-12, 2024/03/12, 2024.03.12, 2024-03-12T10:30:00.5+01:00
 *   (ISO 8601 and RFC 3339; a time and offset may follow, T or a space
 *   between), 20240312 only as the whole string;
 *   12 March 2024, 12. März 2024, 12 mars 2024, 1er mars 2024, 12th
 *   March 2024, 12 de marzo de 2024, Tue, 12 Mar 2024 10:30:00 +0000
 *   (RFC 2822);
 *   March 12, 2024, Mar. 12 2024, Tuesday, March 12th, 2024;
 *   12.03.2024 and 12-03-2024 (day first), 03/12/2024 only when one of
 *   the two numbers is over 12 (otherwise it says nothing for sure);
 *   2024年3月12日 (Chinese, Japanese), 2024년 3월 12일 (Korean);
 *   2024 Mar 12 (the NLM's citation style);
 *   a Unix timestamp (10 digits, or 13 in milliseconds) only as the
 *   whole string, and only with DATE_UNIX (JSON-LD numbers).
 * Month names in English, German, French, Spanish, Italian, Dutch and
 * Portuguese, full or abbreviated, ASCII case ignored.  A time is "10:30",
 * "10:30:15", with "am"/"pm", then an offset "Z", "UTC", "GMT", "+01:00",
 * "+0100" or "+01".  A year has four digits: year 99999 is no date.
 * Days are checked against their month (no 31 April, 29 February only
 * in leap years).  Each call looks at the first DATE_MAX_SCAN bytes at
 * most: linear time, however long the string.
 *
 * date_format() writes "2024-03-12", or "2024-03-12T10:30:00+01:00" when
 * the page gave a time and its offset (a time without an offset says
 * nothing certain about the day elsewhere, so only the date is kept).
 *
 * date_plausible(): not before 1995 (no page is older than the web's
 * spread; older dates on pages are what the text is about) and not after
 * now, which date_now() takes from SOURCE_DATE_EPOCH when it is set (for
 * tests and reproducible runs), else the clock. */
#ifndef CRAWLUTILS_DATE_H
#define CRAWLUTILS_DATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DATE_MAX_SCAN	4096
#define DATE_BUFSIZE	32
#define DATE_MIN_YEAR	1995

struct date {
	int	year, month, day;
	int	hour, min, sec;
	int	offset;			/* minutes east of UTC */
	bool	has_time, has_offset;
	size_t	at, end;		/* date_find: where it is in the string */
};

enum { DATE_UNIX = 1 };

bool date_find(const char *s, size_t n, unsigned flags, struct date *d);
/* The date of a Unix time (UTC, with its time and offset). */
void date_from_unix(int64_t t, struct date *d);
bool date_plausible(const struct date *d, int64_t now);
/* The ISO 8601 form into out (DATE_BUFSIZE bytes); its length. */
size_t date_format(const struct date *d, char *out);
/* Seconds since the epoch: SOURCE_DATE_EPOCH, else time(). */
int64_t date_now(void);
/* -1, 0 or 1 as a is before, on or after b's day (times aside). */
int date_cmp_day(const struct date *a, const struct date *b);
/* Do a and b, both with a time and an offset, name the same minute? */
bool date_same_instant(const struct date *a, const struct date *b);

#endif
