/* Unit tests of common/nearkeys.c. */
#include "field.h"
#include "nearidx.h"
#include "nearkeys.h"
#include "nearrecs.h"
#include "nearsearch.h"
#include "out.h"

#include "unit.h"

void
test_nearkeys(void)
{
	struct nearrecs r = { .npos = 1 };
	struct nearsearch s;
	struct nearkeys_reducer red;
	struct span f[4], id = { "doc", 3 };
	struct out o;
	struct buf got = { 0 };
	uint64_t fp[1] = { 0x0123456789abcdefULL };
	static const char *recs[] = {
		"000.0123\t000000.000000000003\tc\t0123456789abcdef",
		"000.0123\t000000.000000000001\ta\t0123456789abcdee",
		"000.0123\t000000.000000000002\tb\t0123ffffffffffff",
		"001.4567\t000000.000000000001\ta\t0123456789abcdee",
	};
	int fl;
	bool unsorted = false;

	ok(nearkeys_fields("a\tb\tc\td", 7, f) && f[3].n == 1 && f[3].p[0] == 'd' &&
	    !nearkeys_fields("a\tb\tc", 5, f) && !nearkeys_fields("a\tb\tc\td\t", 8, f),
	    "nearkeys: four fields exactly");
	nearsearch_init(&s, &r, 3);
	s.ntables = 4;
	nearsearch_design(&s);
	fl = capture_start(&o);
	ok(nearkeys_emit(&o, &r, &s.design, 7, 42, &id, fp) == 4,
	    "nearkeys: a key record a table");
	fp[0] = 0;
	ok(nearkeys_emit(&o, &r, &s.design, 7, 43, &id, fp) == 0,
	    "nearkeys: none for the zero fingerprint");
	capture_end(&o, fl, &got);
	/* 4 tables at k = 3: each keyed on one block of 16 bits */
	ok(SAME(&got, "000.0123\t000007.000000000042\tdoc\t0123456789abcdef\n"
	    "001.4567\t000007.000000000042\tdoc\t0123456789abcdef\n"
	    "002.89ab\t000007.000000000042\tdoc\t0123456789abcdef\n"
	    "003.cdef\t000007.000000000042\tdoc\t0123456789abcdef\n"),
	    "nearkeys: KEY TAB PART.RECORD TAB ID TAB FP");
	fp[0] = 0x0123456789abcdefULL;
	ok(nearkeys_key_matches(&r, &s.design, 2, 0x89ab, fp) &&
	    !nearkeys_key_matches(&r, &s.design, 2, 0x89ac, fp) &&
	    !nearkeys_key_matches(&r, &s.design, 4, 0x0123, fp),
	    "nearkeys: the key of a fingerprint");
	/* reduce: the bucket 000.0123 holds one pair, written in record
	 * order; table 1 owns no pair of table 0 */
	r.keep_fps = true;
	s.keyed = true;
	nearkeys_reducer_init(&red, &s);
	fl = capture_start(&o);
	for (unsigned i = 0; i < 4; i++) {
		unsigned t;
		uint64_t key;

		nearkeys_fields(recs[i], strlen(recs[i]), f);
		nearidx_key_parse(f[0].p, f[0].n, &t, &key);
		nearrecs_parse_fps(f[3].p, f[3].n, fp, 1);
		unsorted = nearkeys_reduce(&red, &o, f, t, fp) || unsorted;
	}
	nearkeys_reduce_end(&red, &o);
	capture_end(&o, fl, &got);
	ok(SAME(&got, "000000.000000000001\t000000.000000000003\ta\tc\t1\n") &&
	    red.nwritten == 1 && !unsorted,
	    "nearkeys: a bucket's pairs, the earlier record first");
	nearkeys_fields(recs[0], strlen(recs[0]), f);
	ok(nearkeys_reduce(&red, &o, f, 0, fp), "nearkeys: a key out of order");
	nearkeys_reducer_free(&red);
	nearrecs_free(&r);

	/* by partition: the records of partition 0 of 2 (at k = 3, tables
	 * 0 to 3, partition (16 t + last hex digit) % 2: keys 0123, 4567,
	 * 89ab, cdef are in partitions 1, 1, 1, 1; 0123ffffffffffff's
	 * ffff in 1, 0123456789abcdee's cdee in 0) */
	memset(&r, 0, sizeof r);
	r.npos = 1;
	r.keep_fps = true;
	{
		struct span rf[3];
		char why[256];
		static const char *in[] = {
			"000000.000000000001\ta\t0123456789abcdee",
			"000000.000000000002\tb\t0123ffffffffffff",
			"000000.000000000003\tc\t0123456789abcdef",
		};
		bool took[3];

		for (unsigned i = 0; i < 3; i++) {
			took[i] = nearkeys_parse_rec(&r, &s.design, 0, 2, in[i],
			    strlen(in[i]), rf, fp, why, sizeof why);
			if (took[i]) {
				id.p = rf[0].p;
				id.n = (size_t)(rf[1].p + rf[1].n - rf[0].p);
				nearrecs_add(&r, false, &id, fp);
			}
		}
		ok(took[0] && !took[1] && !took[2] && strstr(why,
		    "no key of the record is in partition 0 of 2") != NULL,
		    "nearkeys: a record of the partition of one of its keys");
		ok(!nearkeys_parse_rec(&r, &s.design, 0, 2, "x\ty", 3, rf, fp,
		    why, sizeof why) && strstr(why, "2 fields") != NULL,
		    "nearkeys: a record of three fields");
		fl = capture_start(&o);
		ok(nearkeys_reduce_part(&s, &o, 0, 2) == 0,
		    "nearkeys: one record, no pair");
		capture_end(&o, fl, &got);
		/* partition 1 holds the three: a-c (table 0, 1 bit), and b
		 * shares 0123 but is 40 bits away */
		nearrecs_free(&r);
		memset(&r, 0, sizeof r);
		r.npos = 1;
		r.keep_fps = true;
		for (unsigned i = 0; i < 3; i++) {
			ok(nearkeys_parse_rec(&r, &s.design, 1, 2, in[i],
			    strlen(in[i]), rf, fp, why, sizeof why),
			    "nearkeys: a record of partition 1");
			id.p = rf[0].p;
			id.n = (size_t)(rf[1].p + rf[1].n - rf[0].p);
			nearrecs_add(&r, false, &id, fp);
		}
		fl = capture_start(&o);
		ok(nearkeys_reduce_part(&s, &o, 1, 2) == 1,
		    "nearkeys: the pair of partition 1");
		capture_end(&o, fl, &got);
		ok(SAME(&got, "000000.000000000001\t000000.000000000003\ta\tc"
		    "\t1\n"), "nearkeys: RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB "
		    "DISTANCE");
	}
	nearsearch_free(&s);
	nearrecs_free(&r);
	buf_free(&got);
}
