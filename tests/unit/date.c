/* Unit tests of common/date.c. */
#include "date.h"

#include "unit.h"

/* date: the formats pages write, to ISO 8601; what is no date. */
void
test_date(void)
{
	static const struct {
		const char	*in;
		unsigned	 flags;
		const char	*want;	/* NULL: no date */
	} cases[] = {
		{ "2024-03-12", 0, "2024-03-12" },
		{ "2024-03-12T10:30:00Z", 0, "2024-03-12T10:30:00+00:00" },
		{ "2024-03-12T10:30:00.123+01:00", 0, "2024-03-12T10:30:00+01:00" },
		{ "2024-03-12 10:30:00 -0500", 0, "2024-03-12T10:30:00-05:00" },
		{ "2024-03-12T10:30", 0, "2024-03-12" },
		{ "2024/03/12", 0, "2024-03-12" },
		{ "2024.3.2", 0, "2024-03-02" },
		{ "20240312", 0, "2024-03-12" },
		{ "Tue, 12 Mar 2024 10:30:00 +0000", 0, "2024-03-12T10:30:00+00:00" },
		{ "Tue, 12 Mar 2024 10:30:00 GMT", 0, "2024-03-12T10:30:00+00:00" },
		{ "12 March 2024", 0, "2024-03-12" },
		{ "12th March, 2024", 0, "2024-03-12" },
		{ "March 12, 2024", 0, "2024-03-12" },
		{ "Tuesday, March 12th, 2024 at 3:05 pm", 0, "2024-03-12" },
		{ "Mar. 12 2024", 0, "2024-03-12" },
		{ "Published on SEPT 3, 2023 by Ann", 0, "2023-09-03" },
		{ "12. M\xc3\xa4rz 2024", 0, "2024-03-12" },
		{ "12 mars 2024", 0, "2024-03-12" },
		{ "1er f\xc3\xa9vrier 2024", 0, "2024-02-01" },
		{ "12 de marzo de 2024", 0, "2024-03-12" },
		{ "12 maggio 2024", 0, "2024-05-12" },
		{ "12 maart 2024", 0, "2024-03-12" },
		{ "12-Mar-2024", 0, "2024-03-12" },
		{ "2023 Jan 7", 0, "2023-01-07" },
		{ "2023 Jan", 0, NULL },
		{ "Franchises of 2024 September 1st, 2023", 0, "2023-09-01" },
		{ "2024\xe5\xb9\xb4" "3\xe6\x9c\x88" "12\xe6\x97\xa5", 0, "2024-03-12" },
		{ "\xe5\x8f\x91\xe5\xb8\x83\xe4\xba\x8e 2024\xe5\xb9\xb4" "12\xe6\x9c\x88" "1\xe6\x97\xa5", 0,
		    "2024-12-01" },
		{ "2024\xeb\x85\x84 3\xec\x9b\x94 12\xec\x9d\xbc", 0, "2024-03-12" },
		{ "12.03.2024", 0, "2024-03-12" },
		{ "12.03.2024 14:05", 0, "2024-03-12" },
		{ "25/12/2023", 0, "2023-12-25" },
		{ "12/25/2023", 0, "2023-12-25" },
		{ "03/04/2023", 0, NULL },
		{ "1710201600", DATE_UNIX, "2024-03-12T00:00:00+00:00" },
		{ "1710201600000", DATE_UNIX, "2024-03-12T00:00:00+00:00" },
		{ "1710201600", 0, NULL },
		{ "99999-03-12", 0, NULL },
		{ "12 March 99999", 0, NULL },
		{ "2023-02-29", 0, NULL },
		{ "2024-02-29", 0, "2024-02-29" },
		{ "2024-04-31", 0, NULL },
		{ "2024-13-01", 0, NULL },
		{ "version 12.5 of 3 apps", 0, NULL },
		{ "", 0, NULL },
	};
	struct date d;
	char out[DATE_BUFSIZE];
	int64_t now = 1764547200;	/* 2025-12-01 */

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool found = date_find(cases[i].in, strlen(cases[i].in),
		    cases[i].flags, &d);

		if (found)
			date_format(&d, out);
		ok(cases[i].want == NULL ? !found : found &&
		    strcmp(out, cases[i].want) == 0, "date: \"%s\" -> %s (%s)",
		    cases[i].in, cases[i].want ? cases[i].want : "no date",
		    found ? out : "none");
	}
	ok(date_find("1994-12-31", 10, 0, &d) && !date_plausible(&d, now) &&
	    date_find("1995-01-01", 10, 0, &d) && date_plausible(&d, now) &&
	    date_find("2025-12-02", 10, 0, &d) && date_plausible(&d, now) &&
	    date_find("2025-12-03", 10, 0, &d) && !date_plausible(&d, now),
	    "date: plausible from 1995 to a day after now");
	{
		struct date a, b;

		ok(date_find("2025-12-18T19:05:00-08:00", 25, 0, &a) &&
		    date_find("2025-12-19T03:05:00Z", 20, 0, &b) &&
		    date_same_instant(&a, &b) &&
		    date_find("2025-12-19T03:06:00Z", 20, 0, &b) &&
		    !date_same_instant(&a, &b) &&
		    date_find("2025-12-19", 10, 0, &b) &&
		    !date_same_instant(&a, &b) &&
		    date_find("2000-03-01T00:30:00+01:00", 25, 0, &a) &&
		    date_find("2000-02-29T23:30:00Z", 20, 0, &b) &&
		    date_same_instant(&a, &b),
		    "date: the same instant in two zones, across a day and a leap day");
	}
	date_from_unix(-1, &d);
	date_format(&d, out);
	ok(strcmp(out, "1969-12-31T23:59:59+00:00") == 0, "date: unix -1 %s", out);
	{
		/* a megabyte of digits and month names: the first 4 KB only */
		struct buf b = { 0 };

		for (int i = 0; i < 100000; i++)
			buf_append(&b, "12 Mar 99999 ", 13);
		buf_append(&b, "2024-03-12", 10);
		ok(!date_find(b.p, b.len, 0, &d), "date: a long string");
		buf_free(&b);
	}
}
